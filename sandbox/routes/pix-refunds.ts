import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { BANK_ACCOUNTS, balanceCents, post, type TransactionInput } from '../db/ledger.ts';
import { catalogueError, ok, type Reply } from '../http/replies.ts';
import { OWN_BANK } from '../sim/bank.ts';
import { HISTORY_CODES } from '../sim/movements/model.ts';
import { instantPayment } from '../sim/movements/shape.ts';
import { toTransaction } from '../sim/movements/to-transaction.ts';
import { newReturnId, recordRefund, REFUND_NATURE } from '../sim/pix-refunds.ts';
import { truncReais } from '../sim/signature.ts';
import { newMessageId } from '../sim/spi.ts';
import {
  amountProblems,
  confirmedSignature,
  customer,
  ledgerExternalId,
  remember,
  replay,
  requestHash,
  toCents,
} from './movement-common.ts';
import { daysSince, pixEntryOf, REFUND_WINDOW_DAYS, type PixEntry } from './pix-statement.ts';
import type { Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

/**
 * refundPixPayment (issue 17; 3-pix-part-one.md §5, §7, §8, §9; 4-pix-part-two.md §3, §5; contract
 * refundPixPayment). Checks in the contract's order, every refusal before anything is written:
 * the idempotency record, the amount's form (TRANSFER 54), the entry (404, PIXRECV 94), the 90-day
 * window (95), what is left to refund (96), the signature (TRANSFER 51), the security code
 * (SECURITY 50), the balance (16). Then one ledger transaction (on-us: both customers; else the
 * money waits in the in-flight account for the SPI, sim/pix-refunds.ts).
 */

/** `trunc(valor)|accountId|transactionId` (contract components.parameters.STransaction). */
export const refundSignature = (valor: number, accountId: string, transactionId: string) =>
  [truncReais(valor), accountId, transactionId].join('|');

/** The payer's side of a Pix received between two customers of this bank, if it was one. */
function onUsPayer(db: Database.Database, entry: PixEntry, accountId: string) {
  if (entry.row.kind !== 'PIX_INTERNAL') return undefined;
  const row = db
    .prepare(
      'SELECT account_id FROM ledger_entries WHERE transaction_id = ? AND account_id <> ? AND amount_cents < 0',
    )
    .get(entry.row.transaction_id, accountId) as { account_id: string } | undefined;
  return row ? customer(db, row.account_id) : undefined;
}

function refundPixPayment(input: OperationInput<'refundPixPayment'>, { db, now }: SandboxContext): Reply {
  const accountId = input.params.accountId;
  const req = input.body;
  if (req.accountId !== accountId) return catalogueError(403, 'forbidden');
  const hash = requestHash('refundPixPayment', req);
  const first = replay(db, accountId, req.externalIdentifier, 'refundPixPayment', hash);
  if (first) return first;

  const problems = amountProblems('valor', req.valor);
  if (problems.length > 0) return catalogueError(422, 'invalidTransferField', problems);
  const entry = pixEntryOf(db, accountId, req.transactionId);
  if (entry === undefined) return catalogueError(404, 'notFound');
  if (entry === 'not-pix' || entry.historyCode !== '8020' || entry.row.amount_cents <= 0)
    return catalogueError(422, 'refundNotAllowed');
  if (daysSince(entry, now()) > REFUND_WINDOW_DAYS) return catalogueError(422, 'refundWindowClosed');
  const cents = toCents(req.valor);
  const left = entry.row.amount_cents - entry.row.refunded_cents;
  if (cents > left)
    return catalogueError(422, 'refundAboveAvailable', [`available: ${(left / 100).toFixed(2)}`]);
  const proof = confirmedSignature(
    input,
    db,
    {
      accountId,
      signature: refundSignature(req.valor, accountId, req.transactionId),
      cents,
      externalIdentifier: req.externalIdentifier,
    },
    now,
  );
  if ('refusal' in proof) return proof.refusal;
  const own = customer(db, accountId);
  if (!own) return catalogueError(404, 'notFound');
  if (balanceCents(db, accountId) < cents) return catalogueError(422, 'insufficientBalance');
  proof.spend();

  const at = now();
  const returnId = newReturnId(at);
  const messageId = newMessageId();
  const payer = onUsPayer(db, entry, accountId);
  const payerName = entry.row.counterpart_name ?? '';
  const payerTaxId = entry.row.counterpart_tax_id ?? '';
  // The payer's institution is the one in the original end-to-end id (E + its ISPB + ...).
  const receiverIspb = payer ? OWN_BANK.ispb : entry.endToEndId.slice(1, 9);
  const ip = {
    ...instantPayment(
      'depositReturn',
      returnId,
      own.party,
      { name: payerName, taxId: payerTaxId },
      undefined,
    ),
    originalTransactionId: entry.row.transaction_id,
    originalEndToEndId: entry.endToEndId,
    ...REFUND_NATURE,
  };
  const dates = {
    registrationDate: at.toISOString(),
    effectiveDate: at.toISOString(),
    processingTime: '00:00:01',
  };
  const common = {
    id: randomUUID(),
    kind: 'PIX_REFUND_OUT' as const,
    createdAt: at,
    creditDate: at,
    externalIdentifier: ledgerExternalId(accountId, req.externalIdentifier),
    isPix: true,
    historyCode: HISTORY_CODES.PIX_REFUND_OUT,
    refundOf: entry.row.transaction_id,
    additionalInfo: {
      body: {
        currency: 'BRL',
        externalIdentifier: req.externalIdentifier,
        totalAmount: cents / 100,
        withdrawInfo: { withdrawType: 'InstantPayment', instantPayment: ip },
      },
    },
    detail: { instantPayment: ip, requestData: { description: 'Devolução de Pix recebido', ...dates } },
  };
  let tx: TransactionInput;
  if (payer) {
    tx = {
      ...common,
      description: `Devolução Pix enviada - ${payer.party.name}`,
      entries: [
        {
          accountId,
          amountCents: -cents,
          description: `Devolução Pix enviada - ${payer.party.name}`,
          counterpartName: payer.party.name,
          counterpartTaxId: payer.party.taxId,
        },
        {
          accountId: payer.account.id,
          amountCents: cents,
          description: `Devolução Pix recebida - ${own.party.name}`,
          counterpartName: own.party.name,
          counterpartTaxId: own.party.taxId,
        },
      ],
    };
  } else {
    // The builder's shape, with the money waiting for the SPI instead of leaving at once.
    const built = toTransaction({
      kind: 'PIX_REFUND_OUT',
      id: common.id,
      externalIdentifier: common.externalIdentifier,
      at,
      amountCents: cents,
      accountId,
      customer: own.party,
      refundOf: entry.row.transaction_id,
      returnId,
      to: {
        name: payerName,
        taxId: payerTaxId,
        ispb: receiverIspb,
        bankCode: '',
        bankName: receiverIspb,
        branch: '',
        account: '',
        accountType: 'cc',
      },
    });
    tx = {
      ...built,
      ...common,
      description: built.description,
      entries: built.entries.map((e) =>
        e.accountId === BANK_ACCOUNTS.clearing ? { ...e, accountId: BANK_ACCOUNTS.pixInFlight } : e,
      ),
    };
  }
  post(db, tx);
  recordRefund(db, {
    returnId,
    accountId,
    originalTransactionId: entry.row.transaction_id,
    originalEndToEndId: entry.endToEndId,
    transactionId: tx.id,
    cents,
    messageId,
    receiverIspb,
    internal: payer !== undefined,
    now: at,
  });
  return remember(
    db,
    accountId,
    req.externalIdentifier,
    'refundPixPayment',
    hash,
    ok<Schemas['RefundResult']>({
      endToEndId: returnId,
      messageIdentify: messageId,
      isbpReceiver: receiverIspb,
      endToEndOriginalId: entry.endToEndId,
    }),
    at,
  );
}

export const pixRefundHandlers = { refundPixPayment } satisfies Handlers;
