/**
 * The rules of receive by QR (machines/pix/pix-receive-rules.ts; 3-pix-part-one.md §2 Receive, §5
 * Receive, §8, §9): the charge kind the fields ask for, step 2's messages and the request each kind
 * sends, with generated values.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../demo/users';
import {
  amountCentsOf,
  chargeKindOf,
  chargeRequestOf,
  EMPTY_DETAILS,
  isValidReceiveDetails,
  PIX_RECEIVE_KEYS,
  receiveDetailsErrors,
  validateDueDate,
  validatePayerTaxId,
  validatePercent,
  validateReceiveAmount,
  type ReceiveDetails,
} from '../../machines/pix/pix-receive-rules';

const TODAY = '2026-11-24';
const brl = (cents: number): string =>
  new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
const day = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const dueOn = (dueDate: string, amount = '100,00'): ReceiveDetails => ({
  ...EMPTY_DETAILS,
  amount,
  information: true,
  dueDate,
  payerName: 'Padaria Pão Dourado',
  payerTaxId: DEMO_USERS.padaria.taxIdMasked,
});

describe('the charge kind (§2 Receive)', () => {
  it('a due date always makes a due-date charge, whatever the amount', () => {
    fc.assert(
      fc.property(day, fc.option(fc.integer({ min: 0, max: 10 ** 11 }), { nil: undefined }), (d, cents) => {
        expect(chargeKindOf({ dueDate: d, amountCents: cents })).toBe('dueDate');
      }),
    );
  });
  it('without one: empty or zero is static, any positive amount immediate', () => {
    fc.assert(
      fc.property(fc.option(fc.integer({ min: 0, max: 10 ** 11 }), { nil: undefined }), (cents) => {
        expect(chargeKindOf({ dueDate: '', amountCents: cents })).toBe(
          cents === undefined || cents === 0 ? 'static' : 'immediate',
        );
      }),
    );
  });
  it('the request follows the kind, the amount read exactly to the cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.boolean(), (cents, typed) => {
        const amount = typed ? brl(cents) : '';
        const r = chargeRequestOf(
          { ...EMPTY_DETAILS, amount, description: ' Pedido ' },
          'k@x.com',
          'acc',
          'ext',
        );
        if (!typed || cents === 0) {
          expect(r).toEqual({ kind: 'static', body: { chave: 'k@x.com' } });
        } else {
          expect(r).toEqual({
            kind: 'immediate',
            body: {
              valor: { valorOriginal: cents / 100 },
              chave: 'k@x.com',
              solicitacaoPagador: 'Pedido',
              externalIdentifier: 'ext',
            },
          });
        }
      }),
    );
  });
  it('a closed information section drops the due date: the typed date does not make a due-date charge', () => {
    const r = chargeRequestOf({ ...dueOn('2026-12-10'), information: false }, 'k', 'acc', 'ext');
    expect(r.kind).toBe('immediate');
  });
});

describe('the due-date fields (§5 Receive, §8)', () => {
  it('a due date before today (São Paulo) is refused, today or later accepted', () => {
    fc.assert(
      fc.property(day, (d) => {
        expect(validateDueDate(d, TODAY)).toBe(d < TODAY ? PIX_RECEIVE_KEYS.DUE_DATE_PAST : undefined);
      }),
    );
    expect(validateDueDate(TODAY, TODAY)).toBeUndefined();
    expect(validateDueDate('', TODAY)).toBe(PIX_RECEIVE_KEYS.DUE_DATE_REQUIRED);
    expect(validateDueDate('2026-02-30', TODAY)).toBe(PIX_RECEIVE_KEYS.DUE_DATE_INVALID);
  });
  it('each required field says its own message, and the amount becomes required', () => {
    const errors = receiveDetailsErrors({ ...EMPTY_DETAILS, information: true }, TODAY);
    expect(errors).toEqual({
      amount: PIX_RECEIVE_KEYS.VALUE_REQUIRED,
      dueDate: PIX_RECEIVE_KEYS.DUE_DATE_REQUIRED,
      payerName: PIX_RECEIVE_KEYS.NAME_REQUIRED,
      payerTaxId: PIX_RECEIVE_KEYS.TAX_ID_REQUIRED,
    });
    expect(receiveDetailsErrors(EMPTY_DETAILS, TODAY)).toEqual({});
    expect(validateReceiveAmount('0,00', true)).toBe('ERRORS.INPUTS.MIN_VALUE');
    expect(validateReceiveAmount('0,00', false)).toBeUndefined();
    expect(validateReceiveAmount('-1,00', false)).toBe(PIX_RECEIVE_KEYS.VALUE_INVALID);
  });
  it('the payer document: a CPF, a numeric CNPJ and the 2026 alphanumeric CNPJ; one changed digit refused', () => {
    for (const doc of [DEMO_USERS.maria.taxIdMasked, '11.222.333/0001-81', DEMO_USERS.padaria.taxIdMasked])
      expect(validatePayerTaxId(doc)).toBeUndefined();
    expect(validatePayerTaxId('12.ABC.345/01DE-36')).toBe('TAXIDINPUT.ERRORS.CNPJ_INVALID');
    expect(validatePayerTaxId('529.982.247-26')).toBe('TAXIDINPUT.ERRORS.CPF_INVALID');
  });
  it('fine and interest: optional percentages from 0 to 100 with two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), (h) => {
        const v = brl(h);
        expect(validatePercent(v)).toBe(h <= 10_000 ? undefined : PIX_RECEIVE_KEYS.PERCENT_INVALID);
      }),
    );
    expect(validatePercent('')).toBeUndefined();
    expect(validatePercent('abc')).toBe(PIX_RECEIVE_KEYS.PERCENT_INVALID);
  });
  it('the due-date request: payer by CPF or CNPJ, fine modality 2 and interest modality 1 in percent', () => {
    expect(isValidReceiveDetails({ ...dueOn('2026-12-10'), fine: '2,5', interest: '1' }, TODAY)).toBe(true);
    const r = chargeRequestOf({ ...dueOn('2026-12-10'), fine: '2,5', interest: '1' }, 'k', 'acc', 'ext');
    expect(r).toEqual({
      kind: 'dueDate',
      accountId: 'acc',
      body: {
        calendario: { dataDeVencimento: '2026-12-10' },
        devedor: { nome: 'Padaria Pão Dourado', cnpj: DEMO_USERS.padaria.taxId },
        valor: {
          original: 100,
          multa: { modalidade: 2, valorPerc: 2.5 },
          juros: { modalidade: 3, valorPerc: 1 },
        },
        chave: 'k',
        externalIdentifier: 'ext',
      },
    });
    const cpf = chargeRequestOf(
      { ...dueOn('2026-12-10'), payerTaxId: DEMO_USERS.maria.taxIdMasked },
      'k',
      'a',
      'e',
    );
    expect(cpf.kind === 'dueDate' && cpf.body.devedor).toEqual({
      nome: 'Padaria Pão Dourado',
      cpf: DEMO_USERS.maria.taxId,
    });
    expect(cpf.kind === 'dueDate' && cpf.body.valor).toEqual({ original: 100 });
  });
  it('amounts read as typed: empty is none, not an amount is null', () => {
    expect(amountCentsOf('')).toBeUndefined();
    expect(amountCentsOf('1.234,56')).toBe(123456);
    expect(amountCentsOf('12,345')).toBeNull();
  });
});
