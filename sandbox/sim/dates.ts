import { TZDate, tzOffset } from '@date-fns/tz';

/**
 * Calendar helpers for the bank's time zone. Statement periods are calendar dates in
 * America/Sao_Paulo (the spec's YYYY-MM-DD start/ending), while instants are stored in UTC.
 * Offsets come from the time-zone database through @date-fns/tz rather than being assumed to be
 * -03:00, so historical dates with daylight saving time (before 2019) land on the right day.
 */
export const BANK_TIME_ZONE = 'America/Sao_Paulo';

const HOUR_MS = 3_600_000;

/**
 * Offsets by UTC hour. São Paulo's offset has only ever changed on a whole hour, so one lookup
 * per hour is exact, and a 5,000-row export asks the time-zone database a few hundred times
 * instead of 10,000 (each lookup formats a date through Intl).
 */
const offsetByHour = new Map<number, number>();

/** Minutes to add to UTC to get São Paulo wall time at `instant` (e.g. -180). */
export function offsetMinutes(instant: Date): number {
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    if (offsetByHour.size >= 200_000) offsetByHour.clear();
    offset = tzOffset(BANK_TIME_ZONE, new Date(hour * HOUR_MS));
    offsetByHour.set(hour, offset);
  }
  return offset;
}

interface LocalParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function localParts(instant: Date): LocalParts {
  const wall = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offsetMinutes(instant) * 60000);
  return {
    year: pad(wall.getUTCFullYear(), 4),
    month: pad(wall.getUTCMonth() + 1),
    day: pad(wall.getUTCDate()),
    hour: pad(wall.getUTCHours()),
    minute: pad(wall.getUTCMinutes()),
    second: pad(wall.getUTCSeconds()),
  };
}

/** The São Paulo calendar date (YYYY-MM-DD) of an instant. */
export function localDate(instant: Date): string {
  const p = localParts(instant);
  return `${p.year}-${p.month}-${p.day}`;
}

/** An instant written as ISO 8601 with the São Paulo offset, e.g. 2026-11-20T14:05:09-03:00. */
export function toLocalIso(instant: Date): string {
  const p = localParts(instant);
  const off = offsetMinutes(instant);
  const sign = off < 0 ? '-' : '+';
  const abs = Math.abs(off);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${sign}${hh}:${mm}`;
}

/** DD/MM/YYYY HH:mm:ss in São Paulo time (the export row format of the spec). */
export function toBrazilianDateTime(instant: Date): string {
  const p = localParts(instant);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * The instant at which a São Paulo wall-clock time happens. A time skipped when daylight saving
 * began (00:00 on 2018-11-04 never happened) is the first instant after the gap, so the start of
 * such a day is still on that day.
 */
export function fromLocal(date: string, time = '00:00:00'): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mi, ss] = time.split(':').map(Number);
  const local = new TZDate(y ?? 1970, (m ?? 1) - 1, d ?? 1, hh ?? 0, mi ?? 0, ss ?? 0, BANK_TIME_ZONE);
  return new Date(local.getTime());
}

/** Adds whole calendar days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const t = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days));
  return t.toISOString().slice(0, 10);
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return addDays(value, 0) === value;
}
