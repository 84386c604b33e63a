import type Database from 'better-sqlite3';
import { DEFAULT_LIMITS, personTypeOf } from '../sim/pix-limit-rules.ts';
import { recordLimitChanges } from '../sim/pix-limits.ts';

/**
 * Issue 28: every customer account starts with its person type's Pix limits (sim/pix-limit-rules.ts
 * DEFAULT_LIMITS: an individual R$ 5,000 by day and the 2021 night cap of R$ 1,000, a company
 * R$ 50,000 for each period, the night 20h–6h), in force since the account was opened. No random draw.
 */
export function insertPixLimits(db: Database.Database): void {
  const accounts = db
    .prepare(
      `SELECT a.id, a.created_at AS createdAt, h.person_type AS personType FROM accounts a
       JOIN account_holders h ON h.id = a.holder_id WHERE a.kind = 'CUSTOMER' ORDER BY a.id`,
    )
    .all() as { id: string; createdAt: string; personType: string }[];
  for (const a of accounts) {
    const d = DEFAULT_LIMITS[personTypeOf(a.personType)];
    const since = new Date(a.createdAt);
    recordLimitChanges(
      db,
      a.id,
      (
        [
          ['DAY', d.dayCents],
          ['NIGHT', d.nightCents],
          ['NIGHT_START', d.nightStartHour],
        ] as const
      ).map(([field, value]) => ({ field, value, requestedAt: since, effectiveAt: since })),
    );
  }
}
