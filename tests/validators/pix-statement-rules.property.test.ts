/**
 * The row actions of the Pix statement (machines/pix/pix-statement-rules.ts; 3-pix-part-one.md §5,
 * §9): the 90- and 80-day windows on the São Paulo calendar and the refundable amount, against a
 * reference written differently (Intl's calendar of the zone, string dates, integer cents).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canRefund,
  canReport,
  daysSinceEntry,
  refundableAmount,
  REFUND_WINDOW_DAYS,
  REPORT_WINDOW_DAYS,
  type PixStatementEntry,
} from '../../machines/pix/pix-statement-rules.ts';
import { RUNS } from './reference.ts';

/** The São Paulo calendar date of an instant, read from Intl (not the module's offset arithmetic). */
const spDate = (d: Date): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
const calendarDays = (from: string, to: string): number =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** An instant written as the bank writes it (São Paulo offset) or in UTC (another bank might). */
function written(d: Date, utc: boolean): string {
  if (utc) return d.toISOString();
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Sao_Paulo',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : String(parts.timeZoneName).slice(3);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

const instant = fc.date({
  min: new Date('2015-01-01T00:00:00Z'),
  max: new Date('2035-12-31T23:59:59Z'),
  noInvalidDate: true,
});
const cents = fc.integer({ min: 1, max: 100_000_000 });

function entry(over: Partial<PixStatementEntry>): PixStatementEntry {
  return {
    description: 'Pix recebido - Maria',
    type: 'C',
    amount: 100,
    amountRefund: 0,
    transactionId: 'tx-1',
    endToEndId: 'E12345678202611241200abcdefghijk',
    historyCode: '8020',
    isPix: true,
    entryDate: '2026-11-24T12:00:00-03:00',
    creditDate: '2026-11-24T12:00:00-03:00',
    ...over,
  };
}

describe('Pix statement row actions (3-pix-part-one.md §5, §9)', () => {
  it('counts São Paulo calendar days, whatever the way the instant is written', () => {
    fc.assert(
      fc.property(instant, instant, fc.boolean(), (booked, now, utc) => {
        const e = entry({ creditDate: written(booked, utc) });
        expect(daysSinceEntry(e, now)).toBe(calendarDays(spDate(booked), spDate(now)));
      }),
      RUNS,
    );
    // 23:30 in São Paulo is already the next day in UTC: still the same São Paulo day.
    expect(
      daysSinceEntry(entry({ creditDate: '2026-11-24T23:30:00-03:00' }), new Date('2026-11-25T02:59:59Z')),
    ).toBe(0);
    expect(
      daysSinceEntry(entry({ creditDate: '2026-11-24T23:30:00-03:00' }), new Date('2026-11-25T03:00:00Z')),
    ).toBe(1);
    expect(daysSinceEntry(entry({ creditDate: 'not a date' }), new Date())).toBeNaN();
  });

  it('offers the refund on a Pix received not fully refunded, up to day 90', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: -2, max: 200 }),
        cents,
        cents,
        fc.boolean(),
        (booked, after, a, r, utc) => {
          const amountCents = a;
          const refundedCents = r % (a + 2); // below, equal to and (once) above the amount
          const now = new Date(booked.getTime() + after * 86_400_000);
          const e = entry({
            creditDate: written(booked, utc),
            amount: amountCents / 100,
            amountRefund: refundedCents / 100,
          });
          const days = calendarDays(spDate(booked), spDate(now));
          expect(canRefund(e, now)).toBe(refundedCents < amountCents && days <= REFUND_WINDOW_DAYS);
          // Only a Pix received: never a refund received, a return, a Pix sent or a refund sent.
          for (const historyCode of ['8011', '8030', '8031', '8032'] as const)
            expect(
              canRefund(
                { ...e, historyCode, type: historyCode === '8011' || historyCode === '8030' ? 'D' : 'C' },
                now,
              ),
            ).toBe(false);
        },
      ),
      RUNS,
    );
  });

  it('the windows end at the last minute of day 90 and day 80, São Paulo time', () => {
    const booked = entry({ creditDate: '2026-08-26T08:00:00-03:00' });
    expect(canRefund(booked, new Date('2026-11-24T23:59:59-03:00'))).toBe(true); // day 90
    expect(canRefund(booked, new Date('2026-11-25T00:00:00-03:00'))).toBe(false); // day 91
    const sent = entry({ creditDate: '2026-09-05T23:59:00-03:00', type: 'D', historyCode: '8011' });
    expect(canReport(sent, new Date('2026-11-24T23:59:59-03:00'))).toBe(true); // day 80
    expect(canReport(sent, new Date('2026-11-25T00:00:00-03:00'))).toBe(false); // day 81
  });

  it('offers the fraud report on a Pix sent (8011) up to day 80, and on nothing else', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -2, max: 200 }), cents, (booked, after, a) => {
        const now = new Date(booked.getTime() + after * 86_400_000);
        const days = calendarDays(spDate(booked), spDate(now));
        const sent = entry({
          creditDate: written(booked, false),
          type: 'D',
          historyCode: '8011',
          amount: a / 100,
        });
        expect(canReport(sent, now)).toBe(days <= REPORT_WINDOW_DAYS);
        for (const historyCode of ['8020', '8030', '8031', '8032'] as const)
          expect(canReport({ ...sent, historyCode }, now)).toBe(false);
      }),
      RUNS,
    );
  });

  it('the refundable amount is amount − amountRefund, exact to the cent', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 100_000_000 }), (a, r) => {
        const left = refundableAmount(entry({ amount: a / 100, amountRefund: r / 100 }));
        expect(Math.round(left * 100)).toBe(Math.max(0, a - r));
        expect(left.toFixed(2)).toBe((Math.max(0, a - r) / 100).toFixed(2));
      }),
      RUNS,
    );
    expect(refundableAmount(entry({ amount: 0.3, amountRefund: 0.1 }))).toBe(0.2);
    expect(refundableAmount(entry({ amount: 1000.1, amountRefund: 999.99 }))).toBe(0.11);
  });
});
