import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { findAccount, findHolder } from '../db/queries.ts';
import { badRequest, catalogueError, ok, type Reply } from '../http/replies.ts';
import { OWN_BANK } from '../sim/bank.ts';
import { boletoPdf } from '../sim/boleto-pdf.ts';
import { bankSlip } from '../sim/boleto.ts';
import { addDays, isCalendarDate, localDate } from '../sim/dates.ts';
import { reais } from '../sim/movements/shape.ts';
import type { FieldProblem } from '../sim/recipient-rules.ts';
import { amountProblems, requestHash, toCents } from './movement-common.ts';
import type { Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

/**
 * Deposit boletos (issue #14, 2-money-movement.md §2 Deposit by boleto, §7 POST /deposit,
 * /Deposits/ListWithPagination, /boletopdf): a boleto of this bank (COMPE code OWN_BANK.code) that
 * the customer issues to put money into the account. Each is also a bill of the registry (table
 * bills, credit_account_id = the depositor), so paying it from any account of the bank through the
 * bill payment credits the depositor (routes/bills.ts).
 *
 * Decisions where the spec is silent:
 * - due date: DEPOSIT_DUE_DAYS calendar days after the day of issue (São Paulo), and not payable
 *   after it ("Expirado", §4: expired when the due date is before today);
 * - "almost expired" (filter due_date_start = today): due from today to ALMOST_EXPIRED_DAYS days
 *   after it, i.e. not yet expired and at most 2 days left; "expired" (due_date_finish = today):
 *   due before that day;
 * - the amount is at most MAX_DEPOSIT_CENTS (a careful bank caps a boleto anyone may pay);
 * - `paymentInfo.boleto.bank`, when sent, must be this bank: it issues only its own boletos;
 * - the same externalIdentifier again with the same body gets the same boleto; with another body
 *   409 TRANSFER 52.
 */
export const DEPOSIT_DUE_DAYS = 3;
export const ALMOST_EXPIRED_DAYS = 2;
export const MAX_DEPOSIT_CENTS = 5_000_000;
/** Deposit ids start here, away from the seeded statement's (10000-99999). */
const FIRST_ID = 100_001;

interface DepositRow {
  id: number;
  account_id: string;
  external_identifier: string;
  request_hash: string;
  amount_cents: number;
  due_date: string;
  barcode: string;
  typeable_line: string;
  status: 'CREATED' | 'PAID';
  created_at: string;
}

function toDeposit(row: DepositRow, publicOrigin: string): Schemas['Deposit'] {
  return {
    idDeposit: row.id,
    dueDate: row.due_date,
    typeableLine: row.typeable_line,
    boletoUrl: `${publicOrigin}/api/boletopdf/${row.id}`,
    externalIdentifier: row.external_identifier,
    totalAmount: reais(row.amount_cents),
    transactionType: 'Boleto',
    financialStatementStatus: row.status,
    createdAt: row.created_at,
  };
}

function createDeposit(
  input: OperationInput<'createDeposit'>,
  { db, now, publicOrigin }: SandboxContext,
): Reply {
  const session = input.session;
  if (!session) return catalogueError(401, 'unauthorized');
  const req = input.body;
  const recipient = req.recipients[0];
  const accountId = recipient?.account.accountId ?? '';
  if (!session.accountIds.includes(accountId)) return catalogueError(403, 'forbidden');

  const hash = requestHash('createDeposit', req);
  const existing = db
    .prepare('SELECT * FROM deposits WHERE account_id = ? AND external_identifier = ?')
    .get(accountId, req.externalIdentifier) as DepositRow | undefined;
  if (existing)
    return existing.request_hash === hash
      ? ok(toDeposit(existing, publicOrigin))
      : catalogueError(409, 'externalIdReused');

  const problems: FieldProblem[] = [...amountProblems('totalAmount', req.totalAmount)];
  if (req.currency !== 'BRL') problems.push('currency: must be BRL');
  if (req.recipients.length !== 1) problems.push('recipients: exactly one recipient, the own account');
  if (recipient) {
    if (recipient.currency !== 'BRL') problems.push('recipients[0].currency: must be BRL');
    if (toCents(recipient.amount) !== toCents(req.totalAmount))
      problems.push('recipients[0].amount: must equal totalAmount');
    if ((recipient.mediatorFee ?? 0) !== 0) problems.push('recipients[0].mediatorFee: must be 0');
  }
  if (toCents(req.totalAmount) > MAX_DEPOSIT_CENTS)
    problems.push(`totalAmount: at most ${reais(MAX_DEPOSIT_CENTS)}`);
  const bank = req.paymentInfo.boleto.bank;
  if (bank !== undefined && bank !== OWN_BANK.code)
    problems.push(`paymentInfo.boleto.bank: this bank issues only its own boletos (${OWN_BANK.code})`);
  if (problems.length > 0) return catalogueError(422, 'invalidTransferField', problems);

  const account = findAccount(db, accountId);
  const holder = account ? findHolder(db, account.holder_id) : undefined;
  if (!account || !holder) return catalogueError(404, 'notFound');
  const { next } = db.prepare('SELECT COALESCE(MAX(id), 0) + 1 AS next FROM deposits').get() as {
    next: number;
  };
  const id = Math.max(next, FIRST_ID);
  const today = localDate(now());
  const dueDate = addDays(today, DEPOSIT_DUE_DAYS);
  const cents = toCents(req.totalAmount);
  // Campo livre: branch (4), nosso número = the deposit id (11), account number (10).
  const free = `${OWN_BANK.branch}${String(id).padStart(11, '0')}${account.number.padStart(10, '0').slice(-10)}`;
  const slip = bankSlip(OWN_BANK.code, dueDate, cents, free);
  const createdAt = now().toISOString();
  db.prepare(
    `INSERT INTO bills (barcode, kind, typeable_line, beneficiary_name, beneficiary_tax_id, due_date,
       document_cents, last_payment_date, credit_account_id, created_at)
     VALUES (?, 'BOLETO', ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    slip.barcode,
    slip.typeableLine,
    holder.name,
    holder.tax_id ?? '',
    dueDate,
    cents,
    dueDate,
    accountId,
    createdAt,
  );
  db.prepare(
    `INSERT INTO deposits (id, account_id, external_identifier, request_hash, amount_cents, due_date,
       barcode, typeable_line, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    accountId,
    req.externalIdentifier,
    hash,
    cents,
    dueDate,
    slip.barcode,
    slip.typeableLine,
    createdAt,
  );
  const row = db.prepare('SELECT * FROM deposits WHERE id = ?').get(id) as DepositRow;
  return ok(toDeposit(row, publicOrigin));
}

const SORTABLE: Readonly<Record<string, string>> = {
  idDeposit: 'id',
  totalAmount: 'amount_cents',
  createdAt: 'created_at',
  createdDate: 'created_at',
  dueDate: 'due_date',
};
const MAX_PAGE_SIZE = 100;

/** A page of the account's deposit boletos, in SQL (§2; §9 default sort idDeposit descending). */
function listDepositsPaged(
  input: OperationInput<'listDepositsPaged'>,
  { db, publicOrigin }: SandboxContext,
): Reply {
  const accountId = input.session?.accountIds[0];
  if (!accountId) return catalogueError(401, 'unauthorized');
  const req = input.body;
  const errors: { field: string; message: string }[] = [];
  const fieldToSort = req.fieldToSort?.trim() || 'idDeposit';
  const column = SORTABLE[fieldToSort];
  if (!column)
    errors.push({ field: 'fieldToSort', message: `must be one of ${Object.keys(SORTABLE).join(', ')}` });
  if (req.pageSize > MAX_PAGE_SIZE)
    errors.push({ field: 'pageSize', message: `must be at most ${MAX_PAGE_SIZE}` });
  const where = ['account_id = ?'];
  const args: unknown[] = [accountId];
  for (const [name, value] of Object.entries(req.filters ?? {})) {
    if (value === null || value === '') continue;
    if (name !== 'due_date_finish' && name !== 'due_date_start') {
      errors.push({ field: `filters.${name}`, message: 'unknown filter (due_date_start, due_date_finish)' });
    } else if (typeof value !== 'string' || !isCalendarDate(value)) {
      errors.push({ field: `filters.${name}`, message: 'must be a date YYYY-MM-DD' });
    } else if (name === 'due_date_finish') {
      // Expired: due before that day.
      where.push('due_date < ?');
      args.push(value);
    } else {
      // Almost expired: due from that day to ALMOST_EXPIRED_DAYS after it.
      where.push('due_date >= ? AND due_date <= ?');
      args.push(value, addDays(value, ALMOST_EXPIRED_DAYS));
    }
  }
  if (errors.length > 0 || !column) return badRequest('Pedido de página inválido.', errors);
  const direction = (req.direction ?? 1) === 0 ? 'ASC' : 'DESC';
  const filter = where.join(' AND ');
  const { n } = db.prepare(`SELECT COUNT(*) AS n FROM deposits WHERE ${filter}`).get(...args) as {
    n: number;
  };
  const rows = db
    .prepare(
      `SELECT * FROM deposits WHERE ${filter} ORDER BY ${column} ${direction}, id ${direction} LIMIT ? OFFSET ?`,
    )
    .all(...args, req.pageSize, (req.pageNumber - 1) * req.pageSize) as DepositRow[];
  return ok<Schemas['DepositPage']>({
    dataset: rows.map((r) => toDeposit(r, publicOrigin)),
    recordCount: n,
    totalPages: Math.ceil(n / req.pageSize),
  });
}

/** The boleto's A4 PDF, for its depositor only (another account's id is a 404, like no id). */
function getBoletoPdf(input: OperationInput<'getBoletoPdf'>, { db }: SandboxContext): Reply {
  const session = input.session;
  if (!session) return catalogueError(401, 'unauthorized');
  const id = input.params.idDeposit;
  const row = db.prepare('SELECT * FROM deposits WHERE id = ?').get(id) as DepositRow | undefined;
  if (!row || !session.accountIds.includes(row.account_id)) return catalogueError(404, 'notFound');
  const account = findAccount(db, row.account_id);
  const holder = account ? findHolder(db, account.holder_id) : undefined;
  if (!account || !holder) return catalogueError(404, 'notFound');
  const pdf = boletoPdf({
    idDeposit: row.id,
    payerName: holder.name,
    payerTaxId: holder.tax_id ?? '',
    accountNumber: account.number,
    amountCents: row.amount_cents,
    dueDate: row.due_date,
    createdAt: new Date(row.created_at),
    typeableLine: row.typeable_line,
    barcode: row.barcode,
  });
  return {
    status: 200,
    body: pdf,
    contentType: 'application/pdf',
    headers: {
      'content-disposition': `inline; filename="boleto-${row.id}.pdf"`,
      'cache-control': 'no-store',
    },
  };
}

/** The deposit boleto of a barcode, if it is one. */
export function depositOfBarcode(db: Database.Database, barcode: string): DepositRow | undefined {
  return db.prepare('SELECT * FROM deposits WHERE barcode = ?').get(barcode) as DepositRow | undefined;
}

/** Marks a deposit paid (by the bill payment, in the same transaction). */
export function markDepositPaid(db: Database.Database, id: number, transactionId: string): void {
  db.prepare("UPDATE deposits SET status = 'PAID', paid_transaction_id = ? WHERE id = ?").run(
    transactionId,
    id,
  );
}

export const depositHandlers = { createDeposit, listDepositsPaged, getBoletoPdf } satisfies Handlers;
