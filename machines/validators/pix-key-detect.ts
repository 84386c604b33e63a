/**
 * The type of a Pix key told from what the payer types or pastes into the one key field of /PixKey
 * (3-pix-part-one.md §2 Send by key, §5 key formats; issue 32: "detect it, as the sign-in detects
 * the user-name kind"), and the key normalised to the DICT form (machines/validators/pix-key.ts;
 * shared/domain/notes.md §c Keys, §a CPF and CNPJ; docs/domain-notes.md "Pix key detection on /PixKey").
 *
 * How a bank's app reads the field (decisions where the specification is silent):
 * - anything with `@` is an e-mail (trimmed, lower case, at most 77 characters);
 * - a UUID (8-4-4-4-12 hexadecimal, any case) is a random key (EVP), sent in lower case;
 * - formatting characters (dots, dashes, slashes, parentheses, spaces) are accepted and dropped;
 * - a number written as a phone (`+55 …`, `(21) 9…`, `21 98765-4321`) or of 12–13 digits starting
 *   with 55 is a mobile phone, sent as `+55` + DDD + 9 + 8 digits;
 * - a number written with the CPF mask (`000.000.000-00`) is a CPF, and with a `/` a CNPJ;
 * - 11 bare digits: a valid CPF is a CPF; when the same digits are also a mobile number (DDD, 9,
 *   8 digits) the phone is offered as the `alternative` the payer may switch to with one control
 *   (a CPF is the likelier reading, as on the sign-in; the DICT lookup then shows whose key it is);
 *   digits that fail the CPF check but are a mobile number are a phone;
 * - 14 characters `[0-9A-Z]` ending in two digits (the alphanumeric CNPJ of IN RFB 2.229/2024,
 *   numeric ones included) are a CNPJ when their check digits hold.
 * Invalid check digits never make a CPF or a CNPJ; what is wrong is said as a message key.
 */
import { isValidCnpj, normalizeCnpj } from './cnpj.ts';
import { isValidCpf } from './cpf.ts';
import { EMPTY } from './input-keys.ts';
import { isValidBrazilianMobile } from './phone.ts';
import {
  isValidPixKey,
  toEmailKey,
  toPhoneKey,
  validateEmailKeyField,
  validateEvpField,
  type DictKeyType,
} from './pix-key.ts';

/** Message keys of the detection (PIX.PIX_KEY.DETECT.* in pix.json). */
export const PIX_KEY_DETECT_KEYS = {
  /** No key type fits the characters typed. */
  UNKNOWN: 'PIX.PIX_KEY.DETECT.UNKNOWN',
  /** Digits only, fewer than a CPF or a phone needs. */
  INCOMPLETE: 'PIX.PIX_KEY.DETECT.INCOMPLETE',
  /** Written as a CPF, with wrong check digits. */
  CPF_INVALID: 'PIX.PIX_KEY.DETECT.CPF_INVALID',
  /** Eleven digits that are neither a valid CPF nor a mobile number. */
  CPF_OR_PHONE_INVALID: 'PIX.PIX_KEY.DETECT.CPF_OR_PHONE_INVALID',
  /** Fourteen CNPJ characters with wrong check digits. */
  CNPJ_INVALID: 'PIX.PIX_KEY.DETECT.CNPJ_INVALID',
  /** Written as a phone, not a Brazilian mobile number. */
  PHONE_INVALID: 'PIX.PIX_KEY.DETECT.PHONE_INVALID',
} as const;

/** A key of a type, in the DICT form. */
export interface DetectedKey {
  type: DictKeyType;
  key: string;
}

/** What the field holds: a key of a type (and another reading of the same digits), or what is wrong. */
export type PixKeyReading =
  | (DetectedKey & { alternative: DetectedKey | null; error?: undefined })
  | { type: null; key?: undefined; alternative?: undefined; error: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A random key being typed or pasted: eight hexadecimal characters and a dash. */
const UUID_START = /^[0-9a-f]{8}-/i;
const FORMATTING = /[.\-/\s()]/g;
/** `+…`, `(21) …` or `21 98765-4321`: how a phone number is written. */
const PHONE_WRITTEN = /^(\+|\(\d{2}\)|\d{2}\s+9?\d{4,5}[-\s]?\d{4}$)/;
const CPF_WRITTEN = /^\d{3}\.\d{3}\.\d{3}-?\d{2}$|^\d{9}-\d{2}$/;

const found = (type: DictKeyType, key: string, alternative: DetectedKey | null = null): PixKeyReading => ({
  type,
  key,
  alternative,
});
const wrong = (error: string): PixKeyReading => ({ type: null, error });

function phoneOf(text: string): PixKeyReading {
  const key = toPhoneKey(text);
  return isValidBrazilianMobile(text) && isValidPixKey(key, 'PHONE')
    ? found('PHONE', key)
    : wrong(PIX_KEY_DETECT_KEYS.PHONE_INVALID);
}

function cnpjOf(bare: string): PixKeyReading {
  return isValidCnpj(bare) ? found('CNPJ', bare) : wrong(PIX_KEY_DETECT_KEYS.CNPJ_INVALID);
}

/** Digits only (formatting dropped), not written as a phone. */
function numberOf(text: string, digits: string): PixKeyReading {
  if (CPF_WRITTEN.test(text))
    return isValidCpf(digits) ? found('CPF', digits) : wrong(PIX_KEY_DETECT_KEYS.CPF_INVALID);
  if (text.includes('/') || digits.length === 14) return cnpjOf(digits);
  if (digits.length === 11) {
    const phone = isValidBrazilianMobile(digits) ? { type: 'PHONE' as const, key: toPhoneKey(digits) } : null;
    if (isValidCpf(digits)) return found('CPF', digits, phone);
    return phone ? found('PHONE', phone.key) : wrong(PIX_KEY_DETECT_KEYS.CPF_OR_PHONE_INVALID);
  }
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) return phoneOf(digits);
  return digits.length < 11 ? wrong(PIX_KEY_DETECT_KEYS.INCOMPLETE) : wrong(PIX_KEY_DETECT_KEYS.UNKNOWN);
}

/** Tells the type of the key typed or pasted and writes it in the DICT form. */
export function detectPixKey(raw: string): PixKeyReading {
  const text = raw.trim();
  if (text === '') return wrong(EMPTY);
  if (text.includes('@')) {
    const error = validateEmailKeyField(text);
    return error === undefined && isValidPixKey(toEmailKey(text), 'EMAIL')
      ? found('EMAIL', toEmailKey(text))
      : wrong(error ?? PIX_KEY_DETECT_KEYS.UNKNOWN);
  }
  if (UUID.test(text)) return found('EVP', text.toLowerCase());
  if (UUID_START.test(text) && /^[0-9a-f-]+$/i.test(text))
    return wrong(validateEvpField(text) ?? PIX_KEY_DETECT_KEYS.UNKNOWN);
  if (PHONE_WRITTEN.test(text))
    return /^[\d\s()+\-.]+$/.test(text) ? phoneOf(text) : wrong(PIX_KEY_DETECT_KEYS.PHONE_INVALID);
  const bare = text.replace(FORMATTING, '');
  if (/^\d+$/.test(bare)) return numberOf(text, bare);
  const upper = normalizeCnpj(bare);
  if (/^[0-9A-Z]{12}\d{2}$/.test(upper)) return cnpjOf(upper);
  return wrong(PIX_KEY_DETECT_KEYS.UNKNOWN);
}

/**
 * The reading the payer chose: the detected one, or its alternative when they switched to it (an
 * 11-digit CPF that is also a mobile number, read as the phone). A choice the characters do not
 * allow is ignored: the detection stands.
 */
export function readPixKeyAs(raw: string, chosen: DictKeyType | null): PixKeyReading {
  const reading = detectPixKey(raw);
  if (reading.type === null || chosen === null || chosen === reading.type) return reading;
  const other = reading.alternative;
  if (other?.type !== chosen) return reading;
  return found(other.type, other.key, { type: reading.type, key: reading.key });
}
