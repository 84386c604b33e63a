import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  passwordChecklist,
  strictPasswordChecklist,
  validateNewPassword,
  validateStrictPassword,
} from '../../machines/validators/password.ts';

const from = (alphabet: string, min: number, max: number) =>
  fc.array(fc.constantFrom(...alphabet), { minLength: min, maxLength: max }).map((a) => a.join(''));
const LOWER = 'abcdefghijklmnopqrstuvwxyzç';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZÉ';
const DIGIT = '0123456789';
const SPECIAL = '!@#$%&*()-_=+[]{};:,.?/\\|~^';

/** Shuffles deterministically from a seed list. */
const shuffled = (s: string, keys: number[]): string =>
  [...s]
    .map((c, i) => ({ c, k: keys[i % keys.length] ?? 0 }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.c)
    .join('');

/** 1-access rule: ≥1 letter, ≥1 digit, ≥6 characters, no spaces. */
const compliant = fc
  .tuple(
    from(LOWER + UPPER, 1, 6),
    from(DIGIT, 1, 6),
    from(LOWER + UPPER + DIGIT + SPECIAL, 4, 10),
    fc.array(fc.nat(), { minLength: 1, maxLength: 20 }),
  )
  .map(([l, d, rest, keys]) => shuffled(l + d + rest, keys));

/** 4-pix rule: ≥8, upper, lower, digit, special. */
const strictCompliant = fc
  .tuple(
    from(UPPER, 1, 3),
    from(LOWER, 1, 3),
    from(DIGIT, 1, 3),
    from(SPECIAL, 1, 3),
    from(LOWER + UPPER + DIGIT + SPECIAL, 4, 10),
    fc.array(fc.nat(), { minLength: 1, maxLength: 20 }),
  )
  .map(([u, l, d, s, rest, keys]) => shuffled(u + l + d + s + rest, keys));

describe('password rules', () => {
  it('change-password: generated compliant passwords pass every item and the form', () => {
    fc.assert(
      fc.property(compliant, (pw) => {
        expect(passwordChecklist(pw)).toEqual({
          letter: true,
          number: true,
          minLength: true,
          noSpaces: true,
        });
        expect(validateNewPassword({ current: `${pw}x`, next: pw, confirm: pw })).toEqual({});
        expect(validateNewPassword({ next: pw, confirm: pw })).toEqual({});
      }),
    );
  });

  it('change-password: removing a required class, shortening or adding a space fails the checklist', () => {
    fc.assert(
      fc.property(compliant, fc.nat(), (pw, n) => {
        const noLetters = pw.replace(/\p{L}/gu, '1').padEnd(6, '1');
        const noDigits = pw.replace(/[0-9]/g, 'a').padEnd(6, 'a');
        const i = n % (pw.length + 1);
        expect(passwordChecklist(noLetters).letter).toBe(false);
        expect(passwordChecklist(noDigits).number).toBe(false);
        expect(passwordChecklist(pw.slice(0, 5)).minLength).toBe(false);
        expect(passwordChecklist(pw.slice(0, i) + ' ' + pw.slice(i)).noSpaces).toBe(false);
        for (const bad of [noLetters, noDigits, pw.slice(0, 5), `${pw} `]) {
          expect(validateNewPassword({ next: bad, confirm: bad }).next).toBe('CHANGEPASS.ERRORS.CHECKLIST');
        }
      }),
    );
  });

  it('change-password messages: required, same as current, mismatch', () => {
    expect(validateNewPassword({ current: '', next: '', confirm: '' })).toEqual({
      current: 'ERRORS.INPUTS.REQUIRED',
      next: 'ERRORS.INPUTS.REQUIRED',
      confirm: 'ERRORS.INPUTS.REQUIRED',
    });
    expect(validateNewPassword({ current: 'abc123', next: 'abc123', confirm: 'abc123' })).toEqual({
      next: 'CHANGEPASS.ERRORS.SAME_AS_CURRENT',
    });
    expect(validateNewPassword({ current: 'abc123', next: 'abc124', confirm: 'abc125' })).toEqual({
      confirm: 'CHANGEPASS.ERRORS.MISMATCH',
    });
  });

  it('strict rule: generated compliant passwords pass; removing any class fails', () => {
    fc.assert(
      fc.property(strictCompliant, (pw) => {
        expect(strictPasswordChecklist(pw)).toEqual({
          minLength: true,
          upper: true,
          lower: true,
          number: true,
          special: true,
        });
        expect(validateStrictPassword({ next: pw, confirm: pw })).toEqual({});
        const variants: Array<[string, keyof ReturnType<typeof strictPasswordChecklist>]> = [
          [pw.toLowerCase(), 'upper'],
          [pw.toUpperCase(), 'lower'],
          [pw.replace(/[0-9]/g, 'x'), 'number'],
          [pw.replace(/[^\p{L}\p{N}]/gu, 'x'), 'special'],
          [pw.slice(0, 7), 'minLength'],
        ];
        for (const [bad, item] of variants) {
          expect(strictPasswordChecklist(bad)[item]).toBe(false);
          expect(validateStrictPassword({ next: bad, confirm: bad }).next).toBe('PASSWORD.ERRORS.RULES');
        }
        expect(validateStrictPassword({ next: pw, confirm: `${pw}!` })).toEqual({
          confirm: 'PASSWORD.ERRORS.MISMATCH',
        });
      }),
    );
    expect(validateStrictPassword({ next: '', confirm: '' })).toEqual({
      next: 'PASSWORD.ERRORS.REQUIRED',
      confirm: 'PASSWORD.ERRORS.REQUIRED',
    });
    expect(validateStrictPassword({ next: 'Senha@123', confirm: 'Senha@123' })).toEqual({});
  });
});
