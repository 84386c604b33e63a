import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { findAccount, findHolder } from '../db/queries.ts';
import { catalogueError, type Reply } from '../http/replies.ts';
import type { FieldProblem } from '../sim/recipient-rules.ts';
import { amountProblem } from '../sim/money.ts';
import { type ConfirmedMovement, confirmationValid, spendConfirmation } from '../sim/totp.ts';
import type { CallInput } from './types.ts';

/**
 * What every money movement shares (transfers.ts, bills.ts, topup.ts, checks.ts): the request the
 * bank deduplicates (`movementRequest`, over the table movement_requests), the security code's
 * proof (`confirmedSignature`), the amount rule of §5, the headers and the customer as a party.
 * Deposits keep their own row per boleto (deposits.ts), which is their answer.
 */

// ---------------------------------------------------------------------------------------------
// Idempotency

/** A canonical text of a JSON value (keys sorted), so the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

export function requestHash(operation: string, body: unknown): string {
  return createHash('sha256')
    .update(`${operation}\n${canonical(body)}`)
    .digest('hex');
}

interface StoredRequest {
  operation: string;
  request_hash: string;
  status: number;
  answer: string;
}

/** The first answer to this (account, externalIdentifier), a 409 if the body differs, or undefined. */
export function replay(
  db: Database.Database,
  accountId: string,
  externalIdentifier: string,
  operation: string,
  hash: string,
): Reply | undefined {
  const row = db
    .prepare(
      'SELECT operation, request_hash, status, answer FROM movement_requests WHERE account_id = ? AND external_identifier = ?',
    )
    .get(accountId, externalIdentifier) as StoredRequest | undefined;
  if (!row) return undefined;
  if (row.operation !== operation || row.request_hash !== hash)
    return catalogueError(409, 'externalIdReused');
  return { status: row.status, body: JSON.parse(row.answer) as unknown };
}

export function remember(
  db: Database.Database,
  accountId: string,
  externalIdentifier: string,
  operation: string,
  hash: string,
  out: Reply,
  now: Date,
): Reply {
  db.prepare(
    `INSERT INTO movement_requests (account_id, external_identifier, operation, request_hash, status, answer, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    accountId,
    externalIdentifier,
    operation,
    hash,
    out.status,
    JSON.stringify(out.body),
    now.toISOString(),
  );
  return out;
}

/**
 * One request of a money movement as the bank deduplicates it: (account, externalIdentifier),
 * with the operation and the hash of its body. Every movement handler opens one first and
 * returns `first` when set (the answer of the first attempt, or 409 for another body under the
 * same id); every answer it gives after that (success, decline) goes through `answer`, so a
 * repeat of the request gets the same one.
 */
export interface MovementRequest {
  /** The first attempt's answer, or 409; undefined for a request the bank has not seen. */
  first: Reply | undefined;
  /** Keeps `out` as this request's answer and returns it. */
  answer(out: Reply): Reply;
}

export function movementRequest(
  db: Database.Database,
  key: { accountId: string; externalIdentifier: string; operation: string; body: unknown },
  now: () => Date,
): MovementRequest {
  const { accountId, externalIdentifier, operation } = key;
  const hash = requestHash(operation, key.body);
  return {
    first: replay(db, accountId, externalIdentifier, operation, hash),
    answer: (out) => remember(db, accountId, externalIdentifier, operation, hash, out, now()),
  };
}

/**
 * The security code's proof for a movement (2-money-movement.md §1): the S-Transaction header must
 * be the signature the bank computes for this body (else 422 SECURITY signatureMismatch) and
 * S-Confirmation a live confirmation of this exact movement (account, signature, cents and
 * externalIdentifier of the body, issue 27; else 403, ask the code again). The confirmation is
 * spent with `spend` once every other check has passed.
 */
export function confirmedSignature(
  input: Pick<CallInput, 'headers'>,
  db: Database.Database,
  movement: ConfirmedMovement,
  now: () => Date,
): { refusal: Reply } | { spend: () => void } {
  if (header(input, 's-transaction') !== movement.signature)
    return { refusal: catalogueError(422, 'signatureMismatch') };
  const confirmation = header(input, 's-confirmation');
  if (!confirmation || !confirmationValid(db, confirmation, movement, now()))
    return { refusal: catalogueError(403, 'confirmationRequired') };
  return { spend: () => spendConfirmation(db, confirmation, movement, now()) };
}

// ---------------------------------------------------------------------------------------------
// Shared rules

/** §5 Currency input: a whole number of cents above zero (sim/money.ts, the one rule). */
export function amountProblems(field: string, amount: number): FieldProblem[] {
  const problem = amountProblem(amount);
  return problem === undefined ? [] : [`${field}: ${problem}`];
}

/** The cents of an amount {@link amountProblems} accepted. */
export const toCents = (amount: number) => Math.round(amount * 100);

export function header(input: Pick<CallInput, 'headers'>, name: string): string | undefined {
  const v = input.headers[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** The ledger's externalIdentifier is unique bank-wide; the portal's is unique per account. */
export const ledgerExternalId = (accountId: string, externalIdentifier: string) =>
  `${accountId}:${externalIdentifier}`;

export function customer(db: Database.Database, accountId: string) {
  const account = findAccount(db, accountId);
  const holder = account ? findHolder(db, account.holder_id) : undefined;
  if (!account || !holder) return undefined;
  return {
    account,
    holder,
    party: { name: holder.name, taxId: holder.tax_id ?? '', accountNumber: account.number },
  };
}
