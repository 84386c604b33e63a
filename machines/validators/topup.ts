/**
 * Mobile top-up (2-money-movement.md §2 Mobile top-up, §5 Phone, §7 GET
 * /country/BRA/area-code/{areaCode}/operators and POST .../recharge, §9 phone 15 characters).
 * The phone rule itself is `validatePhone` (phone.ts): `(DD) NNNNN-NNNN`, a DDD of ANATEL's plan,
 * 9 then 8 digits. This file turns a valid phone into what the calls send.
 */
import { isValidBrazilianMobile, normalizePhone, PHONE_MAX_LENGTH, validatePhone } from './phone.ts';

/** What the top-up calls send for one phone: the DDD, the area code with its 0, the 11 digits. */
export interface TopupPhone {
  /** Two digits, `'11'`. */
  ddd: string;
  /** The path's area code, the DDD prefixed with 0 (§7): `'011'`. */
  areaCode: string;
  /** The national number without mask, DDD included: `'11987654321'`. */
  phoneNumber: string;
}

/**
 * The top-up phone field (§5 Phone, §9 15 characters): the rules of `validatePhone`, and at most
 * 15 characters as typed (the mask `(DD) NNNNN-NNNN` is exactly 15).
 */
export function validateTopupPhone(v: string): string | undefined {
  const rule = validatePhone(v);
  if (rule !== undefined) return rule;
  return v.trim().length > PHONE_MAX_LENGTH ? 'PHONE_INPUT.error' : undefined;
}

/** The parts of a valid top-up phone; undefined when `validateTopupPhone` refuses it. */
export function topupPhoneOf(v: string): TopupPhone | undefined {
  if (validateTopupPhone(v) !== undefined || !isValidBrazilianMobile(v)) return undefined;
  const phoneNumber = normalizePhone(v);
  const ddd = phoneNumber.slice(0, 2);
  return { ddd, areaCode: `0${ddd}`, phoneNumber };
}
