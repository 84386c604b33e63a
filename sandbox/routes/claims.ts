import type { components } from '../../openapi/portal.d.ts';
import { catalogueError, ok, type Reply } from '../http/replies.ts';
import { claimError } from './claim-errors.ts';
import { OWN_BANK } from '../sim/bank.ts';
import { isClaimableKey, isFinished, mayDo, type ClaimAction, type ClaimType } from '../sim/claim-rules.ts';
import {
  accountClaims,
  cancelClaimRow,
  claimById,
  completeClaimRow,
  confirmClaimRow,
  credentialsRecentlyChecked,
  openClaim,
  openClaimOnKey,
  roleIn,
  type ClaimRow,
} from '../sim/claims.ts';
import { isSessionDeviceValidated } from '../sim/devices.ts';
import { countAccountKeys, keyHolderOf, liveKey } from '../sim/dict.ts';
import { keyLimitOf } from '../sim/pix-keys.ts';
import type { CallInput, Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

/**
 * Key portability and ownership claims (issue 30; 4-pix-part-two.md §2 /PortabilityPage, §3 Claim,
 * §4, §5 claim key, §6, §7, §8; contract listClaims, getClaim, createPortabilityClaim,
 * createOwnershipClaim, confirmClaim, completeClaim, cancelClaim, decideClaim). The rules are
 * sim/claim-rules.ts, the rows and the key's move sim/claims.ts; the periods run before every call
 * (sweepClaims). Every refusal writes nothing.
 */

function toClaim(r: ClaimRow): Schemas['Claim'] {
  return {
    idClaims: r.id,
    claimsReturnId: r.dict_id,
    keyClaims: r.key,
    keyType: r.key_type,
    claimType: r.claim_type,
    status: r.status,
    claimerBranch: r.claimer_branch,
    claimerAccount: r.claimer_account,
    donorBranch: r.donor_branch,
    donorAccount: r.donor_account,
    openedAt: r.opened_at,
    resolutionDeadline: r.resolution_deadline,
    completionDeadline: r.completion_deadline,
  };
}

const accountOf = (input: Pick<CallInput, 'session'>): string | undefined => input.session?.accountIds[0];

function listClaims(input: OperationInput<'listClaims'>, { db }: SandboxContext): Reply {
  const accountId = accountOf(input);
  if (!accountId) return catalogueError(401, 'unauthorized');
  return ok<Schemas['Claim'][]>(accountClaims(db, accountId).map(toClaim));
}

/** A claim the caller's account takes part in, or a 404 (another's claim is not disclosed). */
function ownClaim(
  input: Pick<CallInput, 'session'>,
  { db }: SandboxContext,
  id: number,
): { claim: ClaimRow; accountId: string } | Reply {
  const accountId = accountOf(input);
  if (!accountId) return catalogueError(401, 'unauthorized');
  const claim = claimById(db, id);
  if (!claim || roleIn(claim, accountId) === null) return catalogueError(404, 'notFound');
  return { claim, accountId };
}

const isReply = (v: unknown): v is Reply => typeof v === 'object' && v !== null && 'status' in v;

function getClaim(input: OperationInput<'getClaim'>, ctx: SandboxContext): Reply {
  const found = ownClaim(input, ctx, input.params.idClaims);
  if (isReply(found)) return found;
  return ok<Schemas['Claim']>(toClaim(found.claim));
}

/** The checks both creations share, in order; the claim opened, or the refusal. */
function create(
  input: Pick<CallInput, 'session'>,
  body: Schemas['ClaimCreateRequest'],
  claimType: ClaimType,
  ctx: SandboxContext,
): Reply {
  const { db, now } = ctx;
  const session = input.session;
  const accountId = accountOf(input);
  if (!session || !accountId) return catalogueError(401, 'unauthorized');
  const holder = keyHolderOf(db, accountId);
  if (!holder) return catalogueError(403, 'forbidden');
  // §4/§6: a validated device is required to add: the one the session signed in with (sim/devices.ts).
  if (!isSessionDeviceValidated(db, session, now())) return claimError(422, 'claimDeviceNotValidated');
  const acc = body.claimer_account;
  const personType = holder.personType === 'PERSON' ? 'NATURAL_PERSON' : 'LEGAL_PERSON';
  if (
    acc.participant !== OWN_BANK.ispb ||
    acc.branch !== holder.branch ||
    acc.account_number !== holder.number ||
    body.claimer.tax_id_number !== holder.taxId ||
    body.claimer.type !== personType
  )
    return claimError(422, 'claimAccountMismatch');
  if (body.type !== claimType || !isClaimableKey(claimType, body.key_type, body.key))
    return claimError(422, 'claimKeyInvalid');
  const key = liveKey(db, body.key);
  if (!key) return claimError(422, 'claimKeyNotInDict');
  if (key.account_id === accountId) return catalogueError(422, 'keyAlreadyYours');
  if (openClaimOnKey(db, key.key)) return claimError(422, 'claimAlreadyOpen');
  const sameHolder = key.owner_tax_id === holder.taxId;
  if (claimType === 'PORTABILITY' && !sameHolder) return claimError(422, 'claimNotHolderKey');
  if (claimType === 'OWNERSHIP' && sameHolder) return claimError(422, 'claimOwnKeyOwnership');
  // The key will count on the claimer's account: it needs room when the claim is opened (DICT
  // checks the limit when a key is registered; a claim opened within it completes).
  if (countAccountKeys(db, accountId) >= keyLimitOf(holder.personType))
    return catalogueError(422, 'keyLimit');
  const claim = openClaim(db, {
    claimType,
    key,
    claimerAccountId: accountId,
    claimerBranch: holder.branch,
    claimerAccount: holder.number,
    at: now(),
  });
  return ok<Schemas['Claim']>(toClaim(claim));
}

function createPortabilityClaim(input: OperationInput<'createPortabilityClaim'>, ctx: SandboxContext): Reply {
  return create(input, input.body, 'PORTABILITY', ctx);
}

function createOwnershipClaim(input: OperationInput<'createOwnershipClaim'>, ctx: SandboxContext): Reply {
  return create(input, input.body as Schemas['ClaimCreateRequest'], 'OWNERSHIP', ctx);
}

/**
 * The checks every action shares: the caller's claim, not finished (cancel: 'Processo finalizado…'),
 * the action allowed to its side in this state, and, for the donor's answers, a recent CheckLogin.
 */
function act(
  input: Pick<CallInput, 'session'>,
  ctx: SandboxContext,
  id: number,
  action: ClaimAction,
): { claim: ClaimRow; role: 'CLAIMER' | 'DONOR' } | Reply {
  const found = ownClaim(input, ctx, id);
  if (isReply(found)) return found;
  const { claim, accountId } = found;
  const role = roleIn(claim, accountId);
  if (role === null) return catalogueError(404, 'notFound');
  if (isFinished(claim.status))
    return claimError(422, action === 'cancel' ? 'claimFinished' : 'claimActionNotAllowed');
  if (!mayDo(claim.status, role, action)) return claimError(422, 'claimActionNotAllowed');
  const needsCheck = action === 'decide' || action === 'confirm';
  if (needsCheck && (!input.session || !credentialsRecentlyChecked(ctx.db, input.session, ctx.now())))
    return claimError(403, 'claimCredentialsNotChecked');
  return { claim, role };
}

function answer(ctx: SandboxContext, id: number): Reply {
  return ok<Schemas['Claim']>(toClaim(claimById(ctx.db, id) as ClaimRow));
}

function confirmClaim(input: OperationInput<'confirmClaim'>, ctx: SandboxContext): Reply {
  const r = act(input, ctx, input.params.idClaims, 'confirm');
  if (isReply(r)) return r;
  confirmClaimRow(ctx.db, r.claim, ctx.now(), false);
  return answer(ctx, r.claim.id);
}

function completeClaim(input: OperationInput<'completeClaim'>, ctx: SandboxContext): Reply {
  const r = act(input, ctx, input.params.idClaims, 'complete');
  if (isReply(r)) return r;
  completeClaimRow(ctx.db, r.claim, ctx.now(), 'CLAIMER');
  return answer(ctx, r.claim.id);
}

function cancelClaim(input: OperationInput<'cancelClaim'>, ctx: SandboxContext): Reply {
  const r = act(input, ctx, input.params.idClaims, 'cancel');
  if (isReply(r)) return r;
  cancelClaimRow(ctx.db, r.claim, ctx.now(), r.role, 'USER_REQUESTED');
  return answer(ctx, r.claim.id);
}

/**
 * POST /pixPortability/claim/decision: the donor waiting for resolution accepts (confirmed) or
 * rejects (cancelled, the key stays); the claimer of a confirmed claim accepts (completed) or
 * rejects (withdrawn). The portal asks CheckLogin first; the bank checks that it did.
 */
function decideClaim(input: OperationInput<'decideClaim'>, ctx: SandboxContext): Reply {
  const { claim_Id: id, claim_decision: accept, reason_decision: reason } = input.body;
  const r = act(input, ctx, id, 'decide');
  if (isReply(r)) return r;
  const now = ctx.now();
  const why = reason?.trim() || (accept ? 'ACCEPTED' : 'REJECTED');
  if (!accept) cancelClaimRow(ctx.db, r.claim, now, r.role, why);
  else if (r.role === 'DONOR') confirmClaimRow(ctx.db, r.claim, now, false);
  else completeClaimRow(ctx.db, r.claim, now, 'CLAIMER');
  return answer(ctx, id);
}

export const claimHandlers = {
  listClaims,
  getClaim,
  createPortabilityClaim,
  createOwnershipClaim,
  confirmClaim,
  completeClaim,
  cancelClaim,
  decideClaim,
} satisfies Handlers;
