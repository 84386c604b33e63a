import type { components } from '../../openapi/portal.d.ts';
import { findAccount, findHolder, toAccountInfo, toClient } from '../db/queries.ts';
import { badRequest, catalogueError, ok } from '../http/replies.ts';
import { addressBookFull, blankFields, writeAddress } from './addresses.ts';
import type { Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

function getClient(input: OperationInput<'getClient'>, { db }: SandboxContext) {
  const account = findAccount(db, input.params.accountId);
  const holder = account ? findHolder(db, account.holder_id) : undefined;
  if (!account || !holder) return catalogueError(404, 'notFound');
  return ok<Schemas['ClientWithAccount']>({ client: toClient(db, holder), account: toAccountInfo(account) });
}

/**
 * Updates the client after an address edit (1-access-shell-statement.md §4). The tax id cannot
 * change; a repeated externalIdentifier answers the current client without applying again.
 */
function updateClient(input: OperationInput<'updateClient'>, { db, now }: SandboxContext) {
  const holderId = input.params.accountHolderId;
  const accountId = input.params.accountId;
  const req = input.body;
  const holder = findHolder(db, holderId);
  if (!holder) return catalogueError(404, 'notFound');
  const already = db
    .prepare('SELECT 1 FROM client_updates WHERE holder_id = ? AND external_identifier = ?')
    .get(holderId, req.externalIdentifier);
  if (already) return ok(toClient(db, holder));
  if (req.client.taxIdentifier.taxId.toUpperCase() !== (holder.tax_id ?? ''))
    return catalogueError(422, 'taxIdMismatch');

  const blanks = [
    ...(req.client.name.trim() === '' ? [{ field: 'client.name', message: 'must not be blank' }] : []),
    ...(req.client.mailAddress ? blankFields(req.client.mailAddress, 'client.mailAddress') : []),
    ...(req.billingAddress ? blankFields(req.billingAddress, 'billingAddress') : []),
  ];
  if (blanks.length > 0) return badRequest('Campos em branco.', blanks);

  const newRows =
    (req.client.mailAddress && holder.mail_address_id === null ? 1 : 0) +
    (req.billingAddress &&
    (holder.billing_address_id === null || holder.billing_address_id === holder.mail_address_id)
      ? 1
      : 0);
  if (newRows > 0 && addressBookFull(db, holderId)) return catalogueError(422, 'addressLimit');

  // The profile's addresses are rows of the address book, edited in place. When mail and billing
  // share a row and the billing address now differs, billing gets a row of its own.
  const mailId = req.client.mailAddress
    ? writeAddress(db, holderId, accountId, holder.mail_address_id, req.client.mailAddress)
    : holder.mail_address_id;
  let billingId = holder.billing_address_id;
  if (req.billingAddress) {
    const shared = billingId !== null && billingId === holder.mail_address_id;
    const sameAsMail =
      req.client.mailAddress !== undefined &&
      JSON.stringify(req.billingAddress) === JSON.stringify(req.client.mailAddress);
    if (shared && sameAsMail) billingId = mailId;
    else billingId = writeAddress(db, holderId, accountId, shared ? null : billingId, req.billingAddress);
  }

  db.prepare(
    `UPDATE account_holders SET name = ?, email = COALESCE(?, email), birth_date = COALESCE(?, birth_date), phone = COALESCE(?, phone),
       mail_address_id = ?, billing_address_id = ?, corporate_details = COALESCE(?, corporate_details) WHERE id = ?`,
  ).run(
    req.client.name.trim(),
    req.client.email ?? null,
    req.client.birthDate ?? null,
    req.client.mobilePhone ? `+55${req.client.mobilePhone.phoneNumber}` : null,
    mailId,
    billingId,
    req.additionalDetailsCorporate ? JSON.stringify(req.additionalDetailsCorporate) : null,
    holderId,
  );
  db.prepare('INSERT INTO client_updates (external_identifier, holder_id, created_at) VALUES (?, ?, ?)').run(
    req.externalIdentifier,
    holderId,
    now().toISOString(),
  );
  const updated = findHolder(db, holderId);
  return updated ? ok(toClient(db, updated)) : catalogueError(404, 'notFound');
}

export const clientHandlers = { getClient, updateClient } satisfies Handlers;
