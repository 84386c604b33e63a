import { saoPauloDate } from '../../clock/sao-paulo';

export { saoPauloDate };

/** One day in milliseconds (São Paulo has had no daylight saving since 2019: its days are this long). */
export const DAY_MS = 86_400_000;

/**
 * Today in São Paulo, the bank's calendar (clock/sao-paulo.ts), `YYYY-MM-DD`: of the real now, or
 * of the instant `aheadMs` from it (negative: before). Whatever the zone of the machine or of the
 * browser running the tests.
 */
export function saoPauloToday(aheadMs = 0): string {
  return saoPauloDate(new Date(Date.now() + aheadMs));
}

/**
 * How a person types a day into the portal's date fields (src/ui/date-field.tsx), which follow the
 * portal's language and not the browser's: `dd/mm/aaaa` in Portuguese, `mm/dd/yyyy` in English.
 */
export type PortalLanguage = 'pt-BR' | 'en';

/** `'2026-09-01'` → `'01/09/2026'` (pt-BR) or `'09/01/2026'` (en); anything else as written. */
export function typedDate(iso: string, lng: PortalLanguage = 'pt-BR'): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const [, y, mo, d] = m;
  return lng === 'en' ? `${mo}/${d}/${y}` : `${d}/${mo}/${y}`;
}
