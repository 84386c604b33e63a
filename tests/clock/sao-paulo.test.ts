/**
 * São Paulo's clock (clock/sao-paulo.ts) against a reference written differently: Intl's calendar
 * of the zone, with no cache and no offset arithmetic. Also run with TZ=Asia/Tokyo and
 * TZ=America/Rio_Branco (vitest.config.ts, the clock projects): nothing here may depend on the
 * machine's zone.
 */
import { format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fromSaoPauloWallTime,
  inSaoPaulo,
  SAO_PAULO_TIME_ZONE,
  saoPauloDate,
  saoPauloDateBr,
  saoPauloDateTimeBr,
  saoPauloDayNumber,
  saoPauloIso,
  saoPauloOffsetMinutes,
  saoPauloParts,
  saoPauloToday,
} from '../../clock/sao-paulo';

const reference = new Intl.DateTimeFormat('en-CA', {
  timeZone: SAO_PAULO_TIME_ZONE,
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

describe("São Paulo's clock", () => {
  it('agrees with Intl on the wall clock, the day and the day number of any instant', () => {
    fc.assert(
      fc.property(instants, (instant) => {
        const w = wall(instant);
        const day = `${w.year}-${w.month}-${w.day}`;
        expect(saoPauloDate(instant)).toBe(day);
        expect(saoPauloToday(instant)).toBe(day);
        expect(saoPauloDateBr(instant)).toBe(`${w.day}/${w.month}/${w.year}`);
        expect(saoPauloDateTimeBr(instant)).toBe(
          `${w.day}/${w.month}/${w.year} ${w.hour}:${w.minute}:${w.second}`,
        );
        expect(saoPauloIso(instant).slice(0, 19)).toBe(`${day}T${w.hour}:${w.minute}:${w.second}`);
        expect(saoPauloDayNumber(instant)).toBe(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
      }),
      { numRuns: 1000 },
    );
  });

  it('gives date-fns a date whose fields are São Paulo wall clock, in any zone', () => {
    fc.assert(
      fc.property(instants, (instant) => {
        const w = wall(instant);
        expect(format(inSaoPaulo(instant), 'yyyy-MM-dd HH:mm:ss')).toBe(
          `${w.year}-${w.month}-${w.day} ${w.hour}:${w.minute}:${w.second}`,
        );
      }),
      { numRuns: 300 },
    );
    // Around the changes of the old summer time: the two instants of the repeated hour, and the
    // first hour after the skipped midnight.
    const at = (iso: string) => format(inSaoPaulo(new Date(iso)), 'yyyy-MM-dd HH:mm');
    expect(at('2019-02-17T01:30:00Z')).toBe('2019-02-16 23:30');
    expect(at('2019-02-17T02:30:00Z')).toBe('2019-02-16 23:30');
    expect(at('2018-11-04T03:30:00Z')).toBe('2018-11-04 01:30');
  });

  it("today is São Paulo's date when Tokyo is already on the next day or Rio Branco still on the previous", () => {
    // 23:30 of the 23rd in São Paulo is 11:30 of the 24th in Tokyo.
    expect(saoPauloToday(new Date('2026-11-24T02:30:00Z'))).toBe('2026-11-23');
    // 00:30 of the 24th in São Paulo is 22:30 of the 23rd in Rio Branco.
    expect(saoPauloToday(new Date('2026-11-24T03:30:00Z'))).toBe('2026-11-24');
  });

  it('takes offsets from the zone database: old summer time, its boundaries, local mean time', () => {
    expect(saoPauloOffsetMinutes(new Date('2026-11-24T02:30:00Z'))).toBe(-180);
    // 2018-11-04 00:00 -03:00 became 01:00 -02:00; 2019-02-17 00:00 -02:00 went back to 23:00 -03:00.
    expect(saoPauloOffsetMinutes(new Date('2018-11-04T02:59:59Z'))).toBe(-180);
    expect(saoPauloOffsetMinutes(new Date('2018-11-04T03:00:00Z'))).toBe(-120);
    expect(saoPauloOffsetMinutes(new Date('2019-02-17T02:00:00Z'))).toBe(-180);
    expect(saoPauloIso(new Date('2018-11-04T03:00:00Z'))).toBe('2018-11-04T01:00:00-02:00');
    // Before 1914, -3:06:28.
    expect(saoPauloParts(new Date('1900-01-01T15:06:28Z'))).toMatchObject({ hour: 12, minute: 0, second: 0 });
  });

  it('puts a wall time on its instant; one skipped by summer time just after the gap', () => {
    expect(fromSaoPauloWallTime(2026, 11, 23, 23, 30).toISOString()).toBe('2026-11-24T02:30:00.000Z');
    expect(fromSaoPauloWallTime(2018, 11, 4).toISOString()).toBe('2018-11-04T03:00:00.000Z');
    expect(fromSaoPauloWallTime(2018, 11, 4, 0, 30).toISOString()).toBe('2018-11-04T03:30:00.000Z');
    // The repeated hour is its first instant (-02:00) in every zone; a TZDate built from the wall
    // fields took the second one in Rio Branco.
    expect(fromSaoPauloWallTime(2019, 2, 16, 23, 30).toISOString()).toBe('2019-02-17T01:30:00.000Z');
    expect(fromSaoPauloWallTime(1900, 1, 1, 12).toISOString()).toBe('1900-01-01T15:06:28.000Z');
    expect(fromSaoPauloWallTime(2026, 2, 30).toISOString()).toBe('2026-03-02T03:00:00.000Z');
    fc.assert(
      fc.property(instants, (instant) => {
        const p = saoPauloParts(instant);
        const back = fromSaoPauloWallTime(p.year, p.month, p.day, p.hour, p.minute, p.second);
        // An hour repeated when the clocks went back maps to one of its two instants.
        expect(saoPauloDateTimeBr(back)).toBe(saoPauloDateTimeBr(instant));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses an invalid date rather than writing NaN', () => {
    expect(() => saoPauloDate(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => saoPauloDayNumber(new Date(Number.NaN))).toThrow(RangeError);
  });
});
