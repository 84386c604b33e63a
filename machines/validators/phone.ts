/**
 * Brazilian phone numbers: the login user name (1-access-shell-statement.md §5 Login) and the
 * mobile phone fields (2-money-movement.md §5 Phone, 3-pix-part-one.md §5 Phone).
 */
import { isValidMobilePhone } from '@brazilian-utils/brazilian-utils/is-valid-mobile-phone';
import { refine, string } from 'superstruct';
import { EMPTY } from './input-keys.ts';

/** Message keys of the phone field (2-money-movement.md §5 Phone). */
export const PHONE_KEYS = {
  EMPTY,
  SHORT: 'PHONE_INPUT.SHORT',
  INVALID: 'PHONE_INPUT.error',
} as const;

/** Maximum length of the masked phone field, `(DD) NNNNN-NNNN`. */
export const PHONE_MAX_LENGTH = 15;

/**
 * The national digits of a phone number: every non-digit is dropped, then the country code 55
 * is removed when the value was written with `+55`/`0055`, or has 12 or 13 digits starting with
 * 55 (a national number has at most 11 digits, so this cannot eat a DDD 55).
 * `'+55 (11) 98765-4321'` → `'11987654321'`.
 */
export function normalizePhone(v: string): string {
  const trimmed = v.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (/^\+\s*55/.test(trimmed)) digits = digits.slice(2);
  else if (/^0055/.test(digits) && digits.length >= 14) digits = digits.slice(4);
  else if (digits.startsWith('55') && (digits.length === 12 || digits.length === 13))
    digits = digits.slice(2);
  return digits;
}

/**
 * The login rule for a phone user name (1-access-shell-statement.md §5 Login): valid when the
 * number has more than 10 digits, and an 11-digit number only when its third digit is 9; up to
 * 10 digits is rejected. The rule is applied to the national number (see `normalizePhone`), and
 * a national number has at most 11 digits, so in effect: 11 digits with a 9 in third place.
 * Only digits, spaces, `()+-.` may appear.
 */
export function isValidLoginPhone(v: string): boolean {
  if (!/^[\d\s()+\-.]+$/.test(v.trim())) return false;
  const digits = normalizePhone(v);
  return digits.length > 10 && digits.length <= 11 && digits[2] === '9';
}

/**
 * Whether `v` is a Brazilian mobile number: a valid DDD (the library's Anatel list), then 9, then
 * 8 digits; masked, bare or with +55. `@brazilian-utils`' `isValidMobilePhone` alone would also
 * accept a leading 6, 7 or 8, which the specification does not.
 */
export function isValidBrazilianMobile(v: string): boolean {
  if (!/^[\d\s()+\-.]+$/.test(v.trim())) return false;
  const digits = normalizePhone(v);
  return /^\d{2}9\d{8}$/.test(digits) && isValidMobilePhone(digits, { version: 2 });
}

/**
 * The mobile phone field (2-money-movement.md §5 Phone; 3-pix-part-one.md §5 Phone): blank →
 * `ERRORS.INPUTS.EMPTY`; under 10 digits → `PHONE_INPUT.SHORT`; anything but a valid mobile
 * (DDD + 9 + 8 digits, optionally with +55) → `PHONE_INPUT.error`.
 */
export function validatePhone(v: string): string | undefined {
  if (v.trim() === '') return PHONE_KEYS.EMPTY;
  const digits = normalizePhone(v);
  if (digits.length < 10) return PHONE_KEYS.SHORT;
  return isValidBrazilianMobile(v) ? undefined : PHONE_KEYS.INVALID;
}

/** The E.164 form used as a Pix key and as a phone user name: `'+55'` + national digits. */
export function toE164(v: string): string {
  return `+55${normalizePhone(v)}`;
}

/** superstruct: a string that `isValidBrazilianMobile` accepts. */
export const MobilePhoneStruct = refine(string(), 'MobilePhone', (v) => isValidBrazilianMobile(v));
