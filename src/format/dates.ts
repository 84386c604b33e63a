/**
 * Dates in the portal's language, with date-fns (DESIGN.md "A view"): Portuguese forms in pt-BR
 * (`21/11/2026`, `sábado, 21 de novembro de 2026`, `novembro de 2026`) and English ones in English
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
 */
import { format, isValid, parse, parseISO, type Locale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { ptBR } from 'date-fns/locale/pt-BR';
import { inSaoPaulo } from '../../clock/sao-paulo';

/** What the formatters accept. */
export type DateInput = Date | string | number;

/** The two ways the portal writes dates: the Portuguese one (the default) and the English one. */
type DateLanguage = 'pt' | 'en';

interface DateForms {
  locale: Locale;
  /** The numeric date, as shown and as typed in a date field. */
  date: string;
  long: string;
  month: string;
  /** What a date field shows while empty, in the words of the language. */
  placeholder: string;
}

const FORMS: Record<DateLanguage, DateForms> = {
  pt: {
    locale: ptBR,
    date: 'dd/MM/yyyy',
    long: "EEEE, d 'de' MMMM 'de' yyyy",
    month: "MMMM 'de' yyyy",
    placeholder: 'dd/mm/aaaa',
  },
  en: {
    locale: enUS,
    date: 'MM/dd/yyyy',
    long: 'EEEE, MMMM d, yyyy',
    month: 'MMMM yyyy',
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

function toDate(v: DateInput): Date | undefined {
  let d: Date;
  if (v instanceof Date) d = v;
  else if (typeof v === 'number') d = new Date(v);
  else if (/^\d{4}-\d{2}-\d{2}$/.test(v)) {
    d = parseISO(v);
    if (isValid(d) && format(d, 'yyyy-MM-dd') !== v) return undefined;
  } else d = new Date(v);
  return isValid(d) ? d : undefined;
}

const isCalendarDay = (v: DateInput): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * The date as date-fns should format it: a calendar day as it is, an instant as a date whose
 * getters read São Paulo's wall clock (a TZDate of clock/sao-paulo.ts), never a local Date built
 * from São Paulo's fields: such a Date does not exist in every zone (00:30 in the gap of a zone
 * whose clocks jump forward at midnight), and date-fns would show it moved.
 */
function onSaoPauloClock(v: DateInput): Date | undefined {
  const d = toDate(v);
  if (!d || isCalendarDay(v)) return d;
  return inSaoPaulo(d);
}

/** The numeric date: `formatDate('2026-11-21')` → `'21/11/2026'`; in English `'11/21/2026'`. */
export function formatDate(v: DateInput, lng?: string): string {
  const d = onSaoPauloClock(v);
  return d ? format(d, forms(lng).date) : '';
}

/** The numeric date and the time, `21/11/2026 14:30:05` (English: `11/21/2026 14:30:05`). */
export function formatDateTime(v: DateInput, lng?: string): string {
  const d = onSaoPauloClock(v);
  return d ? format(d, `${forms(lng).date} HH:mm:ss`) : '';
}

/** The São Paulo calendar day `YYYY-MM-DD` of a date (as the API's `start`/`ending` parameters take it). */
export function toIsoDate(v: DateInput): string {
  const d = onSaoPauloClock(v);
  return d ? format(d, 'yyyy-MM-dd') : '';
}

/**
 * A long date with the weekday: `'sábado, 21 de novembro de 2026'`, in English
 * `'Saturday, November 21, 2026'` (the statement's day headers, scheduled Pix receipts).
 */
export function formatLongDate(v: DateInput, lng?: string): string {
  const d = onSaoPauloClock(v);
  const f = forms(lng);
  return d ? format(d, f.long, { locale: f.locale }) : '';
}

/** A month `YYYY-MM` by name: `'2026-11'` → `'novembro de 2026'`, in English `'November 2026'`. */
export function formatMonth(month: string, lng?: string): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return '';
  const f = forms(lng);
  return format(parseISO(`${month}-01`), f.month, { locale: f.locale });
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
  const d = parse(masked, forms(lng).date, new Date(2000, 0, 1));
  if (!isValid(d) || d.getFullYear() < 1900) return undefined;
  // date-fns accepts some overflowing values; a round trip proves the day exists as typed.
  return format(d, forms(lng).date) === masked ? format(d, 'yyyy-MM-dd') : undefined;
}
