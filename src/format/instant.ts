/**
 * An instant as a date and time on São Paulo's clock, with the browser's Intl only: the same text
 * as `formatDateTime` of ./dates.ts (`21/11/2026 14:30:05`, in English `11/21/2026 14:30:05`) for
 * a page that must not load date-fns's formatter (14 KB gzipped of the TED's first load) to show
 * one time. tests/format/instant.test.ts holds the two to the same text.
 */

/**
 * clock/sao-paulo.ts's SAO_PAULO_TIME_ZONE, written out: importing that module brings @date-fns/tz
 * (2.2 KB gzipped) into the chunk for one string.
 */
const SAO_PAULO_TIME_ZONE = 'America/Sao_Paulo';

/** The language of the page (`<html lang>`), or pt-BR outside a browser (as ./dates.ts reads it). */
function pageLanguage(): string {
  return typeof document === 'undefined' ? 'pt-BR' : document.documentElement.lang || 'pt-BR';
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string): Intl.DateTimeFormat {
  let f = formatters.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      timeZone: SAO_PAULO_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(locale, f);
  }
  return f;
}

/** `21/11/2026 14:30:05` (English: `11/21/2026 14:30:05`); '' for an invalid instant. */
export function formatInstant(v: Date | string, lng?: string): string {
  const d = v instanceof Date ? v : new Date(v);
  if (Number.isNaN(d.getTime())) return '';
  const parts = Object.fromEntries(
    formatter('en-US')
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  const date = /^en\b/i.test(lng ?? pageLanguage())
    ? `${parts.month}/${parts.day}/${parts.year}`
    : `${parts.day}/${parts.month}/${parts.year}`;
  return `${date} ${parts.hour}:${parts.minute}:${parts.second}`;
}
