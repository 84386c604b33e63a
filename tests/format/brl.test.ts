import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmountPlain, formatBRL, formatBRLFromCents } from '../../src/format/brl.ts';

const NBSP = '\u00a0';

describe('BRL formatting (Intl pt-BR)', () => {
  it('keeps the no-break space Intl puts after R$', () => {
    expect(formatBRL(1234.56)).toBe(`R$${NBSP}1.234,56`);
    expect(formatBRL(0)).toBe(`R$${NBSP}0,00`);
    expect(formatBRL(-1)).toBe(`-R$${NBSP}1,00`);
    expect(formatBRL(1_000_000)).toBe(`R$${NBSP}1.000.000,00`);
    expect(formatBRLFromCents(123456)).toBe(`R$${NBSP}1.234,56`);
  });

  it('plain amounts: 1.234,56', () => {
    expect(formatAmountPlain(1234.56)).toBe('1.234,56');
    expect(formatAmountPlain(0.5)).toBe('0,50');
    expect(formatAmountPlain(-5)).toBe('-5,00');
  });

  it('never shows a negative zero; non-finite amounts give an empty string', () => {
    expect(formatBRL(-0)).toBe(`R$${NBSP}0,00`);
    expect(formatBRL(-0.001)).toBe(`R$${NBSP}0,00`);
    expect(formatAmountPlain(-0.004)).toBe('0,00');
    expect(formatBRL(Number.NaN)).toBe('');
    expect(formatAmountPlain(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('formatBRL and formatAmountPlain agree on the digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (c) => {
        const amount = c / 100;
        expect(formatBRL(amount).replace(`R$${NBSP}`, '')).toBe(formatAmountPlain(amount));
      }),
      { numRuns: 300 },
    );
  });
});
