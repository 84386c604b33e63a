import { createHash, createHmac, randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { generateSync, generateURI, verifySync } from 'otplib';
import { TOTP_ISSUER } from '../db/demo-totp.ts';
import type { FailurePolicy, Subject } from './throttle.ts';
import { codeSubjects } from './throttle.ts';

/**
 * The security code (2-money-movement.md §1, §5, §7; contract validateTotp): RFC 6238 TOTP with
 * SHA-1, 30-second steps and 6 digits, one step of clock drift accepted either way. A time step
 * that already confirmed something for a holder is never accepted again for that holder (replay),
 * and a right code buys a single-use token bound to the account, to the signature of the
 * movement it confirms and to that movement's cents and externalIdentifier (S-Confirmation).
 *
 * A double submit (issue 27): the token is derived from the holder, the movement and the time
 * step with a key only the bank holds, so the same right code sent again for the same movement
 * while its token lives finds that token and gets it again ({@link reissuedConfirmation}); for
 * another movement it is "already used" (SECURITY 57), which is not a wrong code.
 */

export const TOTP_PERIOD_SECONDS = 30;
/** How long a confirmation token lasts (the contract's expiresInSeconds). */
export const CONFIRMATION_TTL_SECONDS = 300;

/**
 * Five wrong codes in a row lock the holder's security code for 15 minutes (the contract's
 * "5 wrong codes → 429"); the four before cost nothing, since a person mistyping a code that
 * changes every 30 s should not wait. A right code clears the count.
 */
export const TOTP_POLICY: FailurePolicy = {
  free: 4,
  firstDelayMs: 0,
  maxDelayMs: 0,
  lockAfter: 5,
  lockMs: 15 * 60_000,
};

/** Who a code check counts against: the holder, and the caller's address across holders. */
export function totpSubjects(holderId: string, remoteAddress: string): Subject[] {
  return [{ scope: 'totp-holder', key: holderId, policy: TOTP_POLICY }, ...codeSubjects(remoteAddress)];
}

const epochOf = (now: Date) => Math.floor(now.getTime() / 1000);

/** The code of `secret` at `now` (tests, e2e and the authenticator page's example). */
export function totpCode(secret: string, now: Date): string {
  return generateSync({ secret, epoch: epochOf(now) });
}

/** The otpauth:// URI an authenticator app reads (issuer, account name, secret). */
export function otpauthUri(accountName: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: accountName, secret });
}

/**
 * What a code is: right (its time step now used), right but of a step already used (replayed: the
 * step is given, so a double submit can find the token it bought), wrong, or the holder has none.
 */
export type TotpCheck =
  { result: 'ok' | 'replayed'; timeStep: number } | { result: 'wrong' } | { result: 'no-secret' };

/**
 * Checks a code for a holder and, when right, records its time step as used. A code of a step
 * at or before the last one used is a replay: refused even though its digits are right.
 */
export function checkTotp(db: Database.Database, holderId: string, code: string, now: Date): TotpCheck {
  const row = db
    .prepare('SELECT secret, last_time_step FROM totp_secrets WHERE holder_id = ?')
    .get(holderId) as { secret: string; last_time_step: number | null } | undefined;
  if (!row) return { result: 'no-secret' };
  const found = verifySync({
    secret: row.secret,
    token: code,
    epoch: epochOf(now),
    epochTolerance: TOTP_PERIOD_SECONDS,
  });
  if (!found.valid) return { result: 'wrong' };
  // The step the code belongs to: the current one moved by the drift the match needed.
  const timeStep = Math.floor(epochOf(now) / TOTP_PERIOD_SECONDS) + found.delta;
  if (row.last_time_step !== null && timeStep <= row.last_time_step) return { result: 'replayed', timeStep };
  db.prepare('UPDATE totp_secrets SET last_time_step = ? WHERE holder_id = ?').run(timeStep, holderId);
  return { result: 'ok', timeStep };
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The bank's key for confirmation tokens (meta.totp_token_key, drawn once per database). */
function tokenKey(db: Database.Database): Buffer {
  db.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES ('totp_token_key', ?)").run(
    randomBytes(32).toString('hex'),
  );
  const row = db.prepare("SELECT value FROM meta WHERE key = 'totp_token_key'").get() as { value: string };
  return Buffer.from(row.value, 'hex');
}

/**
 * The exact movement a token confirms (issue 27): the account, the S-Transaction signature (which
 * carries the destination but only the whole reais), and the amount in cents and the
 * externalIdentifier of the body, so a token bought for R$ 10,00 does not move R$ 10,50.
 */
export interface ConfirmedMovement {
  accountId: string;
  signature: string;
  cents: number;
  externalIdentifier: string;
}

/** Whose code confirmed what: the token is a function of these and the bank's key. */
export interface ConfirmedCode extends ConfirmedMovement {
  holderId: string;
  timeStep: number;
}

function derivedToken(db: Database.Database, c: ConfirmedCode): string {
  return createHmac('sha256', tokenKey(db))
    .update(
      JSON.stringify([
        'TOTP2',
        c.holderId,
        c.accountId,
        c.timeStep,
        c.signature,
        c.cents,
        c.externalIdentifier,
      ]),
    )
    .digest('base64url');
}

/** The WHERE clause (and its values) that ties a stored token to one movement. */
const MOVEMENT_MATCH =
  'token_hash = ? AND account_id = ? AND signature = ? AND amount_cents = ? AND external_identifier = ?';
const movementValues = (token: string, m: ConfirmedMovement) => [
  hashOf(token),
  m.accountId,
  m.signature,
  m.cents,
  m.externalIdentifier,
];

/**
 * The token a right code already bought for this very movement (same holder, account, signature,
 * cents, externalIdentifier and time step), while it lives: a double submit gets the token already
 * issued. Undefined when the code confirmed something else (or its token has expired).
 */
export function reissuedConfirmation(db: Database.Database, c: ConfirmedCode, now: Date): string | undefined {
  const token = derivedToken(db, c);
  const row = db
    .prepare(`SELECT 1 FROM totp_confirmations WHERE ${MOVEMENT_MATCH} AND expires_at > ?`)
    .get(...movementValues(token, c), now.toISOString());
  return row === undefined ? undefined : token;
}

/** A new confirmation token for one movement; only its hash is stored. */
export function issueConfirmation(db: Database.Database, c: ConfirmedCode, now: Date): string {
  const token = derivedToken(db, c);
  db.prepare(
    `INSERT INTO totp_confirmations
       (token_hash, account_id, signature, amount_cents, external_identifier, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    ...movementValues(token, c),
    now.toISOString(),
    new Date(now.getTime() + CONFIRMATION_TTL_SECONDS * 1000).toISOString(),
  );
  return token;
}

/**
 * Whether a confirmation token may confirm this movement: it exists, is unused, unexpired, and was
 * issued for this account, signature, amount in cents and externalIdentifier. Reads only: a
 * movement checks it with its other rules, then spends it with {@link spendConfirmation} in the
 * transaction that moves the money, so a movement refused for another reason (balance,
 * destination) leaves the token unspent.
 */
export function confirmationValid(
  db: Database.Database,
  token: string | undefined,
  movement: ConfirmedMovement,
  now: Date,
): boolean {
  if (!token) return false;
  return (
    db
      .prepare(
        `SELECT 1 FROM totp_confirmations WHERE ${MOVEMENT_MATCH} AND used_at IS NULL AND expires_at > ?`,
      )
      .get(...movementValues(token, movement), now.toISOString()) !== undefined
  );
}

/** Spends a token {@link confirmationValid} accepted; false when it was not (or no longer) valid. */
export function spendConfirmation(
  db: Database.Database,
  token: string,
  movement: ConfirmedMovement,
  now: Date,
): boolean {
  const { changes } = db
    .prepare(
      `UPDATE totp_confirmations SET used_at = ?
       WHERE ${MOVEMENT_MATCH} AND used_at IS NULL AND expires_at > ?`,
    )
    .run(now.toISOString(), ...movementValues(token, movement), now.toISOString());
  return changes === 1;
}
