import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { apiError, type Reply } from '../http/replies.ts';
import { accountLimitsAt } from './pix-limits.ts';
import { periodAt } from './pix-limit-rules.ts';

/**
 * Pix Saque and Pix Troco (issue 29; 4-pix-part-two.md §2, §3, §9; domain notes §c and
 * docs/domain-notes.md "Pix Saque and Pix Troco"): the cash value a charge carries, the payer's
 * caps and the refusals of this part. A Saque/Troco code is a COB (sim/pix-charges.ts) whose row
 * also holds the cash kind, the cash value, the agent's modality and the withdrawal service
 * provider's ISPB; its payload has `valor.retirada.saque|troco` (sim/charge-payload.ts).
 */

type Schemas = components['schemas'];

export type CashKind = 'SAQUE' | 'TROCO';

/** The cash part of a charge row (migration "Pix Saque and Pix Troco" of db/schema.ts). */
export interface CashColumns {
  cash_kind: CashKind | null;
  cash_cents: number | null;
  agent_modality: string | null;
  service_provider_ispb: string | null;
}

/**
 * Since 2023-01-02 a payer may withdraw (Saque, or the change of a Troco) at most R$ 3,000 in the
 * day period and R$ 1,000 in the night period (BCB; docs/domain-notes.md "Pix Saque and Pix
 * Troco"). The periods are the payer's Pix periods (20h or 22h to 6h, sim/pix-limit-rules.ts).
 */
export const CASH_DAY_CAP_CENTS = 300_000;
export const CASH_NIGHT_CAP_CENTS = 100_000;

/** A withdraw code lives 86400 s unless told (BCB COB default); a change code 120 s (§9). */
export const WITHDRAW_DEFAULT_EXPIRATION = 86_400;
export const CHANGE_DEFAULT_EXPIRATION = 120;

/** The session functionality each kind needs (1-access-shell-statement.md §3; 3-pix-part-one.md §6). */
export const FUNCTIONALITY: Record<CashKind, string> = { SAQUE: 'PIX SAQUE', TROCO: 'PIX TROCO' };

/**
 * The refusals of this part, group PIXCASH. The spec names none ("their own messages", §8): the
 * texts are this bank's (contract createDynamicQrCode x-spec-gap), the portal shows
 * ERRORS.PIXCASH.{code} (src/i18n/locales/\*\/errors-movements.json).
 */
export const CASH_ERRORS = {
  notAgent: {
    code: 120,
    description: 'Sua conta não tem permissão para gerar QR Code de Pix Saque ou Pix Troco.',
  },
  dayCap: {
    code: 121,
    description:
      'Limite do Pix Saque/Troco excedido: no período diurno, o valor sacado pode chegar a R$ 3.000,00. Nada foi debitado.',
  },
  nightCap: {
    code: 122,
    description:
      'Limite do Pix Saque/Troco excedido: no período noturno, o valor sacado pode chegar a R$ 1.000,00. Nada foi debitado.',
  },
  keyNotOwn: { code: 123, description: 'A chave escolhida não é uma chave ativa desta conta.' },
  amounts: {
    code: 124,
    description:
      'Os valores do QR Code não conferem: o valor da compra deve ser maior que 0 e menor que o total.',
  },
  serviceProvider: {
    code: 125,
    description: 'O prestador do serviço de saque não é o configurado para este agente.',
  },
} as const;

export type CashErrorName = keyof typeof CASH_ERRORS;

export function cashError(status: number, name: CashErrorName, messages?: string[]): Reply {
  const e = CASH_ERRORS[name];
  return apiError(status, e.code, 'PIXCASH', e.description, messages);
}

/**
 * Whether `cashCents` more of Saque/Troco cash from `accountId` at `at` would pass the cap of the
 * period `at` is in: the cash value of every Saque/Troco charge the account paid in that period,
 * pending or settled (a rejected Pix does not count).
 */
export function checkCashCaps(
  db: Database.Database,
  accountId: string,
  cashCents: number,
  at: Date,
): CashErrorName | undefined {
  const period = periodAt(at, accountLimitsAt(db, accountId, at).nightStartHour);
  const row = db
    .prepare(
      `SELECT COALESCE(SUM(c.cash_cents), 0) AS total FROM pix_payments p
       JOIN pix_charges c ON c.id = p.charge_id
       WHERE p.account_id = ? AND p.created_at >= ? AND p.status <> 'RJCT' AND c.cash_kind IS NOT NULL`,
    )
    .get(accountId, period.start.toISOString()) as { total: number };
  const night = period.period === 'NIGHT';
  const cap = night ? CASH_NIGHT_CAP_CENTS : CASH_DAY_CAP_CENTS;
  if (row.total + cashCents <= cap) return undefined;
  return night ? 'nightCap' : 'dayCap';
}

/** The cash of a Saque/Troco payment: its kind, the cash in cents, the agent's modality. */
export interface CashOrder {
  kind: CashKind;
  cents: number;
  agentModality?: Schemas['PixCashReceipt']['agentModality'];
}

/** The cash order of a Saque/Troco charge (for routes/pix-send-order.ts's PixOrder), or undefined. */
export function cashOf(charge: CashColumns | undefined): { cash: CashOrder } | undefined {
  if (!charge?.cash_kind || !charge.cash_cents) return undefined;
  const modality = charge.agent_modality as CashOrder['agentModality'] | null;
  return {
    cash: {
      kind: charge.cash_kind,
      cents: charge.cash_cents,
      ...(modality ? { agentModality: modality } : {}),
    },
  };
}

/**
 * The cash part of a paid Saque/Troco's receipts (contract PixCashReceipt): the cash, the purchase
 * (what the payment paid beyond the cash; 0 for a Saque) in reais and the agent's modality.
 */
export function cashReceipt(cash: CashOrder, amountCents: number): Schemas['PixCashReceipt'] {
  return {
    kind: cash.kind === 'SAQUE' ? 'WITHDRAW' : 'CHANGE',
    cashAmount: cash.cents / 100,
    purchaseAmount: (amountCents - cash.cents) / 100,
    ...(cash.agentModality ? { agentModality: cash.agentModality } : {}),
  };
}

type DecodedValue = NonNullable<NonNullable<Schemas['DecodedPixQr']['qrcode_pix']['payload']>['valor']>;

/**
 * What the decoding (decodePixQrCode) says of a Saque/Troco charge: `payload.valor.original` (the
 * purchase, 0 for a Saque) and `retirada.saque|troco` with the cash, the agent's modality and the
 * withdrawal service provider, in reais as the decoded data has them (3-pix-part-one.md §3).
 */
export function decodedCash(
  charge: (CashColumns & { amount_cents: number }) | undefined,
): { valor: DecodedValue } | undefined {
  if (!charge?.cash_kind || !charge.cash_cents) return undefined;
  const cash = {
    valor: charge.cash_cents / 100,
    ...(charge.agent_modality ? { modalidadeAgente: charge.agent_modality as 'AGTEC' } : {}),
    ...(charge.service_provider_ispb ? { prestadorDoServicoDeSaque: charge.service_provider_ispb } : {}),
  };
  return {
    valor: {
      original: (charge.amount_cents - charge.cash_cents) / 100,
      retirada: charge.cash_kind === 'SAQUE' ? { saque: cash } : { troco: cash },
    },
  };
}
