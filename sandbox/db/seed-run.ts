import type Database from 'better-sqlite3';
import type { Prng } from '../sim/prng.ts';
import type { Party } from '../sim/movements/model.ts';
import type { DemoUserKey } from '../../demo/users.ts';

/**
 * What the areas of the seed share while it runs (sandbox/db/seed.ts): the database, the bank's
 * "today", the options, the customers inserted so far and the history's drawing state.
 */

/** The seed's options: "today" and the bulk account (SANDBOX_BULK). */
export interface SeedOptions {
  /** "Today" for the history; defaults to the current date. */
  now?: Date;
  /** When set, adds "Empresa Volume" with this many statement entries (SANDBOX_BULK). */
  bulkEntries?: number;
}

export const SEED = 20261121;
export const HISTORY_DAYS = 120;

/** A seeded customer account, as the history and the other areas refer to it. */
export interface Customer extends Party {
  accountId: string;
  accountNumber: string;
}

/** The drawing state of the history: one PRNG, so the order of the areas fixes every draw. */
export interface HistoryContext {
  db: Database.Database;
  prng: Prng;
  now: Date;
  counter: number;
  /** Running balances of customer accounts, so the overdraft check does not re-sum the ledger. */
  balances: Map<string, number>;
}

/** One run of the seed, handed to every area in turn. */
export interface SeedRun {
  db: Database.Database;
  now: Date;
  options: SeedOptions;
  history: HistoryContext;
  /** The demo customers inserted so far (an area reads those inserted before it). */
  customers: Partial<Record<DemoUserKey, Customer>>;
}

/** A part of the seed: inserts its area's data. */
export type SeedArea = (run: SeedRun) => void;

/** The customer `key`, which an earlier area must have inserted. */
export function customer(run: SeedRun, key: DemoUserKey): Customer {
  const c = run.customers[key];
  if (!c) throw new Error(`seed: the customer '${key}' is inserted by an earlier area`);
  return c;
}
