/**
 * Pasted Pix codes, read as a payer's institution reads them (3-pix-part-one.md §2 Copy and paste,
 * §7, §8; issues 16, 27, 29): a static code's key in the DICT, a dynamic one's signed payload at its
 * location (sim/charge-payload.ts), a Pix Saque/Troco's cash (sim/pix-cash.ts). Two decoding calls
 * answer the same decoded data (DecodedPixQr), both refusing with §8's messages (422 PIXSEND 84,
 * 88, 89): decodePixQrCode (the indirect-receiving service: the payer's document and the code) for
 * today, and decodeQrCode (the account service: the code with the payment date and the payer's
 * municipality) for `dateForPayment`, which prices a due-date charge's fine, interest and discount
 * on that São Paulo day. payPixQrCode (routes/pix-send.ts) resolves the code with the same
 * `resolveCode`.
 */
import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { catalogueError, ok, type ErrorName, type Reply } from '../http/replies.ts';
import { OWN_BANK } from '../sim/bank.ts';
import { parseBrCode, type BrCode } from '../sim/brcode.ts';
import { readChargeAt } from '../sim/charge-payload.ts';
import { isCalendarDate } from '../sim/dates.ts';
import { liveKey, type PixKeyRow } from '../sim/dict.ts';
import { decodedCash } from '../sim/pix-cash.ts';
import { payDayOf, type ChargeRow } from '../sim/pix-charges.ts';
import { maskOwnerTaxId } from '../sim/pix-keys.ts';
import { newEndToEndId } from '../sim/spi.ts';
import type { Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];
type PixAccountType = Schemas['PixAccountType'];

/** The name of a Pix participant (this bank's own when not listed). */
export function participantName(db: Database.Database, ispb: string): string | undefined {
  const row = db.prepare('SELECT name FROM pix_participants WHERE ispb = ?').get(ispb) as
    { name: string } | undefined;
  return row?.name ?? (ispb === OWN_BANK.ispb ? OWN_BANK.name : undefined);
}

export interface ResolvedCode {
  code: BrCode;
  key: PixKeyRow;
  charge?: ChargeRow;
  /** The txid of the charge's verified payload (dynamic). */
  txid?: string;
  /** The amount the code fixes, if any. */
  amountCents?: number;
}

/** The code parsed, checked and resolved (DICT, charge), or the refusal. */
export function resolveCode(
  db: Database.Database,
  emv: string,
  now: Date,
  payDay: string,
): ResolvedCode | { refusal: ErrorName } {
  const code = parseBrCode(emv.trim());
  if (!code) return { refusal: 'pixCodeInvalid' };
  if (code.type === 'STATIC') {
    const key = code.key ? liveKey(db, code.key) : undefined;
    if (!key || key.status !== 'ACTIVE') return { refusal: 'pixKeyNotFound' };
    return { code, key, ...(code.amountCents !== undefined ? { amountCents: code.amountCents } : {}) };
  }
  const location = (code.location ?? '').replace(/^https:\/\//, '');
  // Read as any payer's institution reads it: the location's signed answer, verified with the key
  // its jku publishes, then the payload (issue 27; sim/charge-payload.ts). A COBV paid late asks
  // its fine and interest of the São Paulo day it is paid on.
  const read = readChargeAt(db, location, now, payDay);
  // Paid once, until its expiry (a COBV: 30 days after its due date); issue 17.
  if ('refusal' in read || read.payload.status !== 'ATIVA') return { refusal: 'pixChargeUnavailable' };
  const key = liveKey(db, read.payload.chave);
  if (!key || key.status !== 'ACTIVE') return { refusal: 'pixKeyNotFound' };
  return { code, key, charge: read.charge, txid: read.payload.txid, amountCents: read.amountCents };
}

const QR_ACCOUNT_TYPES: Record<PixAccountType, string> = {
  CACC: 'CORRENTE',
  SVGS: 'POUPANCA',
  SLRY: 'SALARIO',
  TRAN: 'PAGAMENTO',
};

/** The decoded code of `emv` as paid on `payDay`, or the refusal (PIXSEND 84, 88, 89). */
function decoded(db: Database.Database, emv: string, now: Date, payDay: string): Reply {
  const resolved = resolveCode(db, emv, now, payDay);
  if ('refusal' in resolved) return catalogueError(422, resolved.refusal);
  const { code, key, charge, amountCents } = resolved;
  const c = {
    name: key.owner_name,
    taxId: key.owner_tax_id,
    ispb: key.participant ?? OWN_BANK.ispb,
    branch: key.branch,
    account: key.account_number,
    accountType: key.account_type,
  };
  const reais = amountCents === undefined ? undefined : amountCents / 100;
  const infos: Schemas['AdditionalInfoItem'][] = charge?.additional_info
    ? (JSON.parse(charge.additional_info) as Schemas['AdditionalInfoItem'][])
    : code.additionalInfo
      ? [{ nome: 'Informação adicional', valor: code.additionalInfo }]
      : [];
  if (charge?.description) infos.unshift({ nome: 'Descrição', valor: charge.description });
  const txid = resolved.txid ?? code.txid;
  return ok<Schemas['DecodedPixQr']>({
    qrcode_pix: {
      tipo: code.type,
      ...(reais !== undefined ? { valor: reais } : {}),
      ...(charge && reais !== undefined ? { cobranca: { valor: { final: reais } } } : {}),
      recebedor: {
        nome: c.name,
        ...(c.taxId.length === 11 ? { cpf: maskOwnerTaxId(c.taxId) } : { cnpj: c.taxId }),
        chave_enderecamento: key.key,
        tipo_chave: key.key_type,
        dados_conta: {
          agencia: c.branch,
          conta: c.account,
          tipo_conta: QR_ACCOUNT_TYPES[c.accountType],
          ispb: c.ispb,
          nome_instituicao: participantName(db, c.ispb) ?? c.ispb,
        },
      },
      payload: {
        ...(txid ? { txid } : {}),
        infoAdicionais: infos,
        ...decodedCash(charge),
      },
    },
    id_fim_a_fim: newEndToEndId(now),
  });
}

function decodePixQrCode(input: OperationInput<'decodePixQrCode'>, { db, now }: SandboxContext): Reply {
  const at = now();
  return decoded(db, input.body.qrcode_emv, at, payDayOf(at));
}

/**
 * An IBGE municipality code has 7 digits (IBGE, "Códigos dos municípios", the 7-digit code of the
 * Divisão Territorial Brasileira; docs/domain-notes.md, Pix Saque and Pix Troco).
 */
const IBGE_MUNICIPALITY = /^\d{7}$/;

/**
 * The account service's decoding (x-spec-gap in the contract): the answer of decodePixQrCode for
 * the payment date asked. A bank prices a code for a day the payer can still pay on, so a date
 * before today (São Paulo) is refused, as a municipality code that is not IBGE's 7 digits
 * (422 TRANSFER 54 with the field's problem).
 */
function decodeQrCode(input: OperationInput<'decodeQrCode'>, { db, now }: SandboxContext): Reply {
  const req = input.body;
  const at = now();
  const today = payDayOf(at);
  const problems: string[] = [];
  const day = req.dateForPayment ?? today;
  if (!isCalendarDate(day)) problems.push('dateForPayment: not a calendar date');
  else if (day < today) problems.push(`dateForPayment: before today (${today}, São Paulo)`);
  if (req.municipalityCode !== undefined && !IBGE_MUNICIPALITY.test(req.municipalityCode))
    problems.push('municipalityCode: an IBGE municipality code has 7 digits');
  if (problems.length > 0) return catalogueError(422, 'invalidTransferField', problems);
  return decoded(db, req.document, at, day);
}

export const pixCodeHandlers = { decodePixQrCode, decodeQrCode } satisfies Handlers;
