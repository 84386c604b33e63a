/**
 * Property tests of the statement list's pure functions (src/features/statement/statement-rows.ts):
 * grouping by credit date (newest first), flattening into date and entry rows, the receipt and
 * refund rules, and the search filter.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  creditDay,
  filterEntries,
  flattenGroups,
  groupByCreditDate,
  hasReceipt,
  isRefundCredit,
  isReturnedDebit,
  prepareSearch,
  searchPrepared,
  signedAmount,
  sortNewestFirst,
  statementRows,
  type StatementEntry,
} from '../../../src/features/statement/statement-rows';

const BASE = Date.UTC(2026, 0, 1, 12);

const arbEntry: fc.Arbitrary<StatementEntry> = fc
  .record({
    description: fc.oneof(
      fc.constantFrom('Saque em espécie', 'TED enviada', 'Pix recebido', 'DOC recebido', 'Tarifa'),
      fc.string({ maxLength: 20 }),
    ),
    type: fc.constantFrom('C' as const, 'D' as const),
    cents: fc.integer({ min: 1, max: 10_000_000 }),
    // Minutes within 40 days: many entries share a day, some share an instant.
    minute: fc.integer({ min: 0, max: 40 * 24 * 60 }),
    transactionId: fc.option(fc.uuid(), { nil: null }),
    refundCredit: fc.boolean(),
    refundDebit: fc.boolean(),
  })
  .map((r) => {
    const at = new Date(BASE + r.minute * 60_000).toISOString();
    return {
      description: r.description,
      type: r.type,
      amount: r.cents / 100,
      transactionId: r.transactionId,
      isPaymentRefundCredit: r.refundCredit,
      isPaymentRefundDebit: r.refundDebit,
      entryDate: at,
      creditDate: at,
    };
  });

const arbEntries = fc.array(arbEntry, { maxLength: 80 });

describe('groupByCreditDate', () => {
  it('keeps every entry exactly once', () => {
    fc.assert(
      fc.property(arbEntries, (entries) => {
        const grouped = groupByCreditDate(entries).flatMap((g) => g.entries);
        expect(grouped).toHaveLength(entries.length);
        expect(new Set(grouped)).toEqual(new Set(entries));
      }),
    );
  });

  it('puts each entry under its credit day, days strictly newest first', () => {
    fc.assert(
      fc.property(arbEntries, (entries) => {
        const groups = groupByCreditDate(entries);
        for (const g of groups) for (const e of g.entries) expect(creditDay(e)).toBe(g.day);
        for (let i = 1; i < groups.length; i++) expect(groups[i - 1]!.day > groups[i]!.day).toBe(true);
      }),
    );
  });

  it('orders a day newest first, ties in the bank order', () => {
    fc.assert(
      fc.property(arbEntries, (entries) => {
        for (const g of groupByCreditDate(entries)) {
          for (let i = 1; i < g.entries.length; i++) {
            const a = g.entries[i - 1]!;
            const b = g.entries[i]!;
            const ta = Date.parse(a.creditDate);
            const tb = Date.parse(b.creditDate);
            expect(ta).toBeGreaterThanOrEqual(tb);
            if (ta === tb) expect(entries.indexOf(a)).toBeLessThan(entries.indexOf(b));
          }
        }
      }),
    );
  });

  it('does not depend on the order the bank sends entries with distinct instants in', () => {
    fc.assert(
      fc.property(arbEntries, fc.integer(), (entries, seed) => {
        const distinct = [...new Map(entries.map((e) => [e.creditDate, e])).values()];
        const shuffled = [...distinct].sort(
          (a, b) => ((a.description.length * 31 + seed) % 7) - ((b.description.length * 31 + seed) % 7),
        );
        expect(groupByCreditDate(shuffled)).toEqual(groupByCreditDate(distinct));
      }),
    );
  });

  it('makes one group per distinct credit day', () => {
    fc.assert(
      fc.property(arbEntries, (entries) => {
        const groups = groupByCreditDate(entries);
        expect(groups.map((g) => g.day).sort()).toEqual([...new Set(entries.map(creditDay))].sort());
      }),
    );
  });
});

describe('flattenGroups', () => {
  it('is one date row per group followed by exactly its entries', () => {
    fc.assert(
      fc.property(arbEntries, (entries) => {
        const groups = groupByCreditDate(entries);
        const rows = flattenGroups(groups);
        expect(rows).toHaveLength(groups.length + entries.length);
        let i = 0;
        for (const g of groups) {
          const head = rows[i++]!;
          expect(head).toMatchObject({ kind: 'date', day: g.day, count: g.entries.length });
          for (const e of g.entries) {
            const row = rows[i++]!;
            expect(row.kind).toBe('entry');
            if (row.kind === 'entry') expect(row.entry).toBe(e);
          }
        }
        expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
      }),
    );
  });
});

describe('search', () => {
  it('an empty search keeps everything; any search keeps a subsequence', () => {
    fc.assert(
      fc.property(arbEntries, fc.string({ maxLength: 6 }), (entries, q) => {
        expect(filterEntries(entries, '')).toBe(entries);
        const kept = filterEntries(entries, q);
        let j = 0;
        for (const e of kept) {
          while (j < entries.length && entries[j] !== e) j++;
          expect(j).toBeLessThan(entries.length);
          j++;
        }
      }),
    );
  });

  it('is case-insensitive', () => {
    fc.assert(
      fc.property(arbEntries, fc.constantFrom('saque', 'ted', 'pix', 'doc', 'ESPÉCIE'), (entries, q) => {
        expect(filterEntries(entries, q.toUpperCase())).toEqual(filterEntries(entries, q.toLowerCase()));
      }),
    );
  });

  it('finds an entry by its formatted amount, with the debit sign', () => {
    fc.assert(
      fc.property(arbEntry, (entry) => {
        const formatted = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(entry.amount);
        expect(filterEntries([entry], formatted)).toHaveLength(1);
        expect(filterEntries([entry], `-${formatted}`)).toHaveLength(entry.type === 'D' ? 1 : 0);
      }),
    );
  });

  it('the prepared search answers exactly as matchesStatementSearch', () => {
    const arbQuery = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom('saque', 'TED', 'pix receb', 'espécie', 'R$ 1', '-r$', '1.0', ',5', '  ', 'r$-'),
      arbEntry.map((e) => new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(e.amount)),
    );
    fc.assert(
      fc.property(arbEntries, arbQuery, (entries, q) => {
        const sorted = sortNewestFirst(entries);
        expect(searchPrepared(prepareSearch(sorted), q).map((s) => s.entry)).toEqual(
          filterEntries(sorted, q).map((d) => d.entry),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('statementRows = flatten(group(filter(sort)))', () => {
    fc.assert(
      fc.property(arbEntries, fc.constantFrom('', 'ted', 'a'), (entries, q) => {
        expect(statementRows(entries, q)).toEqual(
          flattenGroups(groupByCreditDate([...filterEntries(entries, q)])),
        );
        expect(sortNewestFirst(entries)).toHaveLength(entries.length);
      }),
    );
  });
});

describe('row rules (§2)', () => {
  it('signs debits negative and credits positive', () => {
    fc.assert(
      fc.property(arbEntry, (e) => {
        expect(Math.abs(signedAmount(e))).toBe(e.amount);
        expect(signedAmount(e) < 0).toBe(e.type === 'D');
      }),
    );
  });

  it('tags ESTORNO only on refund credits and offers a receipt only with an id and not on a refund debit', () => {
    fc.assert(
      fc.property(arbEntry, (e) => {
        expect(isRefundCredit(e)).toBe(e.type === 'C' && e.isPaymentRefundCredit === true);
        expect(hasReceipt(e)).toBe(Boolean(e.transactionId) && e.isPaymentRefundDebit !== true);
      }),
    );
  });
});

describe('isReturnedDebit (issue 32: a rejected Pix listed as sent)', () => {
  const entry = (type: 'C' | 'D', amount: number, amountRefund?: number) =>
    ({ type, amount, ...(amountRefund === undefined ? {} : { amountRefund }) }) as StatementEntry;

  it('tags a debit whose whole amount came back, and nothing else', () => {
    // The rejected Pix: debited R$ 80, the SPI's reversal gave R$ 80 back.
    expect(isReturnedDebit(entry('D', 80, 80))).toBe(true);
    expect(isReturnedDebit(entry('D', 80, 30))).toBe(false);
    expect(isReturnedDebit(entry('D', 80))).toBe(false);
    // A Pix received with a refund given back is a credit: not 'DEVOLVIDO'.
    expect(isReturnedDebit(entry('C', 250, 250))).toBe(false);
  });

  it('holds for any amounts (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (a, r) => {
          expect(isReturnedDebit(entry('D', a / 100, r / 100))).toBe(r >= a);
        },
      ),
    );
  });
});
