import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidEmail, validateEmail } from '../../machines/validators/email.ts';
import { RUNS, validEmail } from './reference.ts';

describe('e-mail', () => {
  it('accepts generated e-mails', () => {
    fc.assert(
      fc.property(validEmail, (e) => {
        expect(isValidEmail(e)).toBe(true);
      }),
      RUNS,
    );
  });

  it('rejects a space anywhere, a second @, a domain without a dot, an empty local part', () => {
    fc.assert(
      fc.property(validEmail, fc.nat(), fc.constantFrom(' ', '\t', '\u00a0'), (e, n, space) => {
        const i = n % (e.length + 1);
        expect(isValidEmail(e.slice(0, i) + space + e.slice(i))).toBe(false);
        const at = e.indexOf('@');
        expect(isValidEmail(`${e.slice(0, at)}@${e}`)).toBe(false);
        expect(isValidEmail(e.slice(at))).toBe(false);
        expect(isValidEmail(e.slice(0, e.lastIndexOf('.')).replace(/\./g, '') + 'x')).toBe(false);
      }),
      RUNS,
    );
    expect(isValidEmail('maria@exemplo')).toBe(false);
    expect(isValidEmail('maria@@exemplo.com')).toBe(false);
  });

  it('field rule (3-pix §5 E-mail): EMPTY, SHORT under 10 characters, INVALID', () => {
    expect(validateEmail('')).toBe('ERRORS.INPUTS.EMPTY');
    expect(validateEmail('a@b.co')).toBe('EMAILINPUT.ERRORS.SHORT');
    expect(validateEmail('maria@exemplo')).toBe('EMAILINPUT.ERRORS.INVALID');
    expect(validateEmail(' maria@exemplo.com.br ')).toBeUndefined();
  });
});
