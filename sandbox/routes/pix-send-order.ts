/**
 * What every Pix send shares (routes/pix-send.ts, pix-send-schedule.ts): the creditor and the
 * order a handler builds once the body is understood, the checks every Pix passes then in their
 * order (the end-to-end id never used, the signature, the security code, a Saque/Troco's caps, the
 * account's Pix limits, the balance), and what a Pix posts once they pass: the movement in the
 * ledger and its pix_payments row; an on-us creditor's account.
 */
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { balanceCents, post } from '../db/ledger.ts';
import { catalogueError, type Reply } from '../http/replies.ts';
import { OWN_BANK } from '../sim/bank.ts';
import type { PixKeyRow } from '../sim/dict.ts';
import type { Movement, PixParty } from '../sim/movements/model.ts';
import { toTransaction } from '../sim/movements/to-transaction.ts';
import { signatureTaxId } from '../sim/signature.ts';
import { checkPixLimits, isSessionDeviceValidated } from '../sim/pix-limits.ts';
import { cashError, checkCashCaps, type CashOrder } from '../sim/pix-cash.ts';
import { paymentByEndToEnd, recordPayment } from '../sim/spi.ts';
import { confirmationValid, spendConfirmation } from '../sim/totp.ts';
import { customer, header, ledgerExternalId, remember } from './movement-common.ts';
import { participantName } from './pix-codes.ts';
import type { CallInput, SandboxContext } from './types.ts';

type PixAccountType = components['schemas']['PixAccountType'];

export interface Creditor {
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

export function creditorOfKey(row: PixKeyRow): Creditor {
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
export function execute(
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
export function postPix(
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
export function onUsProblem(
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
