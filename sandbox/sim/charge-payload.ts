import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { findHolder } from '../db/queries.ts';
import { JWKS_URL, publishedJwks, signCharge, verifyCharge, type JwsRefusal } from './charge-jws.ts';
import { liveKey } from './dict.ts';
import {
  amountDueCents,
  chargeByLocation,
  chargeStatus,
  COB_EXPIRY_SECONDS,
  COBV_VALIDITY_DAYS,
  type ChargeRow,
} from './pix-charges.ts';

type Schemas = components['schemas'];
export type ChargePayload = Schemas['PixChargePayload'];

/**
 * What a location serves and how a payer reads it (issue 27; contract getPixChargePayload,
 * getPixJwks). The body is the BCB's CobPayload / CobVPayload (bacen/pix-api openapi.yaml 2.9.0,
 * whose facts are in sandbox/contract/bcb-pix-payload.schema.json): money as strings with two
 * decimals, a COBV's fine and interest as the amounts owed on the payment day. It is served as a
 * JWS (sim/charge-jws.ts), and the bank's own payer (routes/pix-send.ts) reads it as any payer's
 * institution would: the signed answer of the location, verified with the published key.
 */

/** Cents as the BCB's Pix API writes money: "37.45", "0.00", no thousands separator. */
export function payloadMoney(cents: number): string {
  const whole = Math.trunc(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** "37.45" → 3745; undefined when the text is not the BCB's money format. */
export function payloadCents(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const match = /^(\d{1,10})\.(\d{2})$/.exec(text);
  return match ? Number(match[1]) * 100 + Number(match[2]) : undefined;
}

interface AddressRow {
  address_one: string;
  number: string;
  city: string;
  state: string;
  postal_code: string;
}

const party = (taxId: string): { cpf: string } | { cnpj: string } =>
  taxId.length === 11 ? { cpf: taxId } : { cnpj: taxId };

/** The receiver of a COBV with the address the BCB requires (the holder's first address). */
function receiver(db: Database.Database, c: ChargeRow): NonNullable<ChargePayload['recebedor']> {
  const account = c.account_id
    ? (db.prepare('SELECT holder_id FROM accounts WHERE id = ?').get(c.account_id) as
        { holder_id: string } | undefined)
    : undefined;
  const holder = account ? findHolder(db, account.holder_id) : undefined;
  const owner = liveKey(db, c.key);
  const taxId = holder?.tax_id ?? owner?.owner_tax_id ?? '';
  const address = holder
    ? (db
        .prepare(
          'SELECT address_one, number, city, state, postal_code FROM addresses WHERE holder_id = ? ORDER BY id LIMIT 1',
        )
        .get(holder.id) as AddressRow | undefined)
    : undefined;
  return {
    nome: (holder?.name ?? owner?.owner_name ?? c.merchant_name ?? '').slice(0, 200),
    ...(taxId ? party(taxId) : {}),
    logradouro: address ? `${address.address_one}, ${address.number}`.slice(0, 200) : '',
    cidade: (address?.city ?? c.merchant_city ?? '').slice(0, 200),
    uf: (address?.state ?? '').slice(0, 2),
    cep: (address?.postal_code ?? '').replace(/\D/g, '').slice(0, 8),
  };
}

/**
 * A COB's `valor`: its original; a Pix Saque's original 0.00 and `retirada.saque`, a Pix Troco's
 * the purchase and `retirada.troco`, each with the cash, `modalidadeAlteracao` 0, the agent's
 * modality and the withdrawal service provider (bacen/pix-api CobPayload; sim/pix-cash.ts).
 */
function cobValue(c: ChargeRow): ChargePayload['valor'] {
  if (c.cash_kind === null || c.cash_cents === null) return { original: payloadMoney(c.amount_cents) };
  const cash = {
    valor: payloadMoney(c.cash_cents),
    modalidadeAlteracao: 0 as const,
    modalidadeAgente: (c.agent_modality ?? 'AGTEC') as 'AGTEC' | 'AGTOT' | 'AGPSS',
    prestadorDoServicoDeSaque: c.service_provider_ispb ?? '',
  };
  return {
    original: payloadMoney(c.amount_cents - c.cash_cents),
    modalidadeAlteracao: 0,
    retirada: c.cash_kind === 'SAQUE' ? { saque: cash } : { troco: cash },
  };
}

/** The cash a verified payload's `valor.retirada` carries (Saque or Troco), in cents; 0 for none. */
export function withdrawalCentsOf(valor: ChargePayload['valor'] | undefined): number {
  const cash = valor?.retirada?.saque ?? valor?.retirada?.troco;
  return cash ? (payloadCents(cash.valor) ?? 0) : 0;
}

/** The BCB payload of a charge as served at `now`, with what a COBV asks on `payDay`. */
export function chargePayload(db: Database.Database, c: ChargeRow, now: Date, payDay: string): ChargePayload {
  const infos = c.additional_info ? (JSON.parse(c.additional_info) as Schemas['AdditionalInfoItem'][]) : [];
  const head = {
    txid: c.txid,
    revisao: c.revision,
    status: chargeStatus(db, c, now),
  };
  const tail = {
    chave: c.key,
    ...(c.description ? { solicitacaoPagador: c.description } : {}),
    ...(infos.length > 0 ? { infoAdicionais: infos } : {}),
  };
  if (c.kind !== 'COBV' || c.due_date === null) {
    const seconds = Math.round((Date.parse(c.expires_at) - Date.parse(c.created_at)) / 1000);
    return {
      ...head,
      calendario: {
        criacao: c.created_at,
        apresentacao: now.toISOString(),
        expiracao: Math.max(1, seconds || COB_EXPIRY_SECONDS),
      },
      valor: cobValue(c),
      ...tail,
    };
  }
  const due = amountDueCents(
    {
      originalCents: c.amount_cents,
      dueDate: c.due_date,
      fineHundredths: c.fine_hundredths ?? 0,
      interestHundredths: c.interest_hundredths ?? 0,
    },
    payDay,
  );
  return {
    ...head,
    calendario: {
      criacao: c.created_at,
      apresentacao: now.toISOString(),
      dataDeVencimento: c.due_date,
      validadeAposVencimento: COBV_VALIDITY_DAYS,
    },
    ...(c.debtor_name && c.debtor_tax_id
      ? { devedor: { nome: c.debtor_name.slice(0, 200), ...party(c.debtor_tax_id) } }
      : {}),
    recebedor: receiver(db, c),
    valor: {
      original: payloadMoney(c.amount_cents),
      multa: payloadMoney(due.fine),
      juros: payloadMoney(due.interest),
      final: payloadMoney(due.total),
    },
    ...tail,
  };
}

/** The answer of a location: the payload, signed with the bank's key. */
export function servedCharge(db: Database.Database, c: ChargeRow, now: Date, payDay: string): string {
  return signCharge(chargePayload(db, c, now, payDay));
}

export type LocationRefusal = 'unknown location' | JwsRefusal | 'not a charge payload';

/** What a payer has read from a location: the verified payload and the amount it asks. */
export interface ReadCharge {
  payload: ChargePayload;
  /** A COB's original, a COBV's final. */
  amountCents: number;
}

/**
 * A payer's reading of a dynamic code's location (`location` without https://): fetch the
 * signed answer, fetch the JWK Set its `jku` names, verify, then read txid, status and amount.
 * The "fetch" of both is the bank's own server in the same process (the handlers run inside one
 * synchronous SQLite transaction), through the same functions its routes answer with.
 */
export function readChargeAt(
  db: Database.Database,
  location: string,
  now: Date,
  payDay: string,
): (ReadCharge & { charge: ChargeRow }) | { refusal: LocationRefusal } {
  const charge = chargeByLocation(db, location);
  if (!charge) return { refusal: 'unknown location' };
  const site = location.split('/')[0] ?? '';
  const jws = servedCharge(db, charge, now, payDay);
  const fetchJwks = (jku: string) => (jku === JWKS_URL ? publishedJwks() : undefined);
  const read = readSignedCharge(jws, site, fetchJwks);
  return 'refusal' in read ? read : { ...read, charge };
}

/** A payer's checks of a location's answer (signature first, then the payload's money). */
export function readSignedCharge(
  jws: string,
  site: string,
  fetchJwks: Parameters<typeof verifyCharge>[2],
): ReadCharge | { refusal: LocationRefusal } {
  const verified = verifyCharge(jws, site, fetchJwks);
  if ('refusal' in verified) return verified;
  const payload = verified.payload as ChargePayload;
  const valor = (payload as { valor?: { original?: unknown; final?: unknown } } | null)?.valor;
  const cents = payloadCents(valor?.final ?? valor?.original);
  if (cents === undefined || typeof payload.txid !== 'string') return { refusal: 'not a charge payload' };
  // A Pix Saque/Troco asks its original (0.00 for a Saque) plus the cash (the BCB payload's retirada).
  return { payload, amountCents: cents + withdrawalCentsOf(payload.valor) };
}
