import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  centsToDecimalString,
  decimalToCents,
  parseBrlToCents,
  validateAmount,
} from '../../machines/validators/money.ts';
import { formatAmountPlain, formatBRL, formatBRLFromCents } from '../../src/format/brl.ts';
import { RUNS } from './reference.ts';

const cents = fc.integer({ min: -100_000_000_000_00, max: 100_000_000_000_00 });

describe('money (centavos, no float drift)', () => {
  it('formatBRL round-trips through parseBrlToCents', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(parseBrlToCents(formatBRL(c / 100))).toBe(c);
        expect(parseBrlToCents(formatBRLFromCents(c))).toBe(c);
        expect(parseBrlToCents(formatAmountPlain(c / 100))).toBe(c);
      }),
      RUNS,
    );
  });

  it('decimal conversions are exact to the cent', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(decimalToCents(centsToDecimal(c))).toBe(c);
        expect(parseBrlToCents(centsToDecimalString(c))).toBe(c);
        expect(Number(centsToDecimalString(c))).toBe(centsToDecimal(c));
      }),
      RUNS,
    );
    expect(decimalToCents(0.1 + 0.2)).toBe(30);
    expect(decimalToCents(1.005)).toBe(101);
    expect(decimalToCents(-1.005)).toBe(-101);
    expect(centsToDecimalString(-5)).toBe('-0.05');
  });

  it('parses the pt-BR forms and rejects garbage', () => {
    expect(parseBrlToCents('1.234,56')).toBe(123456);
    expect(parseBrlToCents('R$ 1.234,56')).toBe(123456);
    expect(parseBrlToCents('R$\u00a01.234,56')).toBe(123456);
    expect(parseBrlToCents('1234,56')).toBe(123456);
    expect(parseBrlToCents('1234.56')).toBe(123456);
    expect(parseBrlToCents('1.234')).toBe(123400);
    expect(parseBrlToCents('12,5')).toBe(1250);
    expect(parseBrlToCents('0,07')).toBe(7);
    expect(parseBrlToCents('-R$ 0,50')).toBe(-50);
    expect(parseBrlToCents('R$ -0,50')).toBe(-50);
    for (const bad of [
      '',
      'abc',
      '1,2,3',
      '1.23.456',
      '12,345',
      ',5',
      'R$',
      '1e5',
      '99999999999999999999,00',
    ]) {
      expect(parseBrlToCents(bad)).toBeUndefined();
    }
  });

  it('amount field: empty or unparseable, then must be above zero', () => {
    expect(validateAmount('')).toBe('ERRORS.INPUTS.EMPTY');
    expect(validateAmount('abc')).toBe('ERRORS.INPUTS.EMPTY');
    expect(validateAmount('0,00')).toBe('ERRORS.INPUTS.MIN_VALUE');
    expect(validateAmount('-1,00')).toBe('ERRORS.INPUTS.MIN_VALUE');
    expect(validateAmount('0,01')).toBeUndefined();
  });
});
