/**
 * The pasted content of a digital check's QR code (2-money-movement.md §2 Receive by QR code, §3
 * QR content, §5 QR field; issue 14): JSON text `{ "value": ..., "qrCodeData": "..." }`.
 *
 * The messages come in the order §5 lists them, the first that applies wins: blank → the empty
 * error; not JSON → 'Erro ao formatar o QR Code!'; JSON that is not an object → 'Formato de QR Code
 * inválido!'; an empty value → 'Value é obrigatório'; a value whose digits are zero or less → the
 * min-value error; an empty qrCodeData → 'QR Code Data é obrigatório'.
 *
 * Where §5 is silent (decided as a careful bank would, so that the amount shown is the amount
 * the bank moves):
 * - the value may be a JSON number (`80.5`) or a string in the pt-BR or API form (`'80,50'`,
 *   `'R$ 80,50'`, `'80.50'`); a value with positive digits that does not read as an amount of at
 *   most two decimals (`'12abc'`, `12.345`, `'1,2,3'`) is 'Formato de QR Code inválido!' rather
 *   than a guess, and a negative value is the min-value error (a check is never below zero);
 * - a qrCodeData that is not a string, or longer than the bank accepts (the contract's 255
 *   characters of `digitalCheck.document`), is 'Formato de QR Code inválido!'; blanks around it
 *   are dropped (a pasted line often carries them).
 */
import { EMPTY, MIN_VALUE } from './input-keys.ts';
import { decimalToCents, parseBrlToCents } from './money.ts';

/** Message keys of the QR field, in the order of §5. */
export const QR_CHECK_KEYS = {
  EMPTY,
  PARSE: 'RECEIVE.QR.ERRORS.PARSE',
  FORMAT: 'RECEIVE.QR.ERRORS.FORMAT',
  VALUE_REQUIRED: 'RECEIVE.QR.ERRORS.VALUE_REQUIRED',
  MIN_VALUE,
  DATA_REQUIRED: 'RECEIVE.QR.ERRORS.DATA_REQUIRED',
} as const;

/** The longest qrCodeData the bank accepts (openapi DigitalCheckPayment digitalCheck.document). */
export const QR_CODE_DATA_MAX = 255;

/** The longest text the field takes (a QR holds at most a few kilobytes). */
export const QR_TEXT_MAX = 4096;

/** A valid QR content: the amount in centavos and the check's data for the bank. */
export interface DigitalCheckQr {
  cents: number;
  qrCodeData: string;
}

/** The outcome of reading the field: the check, or the first message key of §5 that applies. */
export type DigitalCheckReading = { ok: true; check: DigitalCheckQr } | { ok: false; error: string };

const isBlank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The digits of a value (§5 'a value whose digits are <= 0'). */
const digitsOf = (v: string | number): string => String(v).replace(/\D/g, '');

/** The value in centavos when it reads as an amount with at most two decimals, else undefined. */
function valueCents(v: string | number): number | undefined {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return undefined;
    const scaled = Number((v * 100).toPrecision(15));
    return Number.isSafeInteger(scaled) ? decimalToCents(v) : undefined;
  }
  return parseBrlToCents(v);
}

/** Reads the QR field: the check, or the first §5 message key that applies. */
export function readDigitalCheckQr(text: string): DigitalCheckReading {
  const fail = (error: string): DigitalCheckReading => ({ ok: false, error });
  if (text.trim() === '') return fail(QR_CHECK_KEYS.EMPTY);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return fail(QR_CHECK_KEYS.PARSE);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return fail(QR_CHECK_KEYS.FORMAT);
  const { value, qrCodeData } = parsed as { value?: unknown; qrCodeData?: unknown };
  if (isBlank(value)) return fail(QR_CHECK_KEYS.VALUE_REQUIRED);
  if (typeof value !== 'string' && typeof value !== 'number') return fail(QR_CHECK_KEYS.FORMAT);
  if (Number(digitsOf(value) || '0') <= 0) return fail(QR_CHECK_KEYS.MIN_VALUE);
  const cents = valueCents(value);
  if (cents === undefined) return fail(QR_CHECK_KEYS.FORMAT);
  if (cents <= 0) return fail(QR_CHECK_KEYS.MIN_VALUE);
  if (isBlank(qrCodeData)) return fail(QR_CHECK_KEYS.DATA_REQUIRED);
  if (typeof qrCodeData !== 'string' || qrCodeData.trim().length > QR_CODE_DATA_MAX)
    return fail(QR_CHECK_KEYS.FORMAT);
  return { ok: true, check: { cents, qrCodeData: qrCodeData.trim() } };
}

/** The QR field's validator for the form: undefined when valid, else the message key. */
export function validateDigitalCheckQr(text: string): string | undefined {
  const r = readDigitalCheckQr(text);
  return r.ok ? undefined : r.error;
}

/** Whether the QR field holds a valid check (Next is disabled until it does). */
export const isValidDigitalCheckQr = (text: string): boolean => readDigitalCheckQr(text).ok;
