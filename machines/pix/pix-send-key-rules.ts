/**
 * The fields of send by key (3-pix-part-one.md §2 Send by key, §5 Amount, Description, Saved-recipient
 * nickname, Schedule date; §9): the key value by its chosen type (the format rules of
 * machines/validators/pix-key.ts, the same the key register dialog uses), the amount (at most 13
 * characters, above zero), the description (at most 140), the nickname of a recipient to save
 * (PIX_ERROR_NICKNAME when ticked and empty) and the schedule date (not before today). The form's
 * `validate` and the machine's guards read these, so each rule is written once. Values are message
 * keys (PIX.PIX_KEY.* in pix.json; the shared ones in errors.json).
 */
import type { components } from '../../openapi/portal';
import { MAX_LENGTH } from '../validators/input-keys.ts';
import { parseBrlToCents, validateAmount } from '../validators/money.ts';
import {
  isValidPixKey,
  toEmailKey,
  toPhoneKey,
  toTaxIdKey,
  validateEmailKeyField,
  validateEvpField,
  validatePhoneKeyField,
} from '../validators/pix-key.ts';
import { validateNickname } from '../validators/recipient.ts';
import { validateTaxId } from '../validators/tax-id.ts';
import { PIX_AMOUNT_MAX_LENGTH, PIX_DESCRIPTION_MAX_LENGTH } from './pix-send-rules.ts';

type DictKeyType = components['schemas']['DictKeyType'];

/** §2 step 1, in the spec's order: phone, CPF, CNPJ, e-mail, random key. */
export const SEND_KEY_TYPES = [
  'PHONE',
  'CPF',
  'CNPJ',
  'EMAIL',
  'EVP',
] as const satisfies readonly DictKeyType[];

/** Message keys of this flow's own rules. */
export const PIX_SEND_KEY_KEYS = {
  /** §5/§8: saving is ticked and the nickname is empty. */
  NICKNAME: 'PIX.PIX_KEY.PIX_ERROR_NICKNAME',
  /** §5: the schedule date may not be before today. */
  SCHEDULE_PAST: 'PIX.PIX_KEY.SCHEDULE_PAST',
  /** The schedule date is not a date. */
  SCHEDULE_INVALID: 'PIX.PIX_KEY.SCHEDULE_INVALID',
  /** The document typed is a CNPJ where a CPF was chosen, or the reverse. */
  WRONG_DOCUMENT: 'PIX.PIX_KEY.WRONG_DOCUMENT',
} as const;

/**
 * §2 step 2: the key typed, by its type: phone (empty, short, a Brazilian mobile), CPF / CNPJ (a
 * valid document of that kind), e-mail (the register dialog's rule, up to 77), random key (a UUID
 * of at least 30 characters). `undefined` when valid.
 */
export function validateSendKey(type: DictKeyType, value: string): string | undefined {
  switch (type) {
    case 'PHONE':
      return validatePhoneKeyField(value);
    case 'EMAIL':
      return validateEmailKeyField(value);
    case 'EVP':
      return validateEvpField(value);
    case 'CPF':
    case 'CNPJ': {
      const base = validateTaxId(value);
      if (base !== undefined) return base;
      const n = toTaxIdKey(value);
      if (type === 'CPF' && n.length !== 11) return PIX_SEND_KEY_KEYS.WRONG_DOCUMENT;
      if (type === 'CNPJ' && n.length !== 14) return PIX_SEND_KEY_KEYS.WRONG_DOCUMENT;
      return undefined;
    }
  }
}

/** The key as the DICT writes it: +55 phone, bare document, lower-case e-mail or random key. */
export function toSendKey(type: DictKeyType, value: string): string {
  switch (type) {
    case 'PHONE':
      return toPhoneKey(value);
    case 'EMAIL':
      return toEmailKey(value);
    case 'EVP':
      return value.trim().toLowerCase();
    case 'CPF':
    case 'CNPJ':
      return toTaxIdKey(value);
  }
}

/** The key is valid for its type and, normalised, a DICT key of that type. */
export const isSendKey = (type: DictKeyType, value: string): boolean =>
  validateSendKey(type, value) === undefined && isValidPixKey(toSendKey(type, value), type);

/** §5/§9: the amount as typed: at most 13 characters, above zero. */
export function validatePixAmount(input: string): string | undefined {
  if (input.trim().length > PIX_AMOUNT_MAX_LENGTH) return MAX_LENGTH;
  return validateAmount(input);
}

/** The amount typed, in reais (two decimals); `undefined` when it is not an amount. */
export function pixAmountOf(input: string): number | undefined {
  const cents = parseBrlToCents(input);
  return cents === undefined ? undefined : cents / 100;
}

/** §5/§9: the description is optional, at most 140 characters. */
export const validatePixDescription = (v: string): string | undefined =>
  v.trim().length > PIX_DESCRIPTION_MAX_LENGTH ? MAX_LENGTH : undefined;

/**
 * §5 Saved-recipient nickname, when saving is ticked: empty → PIX_ERROR_NICKNAME (confirmation is
 * blocked); over 50 → the recipient book's maximum message.
 */
export function validateSaveNickname(save: boolean, nickname: string): string | undefined {
  if (!save) return undefined;
  if (nickname.trim() === '') return PIX_SEND_KEY_KEYS.NICKNAME;
  return validateNickname(nickname);
}

/** §5 Schedule date (YYYY-MM-DD or empty for now): not before `today` (São Paulo's date). */
export function validateScheduleDate(date: string, today: string): string | undefined {
  if (date === '') return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
    return PIX_SEND_KEY_KEYS.SCHEDULE_INVALID;
  return date < today ? PIX_SEND_KEY_KEYS.SCHEDULE_PAST : undefined;
}
