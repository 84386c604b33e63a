import {
  fromSaoPauloWallTime,
  SAO_PAULO_TIME_ZONE,
  saoPauloDate,
  saoPauloDateTimeBr,
  saoPauloIso,
  saoPauloOffsetMinutes,
} from '../../clock/sao-paulo.ts';

/**
 * Calendar helpers for the bank's time zone. Statement periods are calendar dates in
 * America/Sao_Paulo (the spec's YYYY-MM-DD start/ending), while instants are stored in UTC. The
 * zone arithmetic is the one São Paulo clock every layer shares (clock/sao-paulo.ts); these are
 * the bank's names for it. An invalid instant throws a RangeError rather than writing "NaN".
 */
export const BANK_TIME_ZONE = SAO_PAULO_TIME_ZONE;

/** Minutes to add to UTC to get São Paulo wall time at `instant` (e.g. -180). */
export const offsetMinutes = (instant: Date): number => saoPauloOffsetMinutes(instant);

/** The São Paulo calendar date (YYYY-MM-DD) of an instant. */
export const localDate = (instant: Date): string => saoPauloDate(instant);

/** An instant written as ISO 8601 with the São Paulo offset, e.g. 2026-11-20T14:05:09-03:00. */
export const toLocalIso = (instant: Date): string => saoPauloIso(instant);

/** DD/MM/YYYY HH:mm:ss in São Paulo time (the export row format of the spec). */
export const toBrazilianDateTime = (instant: Date): string => saoPauloDateTimeBr(instant);

/**
 * The instant at which a São Paulo wall-clock time happens. A time skipped when daylight saving
 * began (00:00 on 2018-11-04 never happened) is the first instant after the gap, so the start of
 * such a day is still on that day.
 */
export function fromLocal(date: string, time = '00:00:00'): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mi, ss] = time.split(':').map(Number);
  return fromSaoPauloWallTime(y ?? 1970, m ?? 1, d ?? 1, hh ?? 0, mi ?? 0, ss ?? 0);
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
