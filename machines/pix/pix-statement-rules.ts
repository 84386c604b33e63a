/**
 * The row actions of the Pix statement (3-pix-part-one.md §5 "Statement row actions", §9 "Refund
 * window 90 days; fraud window 80 days with history code 8011"; 4-pix-part-two.md §5 Refund).
 *
 * The same rules as the bank's `refundable` / `reportable` (sandbox/routes/pix-statement.ts) and
 * the contract text of getPixStatement: windows count São Paulo calendar days from the day of the
 * entry's `creditDate` (that day is day 0), so an entry may be refunded while today ≤ day + 90 and
 * reported while today ≤ day + 80, whatever the browser's time zone. Amounts are compared in
 * whole cents, since reais as JavaScript numbers do not add exactly (0.1 + 0.2).
 *
 * Pure: the clock is a parameter, so the page passes its own `now` and a test fixes it.
 */
import { saoPauloDayNumber } from '../../clock/sao-paulo';
import type { components } from '../../openapi/portal';

/** A Pix entry of getPixStatement. */
export type PixStatementEntry = components['schemas']['PixStatementEntry'];

/** §9: São Paulo calendar days after the entry's day within which a Pix received may be refunded. */
export const REFUND_WINDOW_DAYS = 90;
/** §9: … and within which a Pix sent may be reported as an infraction. */
export const REPORT_WINDOW_DAYS = 80;
/** The history codes of the row actions (the contract's PixHistoryCode). */
export const PIX_RECEIVED = '8020';
export const PIX_SENT = '8011';

/**
 * Whole São Paulo calendar days from the entry's day (its `creditDate`, the booking) to `now`'s
 * day; NaN when the date cannot be read (then no window holds: the bank would refuse anyway).
 */
export function daysSinceEntry(entry: Pick<PixStatementEntry, 'creditDate'>, now: Date): number {
  const booked = new Date(entry.creditDate);
  if (Number.isNaN(booked.getTime()) || Number.isNaN(now.getTime())) return Number.NaN;
  return saoPauloDayNumber(now) - saoPauloDayNumber(booked);
}

/** Reais to whole cents (the contract's Money has at most two decimals). */
export const toCents = (reais: number): number => Math.round(reais * 100);

/**
 * What may still be refunded of an entry, in reais, exact to the cent: amount − amountRefund
 * (never below zero; a bank that refunded more than the amount leaves nothing to refund).
 */
export function refundableAmount(entry: Pick<PixStatementEntry, 'amount' | 'amountRefund'>): number {
  return Math.max(0, toCents(entry.amount) - toCents(entry.amountRefund)) / 100;
}

/**
 * §5: the refund icon — a Pix received (8020, a credit), not fully refunded (amountRefund below
 * amount), while today (São Paulo) is at most 90 days after its day. A refund received (8031) or
 * a rejected Pix's return (8032) is money coming back, not a payment to give back.
 */
export function canRefund(entry: PixStatementEntry, now: Date): boolean {
  return (
    entry.historyCode === PIX_RECEIVED &&
    entry.type === 'C' &&
    toCents(entry.amountRefund) < toCents(entry.amount) &&
    daysSinceEntry(entry, now) <= REFUND_WINDOW_DAYS
  );
}

/**
 * §5: the fraud icon — a Pix sent (8011, a debit) while today (São Paulo) is at most 80 days after
 * its day. A day "in the future" (a bank clock ahead of the browser's) counts as day 0's side of
 * the window: the bank decides on its own clock either way.
 */
export function canReport(entry: PixStatementEntry, now: Date): boolean {
  return (
    entry.historyCode === PIX_SENT && entry.type === 'D' && daysSinceEntry(entry, now) <= REPORT_WINDOW_DAYS
  );
}

type StatementEntry = components['schemas']['StatementEntry'];
type PixHistoryCode = components['schemas']['PixHistoryCode'];

const PIX_HISTORY_CODES: readonly string[] = ['8011', '8020', '8030', '8031', '8032'];
const isPixHistoryCode = (code: unknown): code is PixHistoryCode =>
  typeof code === 'string' && PIX_HISTORY_CODES.includes(code);

/**
 * A statement entry read as a Pix statement entry: the fields the contract says getPixStatement
 * always gives (transactionId, endToEndId, historyCode, amountRefund, isPix), checked rather than
 * assumed, so a row the bank sent without them offers no action (undefined).
 */
export function asPixStatementEntry(entry: StatementEntry): PixStatementEntry | undefined {
  const { transactionId, historyCode, amountRefund, isPix } = entry;
  const endToEndId = 'endToEndId' in entry ? entry.endToEndId : undefined;
  if (
    isPix !== true ||
    typeof transactionId !== 'string' ||
    typeof endToEndId !== 'string' ||
    typeof amountRefund !== 'number' ||
    !isPixHistoryCode(historyCode)
  )
    return undefined;
  return { ...entry, transactionId, endToEndId, historyCode, amountRefund, isPix: true };
}
