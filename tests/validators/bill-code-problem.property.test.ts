import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BILL_CODE_KEYS, billCodeProblem, splitBillBlocks } from '../../machines/validators/bill.ts';
import { BILL_TODAY, BROKEN_LINE, SLIP_LINE } from '../../machines/payments/bill-sample-data.ts';
import { DIGITS, RUNS, refArrecadacao, refBankSlip } from './reference.ts';

/**
 * A refused bill code names the block at fault (issue 32: a mistyped line turned the five blocks
 * red without saying which), from the check digits of shared/domain/notes.md §b.
 */

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
/** Utilities whose check digits are mod 10, which catches every single mistyped digit. */
const mod10UtilityLine = fc
  .tuple(fc.constantFrom('1', '2', '3', '4', '5', '6', '7', '9'), fc.constantFrom('6', '7'), digits(40))
  .map(([segment, valueId, rest]) => refArrecadacao(segment, valueId as '6' | '7', rest).line);

/** The line with the digit at `at` replaced by another one. */
const mistype = (line: string, at: number, by: number) =>
  `${line.slice(0, at)}${(Number(line[at]) + by) % 10}${line.slice(at + 1)}`;

const blocksOf = (line: string) => splitBillBlocks(line).blocks;

describe('which block of a refused bill code is wrong', () => {
  it('a valid line has no problem', () => {
    expect(billCodeProblem(blocksOf(SLIP_LINE), BILL_TODAY)).toBeUndefined();
  });

  it("a bank slip's digit mistyped in field 1, 2 or 3 names that block, and marks it alone", () => {
    // Field k ends at digit 9, 20, 31 of the line; its check digit is its last.
    const fieldEnds = [10, 21, 32];
    fc.assert(
      fc.property(
        bankSlipLine,
        fc.integer({ min: 0, max: 31 }),
        fc.integer({ min: 1, max: 9 }),
        (line, at, by) => {
          const field = fieldEnds.findIndex((end) => at < end);
          expect(billCodeProblem(blocksOf(mistype(line, at, by)), BILL_TODAY)).toEqual({
            key: BILL_CODE_KEYS.BLOCK_DV,
            n: field + 1,
            blocks: [field],
          });
        },
      ),
      RUNS,
    );
  });

  it("a utility's digit mistyped in block 2, 3 or 4 names that block", () => {
    fc.assert(
      fc.property(
        mod10UtilityLine,
        fc.integer({ min: 12, max: 47 }),
        fc.integer({ min: 1, max: 9 }),
        (line, at, by) => {
          const block = Math.floor(at / 12);
          expect(billCodeProblem(blocksOf(mistype(line, at, by)), BILL_TODAY)).toEqual({
            key: BILL_CODE_KEYS.BLOCK_DV,
            n: block + 1,
            blocks: [block],
          });
        },
      ),
      RUNS,
    );
  });

  it('a wrong last digit of a bank slip (amount and due date) points to blocks 4 and 5', () => {
    expect(billCodeProblem(blocksOf(BROKEN_LINE), BILL_TODAY)).toEqual({
      key: BILL_CODE_KEYS.GENERAL_DV_SLIP,
      blocks: [3, 4],
    });
  });

  it('a currency other than 9 (real) points to block 1', () => {
    const line = refBankSlip('001', '8', '1000', '0000010000', '0'.repeat(25)).line;
    expect(billCodeProblem(blocksOf(line), BILL_TODAY)).toEqual({
      key: BILL_CODE_KEYS.CURRENCY,
      blocks: [0],
    });
  });

  it('a line cut short names the first block that is not full', () => {
    expect(billCodeProblem(blocksOf(SLIP_LINE.slice(0, 30)), BILL_TODAY)).toEqual({
      key: BILL_CODE_KEYS.INCOMPLETE,
      n: 3,
      blocks: [2],
    });
  });
});
