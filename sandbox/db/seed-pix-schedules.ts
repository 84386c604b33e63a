import type Database from 'better-sqlite3';
import { DEMO_USERS } from '../../demo/users.ts';
import { OWN_BANK } from '../sim/bank.ts';
import { addDays, fromLocal, localDate } from '../sim/dates.ts';
import { liveKey } from '../sim/dict.ts';

/**
 * The seed of issue 28 (scheduled Pix), fixed data and no random draw: on Maria's account, a Pix
 * to Loja Aurora scheduled far ahead (300 days: no test moves the clock that far, so it never runs
 * under another test's feet) and one that failed 3 days ago for lack of balance, so /PixShedulingPage
 * shows both kinds from the first sign-in.
 */

/** Loja Aurora's e-mail key (seed-pix-keys.ts EXTRA_EXTERNAL_KEYS). */
export const SCHEDULE_SEED_KEY = 'loja.aurora@exemplo.com.br';

export interface ScheduleSeed {
  accountId: string;
  /** The São Paulo day it runs. */
  date: string;
  cents: number;
  key?: string;
  note?: string;
  /** When it was made (created_at). */
  at: Date;
  /** A run already made: FAILED with this catalogue error name, at `failedAt`. */
  failure?: { reason: string; at: Date };
}

/** Inserts a schedule as createWithdrawal keeps it (routes/pix-send-schedule.ts schedule()): a DICT order. */
export function insertSchedule(db: Database.Database, s: ScheduleSeed): number {
  const key = liveKey(db, s.key ?? SCHEDULE_SEED_KEY);
  if (!key) throw new Error(`seed: no key ${s.key ?? SCHEDULE_SEED_KEY}`);
  const holder = db.prepare('SELECT holder_id FROM accounts WHERE id = ?').get(s.accountId) as
    { holder_id: string } | undefined;
  if (!holder) throw new Error(`seed: no account ${s.accountId}`);
  const order = {
    cents: s.cents,
    localInstrument: 'DICT',
    creditor: {
      name: key.owner_name,
      taxId: key.owner_tax_id,
      ispb: key.participant ?? OWN_BANK.ispb,
      branch: key.branch,
      account: key.account_number,
      accountType: key.account_type,
      key: key.key,
      keyType: key.key_type,
    },
    ...(s.note ? { note: s.note } : {}),
  };
  return Number(
    db
      .prepare(
        `INSERT INTO pix_schedules (account_id, holder_id, payment_date, amount_cents, creditor_name, recipient_alias,
           order_json, device_validated, status, failure, created_at, executed_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`,
      )
      .run(
        s.accountId,
        holder.holder_id,
        s.date,
        s.cents,
        key.owner_name,
        key.key,
        JSON.stringify(order),
        s.failure ? 'FAILED' : 'ACTIVE',
        s.failure?.reason ?? null,
        s.at.toISOString(),
        s.failure?.at.toISOString() ?? null,
      ).lastInsertRowid,
  );
}

export function insertPixSchedules(db: Database.Database, now: Date): void {
  const accountId = DEMO_USERS.maria.accountId;
  const today = localDate(now);
  const failedDay = addDays(today, -3);
  insertSchedule(db, {
    accountId,
    date: failedDay,
    cents: 2_500_000,
    note: 'Entrada do carro',
    at: fromLocal(addDays(today, -10), '10:00:00'),
    failure: { reason: 'insufficientBalance', at: fromLocal(failedDay, '07:00:00') },
  });
  insertSchedule(db, {
    accountId,
    date: addDays(today, 300),
    cents: 7_000,
    note: 'Mensalidade',
    at: fromLocal(addDays(today, -1), '18:30:00'),
  });
}
