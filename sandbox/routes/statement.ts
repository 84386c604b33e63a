import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { findAccount } from '../db/queries.ts';
import { balanceCents } from '../db/ledger.ts';
import { OWN_BANK } from '../sim/bank.ts';
import { badRequest, catalogueError, ok } from '../http/replies.ts';
import { addDays, fromLocal, isCalendarDate, toBrazilianDateTime, toLocalIso } from '../sim/dates.ts';
import { HISTORY_CODES, type ReceiptDetail } from '../sim/movements/model.ts';
import type { Handlers, OperationInput, QueryOf, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

/** One ledger entry of an account joined with its transaction. */
export interface EntryRow {
  entry_id: number;
  amount_cents: number;
  entry_description: string | null;
  counterpart_name: string | null;
  counterpart_tax_id: string | null;
  transaction_id: string;
  kind: string;
  description: string;
  created_at: string;
  credit_date: string;
  is_pix: number;
  history_code: number | null;
  refund_of: string | null;
  additional_info: string | null;
  detail: string | null;
  refunded_cents: number;
}

export const ENTRY_COLUMNS = `
  e.id AS entry_id, e.amount_cents, e.description AS entry_description, e.counterpart_name, e.counterpart_tax_id,
  t.id AS transaction_id, t.kind, t.description, t.created_at, t.credit_date, t.is_pix, t.history_code, t.refund_of,
  t.additional_info, t.detail,
  (SELECT COALESCE(SUM(ABS(re.amount_cents)), 0) FROM ledger_transactions r
     CROSS JOIN ledger_entries re ON re.transaction_id = r.id
     WHERE r.refund_of = t.id AND re.account_id = e.account_id) AS refunded_cents`;
// CROSS JOIN fixes SQLite's join order: the refunds of t are found through refund_of, then their
// entries for this account. Left to itself the planner scanned every entry of the account for
// each row, which took 38 s for a 5,000-entry statement instead of 34 ms.

const reais = (cents: number): number => cents / 100;

/** The columns of a statement's list: an entry and its transaction, without the refunds' sum. */
const LIST_COLUMNS = `
  e.id AS entry_id, e.amount_cents, e.description AS entry_description, e.counterpart_name, e.counterpart_tax_id,
  t.id AS transaction_id, t.kind, t.description, t.created_at, t.credit_date, t.is_pix, t.history_code, t.refund_of,
  t.additional_info`;

/**
 * What the account has refunded or been refunded of each original transaction, in cents, by its
 * id. Refunds are few, so one grouped query replaces ENTRY_COLUMNS' subquery per listed entry
 * (issue 26: that subquery was a third of a 5,000-entry statement's SQL time).
 */
function refundedByOriginal(db: Database.Database, accountId: string): Map<string, number> {
  const rows = db
    .prepare(
      `SELECT r.refund_of AS original, SUM(ABS(re.amount_cents)) AS cents
       FROM ledger_transactions r CROSS JOIN ledger_entries re ON re.transaction_id = r.id
       WHERE r.refund_of IS NOT NULL AND re.account_id = ?
       GROUP BY r.refund_of`,
    )
    .all(accountId) as { original: string; cents: number }[];
  return new Map(rows.map((r) => [r.original, r.cents]));
}

/**
 * Entries of an account whose credit date (São Paulo) is within [start, ending], oldest first.
 * `detail` (the receipt's JSON, hundreds of bytes a row) is read only when the caller asks for it:
 * the Pix statement needs its end-to-end id, the account statement does not.
 */
export function entriesBetween(
  db: Database.Database,
  accountId: string,
  start: string,
  ending: string,
  pixOnly: boolean,
  { withDetail = false }: { withDetail?: boolean } = {},
): EntryRow[] {
  const rows = db
    .prepare(
      `SELECT ${LIST_COLUMNS}, ${withDetail ? 't.detail' : 'NULL AS detail'}, 0 AS refunded_cents
       FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
       WHERE e.account_id = ? AND t.credit_local_date BETWEEN ? AND ? ${pixOnly ? 'AND t.is_pix = 1' : ''}
       ORDER BY t.credit_date, e.id`,
    )
    .all(accountId, start, ending) as EntryRow[];
  const refunded = refundedByOriginal(db, accountId);
  if (refunded.size > 0) for (const row of rows) row.refunded_cents = refunded.get(row.transaction_id) ?? 0;
  return rows;
}

/** History code of the row as the account sees it (the receiving side of an internal transfer differs). */
export function historyCode(row: EntryRow): string | undefined {
  if (row.kind === 'INTERNAL_TRANSFER' && row.amount_cents > 0) return String(HISTORY_CODES.INTERNAL_IN);
  if (row.kind === 'PIX_INTERNAL' && row.amount_cents > 0) return String(HISTORY_CODES.PIX_IN);
  // A refund between two customers (issue 17) is one transaction: the payer's side receives it.
  if (row.kind === 'PIX_REFUND_OUT' && row.amount_cents > 0) return String(HISTORY_CODES.PIX_REFUND_IN);
  return row.history_code === null ? undefined : String(row.history_code);
}

export function toEntry(row: EntryRow): Schemas['StatementEntry'] {
  const credit = row.amount_cents > 0;
  // A rejected Pix's reversal is money of a payment coming back, like a refund received: the
  // portal offers no refund of it (issue 16).
  const isRefund =
    row.kind === 'PIX_REFUND_IN' || row.kind === 'PIX_REFUND_OUT' || row.kind === 'PIX_REVERSAL';
  const code = historyCode(row);
  return {
    description: row.entry_description ?? row.description,
    type: credit ? 'C' : 'D',
    amount: reais(Math.abs(row.amount_cents)),
    transactionId: row.transaction_id,
    additionalInfo: row.additional_info,
    isPix: row.is_pix === 1,
    isPaymentRefundCredit: isRefund && credit,
    isPaymentRefundDebit: isRefund && !credit,
    entryDate: toLocalIso(new Date(row.created_at)),
    creditDate: toLocalIso(new Date(row.credit_date)),
    counterpart:
      row.counterpart_name === null
        ? null
        : { name: row.counterpart_name, taxIdentifier: { taxId: row.counterpart_tax_id ?? '' } },
    amountRefund: reais(row.refunded_cents),
    ...(code ? { historyCode: code } : {}),
  };
}

/**
 * An entry of the account statement (getStatement) as its list sends it (issue 26: a company's
 * month is thousands of entries, and each byte of an entry is paid thousands of times per answer):
 * - the fields that would say nothing are left out, as the contract allows (StatementEntry): a
 *   flag when false (isPix, isPaymentRefundCredit, isPaymentRefundDebit), amountRefund when
 *   nothing was refunded, counterpart and additionalInfo when there is none;
 * - a Pix carries no additionalInfo: its parties are the entry's counterpart and the account's
 *   holder, and the rest (end-to-end ids, key, type, the payer's note) is its receipt's, which the
 *   bank keeps for every Pix in the transaction's detail (getTransactionDetail's instantPayment,
 *   what the portal's receipt reads) and lists on the Pix statement (getPixStatement). The other
 *   movements keep the reader's fields of their request (statement-info.ts): the receipt tells a
 *   TED received, a transfer between accounts and a deposit apart by them.
 * The Pix statement and the exports keep every field (toEntry, the report rows).
 */
export function listEntry(row: EntryRow): Schemas['StatementEntry'] {
  const full = toEntry(row);
  const info = row.is_pix === 1 ? null : full.additionalInfo;
  return {
    description: full.description,
    type: full.type,
    amount: full.amount,
    transactionId: full.transactionId,
    ...(info ? { additionalInfo: info } : {}),
    ...(full.isPix ? { isPix: true } : {}),
    ...(full.isPaymentRefundCredit ? { isPaymentRefundCredit: true } : {}),
    ...(full.isPaymentRefundDebit ? { isPaymentRefundDebit: true } : {}),
    entryDate: full.entryDate,
    creditDate: full.creditDate,
    ...(full.counterpart ? { counterpart: full.counterpart } : {}),
    ...(row.refunded_cents !== 0 ? { amountRefund: full.amountRefund } : {}),
    ...(full.historyCode !== undefined ? { historyCode: full.historyCode } : {}),
  };
}

/** The period's dates: real calendar dates, start not after ending. */
export function period({
  start,
  ending,
}: QueryOf<'getStatement'> | QueryOf<'getReportStatement'>):
  { start: string; ending: string } | { error: ReturnType<typeof badRequest> } {
  if (!isCalendarDate(start))
    return {
      error: badRequest('Data inválida.', [
        { field: 'start', message: 'must be a calendar date (YYYY-MM-DD)' },
      ]),
    };
  if (!isCalendarDate(ending))
    return {
      error: badRequest('Data inválida.', [
        { field: 'ending', message: 'must be a calendar date (YYYY-MM-DD)' },
      ]),
    };
  if (start > ending)
    return {
      error: badRequest('Período inválido.', [{ field: 'start', message: 'must not be after ending' }]),
    };
  return { start, ending };
}

/** The statement of a period, newest first (the portal groups it by credit date). */
function getStatement(input: OperationInput<'getStatement'>, { db }: SandboxContext) {
  const p = period(input.query);
  if ('error' in p) return p.error;
  const rows = entriesBetween(db, input.params.accountId, p.start, p.ending, input.query.isPix === true);
  return ok<Schemas['Statement']>({ statement: rows.reverse().map(listEntry) });
}

/**
 * Export rows, oldest first: a SALDO ANTERIOR line with the balance before the period, the
 * movements of each day, and a SALDO DO DIA line closing each day that had movements. The Pix
 * export (isPix) lists Pix movements only, without balance lines, since they would not add up.
 */
function getReportStatement(input: OperationInput<'getReportStatement'>, { db }: SandboxContext) {
  const p = period(input.query);
  if ('error' in p) return p.error;
  const accountId = input.params.accountId;
  const pixOnly = input.query.isPix === true;
  const rows = entriesBetween(db, accountId, p.start, p.ending, pixOnly);
  const out: Schemas['ExportedStatementRow'][] = [];
  const startInstant = fromLocal(p.start);
  let balance = balanceCents(db, accountId, startInstant);
  if (!pixOnly) {
    out.push({
      transactionDate: toBrazilianDateTime(startInstant),
      transactionType: 'SALDO',
      description: 'SALDO ANTERIOR',
      additionalInfo: null,
      amount: reais(balance),
      transactionId: null,
    });
  }
  rows.forEach((row, index) => {
    balance += row.amount_cents;
    out.push({
      transactionDate: toBrazilianDateTime(new Date(row.credit_date)),
      transactionType: row.amount_cents > 0 ? 'C' : 'D',
      description: row.entry_description ?? row.description,
      additionalInfo: row.additional_info,
      amount: reais(Math.abs(row.amount_cents)),
      transactionId: row.transaction_id,
    });
    const day = toLocalIso(new Date(row.credit_date)).slice(0, 10);
    const next = rows[index + 1];
    const nextDay = next ? toLocalIso(new Date(next.credit_date)).slice(0, 10) : undefined;
    if (!pixOnly && day !== nextDay) {
      // 23:59:59 of the day, São Paulo time.
      const endOfDay = new Date(fromLocal(addDays(day, 1)).getTime() - 1000);
      out.push({
        transactionDate: toBrazilianDateTime(endOfDay),
        transactionType: 'SALDO',
        description: 'SALDO DO DIA',
        additionalInfo: null,
        amount: reais(balance),
        transactionId: null,
      });
    }
  });
  return ok(out);
}

function getBalance(input: OperationInput<'getBalance'>, { db, now }: SandboxContext) {
  const cents = balanceCents(db, input.params.accountId);
  return ok<Schemas['Balances']>({
    balances: [{ balanceType: 'REAL', amount: reais(cents), date: toLocalIso(now()) }],
  });
}

/**
 * The end-to-end id of the Pix a refund (8030 sent, 8031 received) gives back, from the original
 * transaction's detail: the Pix receipt's endToEndOriginalId, and the transaction detail's too, so
 * that the receipt reads the same from /Statement and /PixExtractPage (issue 27).
 */
export function originalEndToEndId(db: Database.Database, row: EntryRow): string | undefined {
  const code = historyCode(row);
  const refund =
    code === String(HISTORY_CODES.PIX_REFUND_OUT) || code === String(HISTORY_CODES.PIX_REFUND_IN);
  if (!refund || !row.refund_of) return undefined;
  const original = db.prepare('SELECT detail FROM ledger_transactions WHERE id = ?').get(row.refund_of) as
    { detail: string | null } | undefined;
  const id = original?.detail
    ? (JSON.parse(original.detail) as ReceiptDetail).instantPayment?.endToEndId
    : undefined;
  return typeof id === 'string' && /^[a-zA-Z0-9]{32}$/.test(id) ? id : undefined;
}

/** The receipt of one transaction, as seen from the account (its own entry and counterpart). */
function getTransactionDetail(input: OperationInput<'getTransactionDetail'>, { db }: SandboxContext) {
  const holderId = input.params.accountHolderId;
  const accountId = input.params.accountId;
  const account = findAccount(db, accountId);
  if (!account || account.holder_id !== holderId) return catalogueError(404, 'notFound');
  const rows = db
    .prepare(
      `SELECT ${ENTRY_COLUMNS}
       FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
       WHERE e.account_id = ? AND t.id = ? ORDER BY e.id`,
    )
    .all(accountId, input.params.transactionId) as EntryRow[];
  const row = rows[0];
  if (!row) return catalogueError(404, 'notFound');
  const total = rows.reduce((sum, r) => sum + r.amount_cents, 0);
  const detail = row.detail === null ? {} : (JSON.parse(row.detail) as ReceiptDetail);
  const originalE2e = originalEndToEndId(db, row);
  const data: Schemas['TransactionDetail'] = {
    transactions: {
      transactionId: row.transaction_id,
      accountHolderId: holderId,
      accountId,
      transactionDate: toLocalIso(new Date(row.created_at)),
      totalAmount: reais(Math.abs(total)),
      counterPart:
        row.counterpart_name === null
          ? null
          : { name: row.counterpart_name, taxIdentifier: { taxId: row.counterpart_tax_id ?? '' } },
      instantPayment: detail.instantPayment
        ? { ...detail.instantPayment, ...(originalE2e ? { endToEndOriginalId: originalE2e } : {}) }
        : null,
    },
    requestData: detail.requestData ?? null,
    responseData: {
      description: 'Transação efetivada',
      effectiveDate: new Date(row.credit_date).toISOString(),
      processingTime: '00:00:01',
    },
    brinksBankAccount: {
      bankCode: OWN_BANK.code,
      bankName: OWN_BANK.name,
      branchCode: account.branch,
      accountNumber: account.number,
    },
  };
  return ok(data);
}

export const statementHandlers = {
  getStatement,
  getReportStatement,
  getBalance,
  getTransactionDetail,
} satisfies Handlers;
