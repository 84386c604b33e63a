import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing with scrypt and a per-password random salt, stored as
 * `scrypt$N$r$p$salt$hash` (base64url) so the parameters can change without a migration.
 * N is kept modest so that seeding and tests stay fast on a 2-core machine; this is a sandbox.
 */
export const PRODUCTION_N = 1 << 14;
let N = PRODUCTION_N;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

/**
 * Tests only (sandbox/test-support.ts, issue 8): a cheaper cost for the hashes made from now on in
 * this process. Every sign-in of a test verifies one hash and an unknown user one dummy hash; at
 * the production cost the throttling tests alone spent minutes of the unit stage in scrypt.
 * Verification reads N from the stored hash, so old and new hashes keep working; the sandbox
 * itself (main.ts) never calls this, and passwords.test.ts pins the production cost.
 */
export function useTestScryptCost(n: number): void {
  if (!Number.isInteger(Math.log2(n)) || n < 2) throw new Error(`scrypt N must be a power of two: ${n}`);
  N = n;
}

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password.normalize('NFC'), salt, KEY_LENGTH, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = scryptSync(password.normalize('NFC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A random opaque token (bearer tokens, verification hashes). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
