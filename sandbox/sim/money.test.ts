import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountProblems, toCents } from '../routes/movement-common.ts';
import { amountProblem, MAX_AMOUNT_CENTS, wholeCents } from './money.ts';

/**
 * Issue 27: the one amount rule of every money movement. Any whole number of cents above zero is
 * accepted, exactly; anything else (under a cent, a fraction of a cent, zero, negative, not
 * finite) is refused with the field named.
 */

describe('wholeCents (the one amount rule)', () => {
  it('accepts every whole number of cents above zero, written as JSON writes it, to the exact cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_AMOUNT_CENTS }), (cents) => {
        const amount = JSON.parse(JSON.stringify(cents / 100)) as number;
        expect(wholeCents(amount)).toBe(cents);
        expect(amountProblem(amount)).toBeUndefined();
        expect(toCents(amount)).toBe(cents);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts amounts typed with two decimals (the text the portal and a bank client send)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 99 }), (reais, c) => {
        fc.pre(reais > 0 || c > 0);
        const amount = Number(`${reais}.${String(c).padStart(2, '0')}`);
        expect(wholeCents(amount)).toBe(reais * 100 + c);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses every number that is not a whole number of cents above zero', () => {
    fc.assert(
      fc.property(fc.double({ noDefaultInfinity: false, noNaN: false }), (amount) => {
        const cents = Math.round(amount * 100);
        const whole = Number.isFinite(amount) && cents >= 1 && cents / 100 === amount;
        fc.pre(!whole || cents > MAX_AMOUNT_CENTS);
        expect(wholeCents(amount)).toBeUndefined();
        expect(amountProblem(amount)).toBeDefined();
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    1e-9,
    0.001,
    0.004,
    0.005,
    0.009999,
    10.005,
    0.1 + 0.2,
    0,
    -0,
    -0.01,
    -5,
    NaN,
    Infinity,
    1e300,
    MAX_AMOUNT_CENTS / 100 + 0.01,
  ])('refuses %s, naming the field', (amount) => {
    expect(wholeCents(amount)).toBeUndefined();
    const problems = amountProblems('withdraw.totalAmount', amount);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^withdraw\.totalAmount: /);
  });

  it.each([
    [0.01, 1],
    [0.07, 7],
    [0.29, 29],
    [1.1, 110],
    [19.9, 1990],
    [1234.56, 123_456],
    [50_000.01, 5_000_001],
  ])('accepts %s as %i cents', (amount, cents) => {
    expect(wholeCents(amount)).toBe(cents);
    expect(amountProblems('totalAmount', amount)).toEqual([]);
  });

  it('refuses what is not a number at all', () => {
    for (const v of ['1.00', null, undefined, {}, true]) expect(wholeCents(v)).toBeUndefined();
  });
});
