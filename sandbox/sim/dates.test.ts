import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BANK_TIME_ZONE,
  fromLocal,
  localDate,
  offsetMinutes,
  toBrazilianDateTime,
  toLocalIso,
} from './dates.ts';

/** São Paulo wall time straight from Intl, with no cache: the reference. */
const reference = new Intl.DateTimeFormat('en-CA', {
  timeZone: BANK_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
function wall(instant: Date): Record<string, string> {
  return Object.fromEntries(reference.formatToParts(instant).map((p) => [p.type, p.value]));
}

// 1995-2035: São Paulo had daylight saving time until 2019, so both regimes are drawn.
const instants = fc
  .integer({ min: Date.UTC(1995, 0, 1), max: Date.UTC(2035, 0, 1) })
  .map((ms) => new Date(ms));

describe('São Paulo dates', () => {
  it('agree with Intl for any instant, across daylight-saving changes', () => {
    fc.assert(
      fc.property(instants, (instant) => {
        const w = wall(instant);
        expect(localDate(instant)).toBe(`${w.year}-${w.month}-${w.day}`);
        expect(toBrazilianDateTime(instant)).toBe(
          `${w.day}/${w.month}/${w.year} ${w.hour}:${w.minute}:${w.second}`,
        );
        expect(toLocalIso(instant).slice(0, 19)).toBe(
          `${w.year}-${w.month}-${w.day}T${w.hour}:${w.minute}:${w.second}`,
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('change offset exactly at the daylight-saving boundaries', () => {
    // 2018-11-04 00:00 -03:00 became 01:00 -02:00; 2019-02-17 00:00 -02:00 went back to 23:00 -03:00.
    expect(offsetMinutes(new Date('2018-11-04T02:59:59Z'))).toBe(-180);
    expect(offsetMinutes(new Date('2018-11-04T03:00:00Z'))).toBe(-120);
    expect(toLocalIso(new Date('2018-11-04T03:00:00Z'))).toBe('2018-11-04T01:00:00-02:00');
    expect(offsetMinutes(new Date('2019-02-17T01:59:59Z'))).toBe(-120);
    expect(offsetMinutes(new Date('2019-02-17T02:00:00Z'))).toBe(-180);
    expect(toLocalIso(new Date('2026-11-21T15:04:05.999Z'))).toBe('2026-11-21T12:04:05-03:00');
  });

  it('fromLocal inverts the wall clock', () => {
    fc.assert(
      fc.property(instants, (instant) => {
        const [date, time] = toLocalIso(instant).slice(0, 19).split('T') as [string, string];
        const back = fromLocal(date, time);
        // An hour repeated when the clocks went back maps to one of its two instants.
        expect(toLocalIso(back).slice(0, 19)).toBe(`${date}T${time}`);
      }),
      { numRuns: 500 },
    );
  });

  it('fromLocal puts a time skipped by daylight saving on the same day, after the gap', () => {
    // On 2018-11-04 São Paulo went from 23:59:59 straight to 01:00: midnight never happened, and
    // the start of that day is 01:00-02:00, not 23:00 of the day before.
    expect(fromLocal('2018-11-04').toISOString()).toBe('2018-11-04T03:00:00.000Z');
    expect(localDate(fromLocal('2018-11-04'))).toBe('2018-11-04');
    expect(toLocalIso(fromLocal('2018-11-04', '00:30:00'))).toBe('2018-11-04T01:30:00-02:00');
  });
});
