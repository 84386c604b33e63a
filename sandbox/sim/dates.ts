/**
 * Calendar helpers for the bank's time zone. Statement periods are calendar dates in
 * America/Sao_Paulo (the spec's YYYY-MM-DD start/ending), while instants are stored in UTC.
 * Offsets are computed with Intl rather than assumed to be -03:00, so historical dates with
 * daylight saving time (before 2019) still land on the right day.
 */
export const BANK_TIME_ZONE = 'America/Sao_Paulo';

const partsFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: BANK_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

interface LocalParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

const HOUR_MS = 3_600_000;

/** The offset asked of Intl (slow: formatToParts), for one instant. */
function intlOffsetMinutes(instant: Date): number {
  const parts: Record<string, string> = {};
  for (const p of partsFormatter.formatToParts(instant)) parts[p.type] = p.value;
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

/**
 * Offsets by UTC hour. São Paulo's offset has only ever changed on a whole hour, so one lookup
 * per hour is exact, and a 5,000-row export asks Intl a few hundred times instead of 10,000.
 */
const offsetByHour = new Map<number, number>();

/** Minutes to add to UTC to get São Paulo wall time at `instant` (e.g. -180). */
export function offsetMinutes(instant: Date): number {
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    if (offsetByHour.size >= 200_000) offsetByHour.clear();
    offset = intlOffsetMinutes(new Date(hour * HOUR_MS));
    offsetByHour.set(hour, offset);
  }
  return offset;
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
 * The instant at which a São Paulo wall-clock time happens. Two passes handle a change of
 * offset between the guess and the answer.
 */
export function fromLocal(date: string, time = '00:00:00'): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mi, ss] = time.split(':').map(Number);
  const wall = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, hh ?? 0, mi ?? 0, ss ?? 0);
  let guess = new Date(wall - offsetMinutes(new Date(wall)) * 60000);
  guess = new Date(wall - offsetMinutes(guess) * 60000);
  return guess;
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
