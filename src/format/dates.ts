/**
 * Dates in the portal's language (DESIGN.md "A view"): Portuguese forms in pt-BR (`21/11/2026`,
 * `sábado, 21 de novembro de 2026`, `novembro de 2026`) and English ones in English
 * (`11/21/2026`, `Saturday, November 21, 2026`, `November 2026`), never the browser's language.
 *
 * Each formatter takes the language; without one it uses the page's, `<html lang>`, which
 * src/i18n keeps in step with the portal's language before anything re-renders. So a screen in
 * English shows English dates even where a caller does not pass the language.
 *
 * Instants are shown on one clock, São Paulo's (America/Sao_Paulo), whatever the browser's zone:
 * the bank's calendar and the clock of the exported files (clock/sao-paulo.ts), so a receipt,
 * the screen and a file always agree on the time of a movement (issue #11). A date-only string
 * `YYYY-MM-DD` is read as that calendar day (never shifted by any offset); any other string goes
 * through `Date` parsing (ISO 8601 with time). Invalid input gives `''`.
 *
 * Written with the browser's Intl only (issue 26): date-fns's formatter and its two locales were
 * 14 KB gzipped of the first load of every page that shows a date. Intl's time-zone data is the
 * same IANA database @date-fns/tz reads (clock/sao-paulo.ts), so offsets, old summer times
 * included, agree with the exports; tests/format/dates.test.ts holds the forms.
 */

/** What the formatters accept. */
export type DateInput = Date | string | number;

/** The zone of the bank's calendar (clock/sao-paulo.ts's SAO_PAULO_TIME_ZONE, written out so
 * this module does not bring @date-fns/tz into a page's chunk). */
const SAO_PAULO_TIME_ZONE = 'America/Sao_Paulo';

/** The two ways the portal writes dates: the Portuguese one (the default) and the English one. */
type DateLanguage = 'pt' | 'en';

interface DateForms {
  /** The Intl locale of the words (weekday, month). */
  locale: string;
  /** The numeric date from its fields, as shown and as typed in a date field. */
  date: (day: string, month: string, year: string) => string;
  /** Where day, month and year sit in a typed `__/__/____`. */
  order: { day: number; month: number; year: number };
  /** What a date field shows while empty, in the words of the language. */
  placeholder: string;
}

const FORMS: Record<DateLanguage, DateForms> = {
  pt: {
    locale: 'pt-BR',
    date: (day, month, year) => `${day}/${month}/${year}`,
    order: { day: 0, month: 1, year: 2 },
    placeholder: 'dd/mm/aaaa',
  },
  en: {
    locale: 'en-US',
    date: (day, month, year) => `${month}/${day}/${year}`,
    order: { day: 1, month: 0, year: 2 },
    placeholder: 'mm/dd/yyyy',
  },
};

/** The language of the page (`<html lang>`), or pt-BR outside a browser. */
function pageLanguage(): string {
  return typeof document === 'undefined' ? 'pt-BR' : document.documentElement.lang || 'pt-BR';
}

function forms(lng: string | undefined): DateForms {
  return /^en\b/i.test(lng ?? pageLanguage()) ? FORMS.en : FORMS.pt;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One Intl formatter per set of options, made once (a 5,000-row statement formats every row). */
function intl(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

/** A date's wall-clock fields, zero-padded (`year` to four digits). */
interface Fields {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A calendar day `YYYY-MM-DD` as the instant of its UTC midnight, or undefined when no such day. */
function calendarDay(v: string): Date | undefined {
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  date.setUTCFullYear(y); // Date.UTC reads years 0–99 as 1900–1999
  const exists = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  return exists ? date : undefined;
}

const isCalendarDay = (v: DateInput): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * The date as the portal shows it: a calendar day as it is (read in UTC, so no offset moves it),
 * an instant on São Paulo's wall clock. `zone` goes with the date to Intl.
 */
function onSaoPauloClock(v: DateInput): { date: Date; zone: string } | undefined {
  if (isCalendarDay(v)) {
    const date = calendarDay(v);
    return date && { date, zone: 'UTC' };
  }
  const date = v instanceof Date ? v : new Date(v);
  return Number.isNaN(date.getTime()) ? undefined : { date, zone: SAO_PAULO_TIME_ZONE };
}

/** The numeric fields of the date on its clock. */
function fieldsOf(v: DateInput): Fields | undefined {
  const at = onSaoPauloClock(v);
  if (!at) return undefined;
  const parts = intl('en-US', {
    timeZone: at.zone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
    era: 'short',
  }).formatToParts(at.date);
  const num = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const bc = /^B/i.test(parts.find((p) => p.type === 'era')?.value ?? '');
  return {
    year: pad(bc ? 1 - num('year') : num('year'), 4),
    month: pad(num('month')),
    day: pad(num('day')),
    hour: pad(num('hour')),
    minute: pad(num('minute')),
    second: pad(num('second')),
  };
}

/** The numeric date: `formatDate('2026-11-21')` → `'21/11/2026'`; in English `'11/21/2026'`. */
export function formatDate(v: DateInput, lng?: string): string {
  const f = fieldsOf(v);
  return f ? forms(lng).date(f.day, f.month, f.year) : '';
}

/** The numeric date and the time, `21/11/2026 14:30:05` (English: `11/21/2026 14:30:05`). */
export function formatDateTime(v: DateInput, lng?: string): string {
  const f = fieldsOf(v);
  return f ? `${forms(lng).date(f.day, f.month, f.year)} ${f.hour}:${f.minute}:${f.second}` : '';
}

/** The São Paulo calendar day `YYYY-MM-DD` of a date (as the API's `start`/`ending` parameters take it). */
export function toIsoDate(v: DateInput): string {
  const f = fieldsOf(v);
  return f ? `${f.year}-${f.month}-${f.day}` : '';
}

/**
 * A long date with the weekday: `'sábado, 21 de novembro de 2026'`, in English
 * `'Saturday, November 21, 2026'` (the statement's day headers, scheduled Pix receipts).
 */
export function formatLongDate(v: DateInput, lng?: string): string {
  const at = onSaoPauloClock(v);
  return at ? intl(forms(lng).locale, { timeZone: at.zone, dateStyle: 'full' }).format(at.date) : '';
}

/** A month `YYYY-MM` by name: `'2026-11'` → `'novembro de 2026'`, in English `'November 2026'`. */
export function formatMonth(month: string, lng?: string): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return '';
  const first = calendarDay(`${month}-01`);
  return first
    ? intl(forms(lng).locale, { timeZone: 'UTC', year: 'numeric', month: 'long' }).format(first)
    : '';
}

/** What an empty date field shows: `'dd/mm/aaaa'` in Portuguese, `'mm/dd/yyyy'` in English. */
export function datePlaceholder(lng?: string): string {
  return forms(lng).placeholder;
}

/**
 * The mask of a date field: keeps the digits (8 at most) and writes the slashes as they are
 * typed, `'2111'` → `'21/11'`, `'21112026'` → `'21/11/2026'`. The same in both languages (only the
 * order of day and month differs). Idempotent.
 */
export function maskDate(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/**
 * Reads a typed date in the language's order (`dd/mm/aaaa` or `mm/dd/yyyy`) as `YYYY-MM-DD`;
 * `undefined` when it is incomplete or not a day of the calendar (`31/02/2026`). Years before
 * 1900 are refused: they are typing slips, not statement periods.
 */
export function parseDate(text: string, lng?: string): string | undefined {
  const masked = maskDate(text);
  if (masked.length !== 10) return undefined;
  const fields = masked.split('/');
  const { order } = forms(lng);
  const [day, month, year] = [fields[order.day], fields[order.month], fields[order.year]];
  if (!day || !month || !year || Number(year) < 1900) return undefined;
  const iso = `${year}-${month}-${day}`;
  return calendarDay(iso) ? iso : undefined;
}
