/**
 * Dates of the exports, always in America/Sao_Paulo whatever the machine's own zone is: the zone
 * arithmetic is the one São Paulo clock every layer shares (clock/sao-paulo.ts); this module
 * names it for the writers and reads the dates of the rows.
 */
import {
  fromSaoPauloWallTime,
  saoPauloDateTimeBr,
  saoPauloParts,
  type SaoPauloParts,
} from '../../clock/sao-paulo';

export { fromSaoPauloWallTime };

/** Wall-clock fields of an instant in São Paulo, with the offset from UTC in minutes (may be fractional before 1914). */
export type ZonedParts = SaoPauloParts;

/** Wall-clock time in São Paulo of `date`. @throws RangeError for an invalid date. */
export const zonedParts = (date: Date): ZonedParts => saoPauloParts(date);

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `DD/MM/YYYY HH:mm:ss` in São Paulo (the exported row's format, 1-access-shell-statement.md §3). */
export const formatDateTimeBr = (date: Date): string => saoPauloDateTimeBr(date);

/** `DD/MM/YYYY` of a calendar date written `YYYY-MM-DD`. */
export function formatCalendarDateBr(isoDate: string): string {
  const { year, month, day } = parseCalendarDate(isoDate);
  return `${pad(day)}/${pad(month)}/${pad(year, 4)}`;
}

const calendarDate = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDay(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** Splits a `YYYY-MM-DD` date, rejecting anything else (including 2026-02-30). */
export function parseCalendarDate(isoDate: string): { year: number; month: number; day: number } {
  const m = calendarDate.exec(isoDate);
  if (!m) throw new RangeError(`Expected a date YYYY-MM-DD, got '${isoDate}'`);
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (!validDay(year, month, day)) throw new RangeError(`Not a calendar date: '${isoDate}'`);
  return { year, month, day };
}

const brDateTime = /^(\d{2})\/(\d{2})\/(\d{4})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const isoLocal = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
const isoWithZone = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

function wall(y: string, mo: string, d: string, h?: string, mi?: string, s?: string): Date {
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h ?? '0');
  const minute = Number(mi ?? '0');
  const second = Number(s ?? '0');
  if (!validDay(year, month, day) || hour > 23 || minute > 59 || second > 59) {
    throw new RangeError('Invalid transaction date');
  }
  return fromSaoPauloWallTime(year, month, day, hour, minute, second);
}

/**
 * Reads a row's `transactionDate`. An explicit offset wins; a time without one is São Paulo's
 * wall clock (that is how the bank writes `DD/MM/YYYY HH:mm:ss`).
 *
 * @throws RangeError when the text is none of the accepted forms.
 */
export function parseTransactionDate(text: string): Date {
  const s = text.trim();
  if (isoWithZone.test(s)) {
    const d = new Date(s.replace(' ', 'T'));
    if (!Number.isNaN(d.getTime())) return d;
  }
  let m = brDateTime.exec(s);
  if (m) return wall(m[3] as string, m[2] as string, m[1] as string, m[4], m[5], m[6]);
  m = isoLocal.exec(s);
  if (m) return wall(m[1] as string, m[2] as string, m[3] as string, m[4], m[5], m[6]);
  throw new RangeError(`Unrecognised transaction date '${text}'`);
}
