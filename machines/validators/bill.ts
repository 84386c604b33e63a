/**
 * Bill payment (2-money-movement.md §2 Bill payment, §5 Barcode and Bill amount, §9 Boleto
 * blocks): the blocks the code is typed in, what a paste becomes, and the amount rules of the
 * details dialog. The line itself is checked by boleto.ts (check digits, currency 9, the
 * due-date window).
 *
 * Blocks: a code whose first digit is 8 is a utility (arrecadação): 4 blocks of 12 digits (11
 * digits and their check digit). Any other is a bank slip: 5 blocks of 10, 11, 11, 1 and 14
 * digits, which the screen shows as the printed line does, with a dot after the fifth digit of
 * the first three (`00190.00009`): formatted lengths 11, 12, 12, 1 and 14, the spec's sizes.
 */
import { BOLETO_KEYS, normalizeBoleto, parseBoleto, validateBoleto } from './boleto.ts';

/** The two layouts of §5 Barcode. */
export type BillLayout = 'utility' | 'bank-slip';

/** Digits per block of each layout (the bank slip's first three without their dot). */
export const BLOCK_DIGITS: Readonly<Record<BillLayout, readonly number[]>> = {
  utility: [12, 12, 12, 12],
  'bank-slip': [10, 11, 11, 1, 14],
};

/** The whole line of each layout: 48 digits (utility) or 47 (bank slip). */
export const LINE_DIGITS: Readonly<Record<BillLayout, number>> = { utility: 48, 'bank-slip': 47 };

/** §2: a first digit '8' means a utility bill, otherwise a boleto (also while nothing is typed). */
export const layoutOf = (digits: string): BillLayout => (digits.startsWith('8') ? 'utility' : 'bank-slip');

/**
 * What a typed or pasted code becomes: its digits, with the spaces, dots and hyphens of a
 * printed line removed (boleto.ts `normalizeBoleto`) and anything else that is not a digit
 * dropped too (a non-breaking space or a tab from a PDF), so a paste never blocks the field.
 */
export const billDigits = (input: string): string => normalizeBoleto(input).replace(/\D/gu, '');

/** A block's shown form: the bank slip's first three blocks carry a dot after their fifth digit. */
export function formatBlock(layout: BillLayout, index: number, digits: string): string {
  if (layout === 'bank-slip' && index < 3 && digits.length > 5)
    return `${digits.slice(0, 5)}.${digits.slice(5)}`;
  return digits;
}

/** The longest a block's shown form can be (its input's maxLength): 11, 12, 12, 1, 14 or 12. */
export function blockMaxLength(layout: BillLayout, index: number): number {
  const digits = BLOCK_DIGITS[layout][index] ?? 0;
  return layout === 'bank-slip' && index < 3 ? digits + 1 : digits;
}

/**
 * Splits a code's digits across the blocks of its layout (the layout read from the first
 * digit), in order; digits beyond the line are dropped. Always one entry per block ('' when
 * empty). Digits only: `formatBlock` draws them.
 */
export function splitBillBlocks(input: string): { layout: BillLayout; blocks: string[] } {
  const digits = billDigits(input);
  const layout = layoutOf(digits);
  const blocks: string[] = [];
  let at = 0;
  for (const size of BLOCK_DIGITS[layout]) {
    blocks.push(digits.slice(at, at + size));
    at += size;
  }
  return { layout, blocks };
}

/** The digits of the blocks, in order: the line `parseBoleto` reads. */
export const joinBillBlocks = (blocks: readonly string[]): string => blocks.map(billDigits).join('');

/** Every block full: the line has its layout's length (only then is it checked). */
export const isLineComplete = (digits: string): boolean => digits.length === LINE_DIGITS[layoutOf(digits)];

/** The amounts of the details dialog, in centavos (§3 Bill details, §5 Bill amount). */
export interface BillAmounts {
  documentCents: number;
  discountCents: number;
  deductionsCents: number;
  fineCents: number;
  interestCents: number;
  minimumCents?: number;
  maximumCents?: number;
}

/** §5 Bill amount: total = document amount − (discount + deductions) + (fine + interest). */
export const billTotalCents = (a: BillAmounts): number =>
  a.documentCents - (a.discountCents + a.deductionsCents) + (a.fineCents + a.interestCents);

/** Message keys of the amount rules (payments.json). */
export const BILL_AMOUNT_KEYS = {
  NEGATIVE: 'PAYMENT.PAYMENT_BILL.ERROR_NEGATIVE',
  MINIMUM: 'PAYMENT.PAYMENT_BILL.ERROR_MINIMUM',
  MAXIMUM: 'PAYMENT.PAYMENT_BILL.ERROR_MAXIMUM',
} as const;

/**
 * Why Pay is disabled for these amounts (§5 Bill amount), or `undefined` when it may be paid:
 * - a negative total → ERROR_NEGATIVE. A total of zero is refused the same way: there is nothing
 *   to pay and the bank refuses a movement of R$ 0,00 (spec silent; a careful bank's choice);
 * - a total below the minimum → ERROR_MINIMUM;
 * - a total above the maximum → ERROR_MAXIMUM. The spec names no rule for the maximum; the bank
 *   refuses such a payment (BILL 64), so the screen says so before the security code is asked.
 */
export function billAmountError(a: BillAmounts): string | undefined {
  const total = billTotalCents(a);
  if (total <= 0) return BILL_AMOUNT_KEYS.NEGATIVE;
  if (a.minimumCents !== undefined && total < a.minimumCents) return BILL_AMOUNT_KEYS.MINIMUM;
  if (a.maximumCents !== undefined && total > a.maximumCents) return BILL_AMOUNT_KEYS.MAXIMUM;
  return undefined;
}

/**
 * §9: the due date sent with the payment is 7 days before today (the spec's rule, kept as
 * written; the bank reads the due date from its registry). `today` is `YYYY-MM-DD`.
 */
export function sentDueDate(today: string): string {
  const day = Date.parse(`${today}T00:00:00Z`);
  if (Number.isNaN(day)) throw new RangeError(`invalid date: ${today}`);
  return new Date(day - 7 * 86_400_000).toISOString().slice(0, 10);
}

/** Message keys of a code refused with the block at fault named (issue 32). */
export const BILL_CODE_KEYS = {
  BLOCK_DV: 'PAYMENT.PAYMENT_BILL.CODEINPUT.ERROR_BLOCK_DV',
  GENERAL_DV_SLIP: 'PAYMENT.PAYMENT_BILL.CODEINPUT.ERROR_GENERAL_DV_SLIP',
  GENERAL_DV_UTILITY: 'PAYMENT.PAYMENT_BILL.CODEINPUT.ERROR_GENERAL_DV_UTILITY',
  CURRENCY: 'PAYMENT.PAYMENT_BILL.CODEINPUT.ERROR_CURRENCY',
  UTILITY_START: 'PAYMENT.PAYMENT_BILL.CODEINPUT.ERROR_UTILITY_START',
  INCOMPLETE: 'PAYMENT.PAYMENT_BILL.CODEINPUT.ERROR_INCOMPLETE',
} as const;

/** Why a code is refused: the message key, its block number for the text, and the blocks at fault (0-based). */
export interface BillCodeProblem {
  key: string;
  /** The 1-based block the text names, when it names one. */
  n?: number;
  blocks: number[];
}

/**
 * What is wrong with the blocks and where (issue 32: a mistyped line turned every block red without
 * saying which). Check digits by boleto.ts, in its order (shared/domain/notes.md §b):
 * - a bank slip's fields 1 to 3 each end in their own mod-10 digit (blocks 1 to 3); the general
 *   digit (block 4) covers the whole barcode, so once the three fields pass, a mismatch is in
 *   block 4 or 5 (amount and due date); the currency (4th digit of block 1) must be 9;
 * - a utility's four blocks each end in their check digit; the general one is the 4th digit of
 *   block 1; the 2nd and 3rd digits (segment and value identifier) must be known ones;
 * - a line too short names the first block that is not full.
 * The due-date window keeps its own text and no block is at fault. `undefined`: a valid code.
 */
export function billCodeProblem(blocks: readonly string[], today: string): BillCodeProblem | undefined {
  const digits = joinBillBlocks(blocks);
  const layout = layoutOf(digits);
  const parsed = parseBoleto(digits, today);
  if (parsed.ok) {
    const key = validateBoleto(digits, today);
    return key === undefined ? undefined : { key, blocks: [] };
  }
  const block = (i: number): BillCodeProblem => ({ key: BILL_CODE_KEYS.BLOCK_DV, n: i + 1, blocks: [i] });
  switch (parsed.reason) {
    case 'field1_dv':
    case 'block1_dv':
      return block(0);
    case 'field2_dv':
    case 'block2_dv':
      return block(1);
    case 'field3_dv':
    case 'block3_dv':
      return block(2);
    case 'block4_dv':
      return block(3);
    case 'general_dv':
      return layout === 'utility'
        ? { key: BILL_CODE_KEYS.GENERAL_DV_UTILITY, blocks: [0] }
        : { key: BILL_CODE_KEYS.GENERAL_DV_SLIP, blocks: [3, 4] };
    case 'currency':
      return { key: BILL_CODE_KEYS.CURRENCY, blocks: [0] };
    case 'segment':
    case 'value_identifier':
      return { key: BILL_CODE_KEYS.UTILITY_START, blocks: [0] };
    case 'length': {
      const sizes = BLOCK_DIGITS[layout];
      const short = sizes.findIndex((size, i) => billDigits(blocks[i] ?? '').length < size);
      const i = short === -1 ? sizes.length - 1 : short;
      return { key: BILL_CODE_KEYS.INCOMPLETE, n: i + 1, blocks: [i] };
    }
    default:
      return { key: BOLETO_KEYS.INVALID, blocks: sizesOf(layout) };
  }
}

const sizesOf = (layout: BillLayout): number[] => BLOCK_DIGITS[layout].map((_, i) => i);
