import type Database from 'better-sqlite3';

/**
 * How the bank slows down guessing (issue #10). Two mechanisms, both kept in SQLite with the bank
 * clock's times per row, so a database reset (or a restored pristine image) forgets them and tests
 * can move time forward:
 *
 * - consecutive failures of one subject (an account, an address) earn a growing wait before the
 *   next try, then a lock; a success clears the subject, and failures older than the lock's length
 *   are forgotten;
 * - requests that cost the bank or a customer something (an e-mail) are counted over a window.
 *
 * A refused try is not checked at all, so it neither counts nor reveals whether it was right.
 */

export interface FailurePolicy {
  /** Failures that cost nothing: the next try may come at once. */
  free: number;
  /** Wait after the first failure beyond `free`; it doubles with each further failure. */
  firstDelayMs: number;
  /** Longest wait before the lock. */
  maxDelayMs: number;
  /** Failures that lock the subject. */
  lockAfter: number;
  /** How long a lock lasts; failures older than this are forgotten too. */
  lockMs: number;
}

const MINUTE = 60_000;

/**
 * One account (whatever user name it was reached by): two free failures, then 2 s and 4 s, and
 * the fifth failure locks it for 15 minutes. A person who mistypes twice never waits.
 */
export const ACCOUNT_POLICY: FailurePolicy = {
  free: 2,
  firstDelayMs: 2_000,
  maxDelayMs: 8_000,
  lockAfter: 5,
  lockMs: 15 * MINUTE,
};

/**
 * One network address, across accounts (password spraying): a shared office or a family behind one
 * router may fail a few times, so the bar is higher, the lock the same.
 */
export const ADDRESS_POLICY: FailurePolicy = {
  free: 10,
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  lockAfter: 30,
  lockMs: 15 * MINUTE,
};

/** Guessing the e-mail of a tax id (VerifyEmail): a person gets it right within a few tries. */
export const EMAIL_CHECK_POLICY: FailurePolicy = {
  free: 2,
  firstDelayMs: 2_000,
  maxDelayMs: 8_000,
  lockAfter: 5,
  lockMs: 15 * MINUTE,
};

/**
 * E-mailed codes and TOTP checked from one address across accounts. Each code already burns after
 * five wrong tries (the per-account limit); this stops one address from burning through many
 * accounts' codes: two accounts' worth of tries are free.
 */
export const CODE_ADDRESS_POLICY: FailurePolicy = {
  free: 10,
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  lockAfter: 20,
  lockMs: 15 * MINUTE,
};

/** A subject of failures: a scope and a key within it, e.g. ('login-account', 'user:3'). */
export interface Subject {
  scope: string;
  key: string;
  policy: FailurePolicy;
}

interface FailureRow {
  failures: number;
  last_failure_at: string;
  blocked_until: string | null;
}

function row(db: Database.Database, s: Subject): FailureRow | undefined {
  return db
    .prepare(
      'SELECT failures, last_failure_at, blocked_until FROM auth_failures WHERE scope = ? AND subject = ?',
    )
    .get(s.scope, s.key) as FailureRow | undefined;
}

const secondsUntil = (until: string, now: Date) =>
  Math.max(1, Math.ceil((Date.parse(until) - now.getTime()) / 1000));

/** Seconds to wait before any of the subjects may try again, or 0 when all may try now. */
export function waitSeconds(db: Database.Database, subjects: readonly Subject[], now: Date): number {
  let wait = 0;
  for (const s of subjects) {
    const r = row(db, s);
    if (r?.blocked_until && r.blocked_until > now.toISOString())
      wait = Math.max(wait, secondsUntil(r.blocked_until, now));
  }
  return wait;
}

/** The wait a subject earns with its n-th consecutive failure. */
export function delayAfter(policy: FailurePolicy, failures: number): number {
  if (failures >= policy.lockAfter) return policy.lockMs;
  if (failures <= policy.free) return 0;
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (failures - policy.free - 1));
}

/** Counts a failure for each subject and sets the wait it earns. */
export function recordFailure(db: Database.Database, subjects: readonly Subject[], now: Date): void {
  const at = now.toISOString();
  for (const s of subjects) {
    const r = row(db, s);
    const stale = r !== undefined && now.getTime() - Date.parse(r.last_failure_at) > s.policy.lockMs;
    const failures = r && !stale ? r.failures + 1 : 1;
    const delay = delayAfter(s.policy, failures);
    const until = delay > 0 ? new Date(now.getTime() + delay).toISOString() : null;
    db.prepare(
      `INSERT INTO auth_failures (scope, subject, failures, last_failure_at, blocked_until) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (scope, subject) DO UPDATE SET failures = excluded.failures,
         last_failure_at = excluded.last_failure_at, blocked_until = excluded.blocked_until`,
    ).run(s.scope, s.key, failures, at, until);
  }
}

/**
 * The failures in a row a subject has now (0 after a success or once the last one is older than
 * the lock's length), so an answer can say how many tries are left before the lock.
 */
export function failuresOf(db: Database.Database, s: Subject, now: Date): number {
  const r = row(db, s);
  if (!r || now.getTime() - Date.parse(r.last_failure_at) > s.policy.lockMs) return 0;
  return r.failures;
}

/** A success: the subjects start again from nothing. */
export function clearFailures(db: Database.Database, subjects: readonly Subject[]): void {
  for (const s of subjects)
    db.prepare('DELETE FROM auth_failures WHERE scope = ? AND subject = ?').run(s.scope, s.key);
}

export interface RateLimit {
  scope: string;
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Seconds until one more request fits in every window, or 0 when it fits now. Does not count the
 * request: {@link countRequest} does, once it is made.
 */
export function rateWaitSeconds(db: Database.Database, limits: readonly RateLimit[], now: Date): number {
  let wait = 0;
  for (const l of limits) {
    const since = new Date(now.getTime() - l.windowMs).toISOString();
    const { n, oldest } = db
      .prepare(
        'SELECT COUNT(*) AS n, MIN(at) AS oldest FROM rate_events WHERE scope = ? AND subject = ? AND at > ?',
      )
      .get(l.scope, l.key, since) as { n: number; oldest: string | null };
    if (n >= l.limit && oldest)
      wait = Math.max(wait, secondsUntil(new Date(Date.parse(oldest) + l.windowMs).toISOString(), now));
  }
  return wait;
}

/** Counts a request in each window (and forgets what every window has left behind). */
export function countRequest(db: Database.Database, limits: readonly RateLimit[], now: Date): void {
  const at = now.toISOString();
  for (const l of limits) {
    db.prepare('DELETE FROM rate_events WHERE scope = ? AND subject = ? AND at <= ?').run(
      l.scope,
      l.key,
      new Date(now.getTime() - l.windowMs).toISOString(),
    );
    db.prepare('INSERT INTO rate_events (scope, subject, at) VALUES (?, ?, ?)').run(l.scope, l.key, at);
  }
}

/** The subjects of a password check: the account (or the user name typed, when it is nobody's) and the address. */
export function passwordSubjects(
  user: { id: number } | undefined,
  username: string,
  remoteAddress: string,
): Subject[] {
  return [
    {
      scope: 'password-account',
      key: user ? `user:${user.id}` : `name:${username.toLowerCase()}`,
      policy: ACCOUNT_POLICY,
    },
    { scope: 'password-address', key: remoteAddress, policy: ADDRESS_POLICY },
  ];
}

/** The subject of code checks (e-mailed codes, TOTP) from one address. */
export function codeSubjects(remoteAddress: string): Subject[] {
  return [{ scope: 'code-address', key: remoteAddress, policy: CODE_ADDRESS_POLICY }];
}
