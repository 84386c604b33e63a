import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidCnpj, normalizeCnpj, validateCompanyCnpj } from '../../machines/validators/cnpj.ts';
import { maskCnpj } from '../../src/format/masks.ts';
import {
  ALNUM_UPPER,
  DIGITS,
  RUNS,
  cnpjCharValue,
  refCnpjDigits,
  refIsValidCnpj,
  refMaskCnpj,
  singleSubstitutions,
  validAlnumCnpj,
  validNumericCnpj,
} from './reference.ts';

const anyCnpj = fc.oneof(validNumericCnpj, validAlnumCnpj);
/** Base positions take `[0-9A-Z]`; the DV positions take digits, but letters are tried there too. */
const allowedAt = (): string => ALNUM_UPPER;

/**
 * The blind spot of the ASCII−48 mod-11 scheme, derived in the test: a substitution keeps both
 * DVs only when the value difference is a multiple of 11 (e.g. '6'↔'A', '7'↔'B', 'A'↔'L'), or
 * when both original DVs are 0 (remainders 0 and 1 give the same DV).
 */
function inBlindSpot(cnpj: string, i: number, from: string, to: string): boolean {
  if (i >= 12) return false;
  const delta = cnpjCharValue(to) - cnpjCharValue(from);
  return delta % 11 === 0 || cnpj.endsWith('00');
}

describe('CNPJ (numeric and alphanumeric)', () => {
  it('accepts every generated valid CNPJ, bare, masked, lower-case', () => {
    fc.assert(
      fc.property(anyCnpj, (cnpj) => {
        expect(isValidCnpj(cnpj)).toBe(true);
        expect(isValidCnpj(refMaskCnpj(cnpj))).toBe(true);
        expect(isValidCnpj(refMaskCnpj(cnpj).toLowerCase())).toBe(true);
        expect(normalizeCnpj(refMaskCnpj(cnpj).toLowerCase())).toBe(cnpj);
      }),
      RUNS,
    );
  });

  it('rejects every single-character change (each position, each other allowed character), except the proven blind spot', () => {
    let blind = 0;
    let total = 0;
    fc.assert(
      fc.property(anyCnpj, (cnpj) => {
        for (const { i, from, to, mutated } of singleSubstitutions(cnpj, allowedAt)) {
          total++;
          const accepted = isValidCnpj(mutated);
          expect(accepted).toBe(refIsValidCnpj(mutated));
          if (accepted) {
            blind++;
            expect(inBlindSpot(cnpj, i, from, to)).toBe(true);
          }
        }
      }),
      { numRuns: 120 },
    );
    // The blind spot is a small fraction of all changes (about 3 in 36 for a letter position).
    expect(blind / total).toBeLessThan(0.12);
  });

  it('documents the blind spot with the official example: 6↔A keeps both check digits', () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('126BC34501DE35')).toBe(true);
    expect(refCnpjDigits('126BC34501DE')).toBe('35');
  });

  it('numeric CNPJs keep their check digits under the alphanumeric rule', () => {
    fc.assert(
      fc.property(validNumericCnpj, (cnpj) => {
        expect(/^\d{14}$/.test(cnpj)).toBe(true);
        expect(isValidCnpj(cnpj)).toBe(true);
      }),
      RUNS,
    );
  });

  it('rejects repeated characters: all-zero, 14 equal digits, and a base of one repeated character', () => {
    for (const d of DIGITS) expect(isValidCnpj(d.repeat(14))).toBe(false);
    for (const c of ALNUM_UPPER) {
      const base = c.repeat(12);
      expect(isValidCnpj(base + refCnpjDigits(base))).toBe(false);
    }
  });

  it('rejects letters in the check digits, wrong lengths and foreign characters', () => {
    fc.assert(
      fc.property(
        anyCnpj,
        fc.constantFrom('A', 'Z'),
        fc.constantFrom('@', '_', 'Ç', '#'),
        (cnpj, letter, symbol) => {
          expect(isValidCnpj(cnpj.slice(0, 13) + letter)).toBe(false);
          expect(isValidCnpj(cnpj.slice(0, 12) + letter + cnpj[13])).toBe(false);
          expect(isValidCnpj(cnpj.slice(1))).toBe(false);
          expect(isValidCnpj(`${cnpj}0`)).toBe(false);
          expect(isValidCnpj(symbol + cnpj.slice(1))).toBe(false);
        },
      ),
      RUNS,
    );
  });

  it('masks idempotently (alphanumeric-aware) and round-trips through normalize', () => {
    fc.assert(
      fc.property(anyCnpj, fc.boolean(), (cnpj, lower) => {
        const input = lower ? cnpj.toLowerCase() : cnpj;
        const masked = maskCnpj(input);
        expect(masked).toBe(refMaskCnpj(cnpj));
        expect(maskCnpj(masked)).toBe(masked);
        expect(normalizeCnpj(masked)).toBe(normalizeCnpj(input));
      }),
      RUNS,
    );
  });

  it('company-transfer CNPJ field: empty, short under 10 characters, invalid, or over 18 typed characters', () => {
    fc.assert(
      fc.property(anyCnpj, (cnpj) => {
        expect(validateCompanyCnpj(refMaskCnpj(cnpj))).toBeUndefined();
        expect(validateCompanyCnpj(cnpj.slice(0, 9))).toBe('TAXIDINPUT.ERRORS.SHORT');
        expect(validateCompanyCnpj(cnpj.slice(0, 12))).toBe('TAXIDINPUT.ERRORS.CNPJ_INVALID');
        expect(validateCompanyCnpj(`${refMaskCnpj(cnpj)}.`)).toBe('TAXIDINPUT.ERRORS.CNPJ_INVALID');
      }),
      RUNS,
    );
    expect(validateCompanyCnpj('   ')).toBe('ERRORS.INPUTS.EMPTY');
  });
});
