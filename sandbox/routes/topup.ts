import { randomUUID } from 'node:crypto';
import type { components } from '../../openapi/portal.d.ts';
import { balanceCents, post } from '../db/ledger.ts';
import { catalogueError, ok, type Reply } from '../http/replies.ts';
import { areaCodeOf, carrierOf, carriersOf, mobileProblems } from '../sim/carriers.ts';
import { reais } from '../sim/movements/shape.ts';
import { toTransaction } from '../sim/movements/to-transaction.ts';
import type { FieldProblem } from '../sim/recipient-rules.ts';
import { amountProblems, customer, ledgerExternalId, movementRequest, toCents } from './movement-common.ts';
import type { Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

/**
 * Mobile top-up (issue #14, 2-money-movement.md §2 Mobile top-up, §5 Phone, §7): the carriers of an
 * area code, their amounts, and the top-up itself, debited over the ledger against the account the
 * bank settles with the carriers (TOPUP_SETTLEMENT), with the operator and the phone on the
 * statement row and the receipt. The spec asks no security code for a top-up, and the contract
 * declares no S-Confirmation here: none is required. Order of checks as the TED's: idempotency,
 * field rules (422 TRANSFER 54), balance (422 code 16); a refusal writes nothing.
 */

/** An unknown area code has no carriers (an empty list: the portal's 'Nenhum valor encontrado'). */
function listTopupCarriers(input: OperationInput<'listTopupCarriers'>): Reply {
  const ddd = areaCodeOf(input.params.areaCode);
  return ok<Schemas['Carrier'][]>(
    (ddd ? carriersOf(ddd) : []).map((c) => ({ carrierId: String(c.id), carrierName: c.name })),
  );
}

function listTopupValues(input: OperationInput<'listTopupValues'>): Reply {
  const ddd = areaCodeOf(input.params.areaCode);
  const carrier = ddd ? carrierOf(ddd, input.params.carrierId) : undefined;
  return ok<Schemas['TopupValue'][]>(
    (carrier?.valuesCents ?? []).map((cents) => ({
      productName: `${carrier?.name ?? ''} R$ ${(cents / 100).toFixed(2).replace('.', ',')}`,
      amount: reais(cents),
    })),
  );
}

function createRecharge(input: OperationInput<'createRecharge'>, { db, now }: SandboxContext): Reply {
  const accountId = input.params.accountId;
  const req = input.body;
  const request = movementRequest(
    db,
    {
      accountId,
      externalIdentifier: req.externalIdentifier,
      operation: 'createRecharge',
      body: req,
    },
    now,
  );
  if (request.first) return request.first;

  const problems: FieldProblem[] = [...amountProblems('totalAmount', req.totalAmount)];
  const ddd = areaCodeOf(req.areaCode);
  if (ddd === undefined) problems.push('areaCode: not a Brazilian area code');
  if (req.mobilePhone.country !== undefined && req.mobilePhone.country !== 'BRA')
    problems.push('mobilePhone.country: must be BRA');
  problems.push(...mobileProblems(req.mobilePhone.phoneNumber, ddd));
  const carrier = ddd ? carrierOf(ddd, req.carrierId) : undefined;
  if (ddd !== undefined && !carrier) problems.push('carrierId: no such carrier in this area code');
  if (carrier) {
    if (req.operatorId !== undefined && req.operatorId !== req.carrierId)
      problems.push('operatorId: must be carrierId');
    if (req.operatorName.trim().toLowerCase() !== carrier.name.toLowerCase())
      problems.push(`operatorName: must be ${carrier.name}`);
    if (!carrier.valuesCents.includes(toCents(req.totalAmount)))
      problems.push(`totalAmount: not an amount ${carrier.name} offers`);
  }
  if (problems.length > 0 || !carrier || ddd === undefined)
    return catalogueError(422, 'invalidTransferField', problems);

  const own = customer(db, accountId);
  if (!own) return catalogueError(404, 'notFound');
  const cents = toCents(req.totalAmount);
  if (balanceCents(db, accountId) < cents) return catalogueError(422, 'insufficientBalance');
  const tx = toTransaction({
    kind: 'TOPUP',
    id: randomUUID(),
    externalIdentifier: req.externalIdentifier,
    at: now(),
    amountCents: cents,
    accountId,
    customer: own.party,
    operatorName: carrier.name,
    operatorId: carrier.id,
    areaCode: String(ddd),
    phoneNumber: req.mobilePhone.phoneNumber,
  });
  post(db, { ...tx, externalIdentifier: ledgerExternalId(accountId, req.externalIdentifier) });
  return request.answer(
    ok<Schemas['TransactionResult']>({ transactionId: tx.id, message: 'Recarga realizada com sucesso.' }),
  );
}

export const topupHandlers = { listTopupCarriers, listTopupValues, createRecharge } satisfies Handlers;
