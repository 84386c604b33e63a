import type Database from 'better-sqlite3';
import { apiError, type Reply } from '../http/replies.ts';
import { countRequest, rateWaitSeconds, type RateLimit } from './throttle.ts';

/**
 * Contact lookups by mobile phone (issue 31; 2-money-movement.md §2 Company transfer, §7
 * GET /contact-users-update/{phone}, POST /enabled-users; contract getContactUserByPhone,
 * checkEnabledUsers). Who holds a phone number is personal data (LGPD), so the bank decides, where
 * the spec is silent (docs/domain-notes.md, 'Contact lookups by phone'):
 *
 * - only company customers are contacts: the company transfer is the one movement addressed by
 *   phone and it credits company accounts only, so a person's phone is never confirmed, and the
 *   answer for a person, a closed company, the caller's own phone or nobody is the same;
 * - each holder has a budget of lookups an hour, and a smaller one of lookups that find nothing
 *   (an enumerator guesses, a person types the number they were given), as DICT budgets key
 *   lookups; a batch of enabled-users spends one lookup per phone, checked before any is made.
 */

/** Phones one holder may look up in {@link LOOKUP_WINDOW_MS}. */
export const PHONE_LOOKUPS_PER_HOUR = 30;
/** Of which this many may find nothing. */
export const PHONE_MISSES_PER_HOUR = 10;
export const LOOKUP_WINDOW_MS = 60 * 60_000;
/** Phones one enabled-users call may carry (the contract's maxItems). */
export const ENABLED_USERS_MAX = 20;

/** The catalogue codes of these lookups (group RECIPIENT, as the CNPJ lookup's 55 and 56). */
export const CONTACT_ERRORS = {
  phoneNotFound: {
    code: 58,
    description: 'Nenhuma conta empresarial encontrada com esse número de celular.',
  },
} as const;

export function contactError(status: number, name: keyof typeof CONTACT_ERRORS): Reply {
  const e = CONTACT_ERRORS[name];
  return apiError(status, e.code, 'RECIPIENT', e.description);
}

/**
 * A Brazilian mobile as DDD and number (11 digits: DDD 11–99 without a zero, then 9 and 8 digits),
 * from the digits typed with or without the 55 country code; undefined for anything else.
 */
export function nationalMobile(digits: string): string | undefined {
  const national = digits.length === 13 && digits.startsWith('55') ? digits.slice(2) : digits;
  return /^[1-9][1-9]9[0-9]{8}$/.test(national) ? national : undefined;
}

function limits(holderId: string): { all: RateLimit; missed: RateLimit } {
  return {
    all: { scope: 'phone-lookup', key: holderId, limit: PHONE_LOOKUPS_PER_HOUR, windowMs: LOOKUP_WINDOW_MS },
    missed: {
      scope: 'phone-lookup-miss',
      key: holderId,
      limit: PHONE_MISSES_PER_HOUR,
      windowMs: LOOKUP_WINDOW_MS,
    },
  };
}

/**
 * Seconds the holder must wait before looking up `count` more phones, or 0. A batch that would
 * pass the hourly budget waits as if the budget were spent, so a batch is never answered in part.
 */
export function lookupWaitSeconds(db: Database.Database, holderId: string, count: number, now: Date): number {
  const { all, missed } = limits(holderId);
  const spent = rateWaitSeconds(db, [all, missed], now);
  if (spent > 0) return spent;
  if (count <= 1) return 0;
  const used = db
    .prepare(
      'SELECT COUNT(*) AS n, MIN(at) AS oldest FROM rate_events WHERE scope = ? AND subject = ? AND at > ?',
    )
    .get(all.scope, all.key, new Date(now.getTime() - all.windowMs).toISOString()) as {
    n: number;
    oldest: string | null;
  };
  if (used.n + count <= all.limit) return 0;
  const freed = used.oldest ? Date.parse(used.oldest) + all.windowMs - now.getTime() : all.windowMs;
  return Math.max(1, Math.ceil(freed / 1000));
}

/** Counts one lookup, and one miss when it found nothing. */
export function countLookup(db: Database.Database, holderId: string, found: boolean, now: Date): void {
  const { all, missed } = limits(holderId);
  countRequest(db, found ? [all] : [all, missed], now);
}

export interface PhoneContact {
  holderId: string;
  taxId: string;
}

/**
 * The active company customer whose registered phone is this national mobile, other than the
 * caller's holder; undefined for anyone else.
 */
export function companyOfPhone(
  db: Database.Database,
  national: string,
  callerHolderId: string,
): PhoneContact | undefined {
  const row = db
    .prepare(
      `SELECT h.id, h.tax_id FROM account_holders h
       WHERE h.phone = ? AND h.person_type = 'CORPORATE' AND h.status = 'ACTIVE' AND h.id <> ?
         AND EXISTS (SELECT 1 FROM accounts a WHERE a.holder_id = h.id AND a.kind = 'CUSTOMER')
       ORDER BY h.id LIMIT 1`,
    )
    .get(`+55${national}`, callerHolderId) as { id: string; tax_id: string } | undefined;
  return row ? { holderId: row.id, taxId: row.tax_id } : undefined;
}
