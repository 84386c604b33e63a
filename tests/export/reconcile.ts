/**
 * The accountant's check on an OFX file: the opening balance of the period plus every TRNAMT
 * equals LEDGERBAL (issue #11). The opening balance is taken from the report rows the file was
 * written from, independently of the writer: the balance line the bank sends before any movement
 * of the period (SALDO ANTERIOR). Everything is in whole centavos, so no rounding hides a gap.
 */
import { expect } from 'vitest';
import type { StatementExport } from '../../src/export/types';

/** Centavos of a decimal string or number, exact for two decimals. */
export function cents(value: string | number): number {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new Error(`Not an amount: ${text}`);
  const abs = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] === '-' ? -abs : abs;
}

/** The balance before the period's first movement, from the rows the bank sent. */
export function openingCents(data: StatementExport): number {
  const first = data.rows[0];
  if (!first || first.transactionType !== 'SALDO') {
    throw new Error('The report does not start with its opening balance line (SALDO)');
  }
  return cents(first.amount);
}

/** What an OFX reader found in the file, whichever reader it was. */
export interface ReadOfx {
  amounts: readonly string[];
  ledgerBalance: string;
}

/** opening + Σ TRNAMT = LEDGERBAL, to the centavo. */
export function expectReconciles(data: StatementExport, file: ReadOfx): void {
  const sum = file.amounts.reduce((s, a) => s + cents(a), 0);
  expect(openingCents(data) + sum, 'opening balance + Σ TRNAMT = LEDGERBAL').toBe(cents(file.ledgerBalance));
}
