/**
 * The login user name (1-access-shell-statement.md §5 Login; §3 "Username forms").
 *
 * What is sent: an e-mail as typed (trimmed); a phone as `+55` + national digits; a tax id as
 * `BRA` + its normalised form (CPF digits, or the 14 upper-case characters of a CNPJ).
 *
 * Decisions where the specification is silent or predates the alphanumeric CNPJ:
 * - "letters present means e-mail", except that a value made only of CNPJ characters and mask
 *   punctuation that normalises to a valid CNPJ (numeric or alphanumeric) is a tax id;
 * - a value written with the CPF mask (`000.000.000-00`) or the CNPJ mask (with `/`) is a tax id
 *   or nothing: it never falls back to a phone;
 * - a value written like a phone (`(DD) …` or `+55 …`) is a phone or nothing;
 * - bare digits that are both a valid CPF and a valid phone are sent as a tax id with
 *   `ambiguous: true`, so the view can warn.
 */
import { isValidCnpj, normalizeCnpj } from './cnpj.ts';
import { isValidCpf, normalizeCpf } from './cpf.ts';
import { isValidEmail } from './email.ts';
import { REQUIRED } from './input-keys.ts';
import { isValidLoginPhone, toE164 } from './phone.ts';

/** The result of `detectUsername`. */
export interface UsernameDetection {
  /** What the user name is; `'invalid'` when it fits no form. */
  kind: 'email' | 'taxId' | 'phone' | 'invalid';
  /** What is sent as `username`: e-mail trimmed, `'+55'` + digits, or `'BRA'` + tax id. */
  value: string;
  /** True when a valid CPF is also a valid phone (the tax id is preferred). */
  ambiguous: boolean;
}

/** Message keys of the user field of the login form. */
export const USERNAME_KEYS = {
  REQUIRED,
  INVALID: 'LOGIN.ERRORS.INVALID_USERNAME',
} as const;

const CPF_MASKED = /^\d{3}\.\d{3}\.\d{3}-\d{2}$/;
const TAX_ID_CHARS = /^[0-9A-Za-z./\-\s]+$/;
const PHONE_WRITTEN = /^(\+|\()/;

/** Detects the kind of a login user name and the form in which it is sent. */
export function detectUsername(raw: string): UsernameDetection {
  const t = raw.trim();
  const invalid: UsernameDetection = { kind: 'invalid', value: t, ambiguous: false };
  if (t === '') return invalid;

  if (t.includes('@')) return isValidEmail(t) ? { kind: 'email', value: t, ambiguous: false } : invalid;

  if (TAX_ID_CHARS.test(t)) {
    const cnpj = normalizeCnpj(t);
    if (cnpj.length === 14 && isValidCnpj(cnpj))
      return { kind: 'taxId', value: `BRA${cnpj}`, ambiguous: false };
    if (t.includes('/')) return invalid;
  }
  // Letters that are neither an e-mail nor a CNPJ: the specification reads them as an e-mail,
  // and without an `@` it is not a valid one.
  if (/\p{L}/u.test(t)) return invalid;

  if (CPF_MASKED.test(t)) {
    return isValidCpf(t) ? { kind: 'taxId', value: `BRA${normalizeCpf(t)}`, ambiguous: false } : invalid;
  }

  const phoneOk = isValidLoginPhone(t);
  if (PHONE_WRITTEN.test(t)) return phoneOk ? { kind: 'phone', value: toE164(t), ambiguous: false } : invalid;

  if (/^[\d.\-\s]+$/.test(t) && isValidCpf(t)) {
    return { kind: 'taxId', value: `BRA${normalizeCpf(t)}`, ambiguous: phoneOk };
  }
  if (phoneOk) return { kind: 'phone', value: toE164(t), ambiguous: false };
  return invalid;
}

/**
 * The user field of the login form: blank → `ERRORS.INPUTS.REQUIRED` ('Campo obrigatório');
 * a value that is no e-mail, CPF, CNPJ or mobile phone → `LOGIN.ERRORS.INVALID_USERNAME`.
 */
export function validateUsername(raw: string): string | undefined {
  if (raw.trim() === '') return USERNAME_KEYS.REQUIRED;
  return detectUsername(raw).kind === 'invalid' ? USERNAME_KEYS.INVALID : undefined;
}
