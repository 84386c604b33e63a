/**
 * The refund value rule (machines/validators/pix-refund.ts; 4-pix-part-two.md §5 Refund): any value
 * from 1 centavo up to what is left is accepted, one centavo more is the limit message, zero,
 * negatives, blanks and letters are the 'refund value' message (what is left is the row rules'
 * refundableAmount, tested in tests/machines/pix-statement-rules.property.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFUND_VALUE_KEYS, validateRefundValue } from '../../machines/validators/pix-refund';

/** Centavos as a holder types them: '1.234,56' or '1234,56'. */
const typed = (cents: number, grouped: boolean): string => {
  const whole = Math.floor(cents / 100);
  const frac = String(cents % 100).padStart(2, '0');
  const w = grouped ? whole.toLocaleString('pt-BR') : String(whole);
  return `${w},${frac}`;
};

describe('validateRefundValue', () => {
  it('accepts every value from 1 centavo up to what is left, and refuses one centavo more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), fc.nat(), fc.boolean(), (left, n, grouped) => {
        const value = 1 + (n % left);
        expect(validateRefundValue(typed(value, grouped), left)).toBeUndefined();
        expect(validateRefundValue(typed(left, grouped), left)).toBeUndefined();
        expect(validateRefundValue(typed(left + 1, grouped), left)).toBe(REFUND_VALUE_KEYS.LIMIT);
      }),
    );
  });

  it("says 'refund value' for zero, negatives, blanks, letters and over 13 characters", () => {
    for (const v of ['', '   ', '0', '0,00', '-5,00', 'abc', '12,345', '1,2,3', '12345678901,00'])
      expect(validateRefundValue(v, 100_000_000_00), v).toBe(REFUND_VALUE_KEYS.VALUE);
  });

  it('refuses everything when nothing is left', () => {
    expect(validateRefundValue('0,01', 0)).toBe(REFUND_VALUE_KEYS.LIMIT);
  });
});
