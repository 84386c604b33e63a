import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEPOSIT_MAX_CENTS, validateDepositAmount } from '../../machines/validators/deposit.ts';
import { topupPhoneOf, validateTopupPhone } from '../../machines/validators/topup.ts';
import { maskPhone } from '../../src/format/masks.ts';
import { DDDS, RUNS, validMobile } from './reference.ts';

const refMask = (d: string): string => `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
/** pt-BR amount written independently of money.ts: thousands with dots, comma decimals. */
const refBrl = (cents: number): string => {
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, '.');
  return `${whole},${String(cents % 100).padStart(2, '0')}`;
};
const notDdd = fc
  .integer({ min: 10, max: 99 })
  .filter((n) => !DDDS.includes(n))
  .map(String);

describe('top-up phone (2-money-movement.md §5 Phone)', () => {
  it('a masked mobile of a real DDD gives the DDD, the area code with 0 and the 11 digits', () => {
    fc.assert(
      fc.property(validMobile, (m) => {
        const typed = refMask(m);
        expect(typed.length).toBe(15);
        expect(validateTopupPhone(typed)).toBeUndefined();
        expect(topupPhoneOf(typed)).toEqual({
          ddd: m.slice(0, 2),
          areaCode: `0${m.slice(0, 2)}`,
          phoneNumber: m,
        });
        expect(topupPhoneOf(maskPhone(m))).toEqual(topupPhoneOf(typed));
      }),
      RUNS,
    );
  });

  it('refuses a DDD outside the plan, a missing 9, a short number, and changing any digit of the DDD to one outside the plan', () => {
    fc.assert(
      fc.property(notDdd, validMobile, fc.constantFrom(...'012345678'), (ddd, m, notNine) => {
        expect(validateTopupPhone(refMask(`${ddd}${m.slice(2)}`))).toBe('PHONE_INPUT.error');
        expect(topupPhoneOf(refMask(`${ddd}${m.slice(2)}`))).toBeUndefined();
        expect(validateTopupPhone(refMask(`${m.slice(0, 2)}${notNine}${m.slice(3)}`))).toBe(
          'PHONE_INPUT.error',
        );
        expect(validateTopupPhone(m.slice(0, 9))).toBe('PHONE_INPUT.SHORT');
        expect(topupPhoneOf(m.slice(0, 9))).toBeUndefined();
      }),
      RUNS,
    );
    expect(validateTopupPhone('')).toBe('ERRORS.INPUTS.EMPTY');
    expect(validateTopupPhone('   ')).toBe('ERRORS.INPUTS.EMPTY');
  });

  it('more than 15 characters as typed is refused even when the digits are a valid mobile', () => {
    fc.assert(
      fc.property(validMobile, (m) => {
        expect(validateTopupPhone(`+55 ${refMask(m)}`)).toBe('PHONE_INPUT.error');
        expect(validateTopupPhone(`55${m}`)).toBeUndefined();
      }),
      RUNS,
    );
  });

  it('any character but a digit or the mask refuses the phone', () => {
    fc.assert(
      fc.property(
        validMobile,
        fc.integer({ min: 0, max: 14 }),
        fc.constantFrom(...'abcxyz#*/'),
        (m, at, bad) => {
          const typed = refMask(m);
          const changed = typed.slice(0, at) + bad + typed.slice(at + 1);
          expect(validateTopupPhone(changed)).toBeDefined();
        },
      ),
      RUNS,
    );
  });
});

describe('deposit amount (2-money-movement.md §5 Deposit amount)', () => {
  it('accepts every amount from R$ 0,01 to R$ 50.000,00, written the pt-BR way', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: DEPOSIT_MAX_CENTS }), (cents) => {
        expect(validateDepositAmount(refBrl(cents))).toBeUndefined();
        expect(validateDepositAmount(`R$ ${refBrl(cents)}`)).toBeUndefined();
      }),
      RUNS,
    );
  });

  it('zero or negative is MIN_VALUE; above the limit is MAX_AMOUNT; blank or unreadable is EMPTY', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (z, over) => {
          expect(validateDepositAmount(`-${refBrl(z)}`)).toBe('ERRORS.INPUTS.MIN_VALUE');
          expect(validateDepositAmount(refBrl(DEPOSIT_MAX_CENTS + over))).toBe('DEPOSIT.ERRORS.MAX_AMOUNT');
        },
      ),
      RUNS,
    );
    expect(validateDepositAmount('0,00')).toBe('ERRORS.INPUTS.MIN_VALUE');
    expect(validateDepositAmount('')).toBe('ERRORS.INPUTS.EMPTY');
    expect(validateDepositAmount('dez reais')).toBe('ERRORS.INPUTS.EMPTY');
    expect(validateDepositAmount('1,234')).toBe('ERRORS.INPUTS.EMPTY');
  });
});
