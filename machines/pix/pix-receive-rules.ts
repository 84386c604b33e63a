/**
 * The rules of receive by QR (/PixReceive; 3-pix-part-one.md §2 Receive, §3 due-date charge request,
 * §5 Receive, §7 the three charge calls, §8 Receive, §9 fine mode 2 / interest mode 1): the fields of
 * step 2, the charge kind they ask for and the request the bank receives. The form's `validate` and
 * the machine's guards read these, so each rule is written once. Values are message keys
 * (PIX.PIX_RECEIVE.* in pix.json; the shared ones in errors.json).
 */
import type { components } from '../../openapi/portal';
import { MAX_LENGTH, MIN_VALUE } from '../validators/input-keys.ts';
import { parseBrlToCents } from '../validators/money.ts';
import { normalizeTaxId, taxIdKind, validateTaxId } from '../validators/tax-id.ts';
import { PIX_AMOUNT_MAX_LENGTH, PIX_DESCRIPTION_MAX_LENGTH } from './pix-send-rules.ts';

type Schemas = components['schemas'];

/** Message keys of this flow's own rules (§8 Receive and the decisions below). */
export const PIX_RECEIVE_KEYS = {
  /** §5: with the information section open the amount is required ('the value is required'). */
  VALUE_REQUIRED: 'PIX.PIX_RECEIVE.VALUE_REQUIRED',
  /** Not an amount (letters, more than two decimals, negative). */
  VALUE_INVALID: 'PIX.PIX_RECEIVE.VALUE_INVALID',
  /** §8 DUE_DATE_REQUIRED. */
  DUE_DATE_REQUIRED: 'PIX.PIX_RECEIVE.DUE_DATE_REQUIRED',
  /** §5: the due date may not be in the past (São Paulo calendar). */
  DUE_DATE_PAST: 'PIX.PIX_RECEIVE.DUE_DATE_PAST',
  /** The due date is not a date. */
  DUE_DATE_INVALID: 'PIX.PIX_RECEIVE.DUE_DATE_INVALID',
  /** §8 INFORMATION_NAME_REQUIRED. */
  NAME_REQUIRED: 'PIX.PIX_RECEIVE.INFORMATION_NAME_REQUIRED',
  /** §8 INFORMATION_CPF_CNPJ_REQUIRED. */
  TAX_ID_REQUIRED: 'PIX.PIX_RECEIVE.INFORMATION_CPF_CNPJ_REQUIRED',
  /** A fine or interest that is not a percentage from 0 to 100 with at most two decimals. */
  PERCENT_INVALID: 'PIX.PIX_RECEIVE.PERCENT_INVALID',
} as const;

/** The payer's name: the contract's devedor.nome bound. */
export const PAYER_NAME_MAX_LENGTH = 255;
/** §9: the CPF or CNPJ field holds at most 21 characters (with the mask). */
export const PAYER_TAX_ID_MAX_LENGTH = 21;
/** A percentage as typed: `100,00` at most. */
export const PERCENT_MAX_LENGTH = 6;

/** Step 2 as typed. `information` is the 'information' button's section, open or closed. */
export interface ReceiveDetails {
  amount: string;
  description: string;
  information: boolean;
  dueDate: string;
  payerName: string;
  payerTaxId: string;
  fine: string;
  interest: string;
}

export const EMPTY_DETAILS: ReceiveDetails = {
  amount: '',
  description: '',
  information: false,
  dueDate: '',
  payerName: '',
  payerTaxId: '',
  fine: '',
  interest: '',
};

export type ChargeKind = 'static' | 'immediate' | 'dueDate';

/**
 * §2 Receive: with a due date, a due-date charge (cobrancaVencimento); without one, a zero or empty
 * amount gives a static code (qrCodeEstatico) and a positive amount an immediate charge
 * (cobrancaimediata). `amountCents` is the amount typed (undefined when empty).
 */
export function chargeKindOf(c: { dueDate: string; amountCents: number | undefined }): ChargeKind {
  if (c.dueDate !== '') return 'dueDate';
  if (c.amountCents === undefined || c.amountCents <= 0) return 'static';
  return 'immediate';
}

/** The amount typed in centavos: `undefined` when empty, `null` when it is not an amount. */
export function amountCentsOf(input: string): number | undefined | null {
  if (input.trim() === '') return undefined;
  const cents = parseBrlToCents(input);
  return cents === undefined || cents < 0 ? null : cents;
}

/**
 * §5/§9 the amount: optional (empty or zero is a static code); at most 13 characters; a pt-BR amount
 * not below zero. With the information section open it is required and above zero (a due-date
 * charge's `valor.original` is positive).
 */
export function validateReceiveAmount(input: string, information: boolean): string | undefined {
  if (input.trim().length > PIX_AMOUNT_MAX_LENGTH) return MAX_LENGTH;
  const cents = amountCentsOf(input);
  if (cents === null) return PIX_RECEIVE_KEYS.VALUE_INVALID;
  if (!information) return undefined;
  if (cents === undefined) return PIX_RECEIVE_KEYS.VALUE_REQUIRED;
  return cents > 0 ? undefined : MIN_VALUE;
}

/** §5/§9: the description is optional, at most 140 characters. */
export const validateReceiveDescription = (v: string): string | undefined =>
  v.trim().length > PIX_DESCRIPTION_MAX_LENGTH ? MAX_LENGTH : undefined;

/** §5 the due date (YYYY-MM-DD): required, a real day, not before `today` (São Paulo's date). */
export function validateDueDate(date: string, today: string): string | undefined {
  if (date.trim() === '') return PIX_RECEIVE_KEYS.DUE_DATE_REQUIRED;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !d || d.toISOString().slice(0, 10) !== date) return PIX_RECEIVE_KEYS.DUE_DATE_INVALID;
  return date < today ? PIX_RECEIVE_KEYS.DUE_DATE_PAST : undefined;
}

/** §8 INFORMATION_NAME_REQUIRED; at most the contract's 255. */
export function validatePayerName(v: string): string | undefined {
  if (v.trim() === '') return PIX_RECEIVE_KEYS.NAME_REQUIRED;
  return v.trim().length > PAYER_NAME_MAX_LENGTH ? MAX_LENGTH : undefined;
}

/**
 * §8 INFORMATION_CPF_CNPJ_REQUIRED when empty; otherwise the Document rule of tax-id.ts (a valid
 * CPF, or a valid CNPJ, the 2026 alphanumeric one included).
 */
export function validatePayerTaxId(v: string): string | undefined {
  if (v.trim() === '') return PIX_RECEIVE_KEYS.TAX_ID_REQUIRED;
  return validateTaxId(v);
}

/** A percentage in hundredths (`2,5` → 250); `undefined` when empty, `null` when not 0–100 %. */
export function percentHundredthsOf(input: string): number | undefined | null {
  if (input.trim() === '') return undefined;
  if (input.trim().length > PERCENT_MAX_LENGTH) return null;
  const h = parseBrlToCents(input.replace('%', ''));
  return h === undefined || h < 0 || h > 10_000 ? null : h;
}

/**
 * §3/§9 the fine (modality 2, percent, once) and the interest (modality 1, percent a month): optional;
 * a number from 0 to 100 with at most two decimals (the contract's bounds, which refuse nonsense).
 */
export const validatePercent = (v: string): string | undefined =>
  percentHundredthsOf(v) === null ? PIX_RECEIVE_KEYS.PERCENT_INVALID : undefined;

/** Every field's message (only the failing ones); the due-date fields only while the section is open. */
export function receiveDetailsErrors(
  d: ReceiveDetails,
  today: string,
): Partial<Record<keyof ReceiveDetails, string>> {
  const errors: Partial<Record<keyof ReceiveDetails, string>> = {};
  const put = (k: keyof ReceiveDetails, e: string | undefined) => {
    if (e !== undefined) errors[k] = e;
  };
  put('amount', validateReceiveAmount(d.amount, d.information));
  put('description', validateReceiveDescription(d.description));
  if (d.information) {
    put('dueDate', validateDueDate(d.dueDate, today));
    put('payerName', validatePayerName(d.payerName));
    put('payerTaxId', validatePayerTaxId(d.payerTaxId));
    put('fine', validatePercent(d.fine));
    put('interest', validatePercent(d.interest));
  }
  return errors;
}

/** Step 2 may go on: no field has a message. */
export const isValidReceiveDetails = (d: ReceiveDetails, today: string): boolean =>
  Object.keys(receiveDetailsErrors(d, today)).length === 0;

/** The call of a charge, as the machine invokes it. */
export type ChargeRequest =
  | { kind: 'static'; body: Schemas['StaticChargeRequest'] }
  | { kind: 'immediate'; body: Schemas['ImmediateChargeRequest'] }
  | { kind: 'dueDate'; accountId: string; body: Schemas['DueDateChargeRequest'] };

/**
 * The request for valid `details` (isValidReceiveDetails) on `key`. The due date counts only while
 * the information section is open (closing it drops the charge's payer fields). Static codes carry
 * only the key (§7 "body chave"): the payer types the amount and the description stays out
 * (decision, docs/JOURNAL.md "Pix receive in the portal"). `externalIdentifier` goes to the two
 * charges the bank deduplicates.
 */
export function chargeRequestOf(
  details: ReceiveDetails,
  key: string,
  accountId: string,
  externalIdentifier: string,
): ChargeRequest {
  const amountCents = amountCentsOf(details.amount) ?? undefined;
  const description = details.description.trim();
  const kind = chargeKindOf({ dueDate: details.information ? details.dueDate : '', amountCents });
  const solicitacao = description ? { solicitacaoPagador: description } : {};
  if (kind === 'static') return { kind, body: { chave: key } };
  const reais = (amountCents ?? 0) / 100;
  if (kind === 'immediate')
    return {
      kind,
      body: { valor: { valorOriginal: reais }, chave: key, ...solicitacao, externalIdentifier },
    };
  const taxId = normalizeTaxId(details.payerTaxId);
  const nome = details.payerName.trim();
  const fine = percentHundredthsOf(details.fine);
  const interest = percentHundredthsOf(details.interest);
  return {
    kind,
    accountId,
    body: {
      calendario: { dataDeVencimento: details.dueDate },
      devedor: taxIdKind(taxId) === 'CNPJ' ? { nome, cnpj: taxId } : { nome, cpf: taxId },
      valor: {
        original: reais,
        ...(typeof fine === 'number' && fine > 0 ? { multa: { modalidade: 2, valorPerc: fine / 100 } } : {}),
        // BCB table (bacen/pix-api CobVValor juros): 3 = percent per month, calendar days, what
        // the screen asks ("% ao mês"); 1 would be reais per day to a payer's bank (issue 27).
        ...(typeof interest === 'number' && interest > 0
          ? { juros: { modalidade: 3, valorPerc: interest / 100 } }
          : {}),
      },
      chave: key,
      ...solicitacao,
      externalIdentifier,
    },
  };
}
