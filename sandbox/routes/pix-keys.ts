import { randomUUID } from 'node:crypto';
import type { components } from '../../openapi/portal.d.ts';
import { findHolder } from '../db/queries.ts';
import {
  ack,
  apiError,
  catalogueError,
  ERROR_CODES,
  ok,
  tooManyAttempts,
  type Reply,
} from '../http/replies.ts';
import { OWN_BANK } from '../sim/bank.ts';
import {
  accountKeys,
  checkKeyCode,
  closeTutorial,
  codeSendWait,
  countAccountKeys,
  firstKeyCode,
  holderKeys,
  insertOwnKey,
  keyHolderOf,
  latestKeyCode,
  liveKey,
  newEvp,
  removeKey,
  sendKeyCode,
  setKeyStatus,
  tutorialClosed,
  validatedBy,
  type KeyHolder,
  type PixKeyRow,
} from '../sim/dict.ts';
import {
  aliasTypeOf,
  KEY_CODE_MAX_ATTEMPTS,
  isDeletable,
  isValidKey,
  keyLimitOf,
  keyTypeOf,
  LOOKUPS_PER_HOUR,
  maskOwnerTaxId,
  MISSED_LOOKUPS_PER_HOUR,
  type DictKeyType,
} from '../sim/pix-keys.ts';
import {
  codeSubjects,
  countRequest,
  rateWaitSeconds,
  recordFailure,
  waitSeconds,
  type RateLimit,
} from '../sim/throttle.ts';
import type { CallInput, Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

/**
 * The bank side of Pix keys (issue #15, 3-pix-part-one.md §3-§9; JOURNAL.md 'Pix keys (issue 15)'):
 * the DICT lookups, the key list, KeyCheck, registration (createKey for CPF/CNPJ/EVP, postKey and
 * the ownership code for phone and e-mail), removal, and the Pix tutorial. The rules are in
 * sim/pix-keys.ts, the directory in sim/dict.ts. A refused registration, removal or resend writes
 * nothing; a wrong code writes only its used try and the caller's throttle record, on purpose.
 */

function holderOf(accountId: string, ctx: SandboxContext): KeyHolder | undefined {
  return keyHolderOf(ctx.db, accountId);
}

/**
 * The refusals every registration shares, in order: the key already in DICT (this account's: 72;
 * anyone else's: 71, a claim comes with portability), then the account's limit (70, with the count).
 */
function registrationRefusal(ctx: SandboxContext, holder: KeyHolder, key: string): Reply | undefined {
  const existing = liveKey(ctx.db, key);
  if (existing) {
    return catalogueError(
      422,
      existing.account_id === holder.accountId ? 'keyAlreadyYours' : 'keyOwnedByOther',
    );
  }
  const limit = keyLimitOf(holder.personType);
  const count = countAccountKeys(ctx.db, holder.accountId);
  if (count >= limit) {
    return catalogueError(422, 'keyLimit', [
      `Esta conta já tem ${count} de ${limit} chaves (limite de ${limit} por conta de ${holder.personType === 'PERSON' ? 'pessoa física' : 'pessoa jurídica'}).`,
    ]);
  }
  return undefined;
}

/** The key an earlier registration of the account made with this idempotency id (any status). */
function requestOf(
  ctx: SandboxContext,
  holder: KeyHolder,
  externalIdentifier: string,
): PixKeyRow | undefined {
  return ctx.db
    .prepare('SELECT * FROM pix_keys WHERE account_id = ? AND external_identifier = ?')
    .get(holder.accountId, externalIdentifier) as PixKeyRow | undefined;
}

/** POST /PixIndiretoDict/createKey/{accountId}: CPF, CNPJ (the holder's own) and EVP, ACTIVE at once. */
function createPixKey(input: OperationInput<'createPixKey'>, ctx: SandboxContext): Reply {
  const holder = holderOf(input.params.accountId, ctx);
  if (!holder) return catalogueError(403, 'forbidden');
  const req = input.body;
  const type: DictKeyType = req.key_type;
  if (req.externalIdentifier !== undefined) {
    const earlier = requestOf(ctx, holder, req.externalIdentifier);
    if (earlier) {
      const same =
        earlier.key_type === type && (type === 'EVP' ? req.key === undefined : earlier.key === req.key);
      if (!same) return catalogueError(422, 'keyRequestReused');
      return ok<Schemas['CreatePixKeyResult']>({
        entry: { key: earlier.key, key_type: earlier.key_type, status: earlier.status },
      });
    }
  }
  let key: string;
  if (type === 'EVP') {
    if (req.key !== undefined)
      return catalogueError(422, 'keyInvalid', ['A chave aleatória é gerada pelo DICT.']);
    key = newEvp(ctx.db);
  } else {
    if (req.key === undefined || !isValidKey(type, req.key)) return catalogueError(422, 'keyInvalid');
    if (req.key !== holder.taxId) return catalogueError(422, 'keyNotHolderDocument');
    key = req.key;
  }
  const refusal = registrationRefusal(ctx, holder, key);
  if (refusal) return refusal;
  const row = insertOwnKey(ctx.db, holder, {
    key,
    type,
    status: 'ACTIVE',
    at: ctx.now(),
    ...(req.externalIdentifier !== undefined ? { externalIdentifier: req.externalIdentifier } : {}),
  });
  return ok<Schemas['CreatePixKeyResult']>({
    entry: { key: row.key, key_type: row.key_type, status: row.status },
  });
}

/**
 * POST /account/{accountId}/postKey: a phone or e-mail key, IDENTITY_VALIDATION_PENDING until its
 * code comes back. A repeat (same externalIdentifier, same key) answers the first answer.
 */
function registerAlias(input: OperationInput<'registerAlias'>, ctx: SandboxContext): Reply {
  const holder = holderOf(input.params.accountId, ctx);
  if (!holder) return catalogueError(403, 'forbidden');
  const req = input.body;
  const { db } = ctx;
  const earlier = requestOf(ctx, holder, req.externalIdentifier);
  if (earlier) {
    if (earlier.key !== req.alias || earlier.key_type !== req.aliasType)
      return catalogueError(422, 'keyRequestReused');
    const first = firstKeyCode(db, earlier.id);
    return ok<Schemas['AliasRegistrationResult']>({
      ...(first ? { protocolId: first.protocol_id } : {}),
      status: earlier.status,
    });
  }
  if (!isValidKey(req.aliasType, req.alias)) return catalogueError(422, 'keyInvalid');
  const refusal = registrationRefusal(ctx, holder, req.alias);
  if (refusal) return refusal;
  const wait = codeSendWait(db, holder.accountId, ctx.now());
  if (wait > 0) return tooManyAttempts(wait);
  const row = insertOwnKey(db, holder, {
    key: req.alias,
    type: req.aliasType,
    status: 'IDENTITY_VALIDATION_PENDING',
    at: ctx.now(),
    externalIdentifier: req.externalIdentifier,
  });
  const { protocolId } = sendKeyCode(db, row, ctx.now());
  return ok<Schemas['AliasRegistrationResult']>({ protocolId, status: row.status });
}

/** The account's phone or e-mail key awaiting its code, or undefined. */
function pendingKey(accountId: string, ctx: SandboxContext, alias: string): PixKeyRow | undefined {
  const row = liveKey(ctx.db, alias);
  if (!row || row.account_id !== accountId) return undefined;
  if (row.status !== 'IDENTITY_VALIDATION_PENDING') return undefined;
  return row.key_type === 'PHONE' || row.key_type === 'EMAIL' ? row : undefined;
}

/** POST /account/{accountId}/postValidationKey: a new code and protocolId; the old ones stop working. */
function requestAliasValidationCode(
  { params, body: req }: OperationInput<'requestAliasValidationCode'>,
  ctx: SandboxContext,
): Reply {
  const row = pendingKey(params.accountId, ctx, req.alias);
  if (!row || row.key_type !== req.aliasType) return catalogueError(422, 'keyNotAwaitingCode');
  const wait = codeSendWait(ctx.db, params.accountId, ctx.now());
  if (wait > 0) return tooManyAttempts(wait);
  const { protocolId } = sendKeyCode(ctx.db, row, ctx.now());
  return ok<Schemas['AliasRegistrationResult']>({ protocolId, status: row.status });
}

/**
 * PIXKEY 75 with the tries the code has left (issue 32: a wrong code says how many tries remain,
 * as the bank's other codes do), in the description the portal shows.
 */
function wrongKeyCode(db: SandboxContext['db'], keyId: number): Reply {
  const e = ERROR_CODES.keyCodeInvalid;
  const left = KEY_CODE_MAX_ATTEMPTS - (latestKeyCode(db, keyId)?.attempts ?? KEY_CODE_MAX_ATTEMPTS);
  const tries = left === 1 ? 'Resta 1 tentativa.' : `Restam ${left} tentativas.`;
  return apiError(422, e.code, e.group, `${e.description} ${tries}`);
}

/**
 * POST /account/{accountId}/aliases/{alias}/otp-validation: the right code with its protocolId
 * makes the key ACTIVE. Wrong codes use the code's tries and feed the caller's throttle, as every
 * other code of the bank.
 */
function validateAliasOtp(input: OperationInput<'validateAliasOtp'>, ctx: SandboxContext): Reply {
  const { db } = ctx;
  const req = input.body;
  const { accountId, alias } = input.params;
  const subjects = codeSubjects(input.remoteAddress);
  const wait = waitSeconds(db, subjects, ctx.now());
  if (wait > 0) return tooManyAttempts(wait);
  const live = liveKey(db, alias);
  if (
    live &&
    live.account_id === accountId &&
    live.status === 'ACTIVE' &&
    validatedBy(db, live.id, req.externalIdentifier)
  )
    return ack('Chave validada com sucesso.');
  const row = pendingKey(accountId, ctx, alias);
  if (!row) return catalogueError(422, 'keyNotAwaitingCode');
  const check = checkKeyCode(
    db,
    row.id,
    req.protocolId,
    req.verificationCode,
    req.externalIdentifier,
    ctx.now(),
  );
  if (check === 'expired') return catalogueError(422, 'keyCodeExpired');
  if (check !== 'valid') {
    recordFailure(db, subjects, ctx.now());
    return check === 'exhausted' ? catalogueError(422, 'keyCodeExhausted') : wrongKeyCode(db, row.id);
  }
  setKeyStatus(db, row.id, 'ACTIVE', ctx.now());
  return ack('Chave validada com sucesso.');
}

/** DELETE /account/{accountId}/key/{key}?reason=USER_REQUESTED: removed at once (DELETED). */
function deletePixKey({ params, query }: OperationInput<'deletePixKey'>, ctx: SandboxContext): Reply {
  const row = liveKey(ctx.db, params.key);
  if (!row || row.account_id !== params.accountId) return catalogueError(404, 'notFound');
  if (!isDeletable(row.key_type, row.status)) return catalogueError(422, 'keyNotDeletable');
  removeKey(ctx.db, row.id, query.reason, ctx.now());
  return ok<Schemas['StatusCodeResult']>({ statusCode: 200, message: 'Chave excluída com sucesso.' });
}

/** GET /account/{accountId}/aliases. */
function listAliases({ params }: OperationInput<'listAliases'>, ctx: SandboxContext): Reply {
  return ok<Schemas['PixAlias'][]>(
    accountKeys(ctx.db, params.accountId).map((k) => ({
      name: k.key,
      type: aliasTypeOf(k.key_type),
      status: k.status,
    })),
  );
}

/** The signed-in holder's own tax id, to compare with payerId / txId. */
function ownTaxId(input: Pick<CallInput, 'session'>, ctx: SandboxContext): string | undefined {
  if (!input.session) return undefined;
  return findHolder(ctx.db, input.session.holderId)?.tax_id ?? undefined;
}

/** GET /PixIndiretoDict/GetListLink?txId: the holder's keys as DICT has them. */
function listDictKeys(input: OperationInput<'listDictKeys'>, ctx: SandboxContext): Reply {
  const holderId = input.session?.holderId;
  if (!holderId || input.query.txId !== ownTaxId(input, ctx)) return catalogueError(403, 'forbidden');
  return ok<Schemas['DictKeyList']>({
    content: holderKeys(ctx.db, holderId).map((k) => ({
      entry: { key: k.key, key_type: k.key_type, status: k.status },
    })),
  });
}

/** POST /PixIndiretoDict/KeyCheck: has_entry per key; a malformed key makes it statusCode 400. */
function checkPixKeys(input: OperationInput<'checkPixKeys'>, ctx: SandboxContext): Reply {
  const req = input.body;
  const keys = req.data.keys_check.map((k) => k.key);
  if (keys.some((k) => keyTypeOf(k) === undefined)) return ok<Schemas['KeyCheckResult']>({ statusCode: 400 });
  return ok<Schemas['KeyCheckResult']>({
    statusCode: 200,
    result: {
      data: { keys_check: keys.map((key) => ({ key, has_entry: liveKey(ctx.db, key) !== undefined })) },
    },
  });
}

const HOUR = 60 * 60_000;

/** GET /PixIndiretoDict/GetLink: the entry of an ACTIVE key, the owner's CPF masked. */
function lookupPixKey(input: OperationInput<'lookupPixKey'>, ctx: SandboxContext): Reply {
  const holderId = input.session?.holderId;
  if (!holderId || input.query.payerId !== ownTaxId(input, ctx)) return catalogueError(403, 'forbidden');
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
  const key = input.query.keyId;
  const row = keyTypeOf(key) === undefined ? undefined : liveKey(ctx.db, key);
  if (!row || row.status !== 'ACTIVE') {
    countRequest(ctx.db, [missed], ctx.now());
    return catalogueError(404, 'notFound');
  }
  const data: Schemas['DictLookup'] = {
    entry: {
      key: row.key,
      key_type: row.key_type,
      account: {
        participant: row.participant ?? OWN_BANK.ispb,
        branch: row.branch,
        account_number: row.account_number,
        account_type: row.account_type,
        opening_date: row.opening_date,
      },
      owner: {
        type: row.owner_type,
        tax_id_number: maskOwnerTaxId(row.owner_tax_id),
        name: row.owner_name,
      },
      key_ownership_date: row.ownership_date,
      open_claim_creation_date: null,
    },
    correlation_id: randomUUID().replace(/-/g, ''),
    owner_statistics: null,
    key_statistics: null,
  };
  return ok(data);
}

/** GET /pixTutorials/GetByUserAccountId/{accountId}: null until the holder closes it. */
function getPixTutorial({ params }: OperationInput<'getPixTutorial'>, ctx: SandboxContext): Reply {
  return ok<Schemas['PixTutorialNullable']>(
    tutorialClosed(ctx.db, params.accountId) ? { showPixTutorial: false } : null,
  );
}

/** POST /pixTutorials/CloseTutorial: recorded for good; closing again answers the same. */
function closePixTutorial(input: OperationInput<'closePixTutorial'>, ctx: SandboxContext): Reply {
  const { userAccountId } = input.body;
  if (!input.session?.accountIds.includes(userAccountId)) return catalogueError(403, 'forbidden');
  closeTutorial(ctx.db, userAccountId, ctx.now());
  return ok<Schemas['PixTutorial']>({ showPixTutorial: false });
}

export const pixKeyHandlers = {
  createPixKey,
  registerAlias,
  requestAliasValidationCode,
  validateAliasOtp,
  deletePixKey,
  listAliases,
  listDictKeys,
  checkPixKeys,
  lookupPixKey,
  getPixTutorial,
  closePixTutorial,
} satisfies Handlers;
