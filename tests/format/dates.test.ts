import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatLongDate, toIsoDate } from '../../src/format/dates.ts';

describe('dates (date-fns, ptBR)', () => {
  it('formatDate: DD/MM/YYYY; a date-only string is that calendar day in any time zone', () => {
    expect(formatDate('2026-11-21')).toBe('21/11/2026');
    expect(formatDate(new Date(2026, 0, 5, 23, 59))).toBe('05/01/2026');
    expect(formatDate('2026-02-30')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('formatDateTime: dd/MM/yyyy HH:mm:ss', () => {
    expect(formatDateTime(new Date(2026, 10, 21, 14, 30, 5))).toBe('21/11/2026 14:30:05');
    expect(formatDateTime(new Date(2026, 10, 21, 9, 3, 0).getTime())).toBe('21/11/2026 09:03:00');
  });

  it('toIsoDate: YYYY-MM-DD, the local calendar day', () => {
    expect(toIsoDate(new Date(2026, 10, 21, 0, 0, 1))).toBe('2026-11-21');
    expect(toIsoDate(new Date(2026, 10, 21, 23, 59, 59))).toBe('2026-11-21');
    expect(toIsoDate('2026-11-21')).toBe('2026-11-21');
    expect(toIsoDate(new Date(Number.NaN))).toBe('');
  });

  it('formatLongDate: weekday and month in Portuguese', () => {
    expect(formatLongDate('2026-11-21')).toBe('sábado, 21 de novembro de 2026');
  });
});
