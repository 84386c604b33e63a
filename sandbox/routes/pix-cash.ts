import type { components } from '../../openapi/portal.d.ts';
import { findHolder, functionalitiesOf, withdrawAgentOf } from '../db/queries.ts';
import { catalogueError, ok, type Reply } from '../http/replies.ts';
import { liveKey } from '../sim/dict.ts';
import {
  CHANGE_DEFAULT_EXPIRATION,
  cashError,
  FUNCTIONALITY,
  WITHDRAW_DEFAULT_EXPIRATION,
  type CashKind,
} from '../sim/pix-cash.ts';
import {
  insertCharge,
  merchantOf,
  newChargeTxid,
  newLocationId,
  qrPng,
  QR_WIDTH,
} from '../sim/pix-charges.ts';
import { aliasTypeOf } from '../sim/pix-keys.ts';
import { remember, replay, requestHash, toCents } from './movement-common.ts';
import type { Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];
type DynamicQrRequest = Schemas['DynamicQrRequest'];

/**
 * Pix Saque and Pix Troco codes made by an agent (issue 29; 4-pix-part-two.md §2, §3, §9; contract
 * createDynamicQrCode; sim/pix-cash.ts). The code is an immediate charge (COB) on one of the
 * agent's ACTIVE keys with a cash value; the payer pays it by copy and paste (routes/pix-send.ts,
 * payPixQrCode), within the Saque/Troco caps. Making one moves no money. Every refusal returns
 * before anything is written.
 */

/** The amounts of the request, or why they do not add up (PIXCASH 124). */
function amountsOf(
  req: DynamicQrRequest,
  accountId: string,
): { totalCents: number; cashCents: number } | { problems: string[] } {
  const cash = req.paymentInfo.instantPayment.cashValue;
  const totalCents = toCents(req.totalAmount);
  const cashCents = toCents(cash.value);
  const problems: string[] = [];
  if (cash.cashValueType === 'WITHDRAW' && cashCents !== totalCents)
    problems.push('cashValue.value: a withdraw hands over the whole totalAmount');
  if (cash.cashValueType === 'CHANGE' && !(cashCents < totalCents))
    problems.push('cashValue.value: the change must be below totalAmount (the purchase is above 0)');
  const [recipient, ...others] = req.recipients;
  if (!recipient || others.length > 0 || recipient.account.accountId !== accountId)
    problems.push('recipients: exactly one, the agent account itself');
  else if (toCents(recipient.amount) !== totalCents)
    problems.push('recipients[0].amount: must equal totalAmount');
  return problems.length > 0 ? { problems } : { totalCents, cashCents };
}

function createDynamicQrCode(
  input: OperationInput<'createDynamicQrCode'>,
  { db, now }: SandboxContext,
): Reply {
  const session = input.session;
  if (!session) return catalogueError(401, 'unauthorized');
  const accountId = input.params.accountId;
  if (!session.accountIds.includes(accountId)) return catalogueError(404, 'notFound');
  const req = input.body;
  const hash = requestHash('createDynamicQrCode', req);
  const first = replay(db, accountId, req.externalIdentifier, 'createDynamicQrCode', hash);
  if (first) return first;

  const ip = req.paymentInfo.instantPayment;
  const kind: CashKind = ip.cashValue.cashValueType === 'WITHDRAW' ? 'SAQUE' : 'TROCO';
  const holder = findHolder(db, session.holderId);
  const agent = holder ? withdrawAgentOf(holder) : null;
  if (!holder || !agent || !functionalitiesOf(holder).includes(FUNCTIONALITY[kind]))
    return cashError(403, 'notAgent');
  if (agent.serviceProvider !== undefined && agent.serviceProvider !== ip.cashValue.serviceProviderIspb)
    return cashError(422, 'serviceProvider');
  const amounts = amountsOf(req, accountId);
  if ('problems' in amounts) return cashError(422, 'amounts', amounts.problems);
  const key = liveKey(db, ip.alias.alias);
  if (
    !key ||
    key.status !== 'ACTIVE' ||
    key.account_id !== accountId ||
    aliasTypeOf(key.key_type) !== ip.alias.aliasType
  )
    return cashError(422, 'keyNotOwn');

  const expiration =
    ip.expiration ?? (kind === 'SAQUE' ? WITHDRAW_DEFAULT_EXPIRATION : CHANGE_DEFAULT_EXPIRATION);
  const createdAt = now();
  const txid = newChargeTxid();
  const charge = insertCharge(db, {
    kind: 'COB',
    id: txid,
    locationId: newLocationId(),
    txid,
    key: key.key,
    accountId,
    merchant: merchantOf(db, holder),
    amountCents: amounts.totalCents,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + expiration * 1000),
    cash: {
      kind,
      cents: amounts.cashCents,
      agentModality: ip.cashValue.agentModality ?? 'AGTEC',
      serviceProviderIspb: ip.cashValue.serviceProviderIspb,
    },
  });
  const emv = charge.emv ?? '';
  const spec = ip.qrCodeImageGenerationSpecification ?? {};
  // §9: error correction M, 400 or 500 px (the contract's defaults when a field is absent).
  const png = () => qrPng(emv, spec.imageWidth ?? QR_WIDTH, spec.errorCorrectionLevel ?? 'M');
  return remember(
    db,
    accountId,
    req.externalIdentifier,
    'createDynamicQrCode',
    hash,
    ok<Schemas['QrCodeResult']>({
      instantPayment: {
        textContent: emv,
        txid,
        ...(spec.generateImageRendering === false
          ? {}
          : { qrcodeURL: `data:image/png;base64,${png().toString('base64')}` }),
      },
    }),
    createdAt,
  );
}

export const pixCashHandlers = { createDynamicQrCode } satisfies Handlers;
