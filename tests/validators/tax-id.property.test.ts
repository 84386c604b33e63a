import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidTaxId, taxIdKind, validateTaxId } from '../../machines/validators/tax-id.ts';
import { maskTaxId } from '../../src/format/masks.ts';
import {
  DIGITS,
  RUNS,
  refMaskCnpj,
  refMaskCpf,
  validAlnumCnpj,
  validCpf,
  validNumericCnpj,
} from './reference.ts';

const digitsOf = (min: number, max: number) =>
  fc.array(fc.constantFrom(...DIGITS), { minLength: min, maxLength: max }).map((a) => a.join(''));

describe('tax id (CPF or CNPJ)', () => {
  it('tells the kind by length after normalisation, not by "all digits"', () => {
    fc.assert(
      fc.property(validCpf, validNumericCnpj, validAlnumCnpj, (cpf, cnpj, alnum) => {
        expect(taxIdKind(cpf)).toBe('CPF');
        expect(taxIdKind(refMaskCpf(cpf))).toBe('CPF');
        expect(taxIdKind(cnpj)).toBe('CNPJ');
        expect(taxIdKind(refMaskCnpj(alnum))).toBe('CNPJ');
        expect(taxIdKind(alnum.toLowerCase())).toBe('CNPJ');
        expect(taxIdKind(cpf.slice(1))).toBeUndefined();
        expect(taxIdKind(cnpj.slice(1))).toBeUndefined();
      }),
      RUNS,
    );
  });

  it('accepts valid CPFs and CNPJs (numeric and alphanumeric), masked or not', () => {
    fc.assert(
      fc.property(fc.oneof(validCpf, validNumericCnpj, validAlnumCnpj), fc.boolean(), (v, masked) => {
        const input = masked ? maskTaxId(v) : v;
        expect(validateTaxId(input)).toBeUndefined();
        expect(isValidTaxId(input)).toBe(true);
      }),
      RUNS,
    );
  });

  it('follows 2-money-movement.md §5 Document: EMPTY, SHORT under 11, INVALID for 12-13, CPF_INVALID, CNPJ_INVALID', () => {
    fc.assert(
      fc.property(digitsOf(1, 10), digitsOf(12, 13), digitsOf(15, 20), (short, twelve, long) => {
        expect(validateTaxId(short)).toBe('TAXIDINPUT.ERRORS.SHORT');
        expect(validateTaxId(twelve)).toBe('TAXIDINPUT.ERRORS.INVALID');
        expect(validateTaxId(long)).toBe('TAXIDINPUT.ERRORS.INVALID');
      }),
      RUNS,
    );
    expect(validateTaxId('')).toBe('ERRORS.INPUTS.EMPTY');
    expect(validateTaxId('  ')).toBe('ERRORS.INPUTS.EMPTY');
    expect(validateTaxId('529.982.247-26')).toBe('TAXIDINPUT.ERRORS.CPF_INVALID');
    expect(validateTaxId('111.111.111-11')).toBe('TAXIDINPUT.ERRORS.CPF_INVALID');
    expect(validateTaxId('12.ABC.345/01DE-99')).toBe('TAXIDINPUT.ERRORS.CNPJ_INVALID');
    expect(validateTaxId('00.000.000/0000-00')).toBe('TAXIDINPUT.ERRORS.CNPJ_INVALID');
    expect(validateTaxId('12.ABC.345/01DE-35')).toBeUndefined();
    expect(validateTaxId('529@982.247-25')).toBe('TAXIDINPUT.ERRORS.INVALID');
  });

  it('maskTaxId uses the CPF mask up to 11 digits and the CNPJ mask from 12 characters or any letter', () => {
    expect(maskTaxId('5299822')).toBe('529.982.2');
    expect(maskTaxId('52998224725')).toBe('529.982.247-25');
    expect(maskTaxId('112223330001')).toBe('11.222.333/0001');
    expect(maskTaxId('12abc')).toBe('12.ABC');
    fc.assert(
      fc.property(fc.string({ maxLength: 25 }), (s) => {
        const once = maskTaxId(s);
        expect(maskTaxId(once)).toBe(once);
      }),
      RUNS,
    );
  });
});
