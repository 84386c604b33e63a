import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDecimal } from '../../machines/validators/money.ts';
import {
  COMPANY_AMOUNT_MAX_LENGTH,
  TED_AMOUNT_MAX_LENGTH,
  amountIntegerPart,
  isTedFormValid,
  tedFormErrors,
  type TedFormValues,
  personTypeOf,
  transactionSignature,
  validateCompanyAmount,
  validateCompanyCnpj,
  validateTedAmount,
} from '../../machines/validators/transfer.ts';
import { formatAmountPlain } from '../../src/format/brl.ts';
import { RUNS, refMaskCnpj, refMaskCpf, validAlnumCnpj, validCpf, validNumericCnpj } from './reference.ts';

const positiveCents = fc.integer({ min: 1, max: 99_999_999_99 });
const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });

describe('transfer currency inputs (2-money-movement.md §5 Currency input, §9)', () => {
  it('accepts every positive amount that fits the field, refuses zero', () => {
    fc.assert(
      fc.property(positiveCents, (c) => {
        const typed = formatAmountPlain(c / 100);
        if (typed.length <= TED_AMOUNT_MAX_LENGTH) expect(validateTedAmount(typed)).toBeUndefined();
        if (typed.length <= COMPANY_AMOUNT_MAX_LENGTH) expect(validateCompanyAmount(typed)).toBeUndefined();
      }),
      RUNS,
    );
    expect(validateTedAmount('0,00')).toBe('ERRORS.INPUTS.MIN_VALUE');
    expect(validateCompanyAmount('0')).toBe('ERRORS.INPUTS.MIN_VALUE');
    expect(validateTedAmount('')).toBe('ERRORS.INPUTS.EMPTY');
    expect(validateTedAmount('abc')).toBe('ERRORS.INPUTS.EMPTY');
  });

  it('refuses anything longer than 13 (TED) or 14 (company) characters', () => {
    fc.assert(
      fc.property(digits(1, 30), (typed) => {
        const ted = validateTedAmount(typed);
        const company = validateCompanyAmount(typed);
        if (typed.length > TED_AMOUNT_MAX_LENGTH) expect(ted).toBe('ERRORS.INPUTS.MAX_LENGTH');
        if (typed.length > COMPANY_AMOUNT_MAX_LENGTH) expect(company).toBe('ERRORS.INPUTS.MAX_LENGTH');
        if (typed.length === COMPANY_AMOUNT_MAX_LENGTH) expect(company).not.toBe('ERRORS.INPUTS.MAX_LENGTH');
      }),
      RUNS,
    );
    expect(validateTedAmount('1.000.000,00')).toBeUndefined(); // 12 characters
    expect(validateTedAmount('10.000.000,000')).toBeDefined();
    expect(validateTedAmount('10.000.000,00')).toBeUndefined(); // 13
    expect(validateTedAmount('100.000.000,00')).toBe('ERRORS.INPUTS.MAX_LENGTH'); // 14
    expect(validateCompanyAmount('100.000.000,00')).toBeUndefined();
  });
});

describe('company-transfer CNPJ (§5 Company transfer CNPJ)', () => {
  it('accepts every valid CNPJ, numeric or alphanumeric, bare or masked', () => {
    fc.assert(
      fc.property(fc.oneof(validNumericCnpj, validAlnumCnpj), (cnpj) => {
        expect(validateCompanyCnpj(cnpj)).toBeUndefined();
        expect(validateCompanyCnpj(refMaskCnpj(cnpj))).toBeUndefined();
      }),
      RUNS,
    );
  });

  it('empty, short (under 10) and invalid are told apart', () => {
    expect(validateCompanyCnpj('  ')).toBe('ERRORS.INPUTS.EMPTY');
    fc.assert(
      fc.property(digits(1, 9), (d) => {
        expect(validateCompanyCnpj(d)).toBe('TAXIDINPUT.ERRORS.SHORT');
      }),
      RUNS,
    );
    fc.assert(
      fc.property(digits(10, 13), (d) => {
        expect(validateCompanyCnpj(d)).toBe('TAXIDINPUT.ERRORS.CNPJ_INVALID');
      }),
      RUNS,
    );
    fc.assert(
      fc.property(validNumericCnpj, (cnpj) => {
        expect(validateCompanyCnpj(`${refMaskCnpj(cnpj)}0`)).toBe('TAXIDINPUT.ERRORS.CNPJ_INVALID');
      }),
      RUNS,
    );
  });
});

describe('personType (§7)', () => {
  it('CORPORATE for a CNPJ (more than 11 characters), PERSON for a CPF, mask or not', () => {
    fc.assert(
      fc.property(validCpf, fc.oneof(validNumericCnpj, validAlnumCnpj), (cpf, cnpj) => {
        expect(personTypeOf(cpf)).toBe('PERSON');
        expect(personTypeOf(refMaskCpf(cpf))).toBe('PERSON');
        expect(personTypeOf(cnpj)).toBe('CORPORATE');
        expect(personTypeOf(refMaskCnpj(cnpj))).toBe('CORPORATE');
      }),
      RUNS,
    );
  });
});

describe('S-Transaction signature (openapi/portal.yaml, components.parameters.STransaction)', () => {
  it('the integer part is the reais of the amount, never rounded up', () => {
    fc.assert(
      fc.property(positiveCents, (c) => {
        expect(amountIntegerPart(centsToDecimal(c))).toBe(String(Math.floor(c / 100)));
      }),
      RUNS,
    );
    expect(amountIntegerPart(1234.56)).toBe('1234');
    expect(amountIntegerPart(0.99)).toBe('0');
    expect(amountIntegerPart(0.1 + 2.9)).toBe('3');
  });

  const ted = (amount: number, taxId: string) =>
    transactionSignature({
      kind: 'withdraw',
      sourceAccountId: '1001',
      withdraw: {
        currency: 'BRL',
        externalIdentifier: 'ext-1',
        totalAmount: amount,
        withdrawInfo: {
          withdrawType: 'BankTransfer',
          bankTransfer: {
            accountDestination: '56789-0',
            accountTypeDestination: 'cc',
            bankDestination: '341',
            branchDestination: '0001',
            name: 'Maria Silva',
            taxIdentifier: { country: 'BRA', taxId },
            personType: 'PERSON',
          },
        },
      },
    });

  it('TED: amount|source|bank|branch|account|taxId, the taxId unmasked and upper-case', () => {
    expect(ted(1234.56, '12ABC34501DE35')).toBe('1234|1001|341|0001|56789-0|12ABC34501DE35');
    expect(ted(1234.56, '12.abc.345/01de-35')).toBe('1234|1001|341|0001|56789-0|12ABC34501DE35');
    fc.assert(
      fc.property(positiveCents, validCpf, (c, cpf) => {
        const parts = ted(centsToDecimal(c), refMaskCpf(cpf)).split('|');
        expect(parts).toEqual([String(Math.floor(c / 100)), '1001', '341', '0001', '56789-0', cpf]);
      }),
      RUNS,
    );
  });

  it('company transfer: amount|sender|recipient; any change of a signed part changes it', () => {
    const sign = (amount: number, from: string, to: string) =>
      transactionSignature({
        kind: 'payment',
        payment: {
          currency: 'BRL',
          externalIdentifier: 'ext-1',
          paymentInfo: { transactionType: 'InternalTransfer' },
          recipients: [{ account: { accountId: to }, amount, currency: 'BRL', mediatorFee: 0 }],
          sender: { account: { accountId: from } },
          totalAmount: amount,
        },
      });
    const id = fc.stringMatching(/^[0-9A-Za-z-]{1,12}$/);
    fc.assert(
      fc.property(positiveCents, id, id, id, (c, from, to, other) => {
        const s = sign(centsToDecimal(c), from, to);
        expect(s).toBe(`${Math.floor(c / 100)}|${from}|${to}`);
        if (other !== to) expect(sign(centsToDecimal(c), from, other)).not.toBe(s);
        expect(sign(centsToDecimal(c) + 1, from, to)).not.toBe(s);
      }),
      RUNS,
    );
  });

  it('bill: amount|source|barcode', () => {
    const barcode = '8'.repeat(48);
    expect(
      transactionSignature({
        kind: 'withdraw',
        sourceAccountId: '1001',
        withdraw: {
          currency: 'BRL',
          externalIdentifier: 'ext-1',
          totalAmount: 99.9,
          withdrawInfo: { withdrawType: 'Boleto', boleto: { barcode } },
        },
      }),
    ).toBe(`99|1001|${barcode}`);
  });
});

describe('TED form (§2: Transfer enabled only when every field is valid)', () => {
  const valid: TedFormValues = {
    name: 'João Pereira',
    document: '390.533.447-05',
    bankCode: '341',
    accountType: 'CC',
    branch: '0001',
    account: '56789',
    digit: '0',
    amount: '150,25',
  };

  it('a complete form has no error; breaking one field names that field only', () => {
    expect(tedFormErrors(valid)).toEqual({});
    expect(isTedFormValid(valid)).toBe(true);
    const broken: [keyof TedFormValues, string][] = [
      ['name', 'João'],
      ['document', '390.533.447-06'],
      ['bankCode', '999'],
      ['accountType', 'SALARIO'],
      ['branch', '12345'],
      ['account', '1'.repeat(18)],
      ['digit', '123'],
      ['amount', '0,00'],
    ];
    for (const [field, value] of broken) {
      expect(Object.keys(tedFormErrors({ ...valid, [field]: value }))).toEqual([field]);
      expect(isTedFormValid({ ...valid, [field]: value })).toBe(false);
    }
  });

  it('any valid CPF or CNPJ is accepted; a company name needs one word only with a CNPJ', () => {
    fc.assert(
      fc.property(validCpf, fc.oneof(validNumericCnpj, validAlnumCnpj), (cpf, cnpj) => {
        expect(isTedFormValid({ ...valid, document: refMaskCpf(cpf) })).toBe(true);
        expect(isTedFormValid({ ...valid, name: 'Acme', document: refMaskCnpj(cnpj) })).toBe(true);
        expect(isTedFormValid({ ...valid, name: 'Acme', document: cpf })).toBe(false);
      }),
      RUNS,
    );
  });
});
