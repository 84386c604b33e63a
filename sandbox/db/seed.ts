import type Database from 'better-sqlite3';
import { createPrng } from '../sim/prng.ts';
import { issueCheck } from '../sim/checks.ts';
import { DEMO_USERS, type DemoUserKey } from '../../demo/users.ts';
import { insertBills } from './seed-bills.ts';
import { insertPixKeys } from './seed-pix-keys.ts';
import { insertPixSend } from './seed-pix-send.ts';
import { CLAIM_TABLES } from './migration-claims.ts';
import { insertClaims } from './seed-claims.ts';
import { insertPixLimits } from './seed-pix-limits.ts';
import { insertMedInfractions } from './seed-med.ts';
import { insertPixReceive } from './seed-pix-receive.ts';
import { insertPixSchedules } from './seed-pix-schedules.ts';
import { insertDevices } from './seed-devices.ts';
import {
  seedCustomers,
  seedDoceSabor,
  seedFirstAccessLink,
  seedSecurityCodes,
  seedVolumeCustomer,
} from './seed-customers.ts';
import { seedNotifications } from './seed-notifications.ts';
import { insertRecipients, MARIA_RECIPIENTS, PADARIA_RECIPIENTS } from './seed-recipients.ts';
import { seedDoceSaborHistory, seedHistories, seedVolumeHistory } from './seed-statement.ts';
import { customer, SEED, type SeedArea, type SeedOptions, type SeedRun } from './seed-run.ts';
import { ensureBankAccounts } from './ledger.ts';
import { DATA_TABLES } from './schema.ts';

export { type SeedOptions } from './seed-run.ts';

/**
 * The deterministic demo data: fixed PRNG seed, dates relative to `now` so the statement always
 * shows the last 120 days. Customer ids, transaction ids and amounts are the same on every run for
 * the same `now` date; only password salts (node:crypto) differ.
 *
 * Each area of the bank seeds its own data in its own file (seed-<area>.ts), from the demo
 * customers of demo/users.ts; SEED_AREAS runs them in order in one transaction.
 */

/** Fixed ids of the demo customers (demo/users.ts), so tests and e2e can refer to them. */
export const DEMO_IDS = Object.fromEntries(
  (Object.keys(DEMO_USERS) as DemoUserKey[]).map((key) => {
    const { holderId, accountId, number } = DEMO_USERS[key];
    return [key, { holderId, accountId, number }];
  }),
) as { [K in DemoUserKey]: Pick<(typeof DEMO_USERS)[K], 'holderId' | 'accountId' | 'number'> };

/**
 * The areas of the seed, in the order they run. The history draws from one PRNG, so an area that
 * draws must not move before another that draws; a new area appends its line at the end (after
 * the random draws, so every earlier amount and id stays the same).
 */
export const SEED_AREAS: readonly SeedArea[] = [
  ({ db, now }) => ensureBankAccounts(db, now),
  seedCustomers, // seed-customers.ts: Maria, the bakery, first access (with addresses)
  seedHistories, // seed-statement.ts: their 120 days of movements
  seedNotifications, // seed-notifications.ts
  seedFirstAccessLink, // seed-customers.ts: the "create your password" e-mail
  seedVolumeCustomer, // seed-customers.ts: "Empresa Volume" (SANDBOX_BULK only)
  seedVolumeHistory, // seed-statement.ts: its bulk entries
  // Issue #13, drawn after everything above so the older customers' history stays the same.
  seedDoceSabor, // seed-customers.ts
  seedDoceSaborHistory, // seed-statement.ts
  (run) => insertRecipients(run.db, customer(run, 'maria').accountId, MARIA_RECIPIENTS, run.now),
  (run) => insertRecipients(run.db, customer(run, 'padaria').accountId, PADARIA_RECIPIENTS, run.now),
  seedSecurityCodes, // seed-customers.ts
  // Issue #14: the bill registry (seed-bills.ts); no random draw.
  (run) => insertBills(run.db, run.now, customer(run, 'maria').accountId),
  // Two digital checks drawn on the bakery's account, to receive at /Receive (sim/checks.ts).
  (run) => {
    const issuerAccountId = customer(run, 'padaria').accountId;
    issueCheck(run.db, { id: 'DEMO0001', issuerAccountId, amountCents: 15_000, at: run.now });
    issueCheck(run.db, { id: 'DEMO0002', issuerAccountId, amountCents: 8_050, at: run.now });
  },
  // Issue #15: the sandbox DICT (seed-pix-keys.ts); no random draw.
  ({ db, now }) => insertPixKeys(db, now),
  // Issue #16: the SPI's answers and charges (seed-pix-send.ts); no random draw.
  ({ db, now }) => insertPixSend(db, now),
  // Issue 17: infractions for the MED list (seed-pix-receive.ts); no random draw.
  ({ db, now }) => insertPixReceive(db, now),
  // Issue 28: Maria's scheduled Pix, one pending and one failed (seed-pix-schedules.ts); no draw.
  ({ db, now }) => insertPixSchedules(db, now),
  // Issue 28: each account's Pix limits (seed-pix-limits.ts); no random draw.
  ({ db }) => insertPixLimits(db),
  // Issue 31: infractions in every status, opened and received, on the MED timeline (seed-med.ts).
  ({ db, now }) => insertMedInfractions(db, now),
  // Issue 30: the demo customers' key claims, one in each state and side (seed-claims.ts); no draw.
  ({ db, now }) => insertClaims(db, now),
  // Issue 30: the demo customers' trusted devices (seed-devices.ts); no random draw.
  ({ db, now }) => insertDevices(db, now),
];

/** Creates everything when the database holds no customer yet. Returns true when it seeded. */
export function seedIfEmpty(db: Database.Database, options: SeedOptions = {}): boolean {
  const row = db.prepare("SELECT COUNT(*) AS n FROM account_holders WHERE person_type <> 'BANK'").get() as {
    n: number;
  };
  if (row.n > 0) return false;
  seed(db, options);
  return true;
}

/** Deletes all data (tokens included) and seeds again. */
export function reseed(db: Database.Database, options: SeedOptions = {}): void {
  db.transaction(() => {
    for (const table of [...CLAIM_TABLES, ...DATA_TABLES]) db.prepare(`DELETE FROM ${table}`).run();
  })();
  seed(db, options);
}

export function seed(db: Database.Database, options: SeedOptions = {}): void {
  const now = options.now ?? new Date();
  const run: SeedRun = {
    db,
    now,
    options,
    history: { db, prng: createPrng(SEED), now, counter: 0, balances: new Map() },
    customers: {},
  };
  db.transaction(() => {
    for (const area of SEED_AREAS) area(run);
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('seeded_at', ?), ('seed_now', ?)").run(
      new Date().toISOString(),
      now.toISOString(),
    );
  })();
}
