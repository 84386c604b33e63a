import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import type { FieldError } from '../contract/contract.ts';
import { findAddress, findHolder, listAddressRows, toAddress } from '../db/queries.ts';
import { ack, badRequest, catalogueError, ok } from '../http/replies.ts';
import type { Handlers, OperationInput, PathOf, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

const REQUIRED_TEXT = ['addressOne', 'number', 'neighborhood', 'city'] as const;

/**
 * Addresses one customer may keep. A person has a home, a work place, a few relatives: twenty is
 * plenty, and it keeps one customer from filling the bank's storage (issue #10).
 */
export const MAX_ADDRESSES_PER_CUSTOMER = 20;

/** Whether the holder's address book is full. */
export function addressBookFull(db: Database.Database, holderId: string): boolean {
  const { n } = db.prepare('SELECT COUNT(*) AS n FROM addresses WHERE holder_id = ?').get(holderId) as {
    n: number;
  };
  return n >= MAX_ADDRESSES_PER_CUSTOMER;
}

/**
 * The contract checks presence and lengths; a value that is only spaces passes minLength but the
 * spec's address form treats it as empty (1-access-shell-statement.md §5), so the bank refuses it.
 */
export function blankFields(address: Schemas['AddressInput'], prefix = ''): FieldError[] {
  return REQUIRED_TEXT.filter((f) => address[f].trim() === '').map((f) => ({
    field: prefix ? `${prefix}.${f}` : f,
    message: 'must not be blank',
  }));
}

/** Inserts (id null) or updates an address row; returns its id. */
export function writeAddress(
  db: Database.Database,
  holderId: string,
  accountId: string,
  id: number | null,
  a: Schemas['AddressInput'],
): number {
  const values = [
    a.addressOne.trim(),
    a.addressTwo?.trim() ?? null,
    a.number.trim(),
    a.neighborhood.trim(),
    a.city.trim(),
    a.state,
    a.postalCode,
    a.country ?? 'BRA',
    a.mnemonic ?? null,
  ];
  if (id === null) {
    return Number(
      db
        .prepare(
          `INSERT INTO addresses (address_one, address_two, number, neighborhood, city, state, postal_code, country, mnemonic, holder_id, account_id)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(...values, holderId, accountId).lastInsertRowid,
    );
  }
  db.prepare(
    `UPDATE addresses SET address_one = ?, address_two = ?, number = ?, neighborhood = ?, city = ?, state = ?, postal_code = ?, country = ?, mnemonic = ?
     WHERE id = ? AND holder_id = ?`,
  ).run(...values, id, holderId);
  return id;
}

/** The body may repeat the holder and account of the path; if it does, they must agree. */
function pathMismatch(
  params: PathOf<'createAddress'> | PathOf<'updateAddress'>,
  a: Schemas['AddressInput'],
): FieldError[] {
  const errors: FieldError[] = [];
  if (a.accountHolderId !== undefined && a.accountHolderId !== params.accountHolderId) {
    errors.push({ field: 'accountHolderId', message: 'must match the accountHolderId of the path' });
  }
  if (a.accountId !== undefined && a.accountId !== params.accountId) {
    errors.push({ field: 'accountId', message: 'must match the accountId of the path' });
  }
  return errors;
}

function listAddresses(input: OperationInput<'listAddresses'>, { db }: SandboxContext) {
  const holderId = input.params.accountHolderId;
  const holder = findHolder(db, holderId);
  const rows = listAddressRows(db, holderId, input.params.accountId);
  const billing = holder?.billing_address_id
    ? findAddress(db, holder.billing_address_id, holderId)
    : undefined;
  return ok<Schemas['AddressList']>({
    addresses: rows.map(toAddress),
    billingAddress: billing ? toAddress(billing) : null,
  });
}

function createAddress(input: OperationInput<'createAddress'>, { db }: SandboxContext) {
  const a = input.body;
  const errors = [...pathMismatch(input.params, a), ...blankFields(a)];
  if (errors.length > 0) return badRequest('O endereço tem campos inválidos.', errors);
  const holderId = input.params.accountHolderId;
  if (addressBookFull(db, holderId)) return catalogueError(422, 'addressLimit');
  const id = writeAddress(db, holderId, input.params.accountId, null, a);
  const row = findAddress(db, id, holderId);
  return row ? ok(toAddress(row)) : catalogueError(404, 'notFound');
}

function updateAddress(input: OperationInput<'updateAddress'>, { db }: SandboxContext) {
  const a = input.body;
  const holderId = input.params.accountHolderId;
  const existing = findAddress(db, input.params.addressId, holderId);
  if (!existing || existing.account_id !== input.params.accountId) return catalogueError(404, 'notFound');
  const errors = [...pathMismatch(input.params, a), ...blankFields(a)];
  if (errors.length > 0) return badRequest('O endereço tem campos inválidos.', errors);
  writeAddress(db, holderId, existing.account_id, existing.id, a);
  const row = findAddress(db, existing.id, holderId);
  return row ? ok(toAddress(row)) : catalogueError(404, 'notFound');
}

/** Deleting the profile's mail or billing address moves that role to another address, if any. */
function deleteAddress(input: OperationInput<'deleteAddress'>, { db }: SandboxContext) {
  const holderId = input.params.accountHolderId;
  const existing = findAddress(db, input.params.addressId, holderId);
  if (!existing || existing.account_id !== input.params.accountId) return catalogueError(404, 'notFound');
  db.prepare('DELETE FROM addresses WHERE id = ?').run(existing.id);
  const next = db
    .prepare('SELECT id FROM addresses WHERE holder_id = ? ORDER BY id LIMIT 1')
    .get(holderId) as { id: number } | undefined;
  db.prepare('UPDATE account_holders SET mail_address_id = ? WHERE id = ? AND mail_address_id = ?').run(
    next?.id ?? null,
    holderId,
    existing.id,
  );
  db.prepare('UPDATE account_holders SET billing_address_id = ? WHERE id = ? AND billing_address_id = ?').run(
    next?.id ?? null,
    holderId,
    existing.id,
  );
  return ack('Endereço excluído.');
}

export const addressHandlers = {
  listAddresses,
  createAddress,
  updateAddress,
  deleteAddress,
} satisfies Handlers;
