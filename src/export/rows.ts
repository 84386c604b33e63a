/**
 * What a statement row means, decided once for the three writers.
 */
import type { ExportAccount, ExportedStatementRow } from './types';
import { parseTransactionDate } from './datetime';
import { formatAccountNumber } from '../format/account';

/** The transactionType of balance lines (1-access-shell-statement.md §2 Export dialog). */
export const BALANCE_TYPE = 'SALDO';

function normalisedType(type: string): string {
  return type.normalize('NFD').replace(/\p{M}/gu, '').trim().toUpperCase();
}

/** True for a balance line: it is shown as such and never becomes an OFX transaction. */
export function isBalanceRow(row: ExportedStatementRow): boolean {
  return normalisedType(row.transactionType) === BALANCE_TYPE;
}

const debitTypes = new Set(['D', 'DEBITO', 'DEBIT']);
const creditTypes = new Set(['C', 'CREDITO', 'CREDIT']);

/**
 * The amount signed from the holder's side, in reais. A row typed as a debit ('D', 'DEBITO') or
 * a credit ('C', 'CREDITO') gets that sign whatever the sign of its amount; any other type
 * (balances included) keeps the amount's own sign.
 *
 * @throws RangeError when the amount is not a finite number.
 */
export function signedAmount(row: ExportedStatementRow): number {
  const { amount } = row;
  if (typeof amount !== 'number' || !Number.isFinite(amount)) {
    throw new RangeError(`Amount is not a finite number: ${String(amount)}`);
  }
  const type = normalisedType(row.transactionType);
  if (debitTypes.has(type)) return -Math.abs(amount);
  if (creditTypes.has(type)) return Math.abs(amount);
  return amount === 0 ? 0 : amount;
}

/** The amount in whole centavos (half a centavo rounds away from zero, for debits too). */
export function toCents(reais: number): number {
  const cents = Math.sign(reais) * Math.round(Math.abs(reais) * 100);
  return cents === 0 ? 0 : cents;
}

/** Account number padded to 7 digits (1-access-shell-statement.md §9), as on the screen and receipts. */
export function paddedAccount(account: ExportAccount): string {
  return formatAccountNumber(account.account);
}

/** A row with its date read and its amount signed, as every writer needs it. */
export interface PreparedRow {
  row: ExportedStatementRow;
  date: Date;
  /** Signed reais. */
  amount: number;
  isBalance: boolean;
}

/** Reads every row once. Keeps the given order. */
export function prepareRows(rows: readonly ExportedStatementRow[]): PreparedRow[] {
  return rows.map((row) => ({
    row,
    date: parseTransactionDate(row.transactionDate),
    amount: signedAmount(row),
    isBalance: isBalanceRow(row),
  }));
}
