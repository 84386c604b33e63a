import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatDateTimeBr,
  fromSaoPauloWallTime,
  parseCalendarDate,
  parseTransactionDate,
  zonedParts,
} from '../../src/export/datetime';
import { exportFileName } from '../../src/export/file-name';
import { isBalanceRow, paddedAccount, signedAmount, toCents } from '../../src/export/rows';
import { formatTaxId, taxIdLabel } from '../../src/export/tax-id';

describe('exportFileName', () => {
  it('is Export_ followed by the ISO dates of the period', () => {
    expect(exportFileName({ start: '2026-11-14', end: '2026-11-21' }, 'xlsx')).toBe(
      'Export_2026-11-14_2026-11-21.xlsx',
    );
    expect(exportFileName({ start: '2026-11-20', end: '2026-11-21' }, 'pdf')).toBe(
      'Export_2026-11-20_2026-11-21.pdf',
    );
    expect(exportFileName({ start: '2026-11-01', end: '2026-11-30' }, 'ofx')).toBe(
      'Export_2026-11-01_2026-11-30.ofx',
    );
  });

  it('refuses dates that are not YYYY-MM-DD calendar dates', () => {
    expect(() => exportFileName({ start: '14/11/2026', end: '2026-11-21' }, 'pdf')).toThrow(RangeError);
    expect(() => exportFileName({ start: '2026-02-30', end: '2026-03-01' }, 'pdf')).toThrow(RangeError);
    expect(() => exportFileName({ start: '2026-11-14', end: '../x' }, 'pdf')).toThrow(RangeError);
  });
});

describe('dates in America/Sao_Paulo', () => {
  it('reads the bank wall-clock form and explicit offsets', () => {
    expect(parseTransactionDate('14/11/2026 10:15:30').toISOString()).toBe('2026-11-14T13:15:30.000Z');
    expect(parseTransactionDate('2026-11-14T10:15:30').toISOString()).toBe('2026-11-14T13:15:30.000Z');
    expect(parseTransactionDate('2026-11-14').toISOString()).toBe('2026-11-14T03:00:00.000Z');
    expect(parseTransactionDate('2026-11-14T10:15:30Z').toISOString()).toBe('2026-11-14T10:15:30.000Z');
    expect(parseTransactionDate('2026-11-14T10:15:30.250-02:00').toISOString()).toBe(
      '2026-11-14T12:15:30.250Z',
    );
    for (const bad of ['', '31/02/2026 10:00:00', '2026-13-01', 'amanhã', '14/11/2026 25:00:00']) {
      expect(() => parseTransactionDate(bad)).toThrow(RangeError);
    }
  });

  it('writes DD/MM/YYYY HH:mm:ss in São Paulo whatever the machine zone', () => {
    expect(formatDateTimeBr(new Date('2026-11-21T02:59:59Z'))).toBe('20/11/2026 23:59:59');
    expect(formatDateTimeBr(new Date('2018-01-15T12:00:00Z'))).toBe('15/01/2018 10:00:00'); // old summer time, -2
  });

  it('round-trips wall-clock time (property, 2020 onwards: no summer time)', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2020-01-01T03:00:00Z'),
          max: new Date('2040-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (d) => {
          const whole = new Date(Math.floor(d.getTime() / 1000) * 1000);
          const p = zonedParts(whole);
          expect(p.offsetMinutes).toBe(-180);
          expect(fromSaoPauloWallTime(p.year, p.month, p.day, p.hour, p.minute, p.second).getTime()).toBe(
            whole.getTime(),
          );
          expect(parseTransactionDate(formatDateTimeBr(whole)).getTime()).toBe(whole.getTime());
        },
      ),
    );
  });

  it('reads wall times of old summer time and local mean time from the zone database', () => {
    // 2018-11-04 00:00-00:59 never happened (clocks went to 01:00): the first instant after the gap.
    expect(fromSaoPauloWallTime(2018, 11, 4).toISOString()).toBe('2018-11-04T03:00:00.000Z');
    expect(formatDateTimeBr(fromSaoPauloWallTime(2018, 11, 4, 0, 30))).toBe('04/11/2018 01:30:00');
    // 2019-02-16 23:00-23:59 happened twice; before 1914 the offset was -3:06:28.
    expect(fromSaoPauloWallTime(2019, 2, 16, 23, 30).toISOString()).toBe('2019-02-17T01:30:00.000Z');
    expect(fromSaoPauloWallTime(1900, 1, 1, 12).toISOString()).toBe('1900-01-01T15:06:28.000Z');
    expect(zonedParts(new Date('1900-01-01T15:06:28Z'))).toMatchObject({ hour: 12, minute: 0, second: 0 });
  });

  it('validates calendar dates', () => {
    expect(parseCalendarDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(() => parseCalendarDate('2025-02-29')).toThrow(RangeError);
  });
});

describe('rows', () => {
  const row = { transactionDate: '14/11/2026 10:00:00', description: 'x', amount: 12.5 };

  it('signs amounts from the type when it says credit or debit, else keeps the sign', () => {
    expect(signedAmount({ ...row, transactionType: 'D' })).toBe(-12.5);
    expect(signedAmount({ ...row, transactionType: 'débito', amount: -12.5 })).toBe(-12.5);
    expect(signedAmount({ ...row, transactionType: 'C', amount: -12.5 })).toBe(12.5);
    expect(signedAmount({ ...row, transactionType: 'PIX', amount: -3 })).toBe(-3);
    expect(signedAmount({ ...row, transactionType: 'SALDO', amount: -3 })).toBe(-3);
    expect(() => signedAmount({ ...row, transactionType: 'C', amount: Number.NaN })).toThrow(RangeError);
  });

  it('recognises balance lines', () => {
    expect(isBalanceRow({ ...row, transactionType: ' saldo ' })).toBe(true);
    expect(isBalanceRow({ ...row, transactionType: 'SALDO ANTERIOR' })).toBe(false);
  });

  it('pads the account to 7 digits and rounds money to whole centavos', () => {
    expect(paddedAccount({ account: '1234', branch: '0001', name: '', taxId: '' })).toBe('0001234');
    expect(paddedAccount({ account: '12345678', branch: '0001', name: '', taxId: '' })).toBe('12345678');
    expect([toCents(-1234.5), toCents(0.1 + 0.2), toCents(0.125), toCents(-0.125), toCents(-0.001)]).toEqual([
      -123450, 30, 13, -13, 0,
    ]);
  });
});

describe('tax id', () => {
  it('formats CPF, numeric and alphanumeric CNPJ, and leaves other text alone', () => {
    expect(formatTaxId('12345678909')).toBe('123.456.789-09');
    expect(formatTaxId('11.222.333/0001-81')).toBe('11.222.333/0001-81');
    expect(formatTaxId('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatTaxId('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatTaxId(' 123 ')).toBe('123');
    expect([taxIdLabel('12345678909'), taxIdLabel('12ABC34501DE35'), taxIdLabel('x')]).toEqual([
      'CPF',
      'CNPJ',
      'CPF/CNPJ',
    ]);
  });
});
