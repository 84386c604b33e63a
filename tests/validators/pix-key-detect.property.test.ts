import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PIX_KEY_DETECT_KEYS, detectPixKey, readPixKeyAs } from '../../machines/validators/pix-key-detect.ts';
import { isValidPixKey } from '../../machines/validators/pix-key.ts';
import {
  DDDS,
  DIGITS,
  RUNS,
  refIsValidCnpj,
  refIsValidCpf,
  refMaskCnpj,
  refMaskCpf,
  singleSubstitutions,
  validAlnumCnpj,
  validCpf,
  validEmail,
  validEvp,
  validMobile,
  validNumericCnpj,
} from './reference.ts';

/** Spaces a paste may bring around the key. */
const padded = (s: string) =>
  fc.tuple(fc.constantFrom('', ' ', '  '), fc.constantFrom('', ' ', '\t')).map(([a, b]) => `${a}${s}${b}`);

/** The spellings of a mobile number (11 national digits) that are written as a phone. */
const phoneSpellings = (d: string): string[] => [
  `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`,
  `(${d.slice(0, 2)})${d.slice(2)}`,
  `+55${d}`,
  `+55 ${d.slice(0, 2)} ${d.slice(2, 7)}-${d.slice(7)}`,
  `+55 (${d.slice(0, 2)}) ${d.slice(2, 7)} ${d.slice(7)}`,
  `${d.slice(0, 2)} ${d.slice(2, 7)}-${d.slice(7)}`,
  `55${d}`,
];

describe('Pix key detection as typed (issue 32; 3-pix-part-one.md §2 Send by key, §5)', () => {
  it('a valid CPF, bare or masked, is a CPF in 11 digits; bare digits that are also a mobile offer the phone', () => {
    fc.assert(
      fc.property(validCpf, fc.boolean(), (cpf, masked) => {
        const r = detectPixKey(masked ? refMaskCpf(cpf) : cpf);
        expect(r.type).toBe('CPF');
        expect(r.key).toBe(cpf);
        expect(isValidPixKey(r.key ?? '', 'CPF')).toBe(true);
        const alsoPhone = !masked && DDDS.includes(Number(cpf.slice(0, 2))) && cpf[2] === '9';
        expect(r.alternative).toEqual(alsoPhone ? { type: 'PHONE', key: `+55${cpf}` } : null);
      }),
      RUNS,
    );
  });

  it('a valid CNPJ, numeric or alphanumeric, bare or masked, any letter case, is a CNPJ in 14 upper-case characters', () => {
    fc.assert(
      fc.property(
        fc.oneof(validNumericCnpj, validAlnumCnpj),
        fc.constantFrom('bare', 'mask', 'lower'),
        (cnpj, how) => {
          const typed =
            how === 'bare' ? cnpj : how === 'mask' ? refMaskCnpj(cnpj) : refMaskCnpj(cnpj).toLowerCase();
          const r = detectPixKey(typed);
          expect(r).toEqual({ type: 'CNPJ', key: cnpj, alternative: null });
          expect(isValidPixKey(cnpj, 'CNPJ')).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('a mobile number written as a phone (+55, (DD), spaces and dash, 55 prefix) is a phone, +55 and the digits', () => {
    fc.assert(
      fc.property(validMobile, (d) => {
        for (const typed of phoneSpellings(d)) {
          expect(detectPixKey(typed), typed).toEqual({ type: 'PHONE', key: `+55${d}`, alternative: null });
        }
        expect(isValidPixKey(`+55${d}`, 'PHONE')).toBe(true);
      }),
      RUNS,
    );
  });

  it('a bare mobile number is a phone, or, when its digits are also a valid CPF, a CPF the payer can switch to the phone', () => {
    fc.assert(
      fc.property(validMobile, (d) => {
        const r = detectPixKey(d);
        if (refIsValidCpf(d) && !/^(\d)\1{10}$/.test(d)) {
          expect(r).toEqual({ type: 'CPF', key: d, alternative: { type: 'PHONE', key: `+55${d}` } });
          expect(readPixKeyAs(d, 'PHONE')).toEqual({
            type: 'PHONE',
            key: `+55${d}`,
            alternative: { type: 'CPF', key: d },
          });
        } else {
          expect(r).toEqual({ type: 'PHONE', key: `+55${d}`, alternative: null });
        }
      }),
      RUNS,
    );
  });

  // The e-mail field's rule (§5 E-mail) wants at least 10 characters: shorter ones say so.
  it('an e-mail (of 10 characters or more) is an e-mail, trimmed and in lower case', () => {
    fc.assert(
      fc.property(validEmail.filter((e) => e.length >= 10).chain(padded), (typed) => {
        const r = detectPixKey(typed);
        expect(r).toEqual({ type: 'EMAIL', key: typed.trim().toLowerCase(), alternative: null });
        expect(isValidPixKey(r.key ?? '', 'EMAIL')).toBe(true);
      }),
      RUNS,
    );
  });

  it('a UUID, in any case and with spaces around, is a random key in lower case', () => {
    fc.assert(
      fc.property(validEvp, fc.boolean(), (evp, upper) => {
        const r = detectPixKey(` ${upper ? evp.toUpperCase() : evp} `);
        expect(r).toEqual({ type: 'EVP', key: evp, alternative: null });
        expect(isValidPixKey(evp, 'EVP')).toBe(true);
      }),
      RUNS,
    );
  });

  it('invalid check digits never make a CPF or a CNPJ, and the message says which document is wrong', () => {
    fc.assert(
      fc.property(validCpf, fc.oneof(validNumericCnpj, validAlnumCnpj), (cpf, cnpj) => {
        for (const { mutated } of singleSubstitutions(cpf, () => DIGITS)) {
          if (refIsValidCpf(mutated)) continue;
          const masked = detectPixKey(refMaskCpf(mutated));
          expect(masked).toEqual({ type: null, error: PIX_KEY_DETECT_KEYS.CPF_INVALID });
          expect(detectPixKey(mutated).type).not.toBe('CPF');
        }
        for (const { mutated } of singleSubstitutions(cnpj, (i) => (i >= 12 ? DIGITS : ''))) {
          if (refIsValidCnpj(mutated)) continue;
          expect(detectPixKey(refMaskCnpj(mutated))).toEqual({
            type: null,
            error: PIX_KEY_DETECT_KEYS.CNPJ_INVALID,
          });
          expect(detectPixKey(mutated).type).toBeNull();
        }
      }),
      { numRuns: 40 },
    );
  });

  it('whatever is typed, a detected key is a valid DICT key of its type (and so is its alternative)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 40 }), fc.stringMatching(/^[\d .()/+-]{0,20}$/)),
        (typed) => {
          const r = detectPixKey(typed);
          if (r.type === null) {
            expect(r.error.length).toBeGreaterThan(0);
            return;
          }
          expect(isValidPixKey(r.key, r.type)).toBe(true);
          if (r.alternative) expect(isValidPixKey(r.alternative.key, r.alternative.type)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('says what is wrong: empty, incomplete, neither CPF nor mobile, a phone that is not a mobile, an unknown shape', () => {
    expect(detectPixKey('  ')).toEqual({ type: null, error: 'ERRORS.INPUTS.EMPTY' });
    expect(detectPixKey('123.456')).toEqual({ type: null, error: PIX_KEY_DETECT_KEYS.INCOMPLETE });
    expect(detectPixKey('12345678900')).toEqual({
      type: null,
      error: PIX_KEY_DETECT_KEYS.CPF_OR_PHONE_INVALID,
    });
    expect(detectPixKey('(21) 3333-4444')).toEqual({ type: null, error: PIX_KEY_DETECT_KEYS.PHONE_INVALID });
    expect(detectPixKey('+1 415 555 0100')).toEqual({ type: null, error: PIX_KEY_DETECT_KEYS.PHONE_INVALID });
    expect(detectPixKey('maria silva')).toEqual({ type: null, error: PIX_KEY_DETECT_KEYS.UNKNOWN });
    expect(detectPixKey('maria@')).toEqual({ type: null, error: 'EMAILINPUT.ERRORS.SHORT' });
    expect(detectPixKey('123e4567-e89b-12d3')).toEqual({ type: null, error: 'PIX_KEYS.ERRORS.EVP_SHORT' });
  });

  it('a choice the characters do not allow is ignored', () => {
    expect(readPixKeyAs('maria@banco.com.br', 'PHONE')).toEqual(detectPixKey('maria@banco.com.br'));
    expect(readPixKeyAs('529.982.247-25', 'PHONE')).toEqual({
      type: 'CPF',
      key: '52998224725',
      alternative: null,
    });
  });
});
