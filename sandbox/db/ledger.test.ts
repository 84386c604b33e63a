import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './open.ts';
import {
  BANK_ACCOUNTS,
  balanceCents,
  ensureBankAccounts,
  LedgerError,
  post,
  totalCents,
  type TransactionInput,
} from './ledger.ts';
import type { Movement } from '../sim/movements/model.ts';
import { toTransaction } from '../sim/movements/to-transaction.ts';

const NOW = new Date('2026-11-21T15:00:00Z');
const CUSTOMERS = ['c1', 'c2', 'c3'] as const;

function freshLedger() {
  const db = openDatabase(':memory:');
  ensureBankAccounts(db, NOW);
  db.prepare(
    "INSERT INTO account_holders (id, person_type, name, tax_id) VALUES ('h', 'PERSON', 'Teste', '52998224725')",
  ).run();
  for (const [i, id] of CUSTOMERS.entries()) {
    db.prepare(
      "INSERT INTO accounts (id, holder_id, kind, number, created_at) VALUES (?, 'h', 'CUSTOMER', ?, ?)",
    ).run(id, String(100 + i), NOW.toISOString());
  }
  return db;
}

const tx = (id: string, entries: TransactionInput['entries']): TransactionInput => ({
  id,
  kind: 'INTERNAL_TRANSFER',
  description: 'teste',
  createdAt: NOW,
  externalIdentifier: `ext-${id}`,
  entries,
});

describe('post', () => {
  it('records a balanced transaction and derives balances from entries', () => {
    const db = freshLedger();
    post(
      db,
      tx('t1', [
        { accountId: 'c1', amountCents: 1000 },
        { accountId: BANK_ACCOUNTS.clearing, amountCents: -1000 },
      ]),
    );
    expect(balanceCents(db, 'c1')).toBe(1000);
    expect(balanceCents(db, BANK_ACCOUNTS.clearing)).toBe(-1000);
    expect(totalCents(db)).toBe(0);
  });

  it.each([
    [
      'UNBALANCED',
      [
        { accountId: 'c1', amountCents: 1000 },
        { accountId: 'c2', amountCents: -999 },
      ],
    ],
    ['TOO_FEW_ENTRIES', [{ accountId: 'c1', amountCents: 0 }]],
    [
      'BAD_AMOUNT',
      [
        { accountId: 'c1', amountCents: 10.5 },
        { accountId: 'c2', amountCents: -10.5 },
      ],
    ],
    [
      'BAD_AMOUNT',
      [
        { accountId: 'c1', amountCents: 0 },
        { accountId: 'c2', amountCents: 0 },
      ],
    ],
    [
      'UNKNOWN_ACCOUNT',
      [
        { accountId: 'c1', amountCents: 5 },
        { accountId: 'nope', amountCents: -5 },
      ],
    ],
  ] as const)('refuses %s and writes nothing', (reason, entries) => {
    const db = freshLedger();
    expect(() => post(db, tx('bad', entries))).toThrowError(expect.objectContaining({ reason }));
    expect((db.prepare('SELECT COUNT(*) AS n FROM ledger_transactions').get() as { n: number }).n).toBe(0);
    expect((db.prepare('SELECT COUNT(*) AS n FROM ledger_entries').get() as { n: number }).n).toBe(0);
  });

  it('refuses a repeated externalIdentifier, so a retried movement cannot happen twice', () => {
    const db = freshLedger();
    const entries = [
      { accountId: 'c1', amountCents: 1 },
      { accountId: 'c2', amountCents: -1 },
    ];
    post(db, tx('t1', entries));
    expect(() => post(db, { ...tx('t2', entries), externalIdentifier: 'ext-t1' })).toThrow(LedgerError);
    expect(balanceCents(db, 'c1')).toBe(1);
  });
});

/** A random operation of the bank, built with the same movement builders the seed uses. */
const customer = fc.constantFrom(...CUSTOMERS);
const cents = fc.integer({ min: 1, max: 5_000_000 });
const party = {
  name: 'Outro',
  taxId: '12345678909',
  bankCode: '001',
  bankName: 'Banco',
  branch: '0001',
  account: '1-0',
  accountType: 'cc' as const,
  ispb: '00000000',
};
const operation = fc.oneof(
  fc.record({ kind: fc.constant('TED_IN' as const), account: customer, cents }),
  fc.record({ kind: fc.constant('TED_OUT' as const), account: customer, cents }),
  fc.record({ kind: fc.constant('PIX_IN' as const), account: customer, cents }),
  fc.record({ kind: fc.constant('PIX_OUT' as const), account: customer, cents }),
  fc.record({ kind: fc.constant('INTERNAL_TRANSFER' as const), account: customer, to: customer, cents }),
  fc.record({ kind: fc.constant('TOPUP' as const), account: customer, cents }),
  fc.record({ kind: fc.constant('FEE' as const), account: customer, cents }),
  fc.record({ kind: fc.constant('DEPOSIT_BOLETO' as const), account: customer, cents }),
  fc.record({
    kind: fc.constant('UNBALANCED' as const),
    account: customer,
    cents,
    skew: fc.integer({ min: -100, max: 100 }).filter((n) => n !== 0),
  }),
);
type Op = typeof operation extends fc.Arbitrary<infer T> ? T : never;

function movementOf(op: Exclude<Op, { kind: 'UNBALANCED' }>, n: number): Movement {
  const common = {
    id: `tx-${n}`,
    externalIdentifier: `ext-${n}`,
    at: NOW,
    amountCents: op.cents,
    accountId: op.account,
    customer: { name: 'Cliente', taxId: '52998224725', accountNumber: '100' },
  };
  switch (op.kind) {
    case 'TED_IN':
      return { ...common, kind: 'TED_IN', from: party };
    case 'TED_OUT':
      return { ...common, kind: 'TED_OUT', to: party };
    case 'PIX_IN':
      return { ...common, kind: 'PIX_IN', from: party, endToEndId: 'E00000000202611211500abcdefghijk' };
    case 'PIX_OUT':
      return { ...common, kind: 'PIX_OUT', to: party, endToEndId: 'E99999999202611211500abcdefghijk' };
    case 'INTERNAL_TRANSFER':
      return {
        ...common,
        kind: 'INTERNAL_TRANSFER',
        toAccountId: op.to,
        to: { name: 'Outro cliente', taxId: '40364478829', accountNumber: '101' },
      };
    case 'TOPUP':
      return {
        ...common,
        kind: 'TOPUP',
        operatorId: 1,
        operatorName: 'Vivo',
        areaCode: '11',
        phoneNumber: '11987654321',
      };
    case 'FEE':
      return { ...common, kind: 'FEE', label: 'Tarifa' };
    case 'DEPOSIT_BOLETO':
      return {
        ...common,
        kind: 'DEPOSIT_BOLETO',
        boleto: { typeableLine: '0', barcode: '0', dueDate: '2026-11-24', idDeposit: 1 },
      };
  }
}

/** Sum over customer and bank-internal accounts (everything but the clearing account). */
function insideCents(db: ReturnType<typeof freshLedger>): number {
  return (
    db
      .prepare('SELECT COALESCE(SUM(amount_cents), 0) AS s FROM ledger_entries WHERE account_id <> ?')
      .get(BANK_ACCOUNTS.clearing) as { s: number }
  ).s;
}

describe('ledger invariants', () => {
  it('the sum over all accounts is always zero, and money inside the bank changes only by what crosses the clearing account', () => {
    fc.assert(
      fc.property(fc.array(operation, { minLength: 1, maxLength: 40 }), (ops) => {
        const db = freshLedger();
        try {
          ops.forEach((op, n) => {
            const insideBefore = insideCents(db);
            const clearingBefore = balanceCents(db, BANK_ACCOUNTS.clearing);
            if (op.kind === 'UNBALANCED') {
              expect(() =>
                post(
                  db,
                  tx(`u-${n}`, [
                    { accountId: op.account, amountCents: op.cents },
                    { accountId: BANK_ACCOUNTS.clearing, amountCents: -op.cents + op.skew },
                  ]),
                ),
              ).toThrow(LedgerError);
            } else {
              post(db, toTransaction(movementOf(op, n)));
            }
            expect(totalCents(db)).toBe(0);
            const clearingMoved = balanceCents(db, BANK_ACCOUNTS.clearing) - clearingBefore;
            // Written as a sum so that 0 and -0 compare equal.
            expect(insideCents(db) - insideBefore + clearingMoved).toBe(0);
          });
          const perAccount = db
            .prepare(
              'SELECT transaction_id, SUM(amount_cents) AS s FROM ledger_entries GROUP BY transaction_id HAVING s <> 0',
            )
            .all();
          expect(perAccount).toEqual([]);
        } finally {
          db.close();
        }
      }),
      { numRuns: 150 },
    );
  });
});
