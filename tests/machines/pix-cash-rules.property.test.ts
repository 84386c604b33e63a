/**
 * The amount and expiration rules of the Withdraw Pix and Change Pix wizards (4-pix-part-two.md §5,
 * §9; issue 29 "Proof": property tests) and the request of §3, on machines/pix/pix-cash-rules.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildDynamicQrRequest,
  CASH_MESSAGES as M,
  changeCents,
  validateCashAmounts,
  validateExpiration,
} from '../../machines/pix/pix-cash-rules';
import { RUNS } from '../validators/reference';

/** Centavos as a person types them (`1234,56`). */
const typed = (cents: number) => `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

describe('expiration (§5, §9)', () => {
  it('every integer from 1 to 86400 is accepted', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 86_400 }), (s) => validateExpiration(String(s)) === undefined),
      {
        ...RUNS,
      },
    );
  });
  it('0 is the minimum message; above 86400 or over 5 digits the maximum message', () => {
    expect(validateExpiration('0')).toBe(M.EXPIRATION_MIN);
    expect(validateExpiration('00000')).toBe(M.EXPIRATION_MIN);
    fc.assert(
      fc.property(
        fc.integer({ min: 86_401, max: 99_999_999 }),
        (s) => validateExpiration(String(s)) === M.EXPIRATION_MAX,
      ),
      RUNS,
    );
    expect(validateExpiration('000001')).toBe(M.EXPIRATION_MAX);
  });
  it('anything but digits is refused', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^\s*\d+\s*$/.test(s)),
        (s) => validateExpiration(s) !== undefined,
      ),
      RUNS,
    );
  });
});

describe('withdraw amount (§5)', () => {
  it('any amount above 0 passes; 0 or empty is "O valor é obrigatório"', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (c) => {
        expect(validateCashAmounts('WITHDRAW', { total: typed(c) })).toEqual({});
      }),
      RUNS,
    );
    expect(validateCashAmounts('WITHDRAW', { total: '0,00' })).toEqual({ total: M.AMOUNT_REQUIRED });
    expect(validateCashAmounts('WITHDRAW', { total: '' })).toEqual({ total: M.AMOUNT_REQUIRED });
  });
  it('the optional expiration is checked only when given', () => {
    expect(validateCashAmounts('WITHDRAW', { total: '10,00', expiration: '86401' })).toEqual({
      expiration: M.EXPIRATION_MAX,
    });
  });
});

describe('change amounts (§5)', () => {
  it('a purchase above 0 and below the total passes, and the change is total − purchase', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 10_000_000 })
          .chain((t) => fc.tuple(fc.constant(t), fc.integer({ min: 1, max: t - 1 }))),
        ([t, p]) => {
          const a = { total: typed(t), purchase: typed(p), expiration: '120' };
          expect(validateCashAmounts('CHANGE', a)).toEqual({});
          expect(changeCents(a)).toBe(t - p);
        },
      ),
      RUNS,
    );
  });
  it('a purchase at or above the total, or not above 0, is refused with its message', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 20_000_000 }),
        (t, extra) => {
          expect(
            validateCashAmounts('CHANGE', { total: typed(t), purchase: typed(t + extra) }).purchase,
          ).toBe(M.PURCHASE);
          expect(validateCashAmounts('CHANGE', { total: typed(t), purchase: '0,00' }).purchase).toBe(
            M.PURCHASE,
          );
        },
      ),
      RUNS,
    );
  });
  it('a total of 0 is "Insira um valor maior que 0."', () => {
    expect(validateCashAmounts('CHANGE', { total: '0,00', purchase: '1,00' }).total).toBe(M.TOTAL_ABOVE_ZERO);
  });
});

describe('the request (§3)', () => {
  const base = {
    alias: { alias: 'loja@exemplo.com.br', aliasType: 'EMAIL' as const },
    accountId: 'acc-1',
    serviceProviderIspb: '99999999',
    externalIdentifier: 'ext-1',
  };
  it('withdraw: the cash is the total; no expiration unless asked', () => {
    const r = buildDynamicQrRequest({ ...base, kind: 'WITHDRAW', amounts: { total: '100,00' } });
    expect(r).toEqual({
      externalIdentifier: 'ext-1',
      totalAmount: 100,
      currency: 'BRL',
      paymentInfo: {
        transactionType: 'InstantPayment',
        instantPayment: {
          alias: base.alias,
          cashValue: {
            cashValueType: 'WITHDRAW',
            value: 100,
            allowValueChange: false,
            agentModality: 'AGTEC',
            serviceProviderIspb: '99999999',
          },
          qrCodeImageGenerationSpecification: {
            errorCorrectionLevel: 'M',
            imageWidth: 500,
            generateImageRendering: true,
          },
          dynamicQrCodeType: 'IMMEDIATE',
          modalityChange: 0,
        },
      },
      recipients: [{ account: { accountId: 'acc-1' }, amount: 100, currency: 'BRL' }],
    });
  });
  it('change: the cash is the change, 120 s when the expiration is empty', () => {
    const r = buildDynamicQrRequest({
      ...base,
      kind: 'CHANGE',
      amounts: { total: '80,00', purchase: '50,00', expiration: '' },
    });
    expect(r.totalAmount).toBe(80);
    expect(r.paymentInfo.instantPayment.cashValue).toMatchObject({ cashValueType: 'CHANGE', value: 30 });
    expect(r.paymentInfo.instantPayment.expiration).toBe(120);
  });
});
