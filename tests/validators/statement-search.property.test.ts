import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesStatementSearch } from '../../machines/validators/statement-search.ts';
import { formatAmountPlain, formatBRL } from '../../src/format/brl.ts';
import { RUNS } from './reference.ts';

const WORDS = [
  'Saque',
  'TED',
  'DOC',
  'Pix recebido',
  'Pagamento de boleto',
  'Recarga celular',
  'Transferência',
  'Depósito',
  'Estorno',
  'Tarifa',
];
const description = fc
  .array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 })
  .map((w) => w.join(' - '));
const amount = fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }).map((c) => c / 100);
const accentFold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '');

describe('statement search', () => {
  it('any piece of the description matches, in any case, with or without accents', () => {
    fc.assert(
      fc.property(description, amount, fc.nat(), fc.nat(), (d, a, x, y) => {
        const i = x % d.length;
        const j = i + 1 + (y % (d.length - i));
        const piece = d.slice(i, j);
        if (piece.trim() === '') return;
        for (const q of [piece.toUpperCase(), piece.toLowerCase(), accentFold(piece)]) {
          expect(matchesStatementSearch({ description: d, amount: a }, q)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('the pt-BR amount matches as 1.234,56, R$ 1.234,56 (any space) and 1234,56', () => {
    fc.assert(
      fc.property(description, amount, (d, a) => {
        const plain = formatAmountPlain(Math.abs(a));
        const entry = { description: d, amount: a };
        expect(matchesStatementSearch(entry, plain)).toBe(true);
        expect(matchesStatementSearch(entry, `R$ ${plain}`)).toBe(true);
        expect(matchesStatementSearch(entry, `r$${plain}`)).toBe(true);
        expect(matchesStatementSearch(entry, formatBRL(Math.abs(a)))).toBe(true);
        expect(matchesStatementSearch(entry, plain.replace(/\./g, ''))).toBe(true);
        if (a < 0) expect(matchesStatementSearch(entry, formatBRL(a))).toBe(true);
      }),
      RUNS,
    );
    expect(matchesStatementSearch({ description: 'Saque', amount: -1234.56 }, '1.234,56')).toBe(true);
    expect(matchesStatementSearch({ description: 'Saque', amount: 1234.56 }, 'R$ 1.234,56')).toBe(true);
    expect(matchesStatementSearch({ description: 'Saque', amount: 1234.56 }, '1234,56')).toBe(true);
  });

  it('an empty query matches everything; an absent word or another amount does not', () => {
    fc.assert(
      fc.property(description, amount, (d, a) => {
        expect(matchesStatementSearch({ description: d, amount: a }, '   ')).toBe(true);
        expect(matchesStatementSearch({ description: d, amount: a }, 'xyzzy')).toBe(false);
        expect(
          matchesStatementSearch({ description: d, amount: a }, `${formatAmountPlain(Math.abs(a))}9`),
        ).toBe(false);
      }),
      RUNS,
    );
    expect(
      matchesStatementSearch({ description: 'Depósito em espécie', amount: 10 }, 'DEPOSITO EM especie'),
    ).toBe(true);
  });
});
