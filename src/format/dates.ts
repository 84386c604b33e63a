/**
 * Date display with date-fns and the ptBR locale (DESIGN.md "A view"). Values are shown in the
 * browser's time zone. A date-only string `YYYY-MM-DD` is read as that calendar day (never
 * shifted by the UTC offset); any other string goes through `Date` parsing (ISO 8601 with time).
 * Invalid input gives `''`.
 */
import { format, isValid, parseISO } from 'date-fns';
import { ptBR } from 'date-fns/locale';

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

/** `DD/MM/YYYY`: `formatDate('2026-11-21')` → `'21/11/2026'`. */
export function formatDate(v: DateInput): string {
  const d = toDate(v);
  return d ? format(d, 'dd/MM/yyyy', { locale: ptBR }) : '';
}

/** `dd/MM/yyyy HH:mm:ss` (the exported statement's transactionDate form). */
export function formatDateTime(v: DateInput): string {
  const d = toDate(v);
  return d ? format(d, 'dd/MM/yyyy HH:mm:ss', { locale: ptBR }) : '';
}

/** The calendar day `YYYY-MM-DD` of a date (as the API's `start`/`ending` parameters take it). */
export function toIsoDate(v: DateInput): string {
  const d = toDate(v);
  return d ? format(d, 'yyyy-MM-dd') : '';
}

/** A long pt-BR date with weekday, e.g. `'sábado, 21 de novembro de 2026'` (scheduled Pix receipts). */
export function formatLongDate(v: DateInput): string {
  const d = toDate(v);
  return d ? format(d, "EEEE, d 'de' MMMM 'de' yyyy", { locale: ptBR }) : '';
}
