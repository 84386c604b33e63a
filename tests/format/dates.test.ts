import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  datePlaceholder,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatMonth,
  maskDate,
  parseDate,
  toIsoDate,
} from '../../src/format/dates.ts';
import { saoPauloDateTimeBr } from '../../clock/sao-paulo.ts';

describe('dates (Intl, ptBR)', () => {
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

describe('dates in the portal language (issue #12)', () => {
  it('writes English forms in English and Portuguese ones otherwise', () => {
    expect(formatDate('2026-09-01', 'en')).toBe('09/01/2026');
    expect(formatDate('2026-09-01', 'pt-BR')).toBe('01/09/2026');
    // An instant is shown on São Paulo's clock in either language.
    expect(formatDateTime('2026-11-21T17:30:05Z', 'en')).toBe('11/21/2026 14:30:05');
    expect(formatLongDate('2026-11-23', 'en')).toBe('Monday, November 23, 2026');
    expect(formatLongDate('2026-11-23', 'pt-BR')).toBe('segunda-feira, 23 de novembro de 2026');
    expect(formatMonth('2026-11', 'en')).toBe('November 2026');
    expect(formatMonth('2026-11', 'pt-BR')).toBe('novembro de 2026');
    expect(formatMonth('2026-13')).toBe('');
    expect(datePlaceholder('pt-BR')).toBe('dd/mm/aaaa');
    expect(datePlaceholder('en')).toBe('mm/dd/yyyy');
  });

  it('parseDate reads the language order strictly and refuses what is no day', () => {
    expect(parseDate('01/09/2026', 'pt-BR')).toBe('2026-09-01');
    expect(parseDate('09/01/2026', 'en')).toBe('2026-09-01');
    expect(parseDate('01092026', 'pt-BR')).toBe('2026-09-01');
    expect(parseDate('29/02/2028', 'pt-BR')).toBe('2028-02-29');
    for (const bad of ['29/02/2026', '31/04/2026', '00/01/2026', '01/13/2026', '01/09/202', '', '01/01/0999'])
      expect(parseDate(bad, 'pt-BR')).toBeUndefined();
    expect(parseDate('13/01/2026', 'en')).toBeUndefined();
  });

  it('maskDate keeps at most eight digits with slashes, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const once = maskDate(s);
        expect(maskDate(once)).toBe(once);
        expect(once).toMatch(/^\d{0,2}(\/\d{0,2}(\/\d{0,4})?)?$/);
      }),
    );
    expect(maskDate('2111')).toBe('21/11');
    expect(maskDate('21/11/2026x9')).toBe('21/11/2026');
  });

  it('round-trips every day: formatted in a language, parsed back in it', () => {
    fc.assert(
      fc.property(
        // Bounds in UTC, as the day is read: local ones put 1899-12-31 in the range east of UTC.
        fc.date({
          min: new Date(Date.UTC(1900, 0, 1)),
          max: new Date(Date.UTC(2199, 11, 31)),
          noInvalidDate: true,
        }),
        fc.constantFrom('pt-BR', 'en'),
        (d, lng) => {
          // Calendar days, as the date fields hold them (an instant would first move to São Paulo).
          const day = d.toISOString().slice(0, 10);
          expect(parseDate(formatDate(day, lng), lng)).toBe(day);
        },
      ),
    );
  });
});

describe("dates on the exports' clock (issue 26: Intl, not date-fns)", () => {
  it('formatDateTime says what clock/sao-paulo.ts (@date-fns/tz) says, for any instant since 1850', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1850-01-01T00:00:00Z'),
          max: new Date('2199-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        (d) => {
          expect(formatDateTime(d, 'pt-BR')).toBe(saoPauloDateTimeBr(d));
          expect(toIsoDate(d)).toBe(saoPauloDateTimeBr(d).replace(/^(\d\d)\/(\d\d)\/(\d{4}).*$/, '$3-$2-$1'));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads a calendar day of a year before 100 as that year, not 19xx', () => {
    expect(toIsoDate('0050-03-01')).toBe('0050-03-01');
    expect(formatDate('0050-03-01')).toBe('01/03/0050');
  });
});
