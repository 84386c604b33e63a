/**
 * The sandbox DICT keeps its own key rules (sandbox/sim/pix-keys.ts); the portal's are
 * machines/validators/pix-key.ts. They must agree where it matters: a key the portal lets the
 * customer register is one the bank accepts, the two read a key's type the same way, they count
 * the same limit, and a key the list offers to delete is one the bank deletes.
 *
 * E-mail is compared in one direction only: the bank also accepts some rare local-part characters
 * (RFC 5322 atext) that the portal's e-mail rule refuses, which is the safe way round.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isDeletable,
  isValidKey,
  KEY_LIMITS as BANK_LIMITS,
  keyTypeOf,
  type DictKeyType,
  type PixKeyStatus,
} from '../../sandbox/sim/pix-keys';
import { cnpjWithCheckDigits, cpfWithCheckDigits } from '../../sandbox/sim/documents';
import {
  canDeleteKey,
  dictKeyTypeOf,
  isValidPixKey,
  KEY_LIMITS as PORTAL_LIMITS,
  toEmailKey,
} from '../../machines/validators/pix-key';

const digit = fc.constantFrom(...'0123456789');
const alnum = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const hex = fc.constantFrom(...'0123456789abcdef');
const text = (chars: fc.Arbitrary<string>, min: number, max = min) =>
  fc.array(chars, { minLength: min, maxLength: max }).map((a) => a.join(''));

/** Keys of every shape: well-formed ones of each type, near misses, and noise. */
const cpfKey = text(digit, 9).map(cpfWithCheckDigits);
const cnpjKey = text(alnum, 12).map(cnpjWithCheckDigits);
const phoneKey = fc
  .tuple(text(digit, 2), text(digit, 8), fc.constantFrom('9', '8'))
  .map(([ddd, rest, first]) => `+55${ddd}${first}${rest}`);
const emailKey = fc
  .tuple(
    text(fc.constantFrom(...'abcxyz019._-+'), 1, 20),
    text(fc.constantFrom(...'abcdefz0-'), 1, 12),
    fc.constantFrom('com', 'com.br', 'org', 'b', 'COM'),
  )
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);
const evpKey = fc
  .tuple(text(hex, 8), text(hex, 4), text(hex, 4), text(hex, 4), text(hex, 12))
  .map((parts) => parts.join('-'));
const damaged = (key: fc.Arbitrary<string>) =>
  fc
    .tuple(key, fc.nat(), fc.constantFrom(...'0123456789aZ+@.-'))
    .map(([k, at, c]) => k.slice(0, at % (k.length + 1)) + c + k.slice((at % (k.length + 1)) + 1));
const anyKey = fc.oneof(
  cpfKey,
  cnpjKey,
  phoneKey,
  emailKey,
  evpKey,
  damaged(fc.oneof(cpfKey, cnpjKey, phoneKey, emailKey, evpKey)),
  fc.string({ maxLength: 40 }),
);

const TYPES: readonly DictKeyType[] = ['CPF', 'CNPJ', 'PHONE', 'EMAIL', 'EVP'];
const STRICT: readonly DictKeyType[] = ['CPF', 'CNPJ', 'PHONE', 'EVP'];

describe('Pix keys: the portal and the sandbox DICT agree', () => {
  it('CPF, CNPJ, phone and random keys: the same verdict on every key', () => {
    fc.assert(
      fc.property(anyKey, fc.constantFrom(...STRICT), (key, type) => {
        expect(isValidPixKey(key, type)).toBe(isValidKey(type, key));
      }),
      { numRuns: 3000 },
    );
  });

  it('e-mail keys: every key the portal accepts, the bank accepts', () => {
    fc.assert(
      fc.property(anyKey, (key) => {
        if (isValidPixKey(key, 'EMAIL')) expect(isValidKey('EMAIL', key)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('an e-mail typed in any case is sent in the form the bank accepts', () => {
    fc.assert(
      fc.property(emailKey, (typed) => {
        const sent = toEmailKey(` ${typed.toUpperCase()} `);
        if (isValidPixKey(sent, 'EMAIL')) expect(isValidKey('EMAIL', sent)).toBe(true);
      }),
    );
  });

  it("a key's type is read the same way (where both call it well-formed)", () => {
    fc.assert(
      fc.property(anyKey, (key) => {
        const portal = dictKeyTypeOf(key);
        if (portal !== undefined) expect(keyTypeOf(key)).toBe(portal);
      }),
      { numRuns: 3000 },
    );
  });

  it('the key limits are the 2026 DICT rule on both sides', () => {
    expect([PORTAL_LIMITS.individual, PORTAL_LIMITS.company]).toEqual([
      BANK_LIMITS.PERSON,
      BANK_LIMITS.CORPORATE,
    ]);
  });

  it('a key the portal offers to delete is one the bank deletes, in every listed status', () => {
    // PENDING_DELETION and DELETED keys are in neither of the portal's lists (splitKeys).
    const listed: PixKeyStatus[] = [
      'ACTIVE',
      'INACTIVE',
      'CLEARING_REGISTRATION_PENDING',
      'IDENTITY_VALIDATION_PENDING',
    ];
    for (const type of TYPES)
      for (const status of listed) expect(canDeleteKey({ type, status })).toBe(isDeletable(type, status));
  });
});
