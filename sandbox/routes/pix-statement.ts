import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { findAccount, findHolder } from '../db/queries.ts';
import { badRequest, catalogueError, ok, type Reply } from '../http/replies.ts';
import { OWN_BANK } from '../sim/bank.ts';
import { addDays, localDate, toBrazilianDateTime, toLocalIso } from '../sim/dates.ts';
import type { ReceiptDetail } from '../sim/movements/model.ts';
import { ENTRY_COLUMNS, entriesBetween, historyCode, period, toEntry, type EntryRow } from './statement.ts';
import type { Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];
type PixHistoryCode = Schemas['PixHistoryCode'];

/**
 * The Pix statement, its export and the Pix receipt (issue 17; 3-pix-part-one.md §2 Pix statement,
 * §3 Statement item, §5 row actions, §7; 4-pix-part-two.md §2, §3; contract getPixStatement,
 * getPixReportStatement, getPixReceipt). The entries are the ledger's Pix entries of the account
 * (statement.ts reads the same rows), with the end-to-end id from the receipt detail and the
 * history codes of sim/movements/model.ts.
 */

/** How long a period may be (the contract's bound: a year and a day for leap years). */
export const MAX_PERIOD_DAYS = 366;
/** São Paulo calendar days after the booking day within which a credit may be refunded (§9). */
export const REFUND_WINDOW_DAYS = 90;
/** … and a Pix sent reported as an infraction (§9). */
export const INFRACTION_WINDOW_DAYS = 80;

const PIX_CODES: ReadonlySet<string> = new Set(['8011', '8020', '8030', '8031', '8032']);

const reais = (cents: number) => cents / 100;

/** A Pix entry of an account as the Pix statement shows it. */
export interface PixEntry {
  row: EntryRow;
  endToEndId: string;
  historyCode: PixHistoryCode;
  /** The São Paulo day it was booked. */
  day: string;
}

function endToEndOf(row: EntryRow): string | undefined {
  if (row.detail === null) return undefined;
  const detail = JSON.parse(row.detail) as ReceiptDetail;
  const id = detail.instantPayment?.endToEndId;
  return typeof id === 'string' && /^[a-zA-Z0-9]{32}$/.test(id) ? id : undefined;
}

/** The entry as a Pix entry, or undefined when it is not one the Pix statement lists. */
export function asPixEntry(row: EntryRow): PixEntry | undefined {
  const code = historyCode(row);
  const endToEndId = endToEndOf(row);
  if (row.is_pix !== 1 || code === undefined || !PIX_CODES.has(code) || endToEndId === undefined)
    return undefined;
  return {
    row,
    endToEndId,
    historyCode: code as PixHistoryCode,
    day: localDate(new Date(row.credit_date)),
  };
}

/** The account's entry of one transaction, if it is a Pix. */
export function pixEntryOf(
  db: Database.Database,
  accountId: string,
  transactionId: string,
): PixEntry | 'not-pix' | undefined {
  const row = db
    .prepare(
      `SELECT ${ENTRY_COLUMNS}
       FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
       WHERE e.account_id = ? AND t.id = ? ORDER BY e.id LIMIT 1`,
    )
    .get(accountId, transactionId) as EntryRow | undefined;
  if (!row) return undefined;
  return asPixEntry(row) ?? 'not-pix';
}

/** The account's Pix entry with this end-to-end id (a payment or a refund), if any. */
export function pixEntryByEndToEnd(
  db: Database.Database,
  accountId: string,
  endToEndId: string,
): PixEntry | undefined {
  const rows = db
    .prepare(
      `SELECT ${ENTRY_COLUMNS}
       FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
       WHERE e.account_id = ? AND t.is_pix = 1 AND json_extract(t.detail, '$.instantPayment.endToEndId') = ?
       ORDER BY t.created_at, e.id`,
    )
    .all(accountId, endToEndId) as EntryRow[];
  // A rejected Pix's return carries the payment's id too: the payment is the first.
  return rows.map(asPixEntry).find((e) => e !== undefined);
}

/** Whole São Paulo calendar days from the booking day to today. */
export const daysSince = (entry: PixEntry, now: Date): number =>
  Math.round((Date.parse(`${localDate(now)}T00:00:00Z`) - Date.parse(`${entry.day}T00:00:00Z`)) / 86_400_000);

/** §5: the refund action — a Pix received, not fully refunded, within 90 days. */
export const refundable = (e: PixEntry, now: Date): boolean =>
  e.historyCode === '8020' &&
  e.row.refunded_cents < e.row.amount_cents &&
  daysSince(e, now) <= REFUND_WINDOW_DAYS;

/** §5: the fraud action — a Pix sent within 80 days. */
export const reportable = (e: PixEntry, now: Date): boolean =>
  e.historyCode === '8011' && e.row.amount_cents < 0 && daysSince(e, now) <= INFRACTION_WINDOW_DAYS;

function pixPeriod(query: { start: string; ending: string }) {
  const p = period(query);
  if ('error' in p) return p;
  if (addDays(p.start, MAX_PERIOD_DAYS - 1) < p.ending)
    return {
      error: badRequest('Período inválido.', [
        { field: 'ending', message: `the period may not exceed ${MAX_PERIOD_DAYS} days` },
      ]),
    };
  return p;
}

function getPixStatement(input: OperationInput<'getPixStatement'>, { db }: SandboxContext): Reply {
  const p = pixPeriod(input.query);
  if ('error' in p) return p.error;
  const entries = entriesBetween(db, input.params.accountId, p.start, p.ending, true, { withDetail: true })
    .reverse()
    .map(asPixEntry)
    .filter((e) => e !== undefined);
  return ok<Schemas['PixStatement']>({
    statement: entries.map((e) => ({
      ...toEntry(e.row),
      transactionId: e.row.transaction_id,
      isPix: true,
      endToEndId: e.endToEndId,
      historyCode: e.historyCode,
      amountRefund: reais(e.row.refunded_cents),
    })),
  });
}

function getPixReportStatement(
  input: OperationInput<'getPixReportStatement'>,
  { db }: SandboxContext,
): Reply {
  const p = pixPeriod(input.query);
  if ('error' in p) return p.error;
  const entries = entriesBetween(db, input.params.accountId, p.start, p.ending, true, { withDetail: true })
    .map(asPixEntry)
    .filter((e) => e !== undefined);
  return ok<Schemas['PixExportedStatementRow'][]>(
    entries.map(({ row, endToEndId, historyCode: code }) => ({
      transactionDate: toBrazilianDateTime(new Date(row.credit_date)),
      transactionType: row.amount_cents > 0 ? 'C' : 'D',
      description: row.entry_description ?? row.description,
      additionalInfo: row.additional_info,
      amount: reais(Math.abs(row.amount_cents)),
      transactionId: row.transaction_id,
      endToEndId,
      historyCode: code,
      amountRefund: reais(row.refunded_cents),
    })),
  );
}

/** A CPF with the first 3 and last 2 digits hidden; a CNPJ in full (a company's is public). */
const maskTaxId = (taxId: string) =>
  taxId.length === 11 ? `***.${taxId.slice(3, 6)}.${taxId.slice(6, 9)}-**` : taxId;

function getPixReceipt(input: OperationInput<'getPixReceipt'>, { db }: SandboxContext): Reply {
  const { accountId, transactionId } = input.params;
  const entry = pixEntryOf(db, accountId, transactionId);
  if (entry === undefined || entry === 'not-pix') return catalogueError(404, 'notFound');
  return ok<Schemas['PixReceipt']>(receiptOf(db, accountId, entry));
}

/** The Pix behind an infraction, by end-to-end id (the receipt's data; 404 when not the account's). */
function getPixTransactionByEndToEndId(
  input: OperationInput<'getPixTransactionByEndToEndId'>,
  { db }: SandboxContext,
): Reply {
  const { accountId, endToEndId } = input.params;
  const entry = pixEntryByEndToEnd(db, accountId, endToEndId);
  if (!entry) return catalogueError(404, 'notFound');
  return ok<Schemas['PixReceipt']>(receiptOf(db, accountId, entry));
}

function receiptOf(db: Database.Database, accountId: string, entry: PixEntry): Schemas['PixReceipt'] {
  const { row } = entry;
  const account = findAccount(db, accountId);
  const holder = account ? findHolder(db, account.holder_id) : undefined;
  const detail = row.detail === null ? {} : (JSON.parse(row.detail) as ReceiptDetail);
  const ip = detail.instantPayment as
    | (NonNullable<ReceiptDetail['instantPayment']> & {
        recipient?: { key?: string };
        originalTransactionId?: string;
      })
    | undefined;
  const own: Schemas['PixReceiptParty'] = {
    name: holder?.name ?? '',
    taxIdMasked: maskTaxId(holder?.tax_id ?? ''),
    institutionName: OWN_BANK.name,
    ispb: OWN_BANK.ispb,
    branch: account?.branch ?? '',
    accountNumber: account?.number ?? '',
  };
  const other: Schemas['PixReceiptParty'] = {
    name: row.counterpart_name ?? '',
    taxIdMasked: maskTaxId(row.counterpart_tax_id ?? ''),
  };
  const isRefund = entry.historyCode === '8030' || entry.historyCode === '8031';
  const original =
    isRefund && row.refund_of
      ? (db.prepare('SELECT detail FROM ledger_transactions WHERE id = ?').get(row.refund_of) as
          { detail: string | null } | undefined)
      : undefined;
  const originalE2e = original?.detail
    ? (JSON.parse(original.detail) as ReceiptDetail).instantPayment?.endToEndId
    : undefined;
  const credit = row.amount_cents > 0;
  return {
    pixId: entry.endToEndId,
    pixDate: toLocalIso(new Date(row.created_at)),
    pixKey: isRefund ? null : (ip?.recipient?.key ?? null),
    transactionId: row.transaction_id,
    amount: reais(Math.abs(row.amount_cents)),
    type: credit ? 'C' : 'D',
    description: ip?.additionalInformation
      ? ip.additionalInformation
      : (row.entry_description ?? row.description),
    historyCode: entry.historyCode,
    ...(originalE2e && /^[a-zA-Z0-9]{32}$/.test(originalE2e) ? { endToEndOriginalId: originalE2e } : {}),
    payer: credit ? other : own,
    payee: credit ? own : other,
  };
}

export const pixStatementHandlers = {
  getPixStatement,
  getPixReportStatement,
  getPixReceipt,
  getPixTransactionByEndToEndId,
} satisfies Handlers;
