import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { balanceCents, post } from '../db/ledger.ts';
import { billDataOf } from '../db/seed-bills.ts';
import { catalogueError, ok, type ErrorName, type Reply } from '../http/replies.ts';
import { amountAccepted, billCharges, type BillCharges, type BillTerms } from '../sim/bills.ts';
import { readBillCode } from '../sim/boleto.ts';
import { isCalendarDate, localDate } from '../sim/dates.ts';
import { checkOtherMovementsNightCap } from '../sim/pix-limits.ts';
import { reais } from '../sim/movements/shape.ts';
import { toTransaction } from '../sim/movements/to-transaction.ts';
import type { FieldProblem } from '../sim/recipient-rules.ts';
import { billSignature } from '../sim/signature.ts';
import { depositOfBarcode, markDepositPaid } from './deposits.ts';
import {
  amountProblems,
  confirmedSignature,
  customer,
  ledgerExternalId,
  movementRequest,
  toCents,
} from './movement-common.ts';
import type { Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

/**
 * Bills (issue #14, 2-money-movement.md §2 Bill payment, §5 Barcode and Bill amount, §7): the
 * registry of bills the bank can pay (table `bills`, seeded by db/seed-bills.ts), read by
 * POST /bills and paid through createWithdrawal with withdrawType Boleto or Utilities.
 */

interface BillRow {
  barcode: string;
  kind: 'BOLETO' | 'UTILITY';
  typeable_line: string;
  beneficiary_name: string;
  beneficiary_tax_id: string;
  due_date: string | null;
  document_cents: number;
  discount_cents: number;
  deductions_cents: number;
  fine_bp: number;
  interest_monthly_bp: number;
  minimum_cents: number | null;
  maximum_cents: number | null;
  last_payment_date: string | null;
  credit_account_id: string | null;
  paid_transaction_id: string | null;
}

function findBill(db: Database.Database, barcode: string): BillRow | undefined {
  return db.prepare('SELECT * FROM bills WHERE barcode = ?').get(barcode) as BillRow | undefined;
}

function termsOf(row: BillRow): BillTerms {
  return {
    dueDate: row.due_date,
    documentCents: row.document_cents,
    discountCents: row.discount_cents,
    deductionsCents: row.deductions_cents,
    fineBasisPoints: row.fine_bp,
    interestMonthlyBasisPoints: row.interest_monthly_bp,
    minimumCents: row.minimum_cents,
    maximumCents: row.maximum_cents,
    lastPaymentDate: row.last_payment_date,
  };
}

/** A bill the registry knows, unpaid and payable today, with today's charges; or why not. */
type Lookup =
  { ok: true; row: BillRow; terms: BillTerms; charges: BillCharges } | { ok: false; refusal: ErrorName };

function lookUp(db: Database.Database, barcode: string, today: string): Lookup {
  const row = findBill(db, barcode);
  if (!row) return { ok: false, refusal: 'billNotFound' };
  if (row.paid_transaction_id) return { ok: false, refusal: 'billAlreadyPaid' };
  const terms = termsOf(row);
  const charges = billCharges(terms, today);
  if (!charges.payable) return { ok: false, refusal: 'billExpired' };
  return { ok: true, row, terms, charges };
}

function details(row: BillRow, terms: BillTerms, charges: BillCharges): Schemas['BillDetails'] {
  return {
    beneficiary: {
      name: row.beneficiary_name,
      taxIdentifier: { country: 'BRA', taxId: row.beneficiary_tax_id },
    },
    paymentDetails: {
      barcode: row.barcode,
      dueDate: row.due_date,
      totalAmount: reais(row.document_cents),
      consolidatedAmount: reais(charges.totalCents),
      discount: reais(charges.discountCents),
      deductions: reais(charges.deductionsCents),
      interest: reais(charges.interestCents),
      fine: reais(charges.fineCents),
      ...(terms.minimumCents !== null ? { minimumAmount: reais(terms.minimumCents) } : {}),
      ...(terms.maximumCents !== null ? { maximumAmount: reais(terms.maximumCents) } : {}),
    },
  };
}

function getBillDetails(input: OperationInput<'getBillDetails'>, { db, now }: SandboxContext): Reply {
  const session = input.session;
  if (!session) return catalogueError(401, 'unauthorized');
  const req = input.body;
  // The paying account is in the body, not the path: checked here like the company transfer's sender.
  if (!session.accountIds.includes(req.payingAccount.accountId)) return catalogueError(403, 'forbidden');
  const code = readBillCode(req.document);
  if (!code.ok) return catalogueError(422, 'billInvalidCode', [`document: ${code.reason}`]);
  const found = lookUp(db, code.barcode, localDate(now()));
  if (!found.ok) return catalogueError(422, found.refusal);
  return ok(details(found.row, found.terms, found.charges));
}

/** The order of the withdrawal, whichever of the two kinds it is. */
function orderOf(info: Schemas['WithdrawInfo']) {
  if (info.withdrawType === 'Boleto') return { order: info.boleto, taxId: undefined };
  if (info.withdrawType === 'Utilities')
    return { order: info.utilities, taxId: info.utilities.beneficiaryTaxIdentifier.taxId };
  return undefined;
}

/**
 * A bill paid through createWithdrawal (withdrawType Boleto or Utilities), checked in the TED's
 * order (routes/transfers.ts): the idempotency record, the field rules (422 TRANSFER 54), the
 * signature `trunc(totalAmount)|sourceAccountId|barcode` (422 TRANSFER 51), the confirmation
 * token (403 SECURITY 50), the registry (422 BILL 61/62/63, and 64 for an amount the bill does not
 * accept today), the balance (422 code 16). A refusal writes nothing. Paid once: the bill row
 * keeps the transaction that paid it, set in the same SQLite transaction as the ledger entries,
 * so a second payment of the same barcode (another externalIdentifier, another account) is
 * refused with BILL 62.
 *
 * `dueDate` in the order is what the portal sends (7 days before today, §9): it is informative
 * and only checked to be a date; the registry's due date rules the charges.
 */
export function payBill(input: OperationInput<'createWithdrawal'>, { db, now }: SandboxContext): Reply {
  const accountId = input.params.accountId;
  const req = input.body;
  const w = req.withdraw;
  const of = orderOf(w.withdrawInfo);
  if (!of) return catalogueError(422, 'invalidTransferField', ['withdraw.withdrawInfo: not a bill']);
  const request = movementRequest(
    db,
    {
      accountId,
      externalIdentifier: w.externalIdentifier,
      operation: 'createWithdrawal',
      body: req,
    },
    now,
  );
  if (request.first) return request.first;

  const type = w.withdrawInfo.withdrawType;
  const field = `withdraw.withdrawInfo.${type === 'Boleto' ? 'boleto' : 'utilities'}`;
  const problems: FieldProblem[] = [...amountProblems('withdraw.totalAmount', w.totalAmount)];
  if (w.currency !== 'BRL') problems.push('withdraw.currency: must be BRL');
  if (req.payments.length > 0) problems.push('payments: must be empty for a bill');
  const code = readBillCode(of.order.barcode);
  if (!code.ok) problems.push(`${field}.barcode: ${code.reason}`);
  else if ((code.kind === 'UTILITY') !== (type === 'Utilities'))
    problems.push(
      `withdraw.withdrawInfo.withdrawType: must be ${code.kind === 'UTILITY' ? 'Utilities' : 'Boleto'} for this code`,
    );
  if (of.order.dueDate != null && !isCalendarDate(of.order.dueDate))
    problems.push(`${field}.dueDate: not a calendar date`);
  if (problems.length > 0 || !code.ok) return catalogueError(422, 'invalidTransferField', problems);

  const signature = billSignature({
    totalAmount: w.totalAmount,
    sourceAccountId: accountId,
    barcode: of.order.barcode,
  });
  const confirmed = confirmedSignature(
    input,
    db,
    { accountId, signature, cents: toCents(w.totalAmount), externalIdentifier: w.externalIdentifier },
    now,
  );
  if ('refusal' in confirmed) return confirmed.refusal;

  const found = lookUp(db, code.barcode, localDate(now()));
  if (!found.ok) return catalogueError(422, found.refusal);
  const { row, terms, charges } = found;
  if (of.taxId !== undefined && of.taxId !== row.beneficiary_tax_id)
    return catalogueError(422, 'invalidTransferField', [
      `${field}.beneficiaryTaxIdentifier.taxId: not the beneficiary of this bill`,
    ]);
  const cents = toCents(w.totalAmount);
  if (!amountAccepted(terms, charges, cents)) return catalogueError(422, 'billAmountRefused');
  const own = customer(db, accountId);
  if (!own) return catalogueError(404, 'notFound');
  // A deposit boleto credits its depositor: paying one's own from the same account moves nothing.
  if (row.credit_account_id === accountId) return catalogueError(422, 'destinationRefused');
  const depositor = row.credit_account_id ? customer(db, row.credit_account_id) : undefined;
  if (row.credit_account_id && !depositor) return catalogueError(422, 'destinationRefused');
  const nightCap = checkOtherMovementsNightCap(db, accountId, cents, now());
  if (nightCap) return catalogueError(422, nightCap);
  if (balanceCents(db, accountId) < cents) return catalogueError(422, 'insufficientBalance');

  confirmed.spend();
  if (input.declineFault) {
    // The beneficiary's bank refused it (a sandbox fault): nothing moves, the bill stays unpaid,
    // and a retry of the same request is told the same.
    return request.answer(
      ok<Schemas['WithdrawResult']>({
        success: false,
        message: 'Pagamento recusado pelo banco do beneficiário. Nenhum valor foi debitado.',
      }),
    );
  }
  const tx = toTransaction({
    kind: row.kind === 'BOLETO' ? 'BOLETO_PAYMENT' : 'UTILITY_PAYMENT',
    id: randomUUID(),
    externalIdentifier: w.externalIdentifier,
    at: now(),
    amountCents: cents,
    accountId,
    customer: own.party,
    bill: billDataOf(row, charges),
  });
  post(db, { ...tx, externalIdentifier: ledgerExternalId(accountId, w.externalIdentifier) });
  const marked = db
    .prepare(
      'UPDATE bills SET paid_transaction_id = ?, paid_at = ? WHERE barcode = ? AND paid_transaction_id IS NULL',
    )
    .run(tx.id, now().toISOString(), row.barcode);
  // The row was unpaid a moment ago in this same transaction: anything else is a bug, and the
  // throw rolls the payment back (http/operations.ts runs each call in one SQLite transaction).
  if (marked.changes !== 1) throw new Error(`bill ${row.barcode} was paid twice`);
  const deposit = depositOfBarcode(db, row.barcode);
  if (deposit && depositor) {
    // Close the loop: the money that left through the clearing account comes back to the
    // depositor, as a boleto of another bank would arrive through the clearing house.
    const credit = toTransaction({
      kind: 'DEPOSIT_BOLETO',
      id: randomUUID(),
      externalIdentifier: `deposit-${deposit.id}`,
      at: now(),
      amountCents: cents,
      accountId: deposit.account_id,
      customer: depositor.party,
      boleto: {
        typeableLine: deposit.typeable_line,
        barcode: deposit.barcode,
        dueDate: deposit.due_date,
        idDeposit: deposit.id,
      },
    });
    post(db, { ...credit, externalIdentifier: `deposit:${deposit.id}` });
    markDepositPaid(db, deposit.id, credit.id);
  }
  return request.answer(
    ok<Schemas['WithdrawResult']>({
      success: true,
      transactionId: tx.id,
      message: 'Pagamento realizado com sucesso.',
    }),
  );
}

/** The registry as /sandbox/bills.json lists it: lines, beneficiary and what it charges today. */
export function registryListing(db: Database.Database, at: Date) {
  const today = localDate(at);
  const rows = db.prepare('SELECT * FROM bills ORDER BY kind, due_date, barcode').all() as BillRow[];
  return rows.map((row) => {
    const terms = termsOf(row);
    const charges = billCharges(terms, today);
    return {
      kind: row.kind,
      beneficiary: row.beneficiary_name,
      typeableLine: row.typeable_line,
      barcode: row.barcode,
      dueDate: row.due_date,
      document: reais(row.document_cents),
      totalToday: reais(charges.totalCents),
      ...(terms.minimumCents !== null ? { minimum: reais(terms.minimumCents) } : {}),
      ...(terms.maximumCents !== null ? { maximum: reais(terms.maximumCents) } : {}),
      state: row.paid_transaction_id
        ? 'paid'
        : charges.payable
          ? charges.daysLate > 0
            ? 'overdue'
            : 'open'
          : 'expired',
      depositFor: row.credit_account_id,
    };
  });
}

export const billHandlers = { getBillDetails } satisfies Handlers;
