import { addDays, differenceInCalendarDays, format, parseISO } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodRange, validateCustomPeriod, validateMonth } from '../../machines/validators/period.ts';
import { RUNS } from './reference.ts';

const day = fc
  .integer({ min: 0, max: 4000 })
  .map((n) => format(addDays(new Date(2019, 0, 1), n), 'yyyy-MM-dd'));
const days = (a: string, b: string): number => differenceInCalendarDays(parseISO(b), parseISO(a));

describe('statement periods (1-access §5)', () => {
  it('types 1, 2, 3 cover the last 1, 7 and 15 days, today included', () => {
    fc.assert(
      fc.property(day, (today) => {
        for (const [type, n] of [
          [1, 1],
          [2, 7],
          [3, 15],
        ] as const) {
          const r = periodRange(type, today);
          expect(r.end).toBe(today);
          expect(days(r.start, r.end)).toBe(n - 1);
        }
      }),
      RUNS,
    );
    expect(periodRange(2, '2026-03-01')).toEqual({ start: '2026-02-23', end: '2026-03-01' });
  });

  it('type 4 covers a whole past month, or the current month up to today', () => {
    fc.assert(
      fc.property(day, (today) => {
        const month = today.slice(0, 7);
        expect(periodRange(4, today)).toEqual({ start: `${month}-01`, end: today });
        expect(periodRange(4, today, month)).toEqual({ start: `${month}-01`, end: today });
      }),
      RUNS,
    );
    expect(periodRange(4, '2026-11-21', '2024-02')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(() => periodRange(4, '2026-11-21', '2024-13')).toThrow(RangeError);
  });

  it('custom period agrees with the three rules, checked in order', () => {
    fc.assert(
      fc.property(day, day, day, (start, end, today) => {
        const expected =
          start > end
            ? 'STATEMENT_EXPORT.WRONG_PERIOD'
            : days(start, today) < 1 || end > today
              ? 'STATEMENT_EXPORT.INVALID_DATE_START'
              : undefined;
        expect(validateCustomPeriod({ start, end, today })).toBe(expected);
      }),
      { numRuns: 500 },
    );
    expect(validateCustomPeriod({ end: '2026-11-20', today: '2026-11-21' })).toBe(
      'STATEMENT_EXPORT.START_END_DATE',
    );
    expect(validateCustomPeriod({ start: '2026-11-01', end: '', today: '2026-11-21' })).toBe(
      'STATEMENT_EXPORT.START_END_DATE',
    );
    expect(validateCustomPeriod({ start: '2026-02-30', end: '2026-03-01', today: '2026-11-21' })).toBe(
      'STATEMENT_EXPORT.START_END_DATE',
    );
    expect(
      validateCustomPeriod({ start: '2026-11-20', end: '2026-11-21', today: '2026-11-21' }),
    ).toBeUndefined();
    expect(validateCustomPeriod({ start: '2026-11-21', end: '2026-11-21', today: '2026-11-21' })).toBe(
      'STATEMENT_EXPORT.INVALID_DATE_START',
    );
  });

  it('month picker: not before January 2020, not after the current month', () => {
    fc.assert(
      fc.property(day, day, (m, today) => {
        const month = m.slice(0, 7);
        const expected =
          month < '2020-01'
            ? 'STATEMENT_SCREEN.MIN_DATE'
            : month > today.slice(0, 7)
              ? 'STATEMENT_SCREEN.MAX_DATE'
              : undefined;
        expect(validateMonth(month, today)).toBe(expected);
      }),
      RUNS,
    );
    expect(validateMonth('2019-12', '2026-11-21')).toBe('STATEMENT_SCREEN.MIN_DATE');
    expect(validateMonth('2020-01', '2026-11-21')).toBeUndefined();
    expect(validateMonth(undefined, '2026-11-21')).toBe('ERRORS.INPUTS.REQUIRED');
  });
});
