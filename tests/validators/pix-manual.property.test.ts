import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PIX_ACCOUNT_TYPE_OF,
  PIX_MANUAL_ACCOUNT_TYPES,
  PIX_MANUAL_KEYS,
  isManualCompany,
  manualAccountErrors,
  manualAmountErrors,
  manualDocumentDigits,
  manualRecipientErrors,
  validateManualAccount,
  validateManualAccountType,
  validateManualAgency,
  validateManualAmount,
  validateManualDescription,
  validateManualDigit,
  validateManualDocument,
  validateManualInstitution,
  validateManualName,
} from '../../machines/validators/pix-manual.ts';
import {
  ALNUM_UPPER,
  DIGITS,
  RUNS,
  refIsValidCnpj,
  refIsValidCpf,
  refMaskCnpj,
  refMaskCpf,
  singleSubstitutions,
  validAlnumCnpj,
  validCpf,
  validNumericCnpj,
} from './reference.ts';

const digitsOf = (min: number, max: number) =>
  fc.array(fc.constantFrom(...DIGITS), { minLength: min, maxLength: max }).map((a) => a.join(''));
/** A string with at least one character that is not a digit (and not only blanks). */
const withNonDigit = fc
  .tuple(digitsOf(0, 3), fc.constantFrom('a', 'Z', '-', '.', ' ', 'é', '٣'), digitsOf(1, 3))
  .map(([a, c, b]) => `${a}${c}${b}`);

describe('manual name (3-pix-part-one.md §5 Manual: at least 7 characters)', () => {
  it('accepts 7 to 150 characters after trimming, any characters, and refuses fewer', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 160 }), fc.string({ maxLength: 3 }), (raw, pad) => {
        const trimmed = raw.trim();
        const n = [...trimmed].length;
        const expected =
          n === 0
            ? PIX_MANUAL_KEYS.EMPTY
            : n < 7
              ? PIX_MANUAL_KEYS.NAME_SHORT
              : n > 150
                ? PIX_MANUAL_KEYS.MAX_LENGTH
                : undefined;
        expect(validateManualName(raw)).toBe(expected);
        if (pad.trim() === '') expect(validateManualName(`${pad}${raw}${pad}`)).toBe(expected);
      }),
      RUNS,
    );
    expect(validateManualName('Ana Sá')).toBe(PIX_MANUAL_KEYS.NAME_SHORT);
    expect(validateManualName('Ana Sáa')).toBeUndefined();
    expect(validateManualName('  Ana Sá  ')).toBe(PIX_MANUAL_KEYS.NAME_SHORT);
    expect(validateManualName('Padaria 2 Irmãos Ltda')).toBeUndefined();
    expect(validateManualName('   ')).toBe(PIX_MANUAL_KEYS.EMPTY);
  });
});

describe('manual document (§5: 11 or 14, valid CPF or CNPJ; the alphanumeric CNPJ of 2026)', () => {
  it('accepts every valid CPF and CNPJ, bare or masked', () => {
    fc.assert(
      fc.property(validCpf, (cpf) => {
        expect(validateManualDocument(cpf)).toBeUndefined();
        expect(validateManualDocument(refMaskCpf(cpf))).toBeUndefined();
        expect(manualDocumentDigits(refMaskCpf(cpf))).toBe(cpf);
        expect(isManualCompany(cpf)).toBe(false);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(fc.oneof(validNumericCnpj, validAlnumCnpj), (cnpj) => {
        expect(validateManualDocument(cnpj)).toBeUndefined();
        expect(validateManualDocument(refMaskCnpj(cnpj).toLowerCase())).toBeUndefined();
        expect(manualDocumentDigits(refMaskCnpj(cnpj))).toBe(cnpj);
        expect(isManualCompany(cnpj)).toBe(true);
      }),
      RUNS,
    );
  });

  it('any single-character change of a valid CPF or CNPJ is refused unless the reference accepts it', () => {
    fc.assert(
      fc.property(validCpf, (cpf) => {
        for (const { mutated } of singleSubstitutions(cpf, () => DIGITS)) {
          expect(validateManualDocument(mutated) === undefined).toBe(refIsValidCpf(mutated));
        }
      }),
      { numRuns: 30 },
    );
    fc.assert(
      fc.property(fc.oneof(validNumericCnpj, validAlnumCnpj), (cnpj) => {
        for (const { mutated } of singleSubstitutions(cnpj, (i) => (i < 12 ? ALNUM_UPPER : DIGITS))) {
          expect(validateManualDocument(mutated) === undefined).toBe(refIsValidCnpj(mutated));
        }
      }),
      { numRuns: 10 },
    );
  });

  it('lengths other than 11 or 14 are never valid; over 14 is the maximum length', () => {
    fc.assert(
      fc.property(digitsOf(1, 30), (d) => {
        const result = validateManualDocument(d);
        if (d.length !== 11 && d.length !== 14) expect(result).toBeDefined();
        if (d.length > 14) expect(result).toBe(PIX_MANUAL_KEYS.MAX_LENGTH);
        if (d.length < 11) expect(result).toBe('TAXIDINPUT.ERRORS.SHORT');
      }),
      RUNS,
    );
    expect(validateManualDocument('')).toBe(PIX_MANUAL_KEYS.EMPTY);
    expect(validateManualDocument('529.982.247-2A')).toBeDefined();
  });
});

describe('agency, account and digit (§5: digits only; 2–4, 2–17, 1–2)', () => {
  const cases = [
    { rule: validateManualAgency, min: 2, max: 4, short: PIX_MANUAL_KEYS.AGENCY_SHORT },
    { rule: validateManualAccount, min: 2, max: 17, short: PIX_MANUAL_KEYS.ACCOUNT_SHORT },
    { rule: validateManualDigit, min: 1, max: 2, short: PIX_MANUAL_KEYS.EMPTY },
  ];
  it('accepts exactly the digit strings within the bounds', () => {
    for (const { rule, min, max, short } of cases) {
      fc.assert(
        fc.property(digitsOf(1, 25), (d) => {
          const expected = d.length > max ? PIX_MANUAL_KEYS.MAX_LENGTH : d.length < min ? short : undefined;
          expect(rule(d)).toBe(expected);
        }),
        RUNS,
      );
      expect(rule('')).toBe(PIX_MANUAL_KEYS.EMPTY);
      expect(rule('  ')).toBe(PIX_MANUAL_KEYS.EMPTY);
    }
  });

  it('refuses anything that is not only ASCII digits', () => {
    for (const { rule } of cases) {
      fc.assert(
        fc.property(withNonDigit, (v) => {
          expect(rule(v)).toBe(PIX_MANUAL_KEYS.ONLY_NUMBERS);
        }),
        RUNS,
      );
    }
  });
});

describe('institution and account type (§5: required)', () => {
  const psps = [{ id: '18236120' }, { id: '60701190' }];
  it('an ISPB of the list is valid; blank, malformed or unknown ones are not', () => {
    expect(validateManualInstitution('18236120', psps)).toBeUndefined();
    expect(validateManualInstitution('18236120')).toBeUndefined();
    expect(validateManualInstitution('', psps)).toBe(PIX_MANUAL_KEYS.EMPTY);
    expect(validateManualInstitution('00000000', psps)).toBe(PIX_MANUAL_KEYS.INSTITUTION);
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), (v) => {
        if (v.trim() !== '' && !/^[0-9]{8}$/.test(v))
          expect(validateManualInstitution(v)).toBe(PIX_MANUAL_KEYS.INSTITUTION);
      }),
      RUNS,
    );
  });

  it('the account type is one of CC, POUPANCA and SALARIO, each with its pacs.008 type', () => {
    for (const t of PIX_MANUAL_ACCOUNT_TYPES) expect(validateManualAccountType(t)).toBeUndefined();
    expect(Object.values(PIX_ACCOUNT_TYPE_OF)).toEqual(['CACC', 'SVGS', 'SLRY']);
    expect(validateManualAccountType('')).toBe(PIX_MANUAL_KEYS.EMPTY);
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 10 }), (v) => {
        if (!(PIX_MANUAL_ACCOUNT_TYPES as readonly string[]).includes(v))
          expect(validateManualAccountType(v)).toBe(PIX_MANUAL_KEYS.ACCOUNT_TYPE);
      }),
      RUNS,
    );
  });
});

describe('amount and description (§5: amount at most 13 characters, above 0; description at most 140)', () => {
  it('a positive amount of at most 13 characters is valid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999_999_999 }), (cents) => {
        const typed = `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
        expect(validateManualAmount(typed)).toBe(typed.length > 13 ? PIX_MANUAL_KEYS.MAX_LENGTH : undefined);
      }),
      RUNS,
    );
    expect(validateManualAmount('0,00')).toBe('ERRORS.INPUTS.MIN_VALUE');
    expect(validateManualAmount('')).toBe(PIX_MANUAL_KEYS.EMPTY);
    expect(validateManualAmount('1.000.000.000,00')).toBe(PIX_MANUAL_KEYS.MAX_LENGTH);
    expect(validateManualAmount('10.000.000,00')).toBeUndefined();
    expect(validateManualAmount('100.000.000,00')).toBe(PIX_MANUAL_KEYS.MAX_LENGTH);
  });

  it('a description is valid up to 140 characters, empty included', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (d) => {
        expect(validateManualDescription(d)).toBe(
          [...d].length > 140 ? PIX_MANUAL_KEYS.MAX_LENGTH : undefined,
        );
      }),
      RUNS,
    );
  });
});

describe('the steps’ error tables', () => {
  it('are empty exactly when every field of the step is valid', () => {
    expect(manualRecipientErrors({ name: 'Rafael Costa Lima', document: '390.533.447-05' })).toEqual({});
    expect(manualRecipientErrors({ name: 'Rafa', document: '' })).toEqual({
      name: PIX_MANUAL_KEYS.NAME_SHORT,
      document: PIX_MANUAL_KEYS.EMPTY,
    });
    expect(
      manualAccountErrors(
        { ispb: '18236120', accountType: 'CC', agency: '0001', account: '481516', digit: '2' },
        [{ id: '18236120' }],
      ),
    ).toEqual({});
    expect(
      manualAccountErrors({ ispb: '', accountType: 'X', agency: '1', account: '1', digit: '123' }),
    ).toEqual({
      ispb: PIX_MANUAL_KEYS.EMPTY,
      accountType: PIX_MANUAL_KEYS.ACCOUNT_TYPE,
      agency: PIX_MANUAL_KEYS.AGENCY_SHORT,
      account: PIX_MANUAL_KEYS.ACCOUNT_SHORT,
      digit: PIX_MANUAL_KEYS.MAX_LENGTH,
    });
    expect(manualAmountErrors({ amount: '10,00', description: '' })).toEqual({});
    expect(manualAmountErrors({ amount: '0', description: 'x'.repeat(141) })).toEqual({
      amount: 'ERRORS.INPUTS.MIN_VALUE',
      description: PIX_MANUAL_KEYS.MAX_LENGTH,
    });
  });
});
