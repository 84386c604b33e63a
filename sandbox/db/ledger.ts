import type Database from 'better-sqlite3';
import { localDate } from '../sim/dates.ts';
import { statementInfo } from '../sim/movements/statement-info.ts';

/**
 * The bank's own accounts, with fixed ids so every part of the sandbox can reach them.
 * - CLEARING: the other side of money entering or leaving the bank (TED, Pix with other banks,
 *   boletos paid or received, deposits). Its balance is minus what the bank owes outside.
 * - FEE_REVENUE: fees charged to customers.
 * - TOPUP_SETTLEMENT: what the bank owes the mobile operators for top-ups it sold.
 */
export const BANK_ACCOUNTS = {
  clearing: 'bank-clearing',
  feeRevenue: 'bank-fee-revenue',
  topupSettlement: 'bank-topup-settlement',
  /** Pix sent and not yet answered by the SPI (issue 16, sim/spi.ts): settled to clearing or returned. */
  pixInFlight: 'bank-pix-in-flight',
} as const;

export const BANK_HOLDER_ID = 'bank';

/** Kinds of ledger transaction; they drive statement flags (Pix, refunds) and receipts. */
export type TransactionKind =
  | 'TED_OUT'
  | 'TED_IN'
  | 'INTERNAL_TRANSFER'
  | 'PIX_OUT'
  | 'PIX_IN'
  | 'PIX_REFUND_OUT'
  | 'PIX_REFUND_IN'
  | 'PIX_INTERNAL'
  | 'PIX_SETTLEMENT'
  | 'PIX_REVERSAL'
  | 'BOLETO_PAYMENT'
  | 'UTILITY_PAYMENT'
  | 'TOPUP'
  | 'DEPOSIT_BOLETO'
  | 'FEE';

export interface EntryInput {
  accountId: string;
  /** Signed: positive credits the account, negative debits it. Never zero. */
  amountCents: number;
  /** What this account's statement shows, when it differs from the transaction's description. */
  description?: string;
  counterpartName?: string;
  counterpartTaxId?: string;
}

export interface TransactionInput {
  id: string;
  kind: TransactionKind;
  description: string;
  createdAt: Date;
  /** When the money is available; defaults to createdAt. */
  creditDate?: Date;
  /** Unique per movement: a repeated identifier is refused, so a retried request cannot pay twice. */
  externalIdentifier: string;
  isPix?: boolean;
  historyCode?: number;
  /** For a refund, the id of the transaction it gives money back for. */
  refundOf?: string;
  /**
   * The request body that made the movement (`{ requestBody }` or `{ body }`); stored as the JSON
   * text of statement rows with only the fields a reader needs (statement-info.ts, issue 26).
   */
  additionalInfo?: unknown;
  /** Extra data for the receipt (transaction detail): counterparts, bank account, Pix ids. */
  detail?: unknown;
  entries: readonly EntryInput[];
}

/** The additionalInfo column: the reader's fields of the request body as JSON, or null. */
function additionalInfoText(info: unknown): string | null {
  const kept = info === undefined ? null : statementInfo(info);
  return kept === null ? null : JSON.stringify(kept);
}

export class LedgerError extends Error {
  constructor(
    message: string,
    readonly reason: 'UNBALANCED' | 'TOO_FEW_ENTRIES' | 'BAD_AMOUNT' | 'DUPLICATE' | 'UNKNOWN_ACCOUNT',
  ) {
    super(message);
    this.name = 'LedgerError';
  }
}

/**
 * Records one movement of money. The entries must be at least two, each a non-zero integer
 * number of cents, and sum to zero; otherwise nothing is written and a LedgerError is thrown.
 * Runs in its own SQLite transaction (nested calls join the caller's).
 */
export function post(db: Database.Database, tx: TransactionInput): void {
  if (tx.entries.length < 2)
    throw new LedgerError(`transaction ${tx.id} needs at least two entries`, 'TOO_FEW_ENTRIES');
  let sum = 0;
  for (const e of tx.entries) {
    if (!Number.isSafeInteger(e.amountCents) || e.amountCents === 0) {
      throw new LedgerError(
        `transaction ${tx.id}: amount ${e.amountCents} is not a non-zero whole number of cents`,
        'BAD_AMOUNT',
      );
    }
    sum += e.amountCents;
  }
  if (sum !== 0) throw new LedgerError(`transaction ${tx.id} is unbalanced by ${sum} cents`, 'UNBALANCED');

  const creditDate = tx.creditDate ?? tx.createdAt;
  const st = statements(db);
  db.transaction(() => {
    if (st.exists.get(tx.externalIdentifier, tx.id))
      throw new LedgerError(`externalIdentifier ${tx.externalIdentifier} was already used`, 'DUPLICATE');
    for (const e of tx.entries) {
      if (!st.knownAccount.get(e.accountId))
        throw new LedgerError(`unknown account ${e.accountId}`, 'UNKNOWN_ACCOUNT');
    }
    st.insertTransaction.run(
      tx.id,
      tx.kind,
      tx.description,
      tx.createdAt.toISOString(),
      creditDate.toISOString(),
      localDate(creditDate),
      tx.externalIdentifier,
      tx.isPix ? 1 : 0,
      tx.historyCode ?? null,
      tx.refundOf ?? null,
      additionalInfoText(tx.additionalInfo),
      tx.detail === undefined ? null : JSON.stringify(tx.detail),
    );
    for (const e of tx.entries) {
      st.insertEntry.run(
        tx.id,
        e.accountId,
        e.amountCents,
        e.description ?? null,
        e.counterpartName ?? null,
        e.counterpartTaxId ?? null,
      );
    }
  })();
}

/** Prepared statements of `post`, once per connection (seeding posts thousands of transactions). */
function statements(db: Database.Database) {
  let st = prepared.get(db);
  if (!st) {
    st = {
      exists: db.prepare('SELECT 1 FROM ledger_transactions WHERE external_identifier = ? OR id = ?'),
      knownAccount: db.prepare('SELECT 1 FROM accounts WHERE id = ?'),
      insertTransaction: db.prepare(
        `INSERT INTO ledger_transactions
          (id, kind, description, created_at, credit_date, credit_local_date, external_identifier, is_pix, history_code, refund_of, additional_info, detail)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      insertEntry: db.prepare(
        'INSERT INTO ledger_entries (transaction_id, account_id, amount_cents, description, counterpart_name, counterpart_tax_id) VALUES (?, ?, ?, ?, ?, ?)',
      ),
    };
    prepared.set(db, st);
  }
  return st;
}

const prepared = new WeakMap<
  Database.Database,
  Record<'exists' | 'knownAccount' | 'insertTransaction' | 'insertEntry', Database.Statement>
>();

/** The balance of an account in cents, optionally only counting money credited before `before`. */
export function balanceCents(db: Database.Database, accountId: string, before?: Date): number {
  const row = before
    ? db
        .prepare(
          `SELECT COALESCE(SUM(e.amount_cents), 0) AS total FROM ledger_entries e
           JOIN ledger_transactions t ON t.id = e.transaction_id
           WHERE e.account_id = ? AND t.credit_date < ?`,
        )
        .get(accountId, before.toISOString())
    : db
        .prepare('SELECT COALESCE(SUM(amount_cents), 0) AS total FROM ledger_entries WHERE account_id = ?')
        .get(accountId);
  return (row as { total: number }).total;
}

/** The sum over every account: zero whenever the ledger is consistent. */
export function totalCents(db: Database.Database): number {
  return (
    db.prepare('SELECT COALESCE(SUM(amount_cents), 0) AS total FROM ledger_entries').get() as {
      total: number;
    }
  ).total;
}

/** Creates the bank-owned holder and accounts when missing. */
export function ensureBankAccounts(db: Database.Database, now: Date): void {
  db.prepare(
    `INSERT OR IGNORE INTO account_holders (id, person_type, name) VALUES (?, 'BANK', 'Banco Sandbox S.A.')`,
  ).run(BANK_HOLDER_ID);
  const insert = db.prepare(
    'INSERT OR IGNORE INTO accounts (id, holder_id, kind, number, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  insert.run(BANK_ACCOUNTS.clearing, BANK_HOLDER_ID, 'CLEARING', '9000001', now.toISOString());
  insert.run(BANK_ACCOUNTS.feeRevenue, BANK_HOLDER_ID, 'FEE_REVENUE', '9000002', now.toISOString());
  insert.run(BANK_ACCOUNTS.topupSettlement, BANK_HOLDER_ID, 'TOPUP_SETTLEMENT', '9000003', now.toISOString());
  insert.run(BANK_ACCOUNTS.pixInFlight, BANK_HOLDER_ID, 'CLEARING', '9000004', now.toISOString());
}
