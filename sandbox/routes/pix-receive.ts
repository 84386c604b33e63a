import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { findHolder } from '../db/queries.ts';
import { badRequest, catalogueError, ok, type Reply } from '../http/replies.ts';
import { isCalendarDate, localDate } from '../sim/dates.ts';
import { liveKey, type PixKeyRow } from '../sim/dict.ts';
import { publishedJwks } from '../sim/charge-jws.ts';
import { servedCharge } from '../sim/charge-payload.ts';
import {
  chargeByLocation,
  insertCharge,
  locationOf,
  merchantOf,
  newChargeTxid,
  newLocationId,
  newStaticTxid,
  qrPng,
  QR_WIDTH,
  staticCode,
  toBasisHundredths,
} from '../sim/pix-charges.ts';
import { aliasTypeOf, isValidCnpj, isValidCpf } from '../sim/pix-keys.ts';
import type { FieldProblem } from '../sim/recipient-rules.ts';
import { amountProblems, remember, replay, requestHash, toCents } from './movement-common.ts';
import type { CallInput, Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

/**
 * Pix receive (issue 17; 3-pix-part-one.md §2 Receive, §3, §7, §9; contract createImmediateCharge,
 * createDueDateCharge, createStaticCharge, createStaticQrCode, getPixChargePayload, getPixJwks). A charge is
 * the holder's, on one of the holder's ACTIVE keys (PIXRECV 91); making one moves no money, and
 * the BR Codes come from sim/pix-charges.ts. The payment is payPixQrCode (routes/pix-send.ts).
 * Every refusal returns before anything is written.
 */

/** One of the caller's ACTIVE keys (of `accountId` when given), or undefined. */
function ownActiveKey(
  db: Database.Database,
  input: Pick<CallInput, 'session'>,
  key: string,
  accountId?: string,
): (PixKeyRow & { account_id: string }) | undefined {
  const row = liveKey(db, key);
  if (!row || row.status !== 'ACTIVE' || row.account_id === null) return undefined;
  if (!input.session?.accountIds.includes(row.account_id)) return undefined;
  if (accountId !== undefined && row.account_id !== accountId) return undefined;
  return { ...row, account_id: row.account_id };
}

/** The idempotency record of an optional externalIdentifier (409 PIXRECV 93 for another body). */
function replayed(
  db: Database.Database,
  accountId: string,
  externalIdentifier: string | undefined,
  operation: string,
  hash: string,
): Reply | undefined {
  if (externalIdentifier === undefined) return undefined;
  const first = replay(db, accountId, externalIdentifier, operation, hash);
  if (first?.status === 409) return catalogueError(409, 'pixRequestReused');
  return first;
}

function keep(
  db: Database.Database,
  accountId: string,
  externalIdentifier: string | undefined,
  operation: string,
  hash: string,
  out: Reply,
  now: Date,
): Reply {
  if (externalIdentifier === undefined) return out;
  return remember(db, accountId, externalIdentifier, operation, hash, out, now);
}

const image = (emv: string, width = QR_WIDTH, level: 'L' | 'M' | 'Q' | 'H' = 'L') =>
  qrPng(emv, width, level).toString('base64');

function holderOfKey(db: Database.Database, key: PixKeyRow & { account_id: string }) {
  const account = db.prepare('SELECT holder_id FROM accounts WHERE id = ?').get(key.account_id) as
    { holder_id: string } | undefined;
  return account ? findHolder(db, account.holder_id) : undefined;
}

// ───────────────────────────── immediate ─────────────────────────────

function createImmediateCharge(
  input: OperationInput<'createImmediateCharge'>,
  { db, now }: SandboxContext,
): Reply {
  const session = input.session;
  if (!session) return catalogueError(401, 'unauthorized');
  const req = input.body;
  const idemAccount = session.accountIds[0] ?? '';
  const hash = requestHash('createImmediateCharge', req);
  const first = replayed(db, idemAccount, req.externalIdentifier, 'createImmediateCharge', hash);
  if (first) return first;

  const problems = amountProblems('valor.valorOriginal', req.valor.valorOriginal);
  if (problems.length > 0) return catalogueError(422, 'invalidTransferField', problems);
  const key = ownActiveKey(db, input, req.chave);
  const holder = key ? holderOfKey(db, key) : undefined;
  if (!key || !holder) return catalogueError(422, 'chargeKeyNotOwn');

  const txid = newChargeTxid();
  const charge = insertCharge(db, {
    kind: 'COB',
    id: txid,
    locationId: newLocationId(),
    txid,
    key: key.key,
    accountId: key.account_id,
    merchant: merchantOf(db, holder),
    amountCents: toCents(req.valor.valorOriginal),
    ...(req.solicitacaoPagador ? { description: req.solicitacaoPagador } : {}),
    createdAt: now(),
  });
  const emv = charge.emv ?? '';
  return keep(
    db,
    idemAccount,
    req.externalIdentifier,
    'createImmediateCharge',
    hash,
    ok<Schemas['ImmediateChargeResult']>({
      emv,
      imagem_base64: image(emv),
      id_cobranca_imediata_pix: charge.id,
      txid: charge.txid,
      location: charge.location,
      status: 'ATIVA',
    }),
    now(),
  );
}

// ───────────────────────────── due date ─────────────────────────────

type Devedor = Schemas['DueDateChargeRequest']['devedor'];

/** The payer's document, upper-case: a valid CPF or CNPJ, else the problem. */
function debtorOf(d: Devedor): { name: string; taxId: string } | { problem: FieldProblem } {
  const name = d.nome.trim();
  if (name === '') return { problem: 'devedor.nome: required' };
  if ('cpf' in d && d.cpf !== undefined) {
    const cpf = d.cpf.replace(/[.\-\s]/g, '');
    return isValidCpf(cpf) ? { name, taxId: cpf } : { problem: 'devedor.cpf: not a valid CPF' };
  }
  const cnpj = ('cnpj' in d && d.cnpj !== undefined ? d.cnpj : '').replace(/[./\-\s]/g, '').toUpperCase();
  return isValidCnpj(cnpj) ? { name, taxId: cnpj } : { problem: 'devedor.cnpj: not a valid CNPJ' };
}

function createDueDateCharge(
  input: OperationInput<'createDueDateCharge'>,
  { db, now }: SandboxContext,
): Reply {
  const accountId = input.params.accountId;
  const req = input.body;
  const hash = requestHash('createDueDateCharge', req);
  const first = replayed(db, accountId, req.externalIdentifier, 'createDueDateCharge', hash);
  if (first) return first;

  const problems: FieldProblem[] = [...amountProblems('valor.original', req.valor.original)];
  const due = req.calendario.dataDeVencimento;
  if (!isCalendarDate(due)) problems.push('calendario.dataDeVencimento: not a calendar date');
  const debtor = debtorOf(req.devedor);
  if ('problem' in debtor) problems.push(debtor.problem);
  for (const [field, part] of [
    ['valor.multa.valorPerc', req.valor.multa],
    ['valor.juros.valorPerc', req.valor.juros],
  ] as const) {
    if (part && Math.abs(part.valorPerc * 100 - toBasisHundredths(part.valorPerc)) > 1e-6)
      problems.push(`${field}: at most 2 decimals`);
  }
  const key = ownActiveKey(db, input, req.chave, accountId);
  const holder = key ? holderOfKey(db, key) : undefined;
  if (holder && req.recebedor) {
    if (req.recebedor.cnpj !== undefined && req.recebedor.cnpj.toUpperCase() !== holder.tax_id)
      problems.push("recebedor.cnpj: must be the account holder's");
    if (
      req.recebedor.nome !== undefined &&
      req.recebedor.nome.trim().toLowerCase() !== holder.name.trim().toLowerCase()
    )
      problems.push("recebedor.nome: must be the account holder's");
  }
  if (problems.length > 0 || 'problem' in debtor)
    return catalogueError(422, 'invalidTransferField', problems);
  if (!key || !holder) return catalogueError(422, 'chargeKeyNotOwn');
  if (due < localDate(now())) return catalogueError(422, 'chargeDueDatePast');

  const txid = newChargeTxid();
  const charge = insertCharge(db, {
    kind: 'COBV',
    id: txid,
    locationId: newLocationId(),
    txid,
    key: key.key,
    accountId,
    merchant: merchantOf(db, holder),
    amountCents: toCents(req.valor.original),
    ...(req.solicitacaoPagador ? { description: req.solicitacaoPagador } : {}),
    ...(req.infoAdicionais ? { additionalInfo: req.infoAdicionais } : {}),
    createdAt: now(),
    due: {
      date: due,
      fineHundredths: toBasisHundredths(req.valor.multa?.valorPerc ?? 0),
      interestHundredths: toBasisHundredths(req.valor.juros?.valorPerc ?? 0),
      debtorName: debtor.name,
      debtorTaxId: debtor.taxId,
    },
  });
  const emv = charge.emv ?? '';
  return keep(
    db,
    accountId,
    req.externalIdentifier,
    'createDueDateCharge',
    hash,
    ok<Schemas['DueDateChargeResult']>({
      emv,
      imagem_base64: image(emv),
      id_cobranca_vencimento_pix: charge.id,
      txid: charge.txid,
      location: charge.location,
      status: 'ATIVA',
    }),
    now(),
  );
}

// ───────────────────────────── static ─────────────────────────────

function recordStatic(
  db: Database.Database,
  key: PixKeyRow & { account_id: string },
  holder: { id: string; name: string },
  amountCents: number | undefined,
  at: Date,
): { txid: string; emv: string } {
  const txid = newStaticTxid();
  const emv = staticCode(key.key, merchantOf(db, holder), txid, amountCents);
  db.prepare(
    'INSERT INTO pix_static_codes (txid, account_id, key, amount_cents, emv, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(txid, key.account_id, key.key, amountCents ?? null, emv, at.toISOString());
  return { txid, emv };
}

function createStaticCharge(input: OperationInput<'createStaticCharge'>, { db, now }: SandboxContext): Reply {
  const key = ownActiveKey(db, input, input.body.chave);
  const holder = key ? holderOfKey(db, key) : undefined;
  if (!key || !holder) return catalogueError(422, 'chargeKeyNotOwn');
  const { txid, emv } = recordStatic(db, key, holder, undefined, now());
  return ok<Schemas['StaticChargeResult']>({
    qrcode_pix: { emv, imagem_base64: image(emv) },
    id_cobranca_estatico_pix: txid,
  });
}

function createStaticQrCode(input: OperationInput<'createStaticQrCode'>, { db, now }: SandboxContext): Reply {
  const accountId = input.params.accountId;
  const req = input.body;
  const hash = requestHash('createStaticQrCode', req);
  const first = replayed(db, accountId, req.externalIdentifier, 'createStaticQrCode', hash);
  if (first) return first;

  const amountCents = req.amount === undefined ? undefined : Math.round(Number(req.amount) * 100);
  if (amountCents !== undefined && !(amountCents > 0))
    return catalogueError(422, 'invalidTransferField', ['amount: must be greater than 0']);
  const key = ownActiveKey(db, input, req.alias.alias, accountId);
  const holder = key ? holderOfKey(db, key) : undefined;
  if (!key || !holder) return catalogueError(422, 'chargeKeyNotOwn');
  if (aliasTypeOf(key.key_type) !== req.alias.aliasType)
    return catalogueError(422, 'invalidTransferField', [
      `alias.aliasType: the key is ${aliasTypeOf(key.key_type)}`,
    ]);
  const { txid, emv } = recordStatic(db, key, holder, amountCents, now());
  const spec = req.imageGeneration ?? {};
  const render = spec.generateImageRendering ?? true;
  return remember(
    db,
    accountId,
    req.externalIdentifier,
    'createStaticQrCode',
    hash,
    ok<Schemas['QrCodeResult']>({
      instantPayment: {
        textContent: emv,
        txid,
        ...(render
          ? {
              qrcodeURL: `data:image/png;base64,${image(emv, spec.imageWidth ?? QR_WIDTH, spec.errorCorrectionLevel ?? 'M')}`,
            }
          : {}),
      },
    }),
    now(),
  );
}

// ───────────────────────────── the location ─────────────────────────────

function getPixChargePayload(
  input: OperationInput<'getPixChargePayload'>,
  { db, now }: SandboxContext,
): Reply {
  const kind = input.params.chargeKind === 'cob' ? 'COB' : 'COBV';
  const charge = chargeByLocation(db, locationOf(kind, input.params.locationId));
  if (!charge || charge.kind !== kind) return catalogueError(404, 'notFound');
  const dpp = input.query.DPP;
  if (dpp !== undefined && !isCalendarDate(dpp))
    return badRequest('Data inválida.', [{ field: 'DPP', message: 'must be a calendar date (YYYY-MM-DD)' }]);
  return {
    status: 200,
    contentType: 'application/jose',
    body: servedCharge(db, charge, now(), dpp ?? localDate(now())),
  };
}

/** The JWK Set a location's `jku` points to (sim/charge-jws.ts). */
function getPixJwks(): Reply {
  return { status: 200, contentType: 'application/jwk-set+json', body: publishedJwks() };
}

export const pixReceiveHandlers = {
  createImmediateCharge,
  createDueDateCharge,
  createStaticCharge,
  createStaticQrCode,
  getPixChargePayload,
  getPixJwks,
} satisfies Handlers;
