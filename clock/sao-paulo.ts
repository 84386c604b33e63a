/**
 * São Paulo's clock, the one calendar of the portal, the machines, the exports and the sandbox
 * bank (America/Sao_Paulo): the spec's "today", a statement's YYYY-MM-DD period, the time of a
 * movement on a receipt, a file or a boleto. Whatever the zone of the browser or of the server
 * (Tokyo is already on the next day when São Paulo is at 23:30), dates come from here.
 *
 * Offsets come from the time-zone database through @date-fns/tz, never from an assumed -03:00:
 * Brazil has had no daylight saving since 2019, but historic dates keep their real offset (-02:00
 * in old summers, local mean time -03:06:28 before 1914).
 *
 * A neutral module (like demo/users.ts): every layer may import it, so it imports nothing but
 * @date-fns/tz (eslint.config.js; DESIGN.md, Boundaries).
 */
import { TZDate, tzOffset } from '@date-fns/tz';

/** The zone of the bank's calendar. */
export const SAO_PAULO_TIME_ZONE = 'America/Sao_Paulo';

/** Wall-clock fields of an instant in São Paulo, with the offset from UTC in minutes (may be fractional before 1914). */
export interface SaoPauloParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  offsetMinutes: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Before this, São Paulo kept local mean time (-3:06:28), which changed off the hour. */
const WHOLE_HOUR_OFFSETS_SINCE = Date.UTC(1914, 0, 2);

/**
 * Offsets by UTC hour. Since 1914 São Paulo's offset has only changed on a UTC hour boundary
 * (clocks moved at local midnight, a whole number of hours from UTC), so one lookup per hour is
 * exact; each lookup formats a date through Intl (tens of microseconds) and a 5,000-row export
 * asks for thousands of dates.
 */
const offsetByHour = new Map<number, number>();

function checked(instant: Date): number {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid date');
  return ms;
}

function offsetAt(ms: number): number {
  if (ms < WHOLE_HOUR_OFFSETS_SINCE) return tzOffset(SAO_PAULO_TIME_ZONE, new Date(ms));
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    if (offsetByHour.size >= 200_000) offsetByHour.clear();
    offset = tzOffset(SAO_PAULO_TIME_ZONE, new Date(hour * HOUR_MS));
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** Minutes to add to UTC to get São Paulo's wall clock at `instant` (e.g. -180). */
export function saoPauloOffsetMinutes(instant: Date): number {
  return offsetAt(checked(instant));
}

/** São Paulo's wall clock at `instant`. @throws RangeError for an invalid date. */
export function saoPauloParts(instant: Date): SaoPauloParts {
  const ms = checked(instant);
  const offsetMinutes = offsetAt(ms);
  // Shifting by the offset turns the UTC getters into São Paulo wall-clock getters.
  const wall = new Date(ms + offsetMinutes * MINUTE_MS);
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

/** The São Paulo calendar date `YYYY-MM-DD` of an instant. */
export function saoPauloDate(instant: Date): string {
  const p = saoPauloParts(instant);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** Today in São Paulo, `YYYY-MM-DD` (the spec's "today"), by the given clock or the machine's. */
export function saoPauloToday(now: Date = new Date()): string {
  return saoPauloDate(now);
}

/** The São Paulo calendar day of an instant as a day number (days since 1970-01-01). */
export function saoPauloDayNumber(instant: Date): number {
  const ms = checked(instant);
  return Math.floor((ms + offsetAt(ms) * MINUTE_MS) / DAY_MS);
}

/** `DD/MM/YYYY HH:mm:ss` on São Paulo's clock (the export row format, 1-access-shell-statement.md §3). */
export function saoPauloDateTimeBr(instant: Date): string {
  const p = saoPauloParts(instant);
  return `${pad(p.day)}/${pad(p.month)}/${pad(p.year, 4)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** `DD/MM/YYYY` of São Paulo's calendar day of an instant (a boleto's "Data do documento"). */
export function saoPauloDateBr(instant: Date): string {
  const p = saoPauloParts(instant);
  return `${pad(p.day)}/${pad(p.month)}/${pad(p.year, 4)}`;
}

/** An instant as ISO 8601 with São Paulo's offset, to the second: `2026-11-20T14:05:09-03:00`. */
export function saoPauloIso(instant: Date): string {
  const p = saoPauloParts(instant);
  const sign = p.offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(p.offsetMinutes);
  const hh = pad(Math.floor(abs / 60));
  const mm = pad(abs % 60);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${sign}${hh}:${mm}`;
}

/**
 * The instant at which São Paulo's wall clock shows the given time (month 1-12). A wall time
 * skipped when daylight saving began (00:00-00:59 on 2018-11-04 never happened) is read on the
 * offset before the gap, so it lands just after it and the start of such a day is still on that
 * day; an hour repeated when the clocks went back (23:00-23:59 on 2019-02-16) is its first
 * instant. Worked out from the zone's offsets alone: a TZDate built from wall fields goes through
 * the machine's own zone, and in Rio Branco it took the second of the two repeated instants.
 */
export function fromSaoPauloWallTime(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): Date {
  const asUtc = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  asUtc.setUTCFullYear(year, month - 1, day);
  const wall = asUtc.getTime();
  if (Number.isNaN(wall)) return new Date(Number.NaN);
  const offsetMs = (ms: number): number => Math.round(offsetAt(ms) * MINUTE_MS);
  const before = offsetMs(wall - DAY_MS);
  const candidates = [before, offsetMs(wall), offsetMs(wall + DAY_MS)]
    .map((offset) => wall - offset)
    .filter((instant) => offsetMs(instant) === wall - instant);
  return new Date(candidates.length > 0 ? Math.min(...candidates) : wall - before);
}

/**
 * The instant as a date whose getters read São Paulo's wall clock (a TZDate), for date-fns to
 * format: unlike a local Date built from São Paulo's fields, it exists in every zone (a local Date
 * at 00:30 falls in the gap of a zone whose clocks jump at midnight, and moves).
 */
export function inSaoPaulo(instant: Date | number): TZDate {
  return new TZDate(typeof instant === 'number' ? instant : instant.getTime(), SAO_PAULO_TIME_ZONE);
}
