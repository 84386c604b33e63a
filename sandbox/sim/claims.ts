import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import {
  clockStep,
  completionDeadlineOf,
  CREDENTIALS_CHECK_TTL_MS,
  resolutionDeadlineOf,
  type ClaimRole,
  type ClaimStatus,
  type ClaimType,
} from './claim-rules.ts';
import { insertOwnKey, keyHolderOf, removeKey, setKeyStatus, type PixKeyRow } from './dict.ts';
import type { Session } from './sessions.ts';

/**
 * The sandbox DICT's claims (issue 30): the rows of pix_claims, their life on the bank clock
 * ({@link sweepClaims}, run before every call like the SPI's sweep) and the key's move when one
 * completes. The rules are ./claim-rules.ts; the calls ../routes/claims.ts.
 *
 * The key through a claim's life: ACTIVE at the donor while it waits; INACTIVE once confirmed
 * (DICT removes the donor's link: a Pix to it is refused); removed from the donor and registered
 * ACTIVE to the claimer's account when it completes; ACTIVE at the donor again if a confirmed claim
 * is cancelled.
 */

export interface ClaimRow {
  id: number;
  dict_id: string;
  key: string;
  key_type: 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE';
  claim_type: ClaimType;
  status: ClaimStatus;
  claimer_account_id: string;
  claimer_branch: string;
  claimer_account: string;
  donor_key_id: number;
  donor_account_id: string | null;
  donor_participant: string | null;
  donor_branch: string;
  donor_account: string;
  opened_at: string;
  resolution_deadline: string;
  confirmed_at: string | null;
  confirmed_by_default: number;
  completion_deadline: string | null;
  finished_at: string | null;
  ended_by: 'CLAIMER' | 'DONOR' | 'DICT' | null;
  reason: string | null;
}

/** Notes a successful CheckLogin of the session (a decision needs a recent one). */
export function noteCredentialsChecked(db: Database.Database, session: Session, now: Date): void {
  db.prepare(
    'INSERT INTO claim_credential_checks (token_hash, checked_at) VALUES (?, ?) ON CONFLICT (token_hash) DO UPDATE SET checked_at = excluded.checked_at',
  ).run(session.tokenHash, now.toISOString());
}

/** Whether the session passed CheckLogin in the last minutes. */
export function credentialsRecentlyChecked(db: Database.Database, session: Session, now: Date): boolean {
  const row = db
    .prepare('SELECT checked_at FROM claim_credential_checks WHERE token_hash = ?')
    .get(session.tokenHash) as { checked_at: string } | undefined;
  if (!row) return false;
  const age = now.getTime() - Date.parse(row.checked_at);
  return age >= 0 && age <= CREDENTIALS_CHECK_TTL_MS;
}

/** A claim by id, after the clock's steps. */
export function claimById(db: Database.Database, id: number): ClaimRow | undefined {
  return db.prepare('SELECT * FROM pix_claims WHERE id = ?').get(id) as ClaimRow | undefined;
}

/** The claims where the account is claimer or donor, newest first. */
export function accountClaims(db: Database.Database, accountId: string): ClaimRow[] {
  return db
    .prepare(
      'SELECT * FROM pix_claims WHERE claimer_account_id = ? OR donor_account_id = ? ORDER BY opened_at DESC, id DESC',
    )
    .all(accountId, accountId) as ClaimRow[];
}

/** The claim still open (waiting or confirmed) on a key, if any. */
export function openClaimOnKey(db: Database.Database, key: string): ClaimRow | undefined {
  return db
    .prepare("SELECT * FROM pix_claims WHERE key = ? AND status IN ('WAITING_RESOLUTION', 'CONFIRMED')")
    .get(key) as ClaimRow | undefined;
}

/** The account's side in a claim, or null when it is neither. */
export function roleIn(claim: ClaimRow, accountId: string): ClaimRole | null {
  if (claim.claimer_account_id === accountId) return 'CLAIMER';
  if (claim.donor_account_id === accountId) return 'DONOR';
  return null;
}

export interface NewClaim {
  claimType: ClaimType;
  key: PixKeyRow;
  claimerAccountId: string;
  claimerBranch: string;
  claimerAccount: string;
  at: Date;
}

/** Opens a claim (waiting resolution) against the key's current holder. */
export function openClaim(db: Database.Database, c: NewClaim): ClaimRow {
  const id = Number(
    db
      .prepare(
        `INSERT INTO pix_claims (dict_id, key, key_type, claim_type, status, claimer_account_id, claimer_branch,
           claimer_account, donor_key_id, donor_account_id, donor_participant, donor_branch, donor_account,
           opened_at, resolution_deadline)
         VALUES (?, ?, ?, ?, 'WAITING_RESOLUTION', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        randomUUID(),
        c.key.key,
        c.key.key_type,
        c.claimType,
        c.claimerAccountId,
        c.claimerBranch,
        c.claimerAccount,
        c.key.id,
        c.key.account_id,
        c.key.participant,
        c.key.branch,
        c.key.account_number,
        c.at.toISOString(),
        resolutionDeadlineOf(c.at).toISOString(),
      ).lastInsertRowid,
  );
  return claimById(db, id) as ClaimRow;
}

/** Confirmed (by the donor, or by DICT at the end of the resolution period): the donor's key stops. */
export function confirmClaimRow(db: Database.Database, claim: ClaimRow, at: Date, byDefault: boolean): void {
  db.prepare(
    "UPDATE pix_claims SET status = 'CONFIRMED', confirmed_at = ?, confirmed_by_default = ?, completion_deadline = ? WHERE id = ?",
  ).run(at.toISOString(), byDefault ? 1 : 0, completionDeadlineOf(at).toISOString(), claim.id);
  setKeyStatus(db, claim.donor_key_id, 'INACTIVE', at);
}

/** Cancelled by a side or by DICT; a confirmed claim gives the donor its key back. */
export function cancelClaimRow(
  db: Database.Database,
  claim: ClaimRow,
  at: Date,
  by: 'CLAIMER' | 'DONOR' | 'DICT',
  reason: string,
): void {
  db.prepare(
    "UPDATE pix_claims SET status = 'CANCELLED', finished_at = ?, ended_by = ?, reason = ? WHERE id = ?",
  ).run(at.toISOString(), by, reason, claim.id);
  if (claim.status === 'CONFIRMED') setKeyStatus(db, claim.donor_key_id, 'ACTIVE', at);
}

/**
 * Completed: the key leaves the donor and is registered ACTIVE to the claimer's account, so a Pix
 * to it reaches the claimer from now on.
 */
export function completeClaimRow(
  db: Database.Database,
  claim: ClaimRow,
  at: Date,
  by: 'CLAIMER' | 'DICT',
): void {
  const holder = keyHolderOf(db, claim.claimer_account_id);
  if (!holder) throw new Error(`claim ${claim.id}: the claimer's account is not a customer account`);
  removeKey(db, claim.donor_key_id, `claim ${claim.dict_id} completed`, at);
  insertOwnKey(db, holder, { key: claim.key, type: claim.key_type, status: 'ACTIVE', at });
  db.prepare(
    "UPDATE pix_claims SET status = 'COMPLETED', finished_at = ?, ended_by = ?, reason = 'COMPLETED' WHERE id = ?",
  ).run(at.toISOString(), by, claim.id);
}

/**
 * The periods of every open claim, at `now` (run before every call): each claim takes the steps its
 * deadlines say, at the deadline's instant, so an ownership claim confirmed by default and then left
 * alone completes 7 days later in the same sweep.
 */
export function sweepClaims(db: Database.Database, now: Date): void {
  const open = db
    .prepare("SELECT id FROM pix_claims WHERE status IN ('WAITING_RESOLUTION', 'CONFIRMED') ORDER BY id")
    .all() as { id: number }[];
  for (const { id } of open) {
    for (;;) {
      const claim = claimById(db, id);
      if (!claim) break;
      const step = clockStep(
        {
          status: claim.status,
          claimType: claim.claim_type,
          resolutionDeadline: new Date(claim.resolution_deadline),
          completionDeadline: claim.completion_deadline ? new Date(claim.completion_deadline) : null,
        },
        now,
      );
      if (step === null) break;
      if (step === 'cancelUnanswered')
        cancelClaimRow(db, claim, new Date(claim.resolution_deadline), 'DICT', 'RESOLUTION_PERIOD_ENDED');
      else if (step === 'confirmByDefault')
        confirmClaimRow(db, claim, new Date(claim.resolution_deadline), true);
      else
        completeClaimRow(db, claim, new Date(claim.completion_deadline ?? claim.resolution_deadline), 'DICT');
    }
  }
}
