/**
 * Date display with date-fns and the ptBR locale (DESIGN.md "A view"). Instants are shown on one
 * clock, São Paulo's (America/Sao_Paulo), whatever the browser's zone: the bank's calendar, and
 * the clock of the exported files (src/export/datetime.ts), so a receipt, the screen and a file
 * always agree on the time of a movement (issue #11). A date-only string `YYYY-MM-DD` is read as
 * that calendar day (never shifted by any offset); any other string goes through `Date` parsing
 * (ISO 8601 with time). Invalid input gives `''`.
 */
import { format, isValid, parseISO } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { zonedParts } from '../export/datetime';

/** What the formatters accept. */
export type DateInput = Date | string | number;

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
 * The date as date-fns should format it: a calendar day as it is, an instant as a local Date
 * whose fields are São Paulo's wall clock at that instant (date-fns formats local fields).
 */
function onSaoPauloClock(v: DateInput): Date | undefined {
  const d = toDate(v);
  if (!d || isCalendarDay(v)) return d;
  const p = zonedParts(d);
  return new Date(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, d.getMilliseconds());
}

/** `DD/MM/YYYY`: `formatDate('2026-11-21')` → `'21/11/2026'`; an instant's São Paulo day. */
export function formatDate(v: DateInput): string {
  const d = onSaoPauloClock(v);
  return d ? format(d, 'dd/MM/yyyy', { locale: ptBR }) : '';
}

/** `dd/MM/yyyy HH:mm:ss` on São Paulo's clock (the exported statement's transactionDate form). */
export function formatDateTime(v: DateInput): string {
  const d = onSaoPauloClock(v);
  return d ? format(d, 'dd/MM/yyyy HH:mm:ss', { locale: ptBR }) : '';
}

/** The São Paulo calendar day `YYYY-MM-DD` of a date (as the API's `start`/`ending` parameters take it). */
export function toIsoDate(v: DateInput): string {
  const d = onSaoPauloClock(v);
  return d ? format(d, 'yyyy-MM-dd') : '';
}

/** A long pt-BR date with weekday, e.g. `'sábado, 21 de novembro de 2026'` (scheduled Pix receipts). */
export function formatLongDate(v: DateInput): string {
  const d = onSaoPauloClock(v);
  return d ? format(d, "EEEE, d 'de' MMMM 'de' yyyy", { locale: ptBR }) : '';
}
