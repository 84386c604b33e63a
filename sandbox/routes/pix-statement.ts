import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { findAccount, findHolder } from '../db/queries.ts';
import { badRequest, catalogueError, ok, type Reply } from '../http/replies.ts';
import { OWN_BANK } from '../sim/bank.ts';
import { balanceCents } from '../db/ledger.ts';
import { addDays, fromLocal, localDate, toBrazilianDateTime, toLocalIso } from '../sim/dates.ts';
import type { ReceiptDetail } from '../sim/movements/model.ts';
import {
  ENTRY_COLUMNS,
  entriesBetween,
  historyCode,
  originalEndToEndId,
  period,
  toEntry,
  type EntryRow,
} from './statement.ts';
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

/** The description of the line that sums the account's other movements (see getPixReportStatement). */
export const OTHER_MOVEMENTS_DESCRIPTION = 'Demais lançamentos da conta (fora do Pix)';

/**
 * The Pix export rows, oldest first. The Pix statement is a selection of the account's entries,
 * yet its files (the OFX above all) must reconcile as the account's statement does: opening
 * balance + the movements = the closing balance, where the balances are the account's real ones
 * (an OFX LEDGERBAL is the account's ledger balance; an importer that trusted a made-up "Pix
 * balance" would show the account holding what it does not). So, as the account's report
 * (statement.ts) does, the rows start with SALDO ANTERIOR (the account's balance before the
 * period) and close each day with SALDO DO DIA (the account's balance at its end); every Pix
 * entry is listed as itself, and the account's other movements between two Pix entries, or
 * before a day's close, are one line, OTHER_MOVEMENTS_DESCRIPTION, signed by their sum and dated
 * at the last of them (no transaction id: it is not one movement). A period without a Pix entry
 * answers no rows, as the Pix statement lists nothing then (x-spec-gap of the contract).
 */
function getPixReportStatement(
  input: OperationInput<'getPixReportStatement'>,
  { db }: SandboxContext,
): Reply {
  const p = pixPeriod(input.query);
  if ('error' in p) return p.error;
  const accountId = input.params.accountId;
  const rows = entriesBetween(db, accountId, p.start, p.ending, false, { withDetail: true });
  const pix = rows.map(asPixEntry);
  if (!pix.some((e) => e !== undefined)) return ok<Schemas['PixReportRow'][]>([]);

  const startInstant = fromLocal(p.start);
  let balance = balanceCents(db, accountId, startInstant);
  const out: Schemas['PixReportRow'][] = [balanceLine(startInstant, 'SALDO ANTERIOR', balance)];
  let other: { cents: number; last: EntryRow } | undefined;
  const closeOther = () => {
    if (other && other.cents !== 0)
      out.push({
        transactionDate: toBrazilianDateTime(new Date(other.last.credit_date)),
        transactionType: other.cents > 0 ? 'C' : 'D',
        description: OTHER_MOVEMENTS_DESCRIPTION,
        additionalInfo: null,
        amount: reais(Math.abs(other.cents)),
        transactionId: null,
      });
    other = undefined;
  };
  rows.forEach((row, index) => {
    balance += row.amount_cents;
    const entry = pix[index];
    if (entry) {
      closeOther();
      out.push({
        transactionDate: toBrazilianDateTime(new Date(row.credit_date)),
        transactionType: row.amount_cents > 0 ? 'C' : 'D',
        description: row.entry_description ?? row.description,
        additionalInfo: row.additional_info,
        amount: reais(Math.abs(row.amount_cents)),
        transactionId: row.transaction_id,
        endToEndId: entry.endToEndId,
        historyCode: entry.historyCode,
        amountRefund: reais(row.refunded_cents),
      });
    } else {
      other = { cents: (other?.cents ?? 0) + row.amount_cents, last: row };
    }
    const day = localDate(new Date(row.credit_date));
    const next = rows[index + 1];
    if (!next || localDate(new Date(next.credit_date)) !== day) {
      closeOther();
      // 23:59:59 of the day, São Paulo time.
      out.push(balanceLine(new Date(fromLocal(addDays(day, 1)).getTime() - 1000), 'SALDO DO DIA', balance));
    }
  });
  return ok(out);
}

function balanceLine(at: Date, description: string, cents: number): Schemas['PixReportBalanceRow'] {
  return {
    transactionDate: toBrazilianDateTime(at),
    transactionType: 'SALDO',
    description,
    additionalInfo: null,
    amount: reais(cents),
    transactionId: null,
  };
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
  const originalE2e = originalEndToEndId(db, row);
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
    ...(originalE2e ? { endToEndOriginalId: originalE2e } : {}),
    payer: credit ? other : own,
    payee: credit ? own : other,
    ...(ip?.cash ? { cash: ip.cash } : {}),
  };
}

export const pixStatementHandlers = {
  getPixStatement,
  getPixReportStatement,
  getPixReceipt,
  getPixTransactionByEndToEndId,
} satisfies Handlers;
