/**
 * What Pix send reads and never moves (issue 16; 3-pix-part-one.md §7; contract
 * checkPixTransaction, queryPixPaymentStatus, getAlias, getBpayAlias, listPsps): the status of a
 * payment or refund the caller's account sent, a key's alias data for a payment (with the DICT
 * lookup's limits against scraping), and the Pix participants. Handlers of routes/pix-send.ts's
 * table.
 */
import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { catalogueError, ok, tooManyAttempts, type Reply } from '../http/replies.ts';
import { refundByReturnId, refundStatusOf } from '../sim/pix-refunds.ts';
import { liveKey } from '../sim/dict.ts';
import {
  aliasTypeOf,
  keyTypeOf,
  LOOKUPS_PER_HOUR,
  maskOwnerTaxId,
  MISSED_LOOKUPS_PER_HOUR,
} from '../sim/pix-keys.ts';
import { countRequest, rateWaitSeconds, type RateLimit } from '../sim/throttle.ts';
import { newEndToEndId, paymentByEndToEnd, statusOf } from '../sim/spi.ts';
import { participantName } from './pix-codes.ts';
import { creditorOfKey } from './pix-send-order.ts';
import type { CallInput, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

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

export function checkPixTransaction(
  input: OperationInput<'checkPixTransaction'>,
  { db }: SandboxContext,
): Reply {
  const status = ownStatus(input, db, input.params.endToEndId);
  if (!status) return catalogueError(404, 'notFound');
  return ok<Schemas['TransactionStatusResult']>(status);
}

export function queryPixPaymentStatus(
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

export const getAlias = (input: OperationInput<'getAlias'>, ctx: SandboxContext) =>
  aliasLookup(input, ctx, false);
export const getBpayAlias = (input: OperationInput<'getBpayAlias'>, ctx: SandboxContext) =>
  aliasLookup(input, ctx, true);

// ───────────────────────────── participants ─────────────────────────────

export function listPsps(_input: OperationInput<'listPsps'>, { db }: SandboxContext): Reply {
  const rows = db.prepare('SELECT ispb, name FROM pix_participants ORDER BY ispb').all() as {
    ispb: string;
    name: string;
  }[];
  return ok<Schemas['PspList']>({
    psps: rows.map((r) => ({ id: r.ispb, name: r.name, country: 'BRA', currencies: ['BRL'] })),
  });
}
