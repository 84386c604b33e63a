import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BILL_AMOUNT_KEYS,
  BLOCK_DIGITS,
  billAmountError,
  billDigits,
  billTotalCents,
  blockMaxLength,
  formatBlock,
  isLineComplete,
  joinBillBlocks,
  layoutOf,
  sentDueDate,
  splitBillBlocks,
  type BillAmounts,
} from '../../machines/validators/bill.ts';
import { formatBoletoLine, parseBoleto, splitBoletoBlocks } from '../../machines/validators/boleto.ts';
import {
  BILL_TODAY,
  BROKEN_LINE,
  SLIP_BARCODE,
  SLIP_LINE,
  UTILITY_BARCODE,
  UTILITY_LINE,
} from '../../machines/payments/bill-sample-data.ts';
import { DIGITS, RUNS, refArrecadacao, refBankSlip } from './reference.ts';

const digits = (n: number) =>
  fc.array(fc.constantFrom(...DIGITS), { minLength: n, maxLength: n }).map((a) => a.join(''));
const bankSlipLine = fc
  .tuple(
    digits(3).filter((b) => !b.startsWith('8')),
    fc.integer({ min: 1000, max: 9999 }).map(String),
    digits(10),
    digits(25),
  )
  .map(([bank, factor, amount, free]) => refBankSlip(bank, '9', factor, amount, free).line);
const utilityLine = fc
  .tuple(
    fc.constantFrom('1', '2', '3', '4', '5', '6', '7', '9'),
    fc.constantFrom('6', '7', '8', '9') as fc.Arbitrary<'6' | '7' | '8' | '9'>,
    digits(40),
  )
  .map(([segment, valueId, rest]) => refArrecadacao(segment, valueId, rest).line);
const anyLine = fc.oneof(bankSlipLine, utilityLine);

/** What a printed or copied line may carry between its digits. */
const separator = fc.constantFrom('', ' ', '.', '-', '  ', ' . ', '\u00a0', '\t');

describe('bill blocks (2-money-movement.md §5 Barcode, §9)', () => {
  it('the layouts have the spec sizes: 4 × 12 digits; 11, 12, 12, 1, 14 characters as shown', () => {
    expect(BLOCK_DIGITS.utility).toEqual([12, 12, 12, 12]);
    expect([0, 1, 2, 3, 4].map((i) => blockMaxLength('bank-slip', i))).toEqual([11, 12, 12, 1, 14]);
    expect([0, 1, 2, 3].map((i) => blockMaxLength('utility', i))).toEqual([12, 12, 12, 12]);
  });

  it('a first digit 8 is a utility, anything else a bank slip', () => {
    fc.assert(
      fc.property(digits(1), digits(20), (first, rest) => {
        expect(layoutOf(first + rest)).toBe(first === '8' ? 'utility' : 'bank-slip');
      }),
      RUNS,
    );
  });

  it('split then join gives the line back, for both layouts; every block is full', () => {
    fc.assert(
      fc.property(anyLine, (line) => {
        const { layout, blocks } = splitBillBlocks(line);
        expect(layout).toBe(line.startsWith('8') ? 'utility' : 'bank-slip');
        expect(blocks.map((b) => b.length)).toEqual(BLOCK_DIGITS[layout]);
        expect(joinBillBlocks(blocks)).toBe(line);
        expect(isLineComplete(joinBillBlocks(blocks))).toBe(true);
        expect(parseBoleto(joinBillBlocks(blocks)).ok).toBe(true);
      }),
      RUNS,
    );
  });

  it('the shown blocks are the printed line of boleto.ts, and joining them gives the digits back', () => {
    fc.assert(
      fc.property(anyLine, (line) => {
        const { layout, blocks } = splitBillBlocks(line);
        const shown = blocks.map((b, i) => formatBlock(layout, i, b));
        shown.forEach((s, i) => expect(s.length).toBe(blockMaxLength(layout, i)));
        if (layout === 'bank-slip') expect(shown).toEqual(splitBoletoBlocks(line));
        expect(joinBillBlocks(shown)).toBe(line);
      }),
      RUNS,
    );
  });

  it('a paste with spaces, dots or hyphens anywhere splits as the bare digits do', () => {
    fc.assert(
      fc.property(anyLine, fc.array(separator, { minLength: 48, maxLength: 48 }), (line, seps) => {
        const pasted = [...line].map((d, i) => `${seps[i] ?? ''}${d}`).join('');
        expect(billDigits(pasted)).toBe(line);
        expect(splitBillBlocks(pasted)).toEqual(splitBillBlocks(line));
        expect(splitBillBlocks(formatBoletoLine(line))).toEqual(splitBillBlocks(line));
      }),
      RUNS,
    );
  });

  it('normalisation is idempotent and keeps only digits, in order', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => {
        const d = billDigits(s);
        expect(d).toMatch(/^\d*$/);
        expect(billDigits(d)).toBe(d);
        expect(d).toBe([...s].filter((c) => c >= '0' && c <= '9').join(''));
      }),
      RUNS,
    );
  });

  it('a partial code fills the blocks from the first; extra digits are dropped', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), digits(60), (n, all) => {
        const typed = all.slice(0, n);
        const { layout, blocks } = splitBillBlocks(typed);
        const joined = joinBillBlocks(blocks);
        const max = layout === 'utility' ? 48 : 47;
        expect(joined).toBe(typed.slice(0, max));
        // No gap: a block has digits only when every block before it is full.
        blocks.forEach((b, i) => {
          if (b.length > 0)
            blocks.slice(0, i).forEach((p, j) => expect(p.length).toBe(BLOCK_DIGITS[layout][j]));
        });
      }),
      RUNS,
    );
  });
});

const cents = fc.integer({ min: 0, max: 10_000_000 });
const amounts: fc.Arbitrary<BillAmounts> = fc.record(
  {
    documentCents: cents,
    discountCents: cents,
    deductionsCents: cents,
    fineCents: cents,
    interestCents: cents,
    minimumCents: cents,
    maximumCents: cents,
  },
  { requiredKeys: ['documentCents', 'discountCents', 'deductionsCents', 'fineCents', 'interestCents'] },
);

describe('bill amount (2-money-movement.md §5 Bill amount)', () => {
  it('total = document − (discount + deductions) + (fine + interest)', () => {
    fc.assert(
      fc.property(amounts, (a) => {
        const total = billTotalCents(a);
        expect(total + a.discountCents + a.deductionsCents - a.fineCents - a.interestCents).toBe(
          a.documentCents,
        );
        // Each charge adds to the total one for one; each reduction takes away one for one.
        expect(billTotalCents({ ...a, fineCents: a.fineCents + 1 })).toBe(total + 1);
        expect(billTotalCents({ ...a, interestCents: a.interestCents + 1 })).toBe(total + 1);
        expect(billTotalCents({ ...a, discountCents: a.discountCents + 1 })).toBe(total - 1);
        expect(billTotalCents({ ...a, deductionsCents: a.deductionsCents + 1 })).toBe(total - 1);
      }),
      RUNS,
    );
  });

  it('Pay is disabled exactly when the total is not above zero, below the minimum or above the maximum', () => {
    fc.assert(
      fc.property(amounts, (a) => {
        const total = billTotalCents(a);
        const error = billAmountError(a);
        if (total <= 0) expect(error).toBe(BILL_AMOUNT_KEYS.NEGATIVE);
        else if (a.minimumCents !== undefined && total < a.minimumCents)
          expect(error).toBe(BILL_AMOUNT_KEYS.MINIMUM);
        else if (a.maximumCents !== undefined && total > a.maximumCents)
          expect(error).toBe(BILL_AMOUNT_KEYS.MAXIMUM);
        else expect(error).toBeUndefined();
      }),
      RUNS,
    );
  });

  it('examples: an overdue bill adds fine and interest; a discount below zero is negative', () => {
    const base = {
      documentCents: 10_000,
      discountCents: 0,
      deductionsCents: 0,
      fineCents: 0,
      interestCents: 0,
    };
    expect(billTotalCents({ ...base, fineCents: 200, interestCents: 33 })).toBe(10_233);
    expect(billAmountError({ ...base, discountCents: 10_001 })).toBe(BILL_AMOUNT_KEYS.NEGATIVE);
    expect(billAmountError({ ...base, minimumCents: 10_001 })).toBe(BILL_AMOUNT_KEYS.MINIMUM);
    expect(billAmountError({ ...base, minimumCents: 10_000, maximumCents: 10_000 })).toBeUndefined();
  });

  it('the due date sent is 7 days before today (§9)', () => {
    expect(sentDueDate('2026-11-24')).toBe('2026-11-17');
    expect(sentDueDate('2026-03-03')).toBe('2026-02-24');
    expect(sentDueDate('2025-01-05')).toBe('2024-12-29');
  });
});

describe('the bill fixtures (machines/payments/bill-sample-data.ts)', () => {
  it('their codes are valid on the fixtures’ today and are the lines of their barcodes', () => {
    for (const [line, barcode] of [
      [SLIP_LINE, SLIP_BARCODE],
      [UTILITY_LINE, UTILITY_BARCODE],
    ] as const) {
      const r = parseBoleto(line, BILL_TODAY);
      expect(r.ok && r.value.barcode).toBe(barcode);
    }
    expect(parseBoleto(BROKEN_LINE, BILL_TODAY).ok).toBe(false);
  });
});
