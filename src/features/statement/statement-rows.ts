/**
 * The statement list as the screen draws it (1-access-shell-statement.md §2 Statement screen):
 * entries filtered by the search, grouped by credit date (newest day first, newest entry first
 * within a day), then flattened into one list of date header rows and entry rows so a single
 * windowed table can show thousands of them. Pure functions: no React, no formatting.
 */
import type { components } from '../../../openapi/portal';
import { foldForSearch, matchesStatementSearch } from '../../../machines/validators/statement-search';
import { toIsoDate } from '../../format/dates';
import { saoPauloDate } from '../../../clock/sao-paulo';

export type StatementEntry = components['schemas']['StatementEntry'];

/** One day of the statement. */
export interface StatementGroup {
  /** The credit date's calendar day, YYYY-MM-DD (São Paulo). */
  day: string;
  entries: StatementEntry[];
}

/** A row of the flattened list: a date header, or an entry. */
export type StatementRow =
  | { kind: 'date'; key: string; day: string; count: number }
  | { kind: 'entry'; key: string; entry: StatementEntry; day: string };

/** The amount as the holder sees it: debits negative, credits positive. */
export function signedAmount(entry: Pick<StatementEntry, 'type' | 'amount'>): number {
  const abs = Math.abs(entry.amount);
  return entry.type === 'D' ? -abs : abs;
}

/** §2: a refund credit carries the tag 'ESTORNO'. */
export function isRefundCredit(entry: Pick<StatementEntry, 'type' | 'isPaymentRefundCredit'>): boolean {
  return entry.isPaymentRefundCredit === true && entry.type === 'C';
}

/**
 * A debit whose whole amount came back (issue 32: a rejected Pix was listed as 'Pix enviado' as if
 * it had gone): the bank gives on a debit what came back in `amountRefund` (openapi
 * StatementEntry), so a debit returned in full carries the tag 'DEVOLVIDO' beside its credit.
 */
export function isReturnedDebit(entry: Pick<StatementEntry, 'type' | 'amount' | 'amountRefund'>): boolean {
  const amount = Math.abs(entry.amount);
  return entry.type === 'D' && amount > 0 && (entry.amountRefund ?? 0) >= amount;
}

/** §2: the receipt icon appears when a transaction id exists and the row is not a refund debit. */
export function hasReceipt(entry: Pick<StatementEntry, 'transactionId' | 'isPaymentRefundDebit'>): boolean {
  return (
    typeof entry.transactionId === 'string' &&
    entry.transactionId.trim() !== '' &&
    entry.isPaymentRefundDebit !== true
  );
}

/**
 * The São Paulo calendar day of an API date or date-time, as `toIsoDate` (src/format/dates.ts)
 * gives it, without date-fns: grouping 5,000 entries must stay far below a frame budget
 * (clock/sao-paulo.ts caches the zone's offset per hour).
 */
function localDay(value: string | undefined): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return toIsoDate(value);
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : saoPauloDate(d);
}

/** The calendar day (YYYY-MM-DD) an entry is grouped under: its credit date, or its entry date. */
export function creditDay(entry: Pick<StatementEntry, 'creditDate' | 'entryDate'>): string {
  return localDay(entry.creditDate) || localDay(entry.entryDate);
}

const instant = (entry: Pick<StatementEntry, 'creditDate' | 'entryDate'>): number => {
  const t = Date.parse(entry.creditDate);
  if (!Number.isNaN(t)) return t;
  const e = Date.parse(entry.entryDate);
  return Number.isNaN(e) ? 0 : e;
};

/** An entry and the day it is grouped under. */
export interface DatedEntry {
  entry: StatementEntry;
  day: string;
}

/**
 * Sorts by credit day, newest day first; within a day newest first, entries with the same instant
 * keeping the bank's order. Entries without a readable date go last, under the day ''. Done once
 * per load: searching filters this order and never sorts again.
 */
export function sortNewestFirst(entries: readonly StatementEntry[]): DatedEntry[] {
  const keyed = entries.map((entry, index) => ({ entry, index, day: creditDay(entry), at: instant(entry) }));
  keyed.sort((a, b) => {
    if (a.day !== b.day) return a.day === '' ? 1 : b.day === '' ? -1 : a.day < b.day ? 1 : -1;
    return b.at - a.at || a.index - b.index;
  });
  return keyed.map(({ entry, day }) => ({ entry, day }));
}

/** Consecutive entries of the same day as one group (the input already sorted). */
export function groupSorted(sorted: readonly DatedEntry[]): StatementGroup[] {
  const groups: StatementGroup[] = [];
  for (const k of sorted) {
    const last = groups[groups.length - 1];
    if (last && last.day === k.day) last.entries.push(k.entry);
    else groups.push({ day: k.day, entries: [k.entry] });
  }
  return groups;
}

/** Groups by credit date, newest day first, newest entry first within a day. */
export function groupByCreditDate(entries: readonly StatementEntry[]): StatementGroup[] {
  return groupSorted(sortNewestFirst(entries));
}

/** The groups as one list: each day's header row followed by its entries. */
export function flattenGroups(groups: readonly StatementGroup[]): StatementRow[] {
  const rows: StatementRow[] = [];
  for (const g of groups) {
    rows.push({ kind: 'date', key: `d:${g.day}`, day: g.day, count: g.entries.length });
    g.entries.forEach((entry, i) => {
      rows.push({ kind: 'entry', key: `e:${g.day}:${i}:${entry.transactionId ?? ''}`, entry, day: g.day });
    });
  }
  return rows;
}

/** §5: whether an entry matches the search (description or formatted amount with the debit's sign). */
export function matchesEntry(entry: StatementEntry, query: string): boolean {
  return matchesStatementSearch({ description: entry.description, amount: signedAmount(entry) }, query);
}

/**
 * §5: the entries whose description or formatted amount (with the debit's minus sign) contains
 * the search, case- and accent-insensitive. An empty search returns the same array.
 */
export function filterEntries<T extends StatementEntry | DatedEntry>(
  items: readonly T[],
  query: string,
): readonly T[] {
  if (query.trim() === '') return items;
  return items.filter((item) => matchesEntry('entry' in item ? item.entry : item, query));
}

/** An entry with what the search reads, prepared once per load. */
export interface SearchableEntry extends DatedEntry {
  /** The description folded as the search folds it. */
  text: string;
  /** Every written form of the amount, one per line (a query never holds a line break). */
  amounts: string;
}

const plainAmount = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The forms `matchesStatementSearch` accepts for an amount, computed once. */
function amountForms(amount: number): string[] {
  if (!Number.isFinite(amount)) return [];
  const formatted = plainAmount.format(Math.abs(amount));
  const forms = [formatted, formatted.replace(/\./g, ''), `r$${formatted}`];
  return amount < 0 ? [...forms, ...forms.map((f) => `-${f}`), `-r$${formatted}`, `r$-${formatted}`] : forms;
}

/**
 * Prepares the search of loaded entries: folding every description and formatting every amount on
 * each keystroke costs tens of milliseconds with 5,000 entries; done once, a keystroke is a scan
 * of plain strings. `searchPrepared` gives the same answers as `matchesStatementSearch` (a
 * property test holds them together).
 */
export function prepareSearch(sorted: readonly DatedEntry[]): SearchableEntry[] {
  return sorted.map((d) => ({
    ...d,
    text: foldForSearch(d.entry.description),
    amounts: amountForms(signedAmount(d.entry)).join('\n'),
  }));
}

/** §5 search over prepared entries; an empty search returns the same array. */
export function searchPrepared(items: readonly SearchableEntry[], query: string): readonly SearchableEntry[] {
  const q = foldForSearch(query);
  if (q === '') return items;
  const compact = q.replace(/ /g, '');
  return items.filter((i) => i.text.includes(q) || (compact !== '' && i.amounts.includes(compact)));
}

/** Filter, group and flatten: what the table shows for `query`. */
export function statementRows(entries: readonly StatementEntry[], query: string): StatementRow[] {
  return flattenGroups(groupSorted(filterEntries(sortNewestFirst(entries), query)));
}
