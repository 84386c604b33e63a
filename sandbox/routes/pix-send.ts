import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { balanceCents, post } from '../db/ledger.ts';
import { catalogueError, ok, tooManyAttempts, type ErrorName, type Reply } from '../http/replies.ts';
import { OWN_BANK } from '../sim/bank.ts';
import { payDayOf } from '../sim/pix-charges.ts';
import { refundByReturnId, refundStatusOf } from '../sim/pix-refunds.ts';
import { liveKey, type PixKeyRow } from '../sim/dict.ts';
import type { Movement, PixParty } from '../sim/movements/model.ts';
import { toTransaction } from '../sim/movements/to-transaction.ts';
import {
  aliasTypeOf,
  keyTypeOf,
  LOOKUPS_PER_HOUR,
  maskOwnerTaxId,
  MISSED_LOOKUPS_PER_HOUR,
} from '../sim/pix-keys.ts';
import { countRequest, rateWaitSeconds, type RateLimit } from '../sim/throttle.ts';
import type { FieldProblem } from '../sim/recipient-rules.ts';
import {
  internalPixSignature,
  pixQrSignature,
  pixWithdrawSignature,
  signatureTaxId,
} from '../sim/signature.ts';
import { addDays, fromLocal, isCalendarDate, localDate } from '../sim/dates.ts';
import { checkPixLimits, DEVICE_PAYMENT_LIMIT_CENTS, isSessionDeviceValidated } from '../sim/pix-limits.ts';
import { cashError, cashOf, checkCashCaps, type CashOrder } from '../sim/pix-cash.ts';
import {
  endToEndIdProblem,
  messageIdProblem,
  newEndToEndId,
  paymentByEndToEnd,
  recordPayment,
  settleDue,
  statusOf,
} from '../sim/spi.ts';
import { confirmationValid, spendConfirmation } from '../sim/totp.ts';
import {
  amountProblems,
  customer,
  header,
  ledgerExternalId,
  remember,
  replay,
  requestHash,
  toCents,
} from './movement-common.ts';
import { participantName, resolveCode } from './pix-codes.ts';
import type { CallInput, Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];
type PixAccountType = Schemas['PixAccountType'];

/**
 * Pix send (issue 16; 3-pix-part-one.md §2, §4, §7, §9; contract createWithdrawal's InstantPayment
 * body, createInternalPix, checkPixTransaction, queryPixPaymentStatus, listPsps,
 * payPixQrCode; the codes are read by routes/pix-codes.ts). Every handler runs in one SQLite transaction (server.ts) and every refusal
 * returns before anything is written. The order of the checks: the idempotency record (a retry
 * gets its first answer), the fields (422 TRANSFER 54), the key and the creditor (PIXSEND 84, 85,
 * 86), the end-to-end id never used (409 PIXSEND 87), the signature (422 TRANSFER 51), the
 * security code (403 SECURITY 50), the account's Pix limits (PIXSEND 81, 82, 83, PIXLIMIT 112;
 * sim/pix-limits.ts), the balance (422 code 16).
 * The SPI's later answer is sim/spi.ts's.
 */

// ───────────────────────────── shared ─────────────────────────────

interface Creditor {
  name: string;
  /** In full (the bank completes a masked CPF from the DICT). */
  taxId: string;
  ispb: string;
  branch: string;
  account: string;
  accountType: PixAccountType;
  key?: string;
  keyType?: PixKeyRow['key_type'];
}

interface PixOrder {
  operation: 'createWithdrawal' | 'createInternalPix' | 'payPixQrCode';
  accountId: string;
  externalIdentifier: string;
  hash: string;
  cents: number;
  endToEndId: string;
  localInstrument: 'DICT' | 'MANU' | 'QRES' | 'QRDN';
  /** The S-Transaction the body implies (contract components.parameters.STransaction). */
  signature: string;
  creditor: Creditor;
  /** A customer account of this bank: credited at once (internal Pix, on-us). */
  creditAccountId?: string;
  note?: string;
  chargeId?: string;
  /** A Pix Saque/Troco (sim/pix-cash.ts): checked against its own caps, said in the statement. */
  cash?: CashOrder;
  /** The bank's answer, given the movement's id and the time it was made (its statement entry's). */
  answer: (transactionId: string, at: Date) => Reply;
}

function creditorOfKey(row: PixKeyRow): Creditor {
  return {
    name: row.owner_name,
    taxId: row.owner_tax_id,
    ispb: row.participant ?? OWN_BANK.ispb,
    branch: row.branch,
    account: row.account_number,
    accountType: row.account_type,
    key: row.key,
    keyType: row.key_type,
  };
}

/** The customer account of this bank at branch/number, if any. */
function ownAccountAt(db: Database.Database, branch: string, number: string): string | undefined {
  const row = db
    .prepare("SELECT id FROM accounts WHERE kind = 'CUSTOMER' AND branch = ? AND number = ?")
    .get(branch, number) as { id: string } | undefined;
  return row?.id;
}

function pixParty(db: Database.Database, c: Creditor): PixParty {
  return {
    name: c.name,
    taxId: c.taxId,
    ispb: c.ispb,
    bankCode: '',
    bankName: participantName(db, c.ispb) ?? c.ispb,
    branch: c.branch,
    account: c.account,
    accountType: c.accountType === 'SVGS' ? 'poupanca' : 'cc',
    ...(c.key ? { key: c.key } : {}),
    ...(c.keyType ? { keyType: c.keyType } : {}),
  };
}

/** The checks every Pix shares once its body is understood, then the movement. */
function execute(
  order: PixOrder,
  input: Pick<CallInput, 'session' | 'headers'>,
  { db, now }: SandboxContext,
): Reply {
  const session = input.session;
  if (!session) return catalogueError(401, 'unauthorized');
  if (paymentByEndToEnd(db, order.endToEndId)) return catalogueError(409, 'pixEndToEndReused');
  if (header(input, 's-transaction') !== order.signature) return catalogueError(422, 'signatureMismatch');
  // The token must confirm this exact movement: the signature, and the cents and
  // externalIdentifier it leaves out of its whole reais (issue 27).
  const confirmed = {
    accountId: order.accountId,
    signature: order.signature,
    cents: order.cents,
    externalIdentifier: order.externalIdentifier,
  };
  const confirmation = header(input, 's-confirmation');
  if (!confirmation || !confirmationValid(db, confirmation, confirmed, now()))
    return catalogueError(403, 'confirmationRequired');
  const own = customer(db, order.accountId);
  if (!own) return catalogueError(404, 'notFound');
  const validated = isSessionDeviceValidated(db, session, now());
  // A Saque/Troco's own caps first (the rule of that payment), then the account's Pix limits.
  const cashCap = order.cash && checkCashCaps(db, order.accountId, order.cash.cents, now());
  if (cashCap) return cashError(422, cashCap);
  const limit = checkPixLimits(db, order.accountId, order.cents, now(), validated);
  if (limit) return catalogueError(422, limit);
  if (balanceCents(db, order.accountId) < order.cents) return catalogueError(422, 'insufficientBalance');

  spendConfirmation(db, confirmation, confirmed, now());
  const at = now();
  const transactionId = postPix(db, order, own, validated, at, {
    external: order.externalIdentifier,
    ledger: ledgerExternalId(order.accountId, order.externalIdentifier),
  });
  return remember(
    db,
    order.accountId,
    order.externalIdentifier,
    order.operation,
    order.hash,
    order.answer(transactionId, at),
    now(),
  );
}

/** What a Pix posts once every check passed: the movement and its pix_payments row. */
function postPix(
  db: Database.Database,
  order: Pick<
    PixOrder,
    | 'accountId'
    | 'cents'
    | 'endToEndId'
    | 'localInstrument'
    | 'creditor'
    | 'creditAccountId'
    | 'note'
    | 'chargeId'
    | 'cash'
  >,
  own: NonNullable<ReturnType<typeof customer>>,
  validated: boolean,
  at: Date,
  ids: { external: string; ledger: string },
): string {
  const common = {
    id: randomUUID(),
    externalIdentifier: ids.external,
    at,
    amountCents: order.cents,
    accountId: order.accountId,
    customer: own.party,
    endToEndId: order.endToEndId,
    to: pixParty(db, order.creditor),
    ...(order.note ? { note: order.note } : {}),
  };
  const movement: Movement = order.creditAccountId
    ? { ...common, kind: 'PIX_INTERNAL', toAccountId: order.creditAccountId, cash: order.cash }
    : { ...common, kind: 'PIX_OUT', inFlight: true };
  const tx = toTransaction(movement);
  post(db, { ...tx, externalIdentifier: ids.ledger });
  recordPayment(db, {
    endToEndId: order.endToEndId,
    accountId: order.accountId,
    holderId: own.holder.id,
    transactionId: tx.id,
    cents: order.cents,
    localInstrument: order.localInstrument,
    internal: order.creditAccountId !== undefined,
    creditor: order.creditor,
    deviceValidated: validated,
    ...(order.chargeId ? { chargeId: order.chargeId } : {}),
    now: at,
  });
  return tx.id;
}

/** An on-us creditor: the customer account at this bank, which must not be the payer's. */
function onUsProblem(
  db: Database.Database,
  payerAccountId: string,
  c: Creditor,
): { accountId: string } | { refusal: Reply } {
  const accountId = ownAccountAt(db, c.branch, c.account);
  const to = accountId ? customer(db, accountId) : undefined;
  if (
    !accountId ||
    !to ||
    accountId === payerAccountId ||
    to.holder.status !== 'ACTIVE' ||
    signatureTaxId(to.holder.tax_id ?? '') !== signatureTaxId(c.taxId)
  )
    return { refusal: catalogueError(422, 'destinationRefused') };
  return { accountId };
}

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

// ───────────────────────────── scheduled Pix ─────────────────────────────

/** How far ahead a Pix may be scheduled. */
export const MAX_SCHEDULE_DAYS = 365;
/** A scheduled Pix leaves at this São Paulo time of its day: after the night period. */
export const SCHEDULE_RUN_TIME = '07:00:00';

interface ScheduledOrder {
  cents: number;
  localInstrument: 'DICT' | 'MANU';
  creditor: Creditor;
  creditAccountId?: string;
  note?: string;
}

/**
 * A Pix for a later day: the order is checked now (fields, key and creditor, signature, security
 * code, the per-payment device limit) and kept; nothing is debited. The balance and the period
 * limits are checked on the day it leaves (runDueSchedules).
 */
function schedule(
  input: Pick<CallInput, 'session' | 'headers'>,
  { db, now }: SandboxContext,
  s: {
    accountId: string;
    w: Schemas['Withdraw'];
    hash: string;
    paymentDate: string;
    signature: string;
    order: ScheduledOrder;
  },
): Reply {
  const session = input.session;
  if (!session) return catalogueError(401, 'unauthorized');
  if (header(input, 's-transaction') !== s.signature) return catalogueError(422, 'signatureMismatch');
  const confirmed = {
    accountId: s.accountId,
    signature: s.signature,
    cents: s.order.cents,
    externalIdentifier: s.w.externalIdentifier,
  };
  const confirmation = header(input, 's-confirmation');
  if (!confirmation || !confirmationValid(db, confirmation, confirmed, now()))
    return catalogueError(403, 'confirmationRequired');
  const own = customer(db, s.accountId);
  if (!own) return catalogueError(404, 'notFound');
  const validated = isSessionDeviceValidated(db, session, now());
  if (!validated && s.order.cents > DEVICE_PAYMENT_LIMIT_CENTS)
    return catalogueError(422, 'pixDevicePaymentLimit');
  spendConfirmation(db, confirmation, confirmed, now());
  const id = Number(
    db
      .prepare(
        `INSERT INTO pix_schedules (account_id, holder_id, payment_date, amount_cents, creditor_name, recipient_alias,
           order_json, device_validated, status, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'ACTIVE', ?)`,
      )
      .run(
        s.accountId,
        own.holder.id,
        s.paymentDate,
        s.order.cents,
        s.order.creditor.name,
        s.order.creditor.key ?? null,
        JSON.stringify(s.order),
        validated ? 1 : 0,
        now().toISOString(),
      ).lastInsertRowid,
  );
  const [y, m, d] = s.paymentDate.split('-');
  return remember(
    db,
    s.accountId,
    s.w.externalIdentifier,
    'createWithdrawal',
    s.hash,
    ok<Schemas['WithdrawResult']>({
      success: true,
      idPixPaymentSchedule: id,
      message: `Pix agendado para ${d}/${m}/${y}.`,
    }),
    now(),
  );
}

interface ScheduleRow {
  id: number;
  account_id: string;
  order_json: string;
  device_validated: number;
}

/**
 * Sends every scheduled Pix whose day has come (from 07:00 São Paulo), each once: with a new
 * end-to-end id of this bank, through the SPI like any other, after the balance and the period
 * limits of that moment; a Pix that cannot leave is FAILED with the catalogue error, nothing
 * debited.
 */
function runDueSchedules(db: Database.Database, now: Date): void {
  const today = localDate(now);
  const upTo = now.getTime() >= fromLocal(today, SCHEDULE_RUN_TIME).getTime() ? today : addDays(today, -1);
  const due = db
    .prepare(
      "SELECT id, account_id, order_json, device_validated FROM pix_schedules WHERE status = 'ACTIVE' AND payment_date <= ? ORDER BY id",
    )
    .all(upTo) as ScheduleRow[];
  if (due.length === 0) return;
  db.transaction(() => {
    for (const row of due) {
      const order = JSON.parse(row.order_json) as ScheduledOrder;
      const own = customer(db, row.account_id);
      const key = order.creditor.key ? liveKey(db, order.creditor.key) : undefined;
      const failure: ErrorName | undefined = !own
        ? 'notFound'
        : order.creditor.key && key?.status !== 'ACTIVE'
          ? 'pixKeyNotFound'
          : (checkPixLimits(db, row.account_id, order.cents, now, row.device_validated === 1) ??
            (balanceCents(db, row.account_id) < order.cents ? 'insufficientBalance' : undefined));
      if (failure || !own) {
        db.prepare(
          "UPDATE pix_schedules SET status = 'FAILED', failure = ?, executed_at = ? WHERE id = ?",
        ).run(failure ?? 'notFound', now.toISOString(), row.id);
        continue;
      }
      const endToEndId = newEndToEndId(now);
      postPix(db, { ...order, accountId: row.account_id, endToEndId }, own, row.device_validated === 1, now, {
        external: `schedule-${row.id}`,
        ledger: `schedule:${row.id}`,
      });
      db.prepare(
        "UPDATE pix_schedules SET status = 'SENT', end_to_end_id = ?, executed_at = ? WHERE id = ?",
      ).run(endToEndId, now.toISOString(), row.id);
    }
  })();
}

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

// ───────────────────────────── status ─────────────────────────────

function ownPayment(input: Pick<CallInput, 'session'>, db: Database.Database, endToEndId: string) {
  const row = paymentByEndToEnd(db, endToEndId);
  if (!row || !input.session?.accountIds.includes(row.account_id)) return undefined;
  return row;
}

/** The status of a payment or of a refund (return id D…, issue 17) the caller's account sent. */
function ownStatus(input: Pick<CallInput, 'session'>, db: Database.Database, endToEndId: string) {
  const row = ownPayment(input, db, endToEndId);
  if (row) return statusOf(row);
  const refund = refundByReturnId(db, endToEndId);
  if (!refund || !input.session?.accountIds.includes(refund.account_id)) return undefined;
  return refundStatusOf(refund);
}

function checkPixTransaction(input: OperationInput<'checkPixTransaction'>, { db }: SandboxContext): Reply {
  const status = ownStatus(input, db, input.params.endToEndId);
  if (!status) return catalogueError(404, 'notFound');
  return ok<Schemas['TransactionStatusResult']>(status);
}

function queryPixPaymentStatus(
  input: OperationInput<'queryPixPaymentStatus'>,
  { db }: SandboxContext,
): Reply {
  const req = input.body;
  const e2e = req.data.document.reporting_request[0]?.payment_identification.end_to_end_identification ?? '';
  const s = ownStatus(input, db, e2e);
  if (!s) return ok<Schemas['PaymentStatusResult']>({ transactionStatus: 'ERR', transaction_id: null });
  return ok<Schemas['PaymentStatusResult']>({
    document: {
      transaction_information_and_status: {
        transaction_status: s.transactionStatus,
        status_reason_information: {
          additional_information: s.reasonCode && s.reason ? [s.reasonCode, s.reason] : [],
        },
      },
    },
    transactionStatus: s.transactionStatus,
    transaction_id: s.transactionIdMatera,
  });
}

// ───────────────────────────── key lookups for a payment ─────────────────────────────

const HOUR = 60 * 60_000;

/**
 * getAlias (any ACTIVE key) and getBpayAlias (a key of this bank only): the key's alias data for a
 * payment, with an end-to-end id of this bank the payment may use. The same data as GetLink, so
 * the same budget against scraping (the DICT lookup's limits, shared); a person's CPF only masked.
 */
function aliasLookup(
  input: OperationInput<'getAlias'> | OperationInput<'getBpayAlias'>,
  ctx: SandboxContext,
  ownOnly: boolean,
): Reply {
  const holderId = input.session?.holderId;
  if (!holderId) return catalogueError(401, 'unauthorized');
  const all: RateLimit = { scope: 'dict-lookup', key: holderId, limit: LOOKUPS_PER_HOUR, windowMs: HOUR };
  const missed: RateLimit = {
    scope: 'dict-lookup-miss',
    key: holderId,
    limit: MISSED_LOOKUPS_PER_HOUR,
    windowMs: HOUR,
  };
  const wait = rateWaitSeconds(ctx.db, [all, missed], ctx.now());
  if (wait > 0) return tooManyAttempts(wait);
  countRequest(ctx.db, [all], ctx.now());
  const key = input.params.alias;
  const row = keyTypeOf(key) === undefined ? undefined : liveKey(ctx.db, key);
  if (!row || row.status !== 'ACTIVE' || (ownOnly && row.account_id === null)) {
    countRequest(ctx.db, [missed], ctx.now());
    return catalogueError(404, 'notFound');
  }
  const c = creditorOfKey(row);
  return ok<Schemas['AliasData']>({
    alias: row.key,
    aliasType: aliasTypeOf(row.key_type),
    aliasAccountHolder: {
      name: row.owner_name,
      taxIdentifier: {
        ...(c.taxId.length === 11 ? {} : { taxId: c.taxId }),
        taxIdMasked: maskOwnerTaxId(c.taxId),
        country: 'BRA',
      },
    },
    accountDestination: { branch: c.branch, account: c.account, accountType: c.accountType },
    psp: { id: c.ispb, name: participantName(ctx.db, c.ispb) ?? c.ispb, country: 'BRA', currencies: ['BRL'] },
    endToEndId: newEndToEndId(ctx.now()),
    creationDate: row.ownership_date,
  });
}

const getAlias = (input: OperationInput<'getAlias'>, ctx: SandboxContext) => aliasLookup(input, ctx, false);
const getBpayAlias = (input: OperationInput<'getBpayAlias'>, ctx: SandboxContext) =>
  aliasLookup(input, ctx, true);

// ───────────────────────────── participants ─────────────────────────────

function listPsps(_input: OperationInput<'listPsps'>, { db }: SandboxContext): Reply {
  const rows = db.prepare('SELECT ispb, name FROM pix_participants ORDER BY ispb').all() as {
    ispb: string;
    name: string;
  }[];
  return ok<Schemas['PspList']>({
    psps: rows.map((r) => ({ id: r.ispb, name: r.name, country: 'BRA', currencies: ['BRL'] })),
  });
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
