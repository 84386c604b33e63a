import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatLongDate, toIsoDate } from '../../src/format/dates.ts';

describe('dates (date-fns, ptBR)', () => {
  it('formatDate: DD/MM/YYYY; a date-only string is that calendar day in any time zone', () => {
    expect(formatDate('2026-11-21')).toBe('21/11/2026');
    // An instant is São Paulo's day: 02:59 UTC on the 6th is still the 5th there (issue #11).
    expect(formatDate(new Date('2026-01-06T02:59:00Z'))).toBe('05/01/2026');
    expect(formatDate('2026-02-30')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it("formatDateTime: dd/MM/yyyy HH:mm:ss on São Paulo's clock, whatever the machine's zone", () => {
    expect(formatDateTime(new Date('2026-11-21T17:30:05Z'))).toBe('21/11/2026 14:30:05');
    expect(formatDateTime(Date.parse('2026-11-21T12:03:00Z'))).toBe('21/11/2026 09:03:00');
    expect(formatDateTime('2026-11-21T12:03:00-03:00')).toBe('21/11/2026 12:03:00');
    // The old summer time (-2) is honoured.
    expect(formatDateTime('2018-01-15T12:00:00Z')).toBe('15/01/2018 10:00:00');
  });

  it("toIsoDate: YYYY-MM-DD, São Paulo's calendar day", () => {
    expect(toIsoDate(new Date('2026-11-21T03:00:01Z'))).toBe('2026-11-21');
    expect(toIsoDate(new Date('2026-11-22T02:59:59Z'))).toBe('2026-11-21');
    expect(toIsoDate('2026-11-21')).toBe('2026-11-21');
    expect(toIsoDate(new Date(Number.NaN))).toBe('');
  });

  it('formatLongDate: weekday and month in Portuguese', () => {
    expect(formatLongDate('2026-11-21')).toBe('sábado, 21 de novembro de 2026');
  });
});
