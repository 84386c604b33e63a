import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isValidBrazilianMobile,
  isValidLoginPhone,
  normalizePhone,
  toE164,
  validatePhone,
} from '../../machines/validators/phone.ts';
import { maskPhone } from '../../src/format/masks.ts';
import { DIGITS, RUNS, validMobile } from './reference.ts';

const digitsOf = (min: number, max: number) =>
  fc.array(fc.constantFrom(...DIGITS), { minLength: min, maxLength: max }).map((a) => a.join(''));
const refMask = (d: string): string => `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;

describe('phone', () => {
  it('accepts generated mobiles bare, masked and with +55', () => {
    fc.assert(
      fc.property(validMobile, (m) => {
        for (const v of [m, refMask(m), `+55 ${refMask(m)}`, `55${m}`, `+55${m}`]) {
          expect(isValidBrazilianMobile(v)).toBe(true);
          expect(validatePhone(v)).toBeUndefined();
          expect(isValidLoginPhone(v)).toBe(true);
          expect(normalizePhone(v)).toBe(m);
          expect(toE164(v)).toBe(`+55${m}`);
        }
      }),
      RUNS,
    );
  });

  it('login rule: up to 10 digits rejected; 11 digits only with 9 in third place', () => {
    fc.assert(
      fc.property(
        digitsOf(1, 10),
        digitsOf(2, 2),
        fc.constantFrom(...'012345678'),
        digitsOf(8, 8),
        (short, ddd, third, rest) => {
          expect(isValidLoginPhone(short)).toBe(false);
          expect(isValidLoginPhone(`${ddd}${third}${rest}`)).toBe(false);
          expect(isValidLoginPhone(`${ddd}9${rest}`)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('field rule (2-money §5 Phone): EMPTY, SHORT under 10 digits, PHONE_INPUT.error otherwise invalid', () => {
    fc.assert(
      fc.property(digitsOf(1, 9), validMobile, fc.constantFrom(...'012345678'), (short, m, notNine) => {
        expect(validatePhone(short)).toBe('PHONE_INPUT.SHORT');
        expect(validatePhone(m.slice(0, 2) + notNine + m.slice(3))).toBe('PHONE_INPUT.error');
        expect(validatePhone(m.slice(0, 10))).toBe('PHONE_INPUT.error');
        expect(validatePhone(`${m}1`)).toBe('PHONE_INPUT.error');
      }),
      RUNS,
    );
    expect(validatePhone('')).toBe('ERRORS.INPUTS.EMPTY');
    expect(validatePhone('(20) 98765-4321')).toBe('PHONE_INPUT.error');
    expect(validatePhone('(11) 9876a-4321')).toBe('PHONE_INPUT.error');
  });

  it('maskPhone: (DD) NNNNN-NNNN, at most 15 characters, idempotent, round-trips', () => {
    fc.assert(
      fc.property(validMobile, (m) => {
        expect(maskPhone(m)).toBe(refMask(m));
        expect(maskPhone(`+55${m}`)).toBe(refMask(m));
        expect(maskPhone(refMask(m)).length).toBe(15);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 20 }), digitsOf(0, 11)), (s) => {
        const once = maskPhone(s);
        expect(maskPhone(once)).toBe(once);
        expect(once.length).toBeLessThanOrEqual(15);
        if (normalizePhone(s).length <= 11) expect(normalizePhone(once)).toBe(normalizePhone(s));
      }),
      RUNS,
    );
  });
});
