import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBrlToCents } from '../../machines/validators/money.ts';
import { formatAmountPlain, maskAmountInput } from '../../src/format/brl.ts';

/** An amount field's text once left (issue 32: '1234,56' stayed as typed). */

const cents = fc.integer({ min: 0, max: 99_999_999_999 });
/** The ways a person types an amount: plain with a comma, with thousands dots, with R$, whole reais. */
const typed = cents.chain((c) => {
  const whole = Math.floor(c / 100);
  const fraction = String(c % 100).padStart(2, '0');
  return fc.constantFrom(
    `${whole},${fraction}`,
    formatAmountPlain(c / 100),
    `R$ ${whole},${fraction}`,
    ...(c % 100 === 0 ? [String(whole)] : []),
  );
});

describe('maskAmountInput', () => {
  it('writes any typed amount the pt-BR way, standing for the same cents, and is idempotent', () => {
    fc.assert(
      fc.property(typed, (text) => {
        const masked = maskAmountInput(text);
        expect(masked).toBe(formatAmountPlain((parseBrlToCents(text) ?? NaN) / 100));
        expect(parseBrlToCents(masked)).toBe(parseBrlToCents(text));
        expect(maskAmountInput(masked)).toBe(masked);
      }),
    );
  });

  it('examples', () => {
    expect(maskAmountInput('1234,56')).toBe('1.234,56');
    expect(maskAmountInput('50')).toBe('50,00');
    expect(maskAmountInput('R$ 7,5')).toBe('7,50');
    expect(maskAmountInput('0,07')).toBe('0,07');
  });

  it('leaves what is not an amount as typed, for the field rule to speak about it', () => {
    for (const text of ['', '  ', 'abc', '12,345', '-5,00', '1,2,3', '12.34.5'])
      expect(maskAmountInput(text)).toBe(text);
  });

  it('leaves the text as typed when the mask would not fit the field', () => {
    expect(maskAmountInput('1234567890', 13)).toBe('1234567890');
    expect(maskAmountInput('123456789', 14)).toBe('123.456.789,00');
  });
});
