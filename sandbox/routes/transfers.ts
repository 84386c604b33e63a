import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { balanceCents, post } from '../db/ledger.ts';
import { catalogueError, ok, type Reply } from '../http/replies.ts';
import { bankByCode } from '../sim/banks.ts';
import type { Movement } from '../sim/movements/model.ts';
import { toTransaction } from '../sim/movements/to-transaction.ts';
import { nameProblems, taxIdProblems, type FieldProblem } from '../sim/recipient-rules.ts';
import { checkOtherMovementsNightCap } from '../sim/pix-limits.ts';
import { internalTransferSignature, tedSignature } from '../sim/signature.ts';
import { payBill } from './bills.ts';
import { redeemCheck } from './checks.ts';
import { pixWithdrawal } from './pix-send.ts';
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
 * Money leaving an account: a TED (createWithdrawal, withdrawType BankTransfer) and a transfer to
 * another company account of the bank (createPayment, InternalTransfer), as the contract's
 * descriptions say (2-money-movement.md §2, §5, §7, §8). Each call runs in one SQLite transaction
 * (http/operations.ts); every refusal returns before anything is written, so a 422/403/409 leaves the
 * ledger, the tokens and the idempotency table as they were.
 *
 * Order of the checks: the idempotency record first (a retry of a movement already applied gets
 * its first answer, without the token it no longer has), then the field rules (422 TRANSFER 54),
 * the signature (422 TRANSFER 51), the confirmation token (403 SECURITY 50), the destination
 * (422 TRANSFER 53), an individual's night cap (422 TRANSFER 113, sim/pix-limits.ts), the balance
 * (422 code 16). A refused request is not recorded, so the same
 * externalIdentifier may be sent again once the cause is fixed.
 */

// ---------------------------------------------------------------------------------------------
// TED

/**
 * accountDestination is the account number and its digit, '-' between them or not (contract
 * BankTransferOrder): with '-' they are the two sides; without, the last character is the digit,
 * as Brazilian account numbers are written.
 */
function splitAccount(accountDestination: string): { number: string; digit: string } {
  const dash = accountDestination.indexOf('-');
  if (dash >= 0)
    return { number: accountDestination.slice(0, dash), digit: accountDestination.slice(dash + 1) };
  return { number: accountDestination.slice(0, -1), digit: accountDestination.slice(-1) };
}

function tedProblems(w: Schemas['Withdraw'], t: Schemas['BankTransferOrder']): FieldProblem[] {
  const out: FieldProblem[] = [];
  const taxId = t.taxIdentifier.taxId;
  out.push(...nameProblems('withdrawInfo.bankTransfer.name', t.name, taxId));
  out.push(...taxIdProblems('withdrawInfo.bankTransfer.taxIdentifier.taxId', taxId));
  const expectedPersonType = taxId.length > 11 ? 'CORPORATE' : 'PERSON';
  if (t.personType !== expectedPersonType)
    out.push(`withdrawInfo.bankTransfer.personType: must be ${expectedPersonType} for this document`);
  if (!bankByCode(t.bankDestination))
    out.push('withdrawInfo.bankTransfer.bankDestination: not a bank on the list');
  if (!/^[0-9]{1,4}$/.test(t.branchDestination))
    out.push('withdrawInfo.bankTransfer.branchDestination: at most 4 digits');
  const { number, digit } = splitAccount(t.accountDestination);
  if (!/^[0-9]{1,17}$/.test(number))
    out.push('withdrawInfo.bankTransfer.accountDestination: at most 17 digits');
  if (!/^[0-9]{1,2}$/.test(digit))
    out.push('withdrawInfo.bankTransfer.accountDestination: the digit is 1 or 2 digits');
  out.push(...amountProblems('withdraw.totalAmount', w.totalAmount));
  if (w.currency !== 'BRL') out.push('withdraw.currency: must be BRL');
  return out;
}

function createWithdrawal(input: OperationInput<'createWithdrawal'>, ctx: SandboxContext): Reply {
  const { db, now } = ctx;
  const accountId = input.params.accountId;
  const req = input.body;
  const w = req.withdraw;
  const info = w.withdrawInfo;
  if (info.withdrawType === 'Boleto' || info.withdrawType === 'Utilities') return payBill(input, ctx);
  if (info.withdrawType === 'InstantPayment') return pixWithdrawal(input, ctx);
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

  const t = info.bankTransfer;
  const problems = tedProblems(w, t);
  if (req.payments.length > 0) problems.push('payments: must be empty for a TED');
  if (problems.length > 0) return catalogueError(422, 'invalidTransferField', problems);

  const signature = tedSignature({
    totalAmount: w.totalAmount,
    sourceAccountId: accountId,
    bankDestination: t.bankDestination,
    branchDestination: t.branchDestination,
    accountDestination: t.accountDestination,
    taxId: t.taxIdentifier.taxId,
  });
  const confirmed = confirmedSignature(
    input,
    db,
    { accountId, signature, cents: toCents(w.totalAmount), externalIdentifier: w.externalIdentifier },
    now,
  );
  if ('refusal' in confirmed) return confirmed.refusal;
  const own = customer(db, accountId);
  if (!own) return catalogueError(404, 'notFound');
  const cents = toCents(w.totalAmount);
  const nightCap = checkOtherMovementsNightCap(db, accountId, cents, now());
  if (nightCap) return catalogueError(422, nightCap);
  if (balanceCents(db, accountId) < cents) return catalogueError(422, 'insufficientBalance');

  confirmed.spend();
  if (input.declineFault) {
    // The destination bank refused it (a sandbox fault): no money moves, and the answer is kept
    // like any other, so a retry of the same request is told the same.
    return request.answer(
      ok<Schemas['WithdrawResult']>({
        success: false,
        message: 'TED recusada pelo banco de destino. Nenhum valor foi debitado.',
      }),
    );
  }
  const bank = bankByCode(t.bankDestination);
  const { number, digit } = splitAccount(t.accountDestination);
  const movement: Movement = {
    kind: 'TED_OUT',
    id: randomUUID(),
    externalIdentifier: w.externalIdentifier,
    at: now(),
    amountCents: cents,
    accountId,
    customer: own.party,
    to: {
      name: t.name.trim(),
      taxId: t.taxIdentifier.taxId,
      bankCode: t.bankDestination,
      bankName: t.bankDestinationName || bank?.name || t.bankDestination,
      branch: t.branchDestination,
      account: `${number}-${digit}`,
      accountType: t.accountTypeDestination,
    },
    ...(t.purposeCode ? { purposeCode: t.purposeCode } : {}),
  };
  const tx = toTransaction(movement);
  post(db, { ...tx, externalIdentifier: ledgerExternalId(accountId, w.externalIdentifier) });
  return request.answer(
    ok<Schemas['WithdrawResult']>({
      success: true,
      transactionId: tx.id,
      message: 'TED enviada com sucesso.',
      createdAt: movement.at.toISOString(),
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Company transfer

/** The destination account id of the one recipient: its accountId, or a company customer's phone. */
function destinationOf(db: Database.Database, r: Schemas['InternalTransferRecipient']): string | undefined {
  if ('accountId' in r.account) return r.account.accountId;
  const phone = `+55${r.account.mobilePhone.phoneNumber}`;
  const row = db
    .prepare(
      `SELECT a.id FROM account_holders h JOIN accounts a ON a.holder_id = h.id AND a.kind = 'CUSTOMER'
       WHERE h.phone = ? ORDER BY a.created_at, a.id LIMIT 1`,
    )
    .get(phone) as { id: string } | undefined;
  return row?.id;
}

function internalTransfer(input: OperationInput<'createPayment'>, { db, now }: SandboxContext): Reply {
  const session = input.session;
  if (!session) return catalogueError(401, 'unauthorized');
  // createPayment chose this kind by paymentInfo.transactionType, a discriminant one level down
  // that TypeScript does not narrow the body's union by.
  const req = input.body as Schemas['InternalTransferPayment'];
  const senderId = req.sender.account.accountId;
  // The sender is the caller's own account; the path carries none, so it is checked here.
  if (!session.accountIds.includes(senderId)) return catalogueError(403, 'forbidden');
  const request = movementRequest(
    db,
    {
      accountId: senderId,
      externalIdentifier: req.externalIdentifier,
      operation: 'createPayment',
      body: req,
    },
    now,
  );
  if (request.first) return request.first;

  const problems: FieldProblem[] = [];
  problems.push(...amountProblems('totalAmount', req.totalAmount));
  if (req.currency !== 'BRL') problems.push('currency: must be BRL');
  if (req.recipients.length !== 1) problems.push('recipients: exactly one recipient');
  const recipient = req.recipients[0];
  if (recipient) {
    problems.push(...amountProblems('recipients[0].amount', recipient.amount));
    if (recipient.currency !== 'BRL') problems.push('recipients[0].currency: must be BRL');
    if (toCents(recipient.amount) !== toCents(req.totalAmount))
      problems.push('recipients[0].amount: must equal totalAmount');
  }
  const destinationId = recipient ? destinationOf(db, recipient) : undefined;
  if (recipient && !destinationId)
    problems.push('recipients[0].account: no account of the bank has this phone');
  if (problems.length > 0 || !destinationId) return catalogueError(422, 'invalidTransferField', problems);

  const signature = internalTransferSignature({
    totalAmount: req.totalAmount,
    senderAccountId: senderId,
    recipientAccountId: destinationId,
  });
  const confirmed = confirmedSignature(
    input,
    db,
    {
      accountId: senderId,
      signature,
      cents: toCents(req.totalAmount),
      externalIdentifier: req.externalIdentifier,
    },
    now,
  );
  if ('refusal' in confirmed) return confirmed.refusal;

  // §1: "another company account of the same product": a customer account of an active company
  // that is not the sender's.
  const to = customer(db, destinationId);
  if (
    !to ||
    destinationId === senderId ||
    to.holder.person_type !== 'CORPORATE' ||
    to.holder.status !== 'ACTIVE'
  )
    return catalogueError(422, 'destinationRefused');
  const own = customer(db, senderId);
  if (!own) return catalogueError(404, 'notFound');
  const cents = toCents(req.totalAmount);
  const nightCap = checkOtherMovementsNightCap(db, senderId, cents, now());
  if (nightCap) return catalogueError(422, nightCap);
  if (balanceCents(db, senderId) < cents) return catalogueError(422, 'insufficientBalance');

  confirmed.spend();
  const movement: Movement = {
    kind: 'INTERNAL_TRANSFER',
    id: randomUUID(),
    externalIdentifier: req.externalIdentifier,
    at: now(),
    amountCents: cents,
    accountId: senderId,
    customer: own.party,
    toAccountId: destinationId,
    to: to.party,
  };
  const tx = toTransaction(movement);
  post(db, { ...tx, externalIdentifier: ledgerExternalId(senderId, req.externalIdentifier) });
  return request.answer(
    ok<Schemas['PaymentResult']>({
      transactionId: tx.id,
      success: true,
      message: 'Transferência realizada com sucesso.',
      createdAt: movement.at.toISOString(),
    }),
  );
}

function createPayment(input: OperationInput<'createPayment'>, ctx: SandboxContext): Reply {
  const body = input.body;
  if (body.paymentInfo.transactionType === 'InternalTransfer') return internalTransfer(input, ctx);
  return redeemCheck(input, ctx);
}

export const transferHandlers = { createWithdrawal, createPayment } satisfies Handlers;
