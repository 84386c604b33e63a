import { addDays, format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dueDateCandidates,
  dueDateToFactor,
  factorToDueDate,
  formatBoletoLine,
  parseBoleto,
  splitBoletoBlocks,
  validateBoleto,
} from '../../machines/validators/boleto.ts';
import { DIGITS, RUNS, refArrecadacao, refBankSlip, singleSubstitutions } from './reference.ts';

const digits = (n: number) =>
  fc.array(fc.constantFrom(...DIGITS), { minLength: n, maxLength: n }).map((a) => a.join(''));
const factor = fc.integer({ min: 1000, max: 9999 }).map((f) => String(f).padStart(4, '0'));
/** A COMPE bank code; none starts with 8, the product id FEBRABAN reserves for arrecadação barcodes. */
const bankCode = digits(3).filter((b) => !b.startsWith('8'));
const bankSlip = fc.tuple(bankCode, factor, digits(10), digits(25)).map(([bank, f, amount, free]) => ({
  bank,
  factor: f,
  amount,
  free,
  ...refBankSlip(bank, '9', f, amount, free),
}));
const arrecadacao = fc
  .tuple(
    fc.constantFrom('1', '2', '3', '4', '5', '6', '7', '9'),
    fc.constantFrom('6', '7', '8', '9') as fc.Arbitrary<'6' | '7' | '8' | '9'>,
    digits(40),
  )
  .map(([segment, valueId, rest]) => ({ segment, valueId, rest, ...refArrecadacao(segment, valueId, rest) }));
const refDate = fc
  .integer({ min: 0, max: 12_000 })
  .map((n) => format(addDays(new Date(2001, 0, 1), n), 'yyyy-MM-dd'));

/** An independent check of a bank-slip line: field DVs, general DV, currency. */
function refBankLineValid(line: string): boolean {
  if (!/^\d{47}$/.test(line)) return false;
  const barcode =
    line.slice(0, 4) + line[32] + line.slice(33) + line.slice(4, 9) + line.slice(10, 20) + line.slice(21, 31);
  const rebuilt = refBankSlip(
    barcode.slice(0, 3),
    barcode[3] ?? '',
    barcode.slice(5, 9),
    barcode.slice(9, 19),
    barcode.slice(19),
  );
  return rebuilt.line === line && barcode[3] === '9';
}

describe('boleto: bank slips', () => {
  it('accepts generated slips as line and as barcode; line and barcode convert both ways', () => {
    fc.assert(
      fc.property(bankSlip, (s) => {
        for (const input of [s.line, s.barcode, formatBoletoLine(s.line)]) {
          const r = parseBoleto(input, '2026-11-21');
          expect(r.ok).toBe(true);
          if (!r.ok || r.value.kind !== 'bank-slip') return;
          expect(r.value.barcode).toBe(s.barcode);
          expect(r.value.typeableLine).toBe(s.line);
          expect(r.value.bankCode).toBe(s.bank);
          expect(r.value.factor).toBe(Number(s.factor));
          expect(r.value.amountCents).toBe(Number(s.amount));
          expect(r.value.freeField).toBe(s.free);
        }
      }),
      RUNS,
    );
  });

  it('rejects every single-digit change in fields 1-4; in field 5 only the mod-11 blind spot (0, 10, 11 → 1) survives', () => {
    fc.assert(
      fc.property(bankSlip, (s) => {
        for (const { i, mutated } of singleSubstitutions(s.line, () => DIGITS)) {
          const ok = parseBoleto(mutated).ok;
          if (i < 33) expect(ok).toBe(false);
          else expect(ok).toBe(refBankLineValid(mutated));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('rejects a currency other than 9 even with correct check digits', () => {
    fc.assert(
      fc.property(
        bankCode,
        fc.constantFrom(...'012345678'),
        factor,
        digits(10),
        digits(25),
        (bank, cur, f, amount, free) => {
          const s = refBankSlip(bank, cur, f, amount, free);
          expect(parseBoleto(s.line)).toEqual({ ok: false, reason: 'currency' });
          expect(parseBoleto(s.barcode)).toEqual({ ok: false, reason: 'currency' });
        },
      ),
      RUNS,
    );
  });

  it('due date: the candidate within 3000 days before / 5500 after the reference date, from either cycle', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 9999 }), refDate, (f, ref) => {
        const candidates = dueDateCandidates(f, ref);
        const refMs = new Date(`${ref}T00:00:00Z`).getTime();
        const inWindow = candidates.filter((c) => {
          const d = (new Date(`${c}T00:00:00Z`).getTime() - refMs) / 86_400_000;
          return d >= -3000 && d <= 5500;
        });
        expect(inWindow.length).toBeLessThanOrEqual(1);
        expect(factorToDueDate(f, ref)).toBe(inWindow[0] ?? null);
      }),
      RUNS,
    );
    expect(dueDateCandidates(1000)).toEqual(['2000-07-03', '2025-02-22']);
    expect(dueDateCandidates(9999)).toEqual(['2025-02-21', '2049-10-13']);
    expect(dueDateCandidates(0)).toEqual([]);
  });

  it('factor ↔ date round-trip: a date is always in its own window', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 17_999 }), (n) => {
        const date = format(addDays(new Date(2000, 6, 3), n), 'yyyy-MM-dd');
        const f = dueDateToFactor(date);
        expect(f).toBeGreaterThanOrEqual(1000);
        expect(f).toBeLessThanOrEqual(9999);
        expect(factorToDueDate(f, date)).toBe(date);
        // A reference given as a Date is its local calendar day, as the same day written out.
        expect(factorToDueDate(f, addDays(new Date(2000, 6, 3, 23, 30), n))).toBe(date);
      }),
      RUNS,
    );
    expect(() => factorToDueDate(1000, new Date(Number.NaN))).toThrow(RangeError);
    expect(dueDateToFactor('2025-02-21')).toBe(9999);
    expect(dueDateToFactor('2025-02-22')).toBe(1000);
    expect(dueDateToFactor('2025-02-23')).toBe(1001);
  });

  it('factor 0 means no due date; out-of-window slips are flagged for the payment form', () => {
    const s = refBankSlip('001', '9', '0000', '0000000000', '0'.repeat(25));
    const r = parseBoleto(s.line, '2026-11-21');
    expect(r.ok && r.value.kind === 'bank-slip' && r.value.dueDateStatus).toBe('none');
    expect(validateBoleto(s.line, '2026-11-21')).toBeUndefined();
    const old = refBankSlip('001', '9', '1000', '0000001000', '1'.repeat(25));
    expect(validateBoleto(old.line, '2026-11-21')).toBeUndefined();
    // Factor 1000 is 2000-07-03, 2025-02-22 or 2049-10-14: none is payable on 2034-01-01,
    // while on 2045-01-01 the third cycle is within the 5,500 days ahead.
    expect(validateBoleto(old.line, '2034-01-01')).toBe(
      'PAYMENT.PAYMENT_BILL.CODEINPUT.ERROR_DUE_DATE_WINDOW',
    );
    const later = parseBoleto(old.line, '2045-01-01');
    expect(later.ok && later.value.kind === 'bank-slip' && later.value.dueDate).toBe('2049-10-14');
    expect(validateBoleto('123', '2026-11-21')).toBe('PAYMENT.PAYMENT_BILL.CODEINPUT.ERROR_ANY_BLOCK');
  });

  it('splits the line into the 5 blocks of the payment screen (11, 12, 12, 1, 14)', () => {
    fc.assert(
      fc.property(bankSlip, (s) => {
        const blocks = splitBoletoBlocks(s.barcode);
        expect(blocks.map((b) => b.length)).toEqual([11, 12, 12, 1, 14]);
        expect(blocks.join('').replace(/\D/g, '')).toBe(s.line);
      }),
      RUNS,
    );
  });
});

describe('boleto: arrecadação', () => {
  it('accepts generated slips (mod 10 and mod 11) as line and barcode', () => {
    fc.assert(
      fc.property(arrecadacao, (s) => {
        for (const input of [s.line, s.barcode, formatBoletoLine(s.line)]) {
          const r = parseBoleto(input);
          expect(r.ok).toBe(true);
          if (!r.ok || r.value.kind !== 'arrecadacao') return;
          expect(r.value.barcode).toBe(s.barcode);
          expect(r.value.typeableLine).toBe(s.line);
          expect(r.value.modulus).toBe(s.valueId === '6' || s.valueId === '7' ? 10 : 11);
          expect(r.value.amountCents).toBe(Number(s.barcode.slice(4, 15)));
        }
        expect(splitBoletoBlocks(s.line).map((b) => b.length)).toEqual([13, 13, 13, 13]);
      }),
      RUNS,
    );
  });

  it('rejects every single-digit change of a mod-10 line; a mod-11 line only keeps the 0/1 blind spot', () => {
    fc.assert(
      fc.property(arrecadacao, (s) => {
        for (const { mutated } of singleSubstitutions(s.line, () => DIGITS)) {
          const ok = parseBoleto(mutated).ok;
          // Mod 10 (Luhn-like) catches any one-digit change inside a block or of its DV.
          if ((s.valueId === '6' || s.valueId === '7') && mutated[2] === s.valueId) expect(ok).toBe(false);
          const barcode = [0, 12, 24, 36].map((k) => mutated.slice(k, k + 11)).join('');
          const vid = mutated[2] as '6' | '7' | '8' | '9';
          const valid =
            ['6', '7', '8', '9'].includes(vid) &&
            !['0', '8'].includes(mutated[1] ?? '') &&
            refArrecadacao(barcode[1] ?? '', vid, barcode.slice(4)).line === mutated;
          expect(ok).toBe(valid);
        }
      }),
      { numRuns: 60 },
    );
  });
});
