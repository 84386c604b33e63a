import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { saoPauloParts } from '../../clock/sao-paulo.ts';
import { addDays, fromLocal } from './dates.ts';
import {
  changesFor,
  DEFAULT_LIMITS,
  INCREASE_DELAY_MS,
  INCREASE_LATEST_MS,
  limitsAt,
  MAX_LIMIT_CENTS,
  pendingAt,
  periodAt,
  totalProblems,
  type LimitSet,
  type NightStartHour,
} from './pix-limit-rules.ts';

/**
 * The rules of an account's Pix limits (issue 28; the 2026 rules of the domain notes §c) on the São
 * Paulo clock: the periods with their edges at 20h, 22h and 6h, a decrease in force at once, an
 * increase within 24–48 h. Run in Tokyo and Rio Branco too (vitest.config.ts CLOCK_SENSITIVE).
 */

const HOUR = 3_600_000;
/** A São Paulo wall time from 2020 (no daylight saving since 2019) to 2030, to the millisecond. */
const wallTime = fc.record({
  day: fc.integer({ min: 0, max: 3_650 }),
  ms: fc.integer({ min: 0, max: 24 * HOUR - 1 }),
});
const instantOf = ({ day, ms }: { day: number; ms: number }) =>
  new Date(fromLocal(addDays('2020-01-01', day)).getTime() + ms);
const nightStart = fc.constantFrom<NightStartHour>(20, 22);
const cents = fc.integer({ min: 1, max: 10_000_000 });
const limitSet = fc.record({ dayCents: cents, nightCents: cents, nightStartHour: nightStart });

const hourOf = (d: Date) => saoPauloParts(d).hour;
const spAt = (date: string, time: string) => fromLocal(date, time);

describe('periodAt', () => {
  it('puts every instant in one period that holds it, bounded at 6h and at the night start', () => {
    fc.assert(
      fc.property(wallTime, nightStart, (w, start) => {
        const now = instantOf(w);
        const p = periodAt(now, start);
        expect(p.start.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(now.getTime()).toBeLessThan(p.end.getTime());
        const h = hourOf(now);
        expect(p.period).toBe(h >= start || h < 6 ? 'NIGHT' : 'DAY');
        expect([hourOf(p.start), hourOf(p.end)]).toEqual(p.period === 'NIGHT' ? [start, 6] : [6, start]);
        expect(p.end.getTime() - p.start.getTime()).toBe(
          (p.period === 'NIGHT' ? 30 - start : start - 6) * HOUR,
        );
      }),
    );
  });

  it('the edges: night from 20:00 or 22:00 sharp, day from 06:00 sharp', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3_650 }), (day) => {
        const date = addDays('2020-01-01', day);
        const before = (d: Date) => new Date(d.getTime() - 1);
        const twenty = spAt(date, '20:00:00');
        const twentyTwo = spAt(date, '22:00:00');
        const six = spAt(date, '06:00:00');
        expect(periodAt(twenty, 20)).toMatchObject({ period: 'NIGHT', start: twenty });
        expect(periodAt(before(twenty), 20).period).toBe('DAY');
        expect(periodAt(twenty, 22).period).toBe('DAY');
        expect(periodAt(spAt(date, '21:00:00'), 22)).toMatchObject({
          period: 'DAY',
          start: six,
          end: twentyTwo,
        });
        expect(periodAt(twentyTwo, 22)).toMatchObject({ period: 'NIGHT', start: twentyTwo });
        expect(periodAt(before(twentyTwo), 22).period).toBe('DAY');
        for (const start of [20, 22] as const) {
          expect(periodAt(six, start)).toMatchObject({ period: 'DAY', start: six });
          expect(periodAt(before(six), start)).toMatchObject({
            period: 'NIGHT',
            start: spAt(addDays(date, -1), `${start}:00:00`),
            end: six,
          });
        }
      }),
    );
  });
});

describe('a request', () => {
  it('lowers at once, raises no sooner than 24 h and no later than 48 h, and leaves an equal field alone', () => {
    fc.assert(
      fc.property(limitSet, limitSet, wallTime, (current, wanted, w) => {
        const now = instantOf(w);
        const changes = changesFor(
          current,
          { DAY: wanted.dayCents, NIGHT: wanted.nightCents, NIGHT_START: wanted.nightStartHour },
          now,
        );
        const was = { DAY: current.dayCents, NIGHT: current.nightCents, NIGHT_START: current.nightStartHour };
        for (const c of changes) {
          expect(c.value).not.toBe(was[c.field]);
          const delay = c.effectiveAt.getTime() - now.getTime();
          if (c.value < was[c.field]) expect(delay).toBe(0);
          else {
            expect(delay).toBeGreaterThanOrEqual(24 * HOUR);
            expect(delay).toBeLessThanOrEqual(48 * HOUR);
          }
        }
        const byField = (f: string) => changes.some((c) => c.field === f);
        expect(byField('DAY')).toBe(wanted.dayCents !== current.dayCents);
        expect(byField('NIGHT')).toBe(wanted.nightCents !== current.nightCents);
        expect(byField('NIGHT_START')).toBe(wanted.nightStartHour !== current.nightStartHour);

        // In force: the decreases at once, the increases from their instant, pending until then.
        const atOnce: LimitSet = limitsAt(current, changes, now);
        expect(atOnce.dayCents).toBe(Math.min(current.dayCents, wanted.dayCents));
        expect(atOnce.nightCents).toBe(Math.min(current.nightCents, wanted.nightCents));
        expect(atOnce.nightStartHour).toBe(Math.min(current.nightStartHour, wanted.nightStartHour));
        const justBefore = new Date(now.getTime() + INCREASE_DELAY_MS - 1);
        expect(limitsAt(current, changes, justBefore)).toEqual(atOnce);
        expect(pendingAt(changes, justBefore).length).toBe(
          changes.filter((c) => c.value > was[c.field]).length,
        );
        const later = new Date(now.getTime() + INCREASE_LATEST_MS);
        expect(limitsAt(current, changes, later)).toEqual(wanted);
        expect(pendingAt(changes, later)).toEqual([]);
      }),
    );
  });

  it('is refused above the ceiling or with the night above the day; accepted otherwise', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('PERSON' as const, 'CORPORATE' as const),
        fc.integer({ min: 1, max: 200_000_000 }),
        fc.integer({ min: 1, max: 200_000_000 }),
        (type, dayCents, nightCents) => {
          const problems = totalProblems({ dayCents, nightCents }, type);
          const ok =
            dayCents <= MAX_LIMIT_CENTS[type] &&
            nightCents <= MAX_LIMIT_CENTS[type] &&
            nightCents <= dayCents;
          expect(problems.length === 0).toBe(ok);
        },
      ),
    );
  });

  it('starts from the defaults: an individual at the R$ 1,000 night cap, 20h–6h', () => {
    expect(DEFAULT_LIMITS.PERSON).toEqual({ dayCents: 500_000, nightCents: 100_000, nightStartHour: 20 });
    expect(totalProblems(DEFAULT_LIMITS.PERSON, 'PERSON')).toEqual([]);
    expect(totalProblems(DEFAULT_LIMITS.CORPORATE, 'CORPORATE')).toEqual([]);
  });
});
