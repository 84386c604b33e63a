import { getBoletoInfo, isValidBoleto, isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { addDays, localDate } from '../sim/dates.ts';
import { digest, isCookieTrusted } from '../sim/devices.ts';
import { findUserByHolder } from '../sim/users.ts';
import { BULK_LOGIN, DEMO_LOGINS, demoDevicesNote, demoLoginsTable } from './demo-logins.ts';
import { BANK_ACCOUNTS, totalCents } from './ledger.ts';
import { openDatabase } from './open.ts';
import { DEMO_IDS, reseed, seed, seedIfEmpty } from './seed.ts';
import { DEMO_USERS } from '../../demo/users.ts';

const NOW = new Date('2026-11-21T15:00:00Z');

function seeded(options: Parameters<typeof seed>[1] = {}): Database.Database {
  const db = openDatabase(':memory:');
  seed(db, { now: NOW, ...options });
  return db;
}

/** The ledger without anything random (password salts and link hashes live elsewhere). */
function ledgerDump(db: Database.Database): unknown {
  return {
    transactions: db.prepare('SELECT * FROM ledger_transactions ORDER BY id').all(),
    entries: db
      .prepare('SELECT transaction_id, account_id, amount_cents, description FROM ledger_entries ORDER BY id')
      .all(),
    holders: db.prepare('SELECT * FROM account_holders ORDER BY id').all(),
    addresses: db.prepare('SELECT * FROM addresses ORDER BY id').all(),
    notifications: db.prepare('SELECT * FROM notifications ORDER BY id').all(),
  };
}

describe('seed', () => {
  it('is deterministic for a given "now"', () => {
    expect(ledgerDump(seeded())).toEqual(ledgerDump(seeded()));
  });

  it('covers the 120 days before "now" and nothing after it', () => {
    const db = seeded();
    const today = localDate(NOW);
    const range = db
      .prepare(
        `SELECT MIN(t.credit_local_date) AS first, MAX(t.credit_date) AS last FROM ledger_entries e
         JOIN ledger_transactions t ON t.id = e.transaction_id WHERE e.account_id = ?`,
      )
      .get(DEMO_IDS.maria.accountId) as { first: string; last: string };
    expect(range.first >= addDays(today, -119)).toBe(true);
    expect(range.first <= addDays(today, -110)).toBe(true);
    expect(range.last < NOW.toISOString()).toBe(true);
  });

  it('moves the history with "now"', () => {
    const later = openDatabase(':memory:');
    seed(later, { now: new Date(NOW.getTime() + 10 * 86_400_000) });
    const first = (db: Database.Database) =>
      (db.prepare('SELECT MIN(credit_local_date) AS d FROM ledger_transactions').get() as { d: string }).d;
    expect(first(later)).toBe(addDays(first(seeded()), 10));
  });

  it('keeps the ledger balanced and no customer balance ever negative', () => {
    const db = seeded();
    expect(totalCents(db)).toBe(0);
    const customers = db.prepare("SELECT id FROM accounts WHERE kind = 'CUSTOMER'").all() as { id: string }[];
    for (const { id } of customers) {
      const moves = db
        .prepare(
          'SELECT e.amount_cents AS c FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id WHERE e.account_id = ? ORDER BY t.credit_date, e.id',
        )
        .all(id) as { c: number }[];
      let balance = 0;
      for (const m of moves) {
        balance += m.c;
        expect(balance, id).toBeGreaterThanOrEqual(0);
      }
    }
    // Money that entered from outside is what the clearing account owes; top-ups and fees stayed inside.
    const clearing = db
      .prepare('SELECT SUM(amount_cents) AS s FROM ledger_entries WHERE account_id = ?')
      .get(BANK_ACCOUNTS.clearing) as { s: number };
    expect(clearing.s).toBeLessThan(0);
  });

  it('uses valid documents: CPF, numeric and alphanumeric CNPJ', () => {
    const db = seeded();
    const holders = db
      .prepare("SELECT name, person_type, tax_id FROM account_holders WHERE person_type <> 'BANK'")
      .all() as { name: string; person_type: string; tax_id: string }[];
    for (const h of holders) {
      const valid = h.person_type === 'PERSON' ? isValidCpf(h.tax_id) : isValidCnpj(h.tax_id, { version: 2 });
      expect(valid, h.name).toBe(true);
    }
    expect(holders.find((h) => h.name === 'Padaria Pão Dourado Ltda')?.tax_id).toBe(DEMO_USERS.padaria.taxId);
    const counterparts = db
      .prepare("SELECT DISTINCT counterpart_tax_id AS t FROM ledger_entries WHERE counterpart_tax_id <> ''")
      .all() as { t: string }[];
    for (const { t } of counterparts)
      expect(t.length === 11 ? isValidCpf(t) : isValidCnpj(t, { version: 2 }), t).toBe(true);
  });

  it('writes boletos that pass the check digits and carry their amount', () => {
    const db = seeded();
    const rows = db
      .prepare(
        `SELECT t.kind, t.additional_info AS info,
           (SELECT MAX(ABS(e.amount_cents)) FROM ledger_entries e WHERE e.transaction_id = t.id) AS cents
         FROM ledger_transactions t WHERE t.kind IN ('BOLETO_PAYMENT', 'UTILITY_PAYMENT', 'DEPOSIT_BOLETO')`,
      )
      .all() as { kind: string; info: string; cents: number }[];
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      const info = JSON.parse(row.info) as {
        body: {
          withdrawInfo?: { boleto?: { digitableLine: string }; utilities?: { digitableLine: string } };
          paymentInfo?: { boleto: { typeableLine: string } };
        };
      };
      const line =
        info.body.withdrawInfo?.boleto?.digitableLine ??
        info.body.withdrawInfo?.utilities?.digitableLine ??
        info.body.paymentInfo?.boleto.typeableLine ??
        '';
      expect(isValidBoleto(line), `${row.kind} ${line}`).toBe(true);
      expect(getBoletoInfo(line, { referenceDate: NOW })?.amount).toBe(row.cents);
    }
  });

  it('writes Pix end-to-end ids of 32 characters', () => {
    const db = seeded();
    const infos = db
      .prepare('SELECT additional_info AS info FROM ledger_transactions WHERE is_pix = 1')
      .all() as { info: string }[];
    for (const { info } of infos) expect(info).toMatch(/"endToEndId":"[DE][0-9A-Z]{8}\d{12}[a-zA-Z0-9]{11}"/);
  });

  it('seeds only an empty database, and reseed restores it', () => {
    const db = seeded();
    expect(seedIfEmpty(db, { now: NOW })).toBe(false);
    const before = ledgerDump(db);
    db.prepare('DELETE FROM addresses WHERE id = 1').run();
    reseed(db, { now: NOW });
    expect(ledgerDump(db)).toEqual(before);
  });

  it('adds "Empresa Volume" with exactly the requested number of entries', () => {
    const db = seeded({ bulkEntries: 5000 });
    const n = db
      .prepare('SELECT COUNT(*) AS n FROM ledger_entries WHERE account_id = ?')
      .get(DEMO_IDS.volume.accountId) as { n: number };
    expect(n.n).toBe(5000);
    expect(db.prepare('SELECT 1 FROM logins WHERE username = ?').get(BULK_LOGIN.username)).toBeDefined();
    expect(totalCents(db)).toBe(0);
  });

  it('has a login row for every demo login and prints them', () => {
    const db = seeded();
    for (const l of DEMO_LOGINS)
      expect(db.prepare('SELECT 1 FROM logins WHERE username = ?').get(l.username), l.username).toBeDefined();
    const table = demoLoginsTable(false);
    for (const l of DEMO_LOGINS) expect(table).toContain(l.username);
    expect(table).not.toContain(BULK_LOGIN.username);
  });

  it('prints the cookie of each seeded trusted device, which signs in as validated', () => {
    const note = demoDevicesNote();
    expect(note).toContain(`portal_device=${DEMO_USERS.maria.device.cookie}`);
    expect(note).toContain(`portal_device=${DEMO_USERS.padaria.device.cookie}`);
    expect(note).not.toContain(DEMO_USERS.volume.device.cookie); // bulk only
    const db = seeded();
    const user = findUserByHolder(db, DEMO_USERS.maria.holderId);
    expect(isCookieTrusted(db, user?.id ?? 0, digest(DEMO_USERS.maria.device.cookie), NOW)).toBe(true);
  });
});
