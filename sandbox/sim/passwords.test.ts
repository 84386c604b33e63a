import { describe, expect, it } from 'vitest';
import { hashPassword, PRODUCTION_N, useTestScryptCost, verifyPassword } from './passwords.ts';

/**
 * The stored password form. This file does not import test-support.ts, which lowers the scrypt
 * cost for the sandbox's other tests (issue 8): the cost the sandbox runs with is checked here.
 */
describe('password hashes', () => {
  it('are scrypt with N = 2^14, r = 8, p = 1 and a 16-byte random salt by default', () => {
    const stored = hashPassword('Senha@2026');
    const [scheme, n, r, p, salt, hash] = stored.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '16384', '8', '1']);
    expect(PRODUCTION_N).toBe(16384);
    expect(Buffer.from(salt ?? '', 'base64url')).toHaveLength(16);
    expect(Buffer.from(hash ?? '', 'base64url')).toHaveLength(32);
    expect(hashPassword('Senha@2026')).not.toBe(stored);
  });

  it('verify with the cost they were made with, whatever the current one', () => {
    const strong = hashPassword('Senha@2026');
    useTestScryptCost(1 << 10);
    try {
      const cheap = hashPassword('Senha@2026');
      expect(cheap.split('$')[1]).toBe('1024');
      expect(verifyPassword('Senha@2026', strong)).toBe(true);
      expect(verifyPassword('Senha@2026', cheap)).toBe(true);
      expect(verifyPassword('senha@2026', strong)).toBe(false);
      expect(verifyPassword('Senha@2026', 'bcrypt$x')).toBe(false);
    } finally {
      useTestScryptCost(PRODUCTION_N);
    }
    expect(() => useTestScryptCost(1000)).toThrow(/power of two/);
  });
});
