import { randomInt, randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { post } from '../db/ledger.ts';
import { PARTICIPANTS } from '../db/seed-pix-keys.ts';
import { apiError, catalogueError, ok, type Reply } from '../http/replies.ts';
import { parseBrCode } from '../sim/brcode.ts';
import { readChargeAt } from '../sim/charge-payload.ts';
import type { PixParty } from '../sim/movements/model.ts';
import { reais } from '../sim/movements/shape.ts';
import { toTransaction } from '../sim/movements/to-transaction.ts';
import {
  chargeInExternalId,
  insertCharge,
  merchantOf,
  newChargeTxid,
  newLocationId,
  payDayOf,
  qrPng,
  QR_WIDTH,
} from '../sim/pix-charges.ts';
import { utcMinute } from '../sim/spi.ts';
import type { FieldProblem } from '../sim/recipient-rules.ts';
import { MAX_DEPOSIT_CENTS } from './deposits.ts';
import { amountProblems, customer, remember, replay, requestHash, toCents } from './movement-common.ts';
import type { Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

/**
 * Deposit by Pix (issue 31; 2-money-movement.md §7 POST /deposit-pix, "not shown beyond its
 * existence"; contract createDepositPix). Decisions, as a bank that offers "add money by Pix":
 *
 * - the deposit is an immediate charge (COB, sim/pix-charges.ts) on one of the holder's ACTIVE
 *   keys of the account, a random key first (it reveals the least to the payer), so any
 *   institution's app pays it as it pays any charge, and the payer sees the holder's name;
 * - it lives DEPOSIT_PIX_EXPIRY_SECONDS (a deposit is paid at once; BCB's COB default is 24 h);
 * - amount above 0 and at most the boleto deposit's R$ 50.000,00; BRL; the caller's own account
 *   (403 otherwise); the same externalIdentifier with the same body answers the same charge, with
 *   another body 409 TRANSFER 52;
 * - an account with no ACTIVE key cannot receive a charge: 422 DEPOSIT 120, telling how to get one.
 *
 * Paid by a customer of this bank, the payment is payPixQrCode's (routes/pix-send.ts); paid from
 * another institution, the SPI's credit arrives as {@link receiveExternalPix}, which the test route
 * POST /sandbox/pix/incoming plays.
 */
export const DEPOSIT_PIX_EXPIRY_SECONDS = 60 * 60;

export const DEPOSIT_PIX_ERRORS = {
  noActiveKey: {
    code: 120,
    description: 'Para depositar por Pix, cadastre uma chave Pix nesta conta (Pix > Minhas chaves).',
  },
} as const;

/** The account's ACTIVE key a deposit charge goes on: a random key first, then the oldest. */
function depositKey(db: Database.Database, accountId: string): string | undefined {
  const row = db
    .prepare(
      `SELECT key FROM pix_keys WHERE account_id = ? AND status = 'ACTIVE'
       ORDER BY key_type = 'EVP' DESC, created_at, id LIMIT 1`,
    )
    .get(accountId) as { key: string } | undefined;
  return row?.key;
}

function createDepositPix(input: OperationInput<'createDepositPix'>, { db, now }: SandboxContext): Reply {
  const session = input.session;
  if (!session) return catalogueError(401, 'unauthorized');
  const req = input.body;
  const accountId = req.account.accountId;
  if (!session.accountIds.includes(accountId)) return catalogueError(403, 'forbidden');
  const hash = requestHash('createDepositPix', req);
  const first = replay(db, accountId, req.externalIdentifier, 'createDepositPix', hash);
  if (first) return first;

  const problems: FieldProblem[] = [...amountProblems('totalAmount', req.totalAmount)];
  if (req.currency !== 'BRL') problems.push('currency: must be BRL');
  if (toCents(req.totalAmount) > MAX_DEPOSIT_CENTS)
    problems.push(`totalAmount: at most ${reais(MAX_DEPOSIT_CENTS)}`);
  if (problems.length > 0) return catalogueError(422, 'invalidTransferField', problems);
  const own = customer(db, accountId);
  if (!own) return catalogueError(404, 'notFound');
  const key = depositKey(db, accountId);
  if (!key) {
    const e = DEPOSIT_PIX_ERRORS.noActiveKey;
    return apiError(422, e.code, 'DEPOSIT', e.description);
  }

  const txid = newChargeTxid();
  const createdAt = now();
  const charge = insertCharge(db, {
    kind: 'COB',
    id: txid,
    locationId: newLocationId(),
    txid,
    key,
    accountId,
    merchant: merchantOf(db, own.holder),
    amountCents: toCents(req.totalAmount),
    description: 'Depósito na Conta Digital',
    createdAt,
    expiresAt: new Date(createdAt.getTime() + DEPOSIT_PIX_EXPIRY_SECONDS * 1000),
  });
  const emv = charge.emv ?? '';
  return remember(
    db,
    accountId,
    req.externalIdentifier,
    'createDepositPix',
    hash,
    ok<Schemas['DepositPixResult']>({
      emv,
      imagem_base64: qrPng(emv, QR_WIDTH, 'L').toString('base64'),
      txid: charge.txid,
      expiresAt: charge.expires_at,
    }),
    createdAt,
  );
}

export const depositPixHandlers = { createDepositPix } satisfies Handlers;

// ───────────────────────────── a Pix from another institution ─────────────────────────────

/** The payer the test route plays when none is given: a customer of another institution. */
export const EXTERNAL_PAYER: PixParty = {
  name: 'Ana Paula Ferreira',
  taxId: '12345678909',
  ispb: PARTICIPANTS.nubank,
  bankCode: '260',
  bankName: 'Nu Pagamentos S.A.',
  branch: '0001',
  account: '87654321',
  accountType: 'cc',
};

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export type IncomingRefusal = 'not a dynamic code of this bank' | 'charge not payable';

/**
 * The SPI credits a Pix another institution's customer paid to one of this bank's dynamic codes:
 * read as any payer reads it (the signed location, its status and amount), then a PIX_IN from the
 * clearing account to the charge's account, whose ledger id makes the charge paid once
 * (sim/pix-charges.ts chargePaid). Returns the transaction id, or why nothing was credited.
 */
export function receiveExternalPix(
  db: Database.Database,
  emv: string,
  now: Date,
  payer: PixParty = EXTERNAL_PAYER,
): { transactionId: string; endToEndId: string; amountCents: number } | { refusal: IncomingRefusal } {
  const code = parseBrCode(emv.trim());
  if (!code || code.type !== 'DYNAMIC' || !code.location)
    return { refusal: 'not a dynamic code of this bank' };
  const read = readChargeAt(db, code.location.replace(/^https:\/\//, ''), now, payDayOf(now));
  if ('refusal' in read) return { refusal: 'not a dynamic code of this bank' };
  if (read.payload.status !== 'ATIVA' || read.charge.account_id === null)
    return { refusal: 'charge not payable' };
  const own = customer(db, read.charge.account_id);
  if (!own) return { refusal: 'charge not payable' };
  const endToEndId = `E${payer.ispb}${utcMinute(now)}${Array.from({ length: 11 }, () => ALNUM[randomInt(ALNUM.length)]).join('')}`;
  const tx = toTransaction({
    kind: 'PIX_IN',
    id: randomUUID(),
    externalIdentifier: chargeInExternalId(read.charge.id),
    at: now,
    amountCents: read.amountCents,
    accountId: read.charge.account_id,
    customer: own.party,
    from: payer,
    endToEndId,
    ...(read.charge.description ? { note: read.charge.description } : {}),
  });
  post(db, tx);
  return { transactionId: tx.id, endToEndId, amountCents: read.amountCents };
}
