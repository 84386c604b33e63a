/**
 * Pix send (issue 16; 3-pix-part-one.md §2, §4, §7, §9; contract createWithdrawal's InstantPayment
 * body, createInternalPix, checkPixTransaction, queryPixPaymentStatus, listPsps, payPixQrCode; the
 * codes are read by routes/pix-codes.ts). Every handler runs in one SQLite transaction (server.ts)
 * and every refusal returns before anything is written. The order of the checks: the idempotency
 * record (a retry gets its first answer), the fields (422 TRANSFER 54), the key and the creditor
 * (PIXSEND 84, 85, 86), the end-to-end id never used (409 PIXSEND 87), the signature (422 TRANSFER
 * 51), the security code (403 SECURITY 50), the account's Pix limits (PIXSEND 81, 82, 83, PIXLIMIT
 * 112; sim/pix-limits.ts), the balance (422 code 16). The SPI's later answer is sim/spi.ts's.
 *
 * Here: the three calls that send (createWithdrawal's InstantPayment, createInternalPix,
 * payPixQrCode), the handlers' table and the SPI sweep. What every Pix shares (the order, its
 * checks, the posting) is in pix-send-order.ts, scheduled Pix in pix-send-schedule.ts, the calls
 * that move nothing (status, key lookups, participants) in pix-send-lookups.ts.
 */
import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { catalogueError, ok, type ErrorName, type Reply } from '../http/replies.ts';
import { OWN_BANK } from '../sim/bank.ts';
import { payDayOf } from '../sim/pix-charges.ts';
import { liveKey } from '../sim/dict.ts';
import { maskOwnerTaxId } from '../sim/pix-keys.ts';
import type { FieldProblem } from '../sim/recipient-rules.ts';
import { internalPixSignature, pixQrSignature, pixWithdrawSignature } from '../sim/signature.ts';
import { addDays, isCalendarDate, localDate } from '../sim/dates.ts';
import { cashOf } from '../sim/pix-cash.ts';
import { endToEndIdProblem, messageIdProblem, newEndToEndId, settleDue } from '../sim/spi.ts';
import { amountProblems, customer, replay, requestHash, toCents } from './movement-common.ts';
import { participantName, resolveCode } from './pix-codes.ts';
import {
  checkPixTransaction,
  getAlias,
  getBpayAlias,
  listPsps,
  queryPixPaymentStatus,
} from './pix-send-lookups.ts';
import { creditorOfKey, execute, onUsProblem, type Creditor } from './pix-send-order.ts';
import { MAX_SCHEDULE_DAYS, runDueSchedules, schedule } from './pix-send-schedule.ts';
import type { Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

// ───────────────────────────── createWithdrawal (InstantPayment) ─────────────────────────────

const withdrawSignature = (w: Schemas['Withdraw'], accountId: string, p: Schemas['Pacs008Message']): string =>
  pixWithdrawSignature({
    totalAmount: w.totalAmount,
    sourceAccountId: accountId,
    endToEndId: p.endToEndId,
    creditorIspb: p.creditorAgent.ispb,
    creditorBranch: p.creditorAccount.branch,
    creditorAccount: p.creditorAccount.number,
    creditorTaxId: p.creditor.taxId,
  });

function pacs008Problems(
  p: Schemas['Pacs008Message'],
  w: Schemas['Withdraw'],
  ip: Schemas['InstantPaymentOrder'],
  own: NonNullable<ReturnType<typeof customer>>,
  now: Date,
): FieldProblem[] {
  const out: FieldProblem[] = [];
  const msg = messageIdProblem(p.msgId);
  if (msg) out.push(`payments[0].msgId: ${msg}`);
  const e2e = endToEndIdProblem(p.endToEndId, now);
  if (e2e) out.push(`payments[0].endToEndId: ${e2e}`);
  if (ip.endToEndId !== p.endToEndId)
    out.push('withdrawInfo.instantPayment.endToEndId: must be the pacs.008 endToEndId');
  if (p.purpose !== 'IPAY') out.push('payments[0].purpose: must be IPAY');
  if (p.localInstrument !== 'DICT' && p.localInstrument !== 'MANU')
    out.push('payments[0].localInstrument: must be DICT or MANU (codes are paid with payPixQrCode)');
  if (ip.localInstrument !== p.localInstrument)
    out.push('withdrawInfo.instantPayment.localInstrument: must be the pacs.008 localInstrument');
  out.push(...amountProblems('withdraw.totalAmount', w.totalAmount));
  if (w.currency !== 'BRL') out.push('withdraw.currency: must be BRL');
  if (p.amount.currency !== 'BRL') out.push('payments[0].amount.currency: must be BRL');
  if (toCents(p.amount.value) !== toCents(w.totalAmount))
    out.push('payments[0].amount.value: must equal withdraw.totalAmount');
  if (p.debtor.taxId !== own.holder.tax_id || p.debtor.name.trim() !== own.holder.name)
    out.push("payments[0].debtor: must be the account holder's name and tax id");
  if (p.debtorAccount.branch !== own.account.branch || p.debtorAccount.number !== own.account.number)
    out.push("payments[0].debtorAccount: must be the caller's account");
  if (p.debtorAgent.ispb !== OWN_BANK.ispb) out.push("payments[0].debtorAgent.ispb: must be this bank's");
  if (p.localInstrument === 'DICT' && !p.proxy)
    out.push('payments[0].proxy: the key paid is required for DICT');
  if (p.localInstrument === 'MANU' && p.proxy) out.push('payments[0].proxy: a manual payment has no key');
  if (ip.key !== undefined && ip.key !== p.proxy)
    out.push('withdrawInfo.instantPayment.key: must be the pacs.008 proxy');
  if (p.localInstrument === 'MANU' && !/^[0-9]{11}$|^[0-9A-Z]{14}$/.test(p.creditor.taxId))
    out.push("payments[0].creditor.taxId: a manual payment carries the creditor's tax id in full");
  if (p.creditor.name.trim() === '') out.push('payments[0].creditor.name: required');
  if (w.STransactionId !== undefined && w.STransactionId !== withdrawSignature(w, own.account.id, p))
    out.push('withdraw.STransactionId: must be the transaction signature (S-Transaction)');
  if (ip.scheduleDate !== undefined) {
    const today = localDate(now);
    if (
      !isCalendarDate(ip.scheduleDate) ||
      ip.scheduleDate < today ||
      ip.scheduleDate > addDays(today, MAX_SCHEDULE_DAYS)
    )
      out.push(
        `withdrawInfo.instantPayment.scheduleDate: a date from today to ${MAX_SCHEDULE_DAYS} days ahead`,
      );
  }
  return out;
}

/** The creditor as the DICT knows it, when the pacs.008's matches; else the refusal. */
function dictCreditor(
  db: Database.Database,
  p: Schemas['Pacs008Message'],
): { creditor: Creditor } | { refusal: ErrorName } {
  const row = p.proxy ? liveKey(db, p.proxy) : undefined;
  if (!row || row.status !== 'ACTIVE') return { refusal: 'pixKeyNotFound' };
  const c = creditorOfKey(row);
  const taxIdMatches = p.creditor.taxId === c.taxId || p.creditor.taxId === maskOwnerTaxId(c.taxId);
  if (
    !taxIdMatches ||
    p.creditorAgent.ispb !== c.ispb ||
    p.creditorAccount.branch !== c.branch ||
    p.creditorAccount.number !== c.account ||
    p.creditorAccount.type !== c.accountType
  )
    return { refusal: 'pixCreditorMismatch' };
  return { creditor: c };
}

/** createWithdrawal with withdrawType InstantPayment (transfers.ts hands it over). */
export function pixWithdrawal(input: OperationInput<'createWithdrawal'>, ctx: SandboxContext): Reply {
  const { db, now } = ctx;
  const accountId = input.params.accountId;
  const req = input.body;
  const w = req.withdraw;
  if (w.withdrawInfo.withdrawType !== 'InstantPayment') return catalogueError(422, 'invalidTransferField');
  const ip = w.withdrawInfo.instantPayment;
  const hash = requestHash('createWithdrawal', req);
  const first = replay(db, accountId, w.externalIdentifier, 'createWithdrawal', hash);
  if (first) return first;

  const own = customer(db, accountId);
  if (!own) return catalogueError(404, 'notFound');
  const p = req.payments[0];
  if (req.payments.length !== 1 || !p)
    return catalogueError(422, 'invalidTransferField', ['payments: exactly one pacs.008 for a Pix']);
  const problems = pacs008Problems(p, w, ip, own, now());
  if (problems.length > 0) return catalogueError(422, 'invalidTransferField', problems);

  let creditor: Creditor;
  if (p.localInstrument === 'DICT') {
    const found = dictCreditor(db, p);
    if ('refusal' in found) return catalogueError(422, found.refusal);
    creditor = found.creditor;
  } else {
    if (!participantName(db, p.creditorAgent.ispb)) return catalogueError(422, 'pixUnknownParticipant');
    creditor = {
      name: p.creditor.name.trim(),
      taxId: p.creditor.taxId,
      ispb: p.creditorAgent.ispb,
      branch: p.creditorAccount.branch,
      account: p.creditorAccount.number,
      accountType: p.creditorAccount.type,
    };
  }
  let creditAccountId: string | undefined;
  if (creditor.ispb === OWN_BANK.ispb) {
    const onUs = onUsProblem(db, accountId, creditor);
    if ('refusal' in onUs) return onUs.refusal;
    creditAccountId = onUs.accountId;
  }
  const note = ip.description ?? p.remittanceInformation;
  if (ip.scheduleDate !== undefined && ip.scheduleDate > localDate(now())) {
    return schedule(input, ctx, {
      accountId,
      w,
      hash,
      paymentDate: ip.scheduleDate,
      signature: withdrawSignature(w, accountId, p),
      order: {
        cents: toCents(w.totalAmount),
        localInstrument: p.localInstrument === 'DICT' ? 'DICT' : 'MANU',
        creditor,
        ...(creditAccountId ? { creditAccountId } : {}),
        ...(note ? { note } : {}),
      },
    });
  }
  return execute(
    {
      operation: 'createWithdrawal',
      accountId,
      externalIdentifier: w.externalIdentifier,
      hash,
      cents: toCents(w.totalAmount),
      endToEndId: p.endToEndId,
      localInstrument: p.localInstrument === 'DICT' ? 'DICT' : 'MANU',
      signature: withdrawSignature(w, accountId, p),
      creditor,
      ...(creditAccountId ? { creditAccountId } : {}),
      ...(note ? { note } : {}),
      answer: (transactionId, at) =>
        ok<Schemas['WithdrawResult']>({
          success: true,
          transactionId,
          createdAt: at.toISOString(),
          endToEndId: p.endToEndId,
          message: 'Pix enviado. Acompanhe a liquidação pelo identificador fim a fim.',
        }),
    },
    input,
    ctx,
  );
}

// ───────────────────────────── the SPI sweep ─────────────────────────────

/** What the server runs before every API call: the scheduled Pix due, then the SPI's answers due. */
export function spiSweep(db: Database.Database, now: Date): void {
  runDueSchedules(db, now);
  settleDue(db, now);
}

// ───────────────────────────── createInternalPix ─────────────────────────────

function createInternalPix(input: OperationInput<'createInternalPix'>, ctx: SandboxContext): Reply {
  const { db, now } = ctx;
  const accountId = input.params.accountId;
  const req = input.body;
  const hash = requestHash('createInternalPix', req);
  const first = replay(db, accountId, req.externalIdentifier, 'createInternalPix', hash);
  if (first) return first;

  const problems = amountProblems('Amount', req.Amount);
  if (problems.length > 0) return catalogueError(422, 'invalidTransferField', problems);
  const row = liveKey(db, req.Chave);
  if (!row || row.status !== 'ACTIVE' || row.account_id === null)
    return catalogueError(422, 'pixKeyNotFound');
  if (row.key_type !== req.KeyType)
    return catalogueError(422, 'invalidTransferField', [`KeyType: the key is of type ${row.key_type}`]);
  const creditor = creditorOfKey(row);
  const onUs = onUsProblem(db, accountId, creditor);
  if ('refusal' in onUs) return onUs.refusal;
  return execute(
    {
      operation: 'createInternalPix',
      accountId,
      externalIdentifier: req.externalIdentifier,
      hash,
      cents: toCents(req.Amount),
      endToEndId: newEndToEndId(now()),
      localInstrument: 'DICT',
      signature: internalPixSignature({ amount: req.Amount, sourceAccountId: accountId, key: req.Chave }),
      creditor,
      creditAccountId: onUs.accountId,
      ...(req.Description ? { note: req.Description } : {}),
      answer: (transactionId, at) =>
        ok<Schemas['TransactionResult']>({
          transactionId,
          createdAt: at.toISOString(),
          message: 'Transação realizada com sucesso!',
        }),
    },
    input,
    ctx,
  );
}
// ───────────────────────────── codes ─────────────────────────────

function payPixQrCode(input: OperationInput<'payPixQrCode'>, ctx: SandboxContext): Reply {
  const { db, now } = ctx;
  const accountId = input.params.accountId;
  const req = input.body;
  const hash = requestHash('payPixQrCode', req);
  const first = replay(db, accountId, req.externalIdentifier, 'payPixQrCode', hash);
  if (first) return first;

  const resolved = resolveCode(db, req.emv, now(), payDayOf(now()));
  if ('refusal' in resolved) return catalogueError(422, resolved.refusal);
  const problems: FieldProblem[] = [...amountProblems('amount', req.amount)];
  const instrument = resolved.code.type === 'STATIC' ? 'QRES' : 'QRDN';
  if (req.localInstrument !== instrument)
    problems.push(`localInstrument: must be ${instrument} for a ${resolved.code.type.toLowerCase()} code`);
  const e2e = endToEndIdProblem(req.endToEndId, now());
  if (e2e) problems.push(`endToEndId: ${e2e}`);
  if (problems.length > 0) return catalogueError(422, 'invalidTransferField', problems);
  if (resolved.amountCents !== undefined && resolved.amountCents !== toCents(req.amount))
    return catalogueError(422, 'pixCodeAmountMismatch');

  const creditor = creditorOfKey(resolved.key);
  let creditAccountId: string | undefined;
  if (creditor.ispb === OWN_BANK.ispb) {
    const onUs = onUsProblem(db, accountId, creditor);
    if ('refusal' in onUs) return onUs.refusal;
    creditAccountId = onUs.accountId;
  }
  return execute(
    {
      operation: 'payPixQrCode',
      accountId,
      externalIdentifier: req.externalIdentifier,
      hash,
      cents: toCents(req.amount),
      endToEndId: req.endToEndId,
      localInstrument: instrument,
      signature: pixQrSignature({
        amount: req.amount,
        sourceAccountId: accountId,
        endToEndId: req.endToEndId,
        emv: req.emv,
      }),
      creditor,
      ...(creditAccountId ? { creditAccountId } : {}),
      ...(req.description ? { note: req.description } : {}),
      ...(resolved.charge ? { chargeId: resolved.charge.id } : {}),
      ...(cashOf(resolved.charge) ?? {}),
      answer: (transactionId, at) =>
        ok<Schemas['WithdrawResult']>({
          success: true,
          transactionId,
          createdAt: at.toISOString(),
          endToEndId: req.endToEndId,
          message: 'Pagamento enviado. Acompanhe a liquidação pelo identificador fim a fim.',
        }),
    },
    input,
    ctx,
  );
}

export const pixSendHandlers = {
  getAlias,
  getBpayAlias,
  createInternalPix,
  checkPixTransaction,
  queryPixPaymentStatus,
  listPsps,
  payPixQrCode,
} satisfies Handlers;
