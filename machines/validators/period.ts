/**
 * Statement periods (1-access-shell-statement.md §5 Statement period and export; §9).
 *
 * Dates are calendar days, written `YYYY-MM-DD`, in the user's local time zone. "Last N days"
 * counts today: type 1 is today alone (3-pix-part-one.md §9 calls it "today"), type 2 is today
 * and the 6 days before it, type 3 today and the 14 before it.
 */
// date-fns's `format` and `parse` are not used here: with the locale they always bring, they were
// 5.4 KB gzipped of the statement's first load (issue 26). Days are read and written by hand.
import { endOfMonth, isValid, startOfMonth, subDays } from 'date-fns';
import { REQUIRED } from './input-keys.ts';

/** Period types: 1 last day, 2 last 7 days (default), 3 last 15 days, 4 a month. */
export type PeriodType = 1 | 2 | 3 | 4;

/** The default period type (last 7 days). */
export const DEFAULT_PERIOD_TYPE: PeriodType = 2;

/** Days covered by each rolling period type. */
export const PERIOD_DAYS = { 1: 1, 2: 7, 3: 15 } as const;

/** The first month the month picker allows (`YYYY-MM`). */
export const MIN_STATEMENT_MONTH = '2020-01';

/** An inclusive range of calendar days. */
export interface DateRange {
  start: string;
  end: string;
}

/** A day as the caller may give it: a `Date` (its local calendar day) or `YYYY-MM-DD`. */
export type DayInput = Date | string;

/** Message keys of the custom period and the month picker. */
export const PERIOD_KEYS = {
  START_END_DATE: 'STATEMENT_EXPORT.START_END_DATE',
  WRONG_PERIOD: 'STATEMENT_EXPORT.WRONG_PERIOD',
  INVALID_DATE_START: 'STATEMENT_EXPORT.INVALID_DATE_START',
  MIN_DATE: 'STATEMENT_SCREEN.MIN_DATE',
  MAX_DATE: 'STATEMENT_SCREEN.MAX_DATE',
  REQUIRED,
} as const;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `YYYY-MM` of a date's local calendar. */
const isoMonth = (d: Date): string => `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}`;

/** The local day `year-month-day` (month 1–12) when it exists on the calendar (no 2026-02-30). */
function localDay(year: number, month: number, day: number): Date | undefined {
  const d = new Date(2000, 0, 1);
  d.setFullYear(year, month - 1, day);
  return d.getFullYear() === year && d.getMonth() === month - 1 && d.getDate() === day ? d : undefined;
}

/** Parses a day strictly (no 2026-02-30); `undefined` when invalid. */
export function toDay(d: DayInput | null | undefined): Date | undefined {
  if (d === undefined || d === null || d === '') return undefined;
  if (d instanceof Date) {
    if (!isValid(d)) return undefined;
    return new Date(d.getFullYear(), d.getMonth(), d.getDate());
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(d);
  return m ? localDay(Number(m[1]), Number(m[2]), Number(m[3])) : undefined;
}

/** Parses a month `YYYY-MM` (or the month of a `Date`) to its first day; `undefined` when invalid. */
export function toMonth(m: DayInput | null | undefined): Date | undefined {
  if (m instanceof Date) return isValid(m) ? startOfMonth(m) : undefined;
  const parts = typeof m === 'string' ? /^(\d{4})-(\d{2})$/.exec(m) : null;
  return parts ? localDay(Number(parts[1]), Number(parts[2]), 1) : undefined;
}

const iso = (d: Date): string => `${isoMonth(d)}-${pad(d.getDate())}`;

function requireDay(d: DayInput, what: string): Date {
  const day = toDay(d);
  if (!day) throw new RangeError(`invalid ${what}: ${String(d)}`);
  return day;
}

/**
 * The dates a period type covers, relative to `today`. Types 1–3 end today; type 4 covers the
 * given month (`YYYY-MM`, default the month of `today`), ending today when it is the current
 * month. Throws `RangeError` on an invalid type, day or month (check months with
 * `validateMonth` first).
 */
export function periodRange(type: PeriodType, today: DayInput, month?: DayInput): DateRange {
  const t = requireDay(today, 'today');
  if (type === 1 || type === 2 || type === 3) {
    return { start: iso(subDays(t, PERIOD_DAYS[type] - 1)), end: iso(t) };
  }
  if (type === 4) {
    const m = month === undefined ? startOfMonth(t) : toMonth(month);
    if (!m) throw new RangeError(`invalid month: ${String(month)}`);
    const last = endOfMonth(m);
    return { start: iso(m), end: iso(last.getTime() > t.getTime() && m.getTime() <= t.getTime() ? t : last) };
  }
  throw new RangeError(`invalid period type: ${String(type)}`);
}

/** The custom period fields. */
export interface CustomPeriodInput {
  start?: DayInput | null;
  end?: DayInput | null;
  today: DayInput;
}

/**
 * The custom period of the statement and its export: a missing (or unparseable) date →
 * `STATEMENT_EXPORT.START_END_DATE`; start after end → `STATEMENT_EXPORT.WRONG_PERIOD`; start
 * later than yesterday or end later than today → `STATEMENT_EXPORT.INVALID_DATE_START`.
 */
export function validateCustomPeriod({ start, end, today }: CustomPeriodInput): string | undefined {
  const s = toDay(start);
  const e = toDay(end);
  if (!s || !e) return PERIOD_KEYS.START_END_DATE;
  if (s.getTime() > e.getTime()) return PERIOD_KEYS.WRONG_PERIOD;
  const t = requireDay(today, 'today');
  if (s.getTime() > subDays(t, 1).getTime() || e.getTime() > t.getTime())
    return PERIOD_KEYS.INVALID_DATE_START;
  return undefined;
}

/**
 * The month picker: missing or invalid → `ERRORS.INPUTS.REQUIRED`; before January 2020 →
 * `STATEMENT_SCREEN.MIN_DATE`; after the month of `today` → `STATEMENT_SCREEN.MAX_DATE`.
 */
export function validateMonth(month: DayInput | null | undefined, today: DayInput): string | undefined {
  const m = toMonth(month);
  if (!m) return PERIOD_KEYS.REQUIRED;
  if (isoMonth(m) < MIN_STATEMENT_MONTH) return PERIOD_KEYS.MIN_DATE;
  if (m.getTime() > startOfMonth(requireDay(today, 'today')).getTime()) return PERIOD_KEYS.MAX_DATE;
  return undefined;
}
