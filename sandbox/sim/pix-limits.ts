import type Database from 'better-sqlite3';
import type { ErrorName } from '../http/replies.ts';
import { fromLocal, localDate } from './dates.ts';
import {
  DEFAULT_LIMITS,
  limitsAt,
  OTHER_MOVEMENTS_NIGHT_CAP_CENTS,
  periodAt,
  personTypeOf,
  type LimitChange,
  type LimitField,
  type LimitSet,
} from './pix-limit-rules.ts';

/**
 * An account's Pix limits in the bank's database (issue 28): the changes of table
 * pix_limit_changes read back through the pure rules of sim/pix-limit-rules.ts, and the checks
 * every money movement out of an account makes against them. {@link checkPixLimits} is the one
 * check of a Pix (by key, manual data, copy and paste, a charge paid, a scheduled Pix when it
 * runs); {@link checkOtherMovementsNightCap} the individuals' night cap of TED, transfers and
 * bill payments.
 */

/** A device not registered for Pix (since 2024-11-01, notes §c): per payment and per São Paulo day. */
export const DEVICE_PAYMENT_LIMIT_CENTS = 20_000;
export const DEVICE_DAILY_LIMIT_CENTS = 100_000;
/** Whether they bind a session: its device's record (issue 30), offered here with the caps it lifts. */
export { isSessionDeviceValidated } from './devices.ts';

interface ChangeRow {
  field: LimitField;
  value: number;
  requested_at: string;
  effective_at: string;
}

/** The account's person type (PERSON or CORPORATE), or undefined for an unknown account. */
export function accountPersonType(db: Database.Database, accountId: string) {
  const row = db
    .prepare(
      'SELECT h.person_type AS t FROM accounts a JOIN account_holders h ON h.id = a.holder_id WHERE a.id = ?',
    )
    .get(accountId) as { t: string } | undefined;
  return row ? personTypeOf(row.t) : undefined;
}

/** Every change of the account's limits, in the order they were made. */
export function limitChanges(db: Database.Database, accountId: string): LimitChange[] {
  const rows = db
    .prepare(
      'SELECT field, value, requested_at, effective_at FROM pix_limit_changes WHERE account_id = ? ORDER BY id',
    )
    .all(accountId) as ChangeRow[];
  return rows.map((r) => ({
    field: r.field,
    value: r.value,
    requestedAt: new Date(r.requested_at),
    effectiveAt: new Date(r.effective_at),
  }));
}

export function recordLimitChanges(
  db: Database.Database,
  accountId: string,
  changes: readonly LimitChange[],
) {
  const insert = db.prepare(
    'INSERT INTO pix_limit_changes (account_id, field, value, requested_at, effective_at) VALUES (?, ?, ?, ?, ?)',
  );
  for (const c of changes)
    insert.run(accountId, c.field, c.value, c.requestedAt.toISOString(), c.effectiveAt.toISOString());
}

/**
 * The account's limits in force at `at`. An account without rows (one made after the seed, such
 * as the bulk "Empresa Volume") has its person type's defaults, as the seed writes them.
 */
export function accountLimitsAt(db: Database.Database, accountId: string, at: Date): LimitSet {
  const type = accountPersonType(db, accountId) ?? 'PERSON';
  return limitsAt(DEFAULT_LIMITS[type], limitChanges(db, accountId), at);
}

/** The cents of Pix the account sent since `since` that are pending or settled. */
function pixSentSince(
  db: Database.Database,
  accountId: string,
  since: Date,
  unvalidatedOnly = false,
): number {
  const row = db
    .prepare(
      `SELECT COALESCE(SUM(amount_cents), 0) AS total FROM pix_payments
       WHERE account_id = ? AND created_at >= ? AND status <> 'RJCT' ${unvalidatedOnly ? 'AND device_validated = 0' : ''}`,
    )
    .get(accountId, since.toISOString()) as { total: number };
  return row.total;
}

/**
 * The catalogue error of the first limit a Pix of `cents` from `accountId` at `at` would break,
 * or undefined when it may leave. The device caps first (a device not registered for Pix: R$ 200
 * a payment, R$ 1,000 a São Paulo day; pass `deviceValidated` false), then the account's own
 * total of the period `at` is in, on the São Paulo clock and the holder's night window (PIXSEND
 * 81 by night, PIXLIMIT 112 by day). Counts every Pix the account sent in that period that is
 * pending or settled, all routes together.
 *
 * The scheduled-Pix runner calls this when a schedule leaves, with the schedule's device flag.
 */
export function checkPixLimits(
  db: Database.Database,
  accountId: string,
  cents: number,
  at: Date,
  deviceValidated = true,
): ErrorName | undefined {
  if (!deviceValidated) {
    if (cents > DEVICE_PAYMENT_LIMIT_CENTS) return 'pixDevicePaymentLimit';
    const dayStart = fromLocal(localDate(at));
    if (pixSentSince(db, accountId, dayStart, true) + cents > DEVICE_DAILY_LIMIT_CENTS)
      return 'pixDeviceDailyLimit';
  }
  const limits = accountLimitsAt(db, accountId, at);
  const period = periodAt(at, limits.nightStartHour);
  const total = period.period === 'NIGHT' ? limits.nightCents : limits.dayCents;
  if (pixSentSince(db, accountId, period.start) + cents > total)
    return period.period === 'NIGHT' ? 'pixNightLimit' : 'pixDayLimit';
  return undefined;
}

/** Ledger kinds the individuals' night cap covers besides Pix (notes §c, the 2021 rule). */
const NIGHT_CAPPED_KINDS = ['TED_OUT', 'INTERNAL_TRANSFER', 'BOLETO_PAYMENT', 'UTILITY_PAYMENT'];

/**
 * For an individual, in the night period of the holder's window: whether a TED, a transfer
 * within the bank or a bill payment of `cents` would take the night's total of those movements
 * above R$ 1,000 (TRANSFER 113). Companies are not capped.
 */
export function checkOtherMovementsNightCap(
  db: Database.Database,
  accountId: string,
  cents: number,
  at: Date,
): ErrorName | undefined {
  if (accountPersonType(db, accountId) !== 'PERSON') return undefined;
  const period = periodAt(at, accountLimitsAt(db, accountId, at).nightStartHour);
  if (period.period !== 'NIGHT') return undefined;
  const row = db
    .prepare(
      `SELECT COALESCE(-SUM(e.amount_cents), 0) AS total FROM ledger_entries e
       JOIN ledger_transactions t ON t.id = e.transaction_id
       WHERE e.account_id = ? AND e.amount_cents < 0 AND t.created_at >= ?
         AND t.kind IN (${NIGHT_CAPPED_KINDS.map(() => '?').join(', ')})`,
    )
    .get(accountId, period.start.toISOString(), ...NIGHT_CAPPED_KINDS) as { total: number };
  return row.total + cents > OTHER_MOVEMENTS_NIGHT_CAP_CENTS ? 'nightMovementLimit' : undefined;
}
