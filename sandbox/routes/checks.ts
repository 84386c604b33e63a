import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { balanceCents, post } from '../db/ledger.ts';
import { catalogueError, ok, type Reply } from '../http/replies.ts';
import { verifyCheck, type CheckRow } from '../sim/checks.ts';
import { maskOwnerTaxId } from '../sim/pix-keys.ts';
import { reais } from '../sim/movements/shape.ts';
import { toTransaction } from '../sim/movements/to-transaction.ts';
import type { FieldProblem } from '../sim/recipient-rules.ts';
import { amountProblems, customer, ledgerExternalId, movementRequest, toCents } from './movement-common.ts';
import type { Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

/**
 * Receiving a digital check (createPayment DigitalCheck; sandbox/sim/checks.ts says what a check
 * is). Order: the caller's own account (403), the idempotency record, the field rules (422
 * TRANSFER 54), the check (422 CHECK 65 forged, altered or unknown; 66 already redeemed; 67
 * expired), the receiver (422 TRANSFER 53: one's own check), the issuer's balance (422 CHECK 68,
 * "sem fundos"). A refusal writes nothing; the check stays redeemable. No security code: the
 * customer receives money.
 */
export function redeemCheck(input: OperationInput<'createPayment'>, { db, now }: SandboxContext): Reply {
  const session = input.session;
  if (!session) return catalogueError(401, 'unauthorized');
  // createPayment chose this kind by paymentInfo.transactionType (a nested discriminant).
  const req = input.body as Extract<Schemas['PaymentRequest'], { myAccount: unknown }>;
  const receiverId = req.myAccount.accountId;
  if (!session.accountIds.includes(receiverId)) return catalogueError(403, 'forbidden');
  const request = movementRequest(
    db,
    {
      accountId: receiverId,
      externalIdentifier: req.externalIdentifier,
      operation: 'createPayment',
      body: req,
    },
    now,
  );
  if (request.first) return request.first;

  const problems: FieldProblem[] = [];
  if (req.totalAmount !== undefined) problems.push(...amountProblems('totalAmount', req.totalAmount));
  if (problems.length > 0) return catalogueError(422, 'invalidTransferField', problems);
  const check = verifyCheck(db, req.paymentInfo.digitalCheck.document);
  // The value shown to the customer is the QR's; a totalAmount that differs is an altered check.
  if (!check || (req.totalAmount !== undefined && toCents(req.totalAmount) !== check.amount_cents))
    return catalogueError(422, 'checkInvalid');
  const refused = checkRefusal(db, check, receiverId, now());
  if (refused) return refused;
  const issuer = customer(db, check.issuer_account_id);
  const receiver = customer(db, receiverId);
  if (!issuer || !receiver) return catalogueError(422, 'destinationRefused');
  if (balanceCents(db, check.issuer_account_id) < check.amount_cents)
    return catalogueError(422, 'checkUnfunded');

  const tx = toTransaction({
    kind: 'INTERNAL_TRANSFER',
    id: randomUUID(),
    externalIdentifier: req.externalIdentifier,
    at: now(),
    amountCents: check.amount_cents,
    accountId: check.issuer_account_id,
    customer: issuer.party,
    toAccountId: receiverId,
    to: receiver.party,
    note: `Cheque digital ${check.id}`,
  });
  post(db, { ...tx, externalIdentifier: ledgerExternalId(receiverId, `check:${req.externalIdentifier}`) });
  markRedeemed(db, check.id, receiverId, tx.id, now());
  return request.answer(
    ok<Schemas['PaymentResult']>({
      transactionId: tx.id,
      success: true,
      message: `Cheque digital de R$ ${reais(check.amount_cents).toFixed(2).replace('.', ',')} recebido.`,
    }),
  );
}

/**
 * What refuses a genuine check for this receiver, in the redemption's order: used (CHECK 66),
 * expired (67), one's own (TRANSFER 53), an issuer or receiver the bank does not hold (53).
 */
function checkRefusal(
  db: Database.Database,
  check: CheckRow,
  receiverId: string,
  now: Date,
): Reply | undefined {
  if (check.redeemed_at) return catalogueError(422, 'checkRedeemed');
  if (now.toISOString() > check.expires_at) return catalogueError(422, 'checkExpired');
  if (check.issuer_account_id === receiverId) return catalogueError(422, 'destinationRefused');
  if (!customer(db, check.issuer_account_id) || !customer(db, receiverId))
    return catalogueError(422, 'destinationRefused');
  return undefined;
}

/**
 * getDigitalCheck (issue 32 item 7): who issued the check and its value, for the confirmation,
 * refused as the redemption would refuse it; nothing is written. The issuer's balance is not told
 * (a lookup must not reveal whether someone's account covers an amount): 68 comes only with the
 * redemption. A CPF is masked as the DICT shows it to a payer (sim/pix-keys.ts).
 */
function getDigitalCheck(input: OperationInput<'getDigitalCheck'>, { db, now }: SandboxContext): Reply {
  const receiverId = input.params.accountId;
  const check = verifyCheck(db, input.query.document);
  if (!check) return catalogueError(422, 'checkInvalid');
  const refused = checkRefusal(db, check, receiverId, now());
  if (refused) return refused;
  const issuer = customer(db, check.issuer_account_id);
  if (!issuer) return catalogueError(422, 'destinationRefused');
  return ok<Schemas['DigitalCheckInfo']>({
    issuerName: issuer.party.name,
    issuerDocument: maskOwnerTaxId(issuer.party.taxId),
    amount: reais(check.amount_cents),
    expiresAt: check.expires_at,
  });
}

export const checkHandlers = { getDigitalCheck } satisfies Handlers;

function markRedeemed(
  db: Database.Database,
  id: string,
  receiverId: string,
  transactionId: string,
  at: Date,
): void {
  const r = db
    .prepare(
      'UPDATE digital_checks SET redeemed_at = ?, redeemed_by_account_id = ?, transaction_id = ? WHERE id = ? AND redeemed_at IS NULL',
    )
    .run(at.toISOString(), receiverId, transactionId, id);
  // Unredeemed a moment ago in this transaction: anything else is a bug, and the throw rolls back.
  if (r.changes !== 1) throw new Error(`check ${id} redeemed twice`);
}
