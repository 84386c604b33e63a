/**
 * The refund value of a received Pix (4-pix-part-two.md §5 Refund; 3-pix-part-one.md §5 Statement
 * row actions; issue 17): a number above 0 (else the 'refund value' message) and at most what is
 * left to refund, `amount − amountRefund` (else the limit message). The dialog's form validates
 * on input with this rule and the machine's guard with the same one, so it is written once; the
 * bank checks the same sum (refundPixPayment, 422 PIXRECV 96). What is left is
 * machines/pix/pix-statement-rules.ts `refundableAmount` (the row action's rule).
 */
import { parseBrlToCents } from './money.ts';

/** Message keys of the refund value (texts in pix.json and message-keys.ts). */
export const REFUND_VALUE_KEYS = {
  /** §8 'refund value': not a number above 0. */
  VALUE: 'PIX.REFUND.ERRORS.VALUE',
  /** §5 limit message: above amount − amountRefund. */
  LIMIT: 'PIX.REFUND.ERRORS.LIMIT',
} as const;

/** 3-pix-part-one.md §9: an amount field holds at most 13 characters (as every Pix amount). */
export const REFUND_VALUE_MAX_LENGTH = 13;

/** The refund value typed, checked against what is left (`refundable`, centavos); a message key or undefined. */
export function validateRefundValue(input: string, refundable: number): string | undefined {
  if (input.length > REFUND_VALUE_MAX_LENGTH) return REFUND_VALUE_KEYS.VALUE;
  const cents = parseBrlToCents(input);
  if (cents === undefined || cents <= 0) return REFUND_VALUE_KEYS.VALUE;
  return cents > refundable ? REFUND_VALUE_KEYS.LIMIT : undefined;
}
