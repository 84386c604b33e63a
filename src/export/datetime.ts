/**
 * Dates of the exports, always in America/Sao_Paulo whatever the machine's own zone is.
 *
 * Offsets and wall-clock instants come from the time-zone database through @date-fns/tz (as in
 * the sandbox's sim/dates.ts), never from an assumed -03:00: Brazil has had no daylight saving
 * since 2019, but historic dates still get their real offset.
 */
import { TZDate, tzOffset } from '@date-fns/tz';

/** The zone every export is written in. */
export const EXPORT_TIME_ZONE = 'America/Sao_Paulo';

/** Wall-clock fields of an instant in São Paulo, with the offset from UTC in minutes (may be fractional before 1914). */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  offsetMinutes: number;
}

const HOUR = 3_600_000;
const offsetByHour = new Map<number, number>();

/** Before this, São Paulo kept local mean time (-3:06:28), which changed off the hour. */
const WHOLE_HOUR_OFFSETS_SINCE = Date.UTC(1914, 0, 2);

/**
 * Offset at `ms`, cached per UTC hour: since 1914 São Paulo's offset has only changed on a UTC
 * hour boundary (clocks moved at local midnight, a whole number of hours from UTC). Each lookup
 * of the database formats a date through Intl (tens of microseconds), and a 5,000-row export asks
 * for thousands of dates.
 */
function cachedOffset(ms: number): number {
  if (ms < WHOLE_HOUR_OFFSETS_SINCE) return tzOffset(EXPORT_TIME_ZONE, new Date(ms));
  const hour = Math.floor(ms / HOUR);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    offset = tzOffset(EXPORT_TIME_ZONE, new Date(hour * HOUR));
    if (offsetByHour.size > 50_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** Wall-clock time in São Paulo of `date`. */
export function zonedParts(date: Date): ZonedParts {
  const ms = date.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid date');
  const offsetMinutes = cachedOffset(ms);
  // Shifting by the offset turns the UTC getters into São Paulo wall-clock getters.
  const wall = new Date(ms + offsetMinutes * 60_000);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    offsetMinutes,
  };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `DD/MM/YYYY HH:mm:ss` in São Paulo (the exported row's format, 1-access-shell-statement.md §3). */
export function formatDateTimeBr(date: Date): string {
  const p = zonedParts(date);
  return `${pad(p.day)}/${pad(p.month)}/${pad(p.year, 4)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** `DD/MM/YYYY` of a calendar date written `YYYY-MM-DD`. */
export function formatCalendarDateBr(isoDate: string): string {
  const { year, month, day } = parseCalendarDate(isoDate);
  return `${pad(day)}/${pad(month)}/${pad(year, 4)}`;
}

/**
 * The instant at which São Paulo's wall clock shows the given time (TZDate). A wall time skipped
 * by an old daylight-saving change (00:00-00:59 on 2018-11-04) is the first instant after the
 * gap, so it stays on its day, as the bank reads it (sandbox/sim/dates.ts `fromLocal`).
 */
export function fromSaoPauloWallTime(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): Date {
  return new Date(new TZDate(year, month - 1, day, hour, minute, second, EXPORT_TIME_ZONE).getTime());
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
