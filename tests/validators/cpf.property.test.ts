import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidCpf, normalizeCpf } from '../../machines/validators/cpf.ts';
import { hideCpf, maskCpf } from '../../src/format/masks.ts';
import { DIGITS, RUNS, refIsValidCpf, refMaskCpf, singleSubstitutions, validCpf } from './reference.ts';

describe('CPF', () => {
  it('accepts every generated valid CPF, bare, masked and with surrounding spaces', () => {
    fc.assert(
      fc.property(validCpf, (cpf) => {
        expect(isValidCpf(cpf)).toBe(true);
        expect(isValidCpf(refMaskCpf(cpf))).toBe(true);
        expect(isValidCpf(` ${refMaskCpf(cpf)} `)).toBe(true);
        expect(normalizeCpf(refMaskCpf(cpf))).toBe(cpf);
      }),
      RUNS,
    );
  });

  it('rejects every single-digit change, except the blind spot of the mod-11 check digits', () => {
    // The algorithm maps remainders 0 and 1 to the same DV 0, so a change can keep both DVs:
    // only when DV1 is 0 and (the first digit changed or DV2 is 0 as well). Such a mutation is
    // itself a valid CPF, so the validator must accept it; everything else must be rejected.
    fc.assert(
      fc.property(validCpf, (cpf) => {
        for (const { i, mutated } of singleSubstitutions(cpf, () => DIGITS)) {
          const accepted = isValidCpf(mutated);
          expect(accepted).toBe(refIsValidCpf(mutated));
          if (accepted) {
            expect(i).toBeLessThan(9);
            expect(cpf[9]).toBe('0');
            expect(i === 0 || cpf[10] === '0').toBe(true);
          }
        }
      }),
      RUNS,
    );
  });

  it('accepts the blind-spot example, since it is a different valid CPF', () => {
    expect(isValidCpf('10000000108')).toBe(true);
    expect(isValidCpf('20000000108')).toBe(true);
  });

  it('rejects a letter or symbol in any position', () => {
    fc.assert(
      fc.property(
        validCpf,
        fc.integer({ min: 0, max: 10 }),
        fc.constantFrom('a', 'Z', '@', '_', '/'),
        (cpf, i, c) => {
          expect(isValidCpf(cpf.slice(0, i) + c + cpf.slice(i + 1))).toBe(false);
          expect(isValidCpf(cpf.slice(0, i) + c + cpf.slice(i))).toBe(false);
        },
      ),
      RUNS,
    );
  });

  it('rejects the eleven repeated-digit sequences and wrong lengths', () => {
    for (const d of DIGITS) {
      expect(isValidCpf(d.repeat(11))).toBe(false);
      expect(isValidCpf(refMaskCpf(d.repeat(11)))).toBe(false);
    }
    fc.assert(
      fc.property(validCpf, fc.constantFrom(...DIGITS), (cpf, extra) => {
        expect(isValidCpf(cpf + extra)).toBe(false);
        expect(isValidCpf(cpf.slice(1))).toBe(false);
      }),
      RUNS,
    );
    expect(isValidCpf('')).toBe(false);
  });

  it('masks idempotently, round-trips through normalize, and hides digits 1-3 and 10-11 on receipts', () => {
    fc.assert(
      fc.property(validCpf, (cpf) => {
        const masked = maskCpf(cpf);
        expect(masked).toBe(refMaskCpf(cpf));
        expect(maskCpf(masked)).toBe(masked);
        expect(normalizeCpf(masked)).toBe(normalizeCpf(cpf));
        expect(hideCpf(masked)).toBe(`***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`);
      }),
      RUNS,
    );
  });
});
