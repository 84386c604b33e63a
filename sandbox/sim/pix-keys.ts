/**
 * The sandbox DICT's rules for Pix keys, in one place so the portal's validators can be checked
 * against them (an agreement test in tests/agreement/ compares both). Pure functions, no database.
 *
 * Formats (domain notes §c, DICT; 3-pix-part-one.md §3, §5):
 * - CPF: 11 digits with valid check digits, not one repeated digit (never issued);
 * - CNPJ: 14 characters, `[0-9A-Z]{12}` then 2 check digits (alphanumeric CNPJ, IN RFB 2.229/2024:
 *   each character counts as its code minus 48), not all zeros;
 * - phone: E.164 `+55`, a DDD in use (ANATEL), 9, then 8 digits: a Brazilian mobile;
 * - e-mail: lower case, at most 77 characters, one `@`, a dotted domain;
 * - EVP: a lower-case UUID (36 characters), made by DICT.
 *
 * Agreement with the portal (machines/validators/pix-key.ts on the `pix` branch): every key the
 * portal accepts, the bank accepts. The bank is wider only for e-mails whose local part uses DICT's
 * rarer characters (such as `!`, `#`, `%`, `{` or `~`), which the portal's e-mail check refuses;
 * that is the safe direction (the bank never refuses what the portal sends).
 */

export type DictKeyType = 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';
export type AliasType = 'PHONE' | 'TAX_ID' | 'EMAIL' | 'EVP';
export type PixKeyStatus =
  | 'ACTIVE'
  | 'INACTIVE'
  | 'CLEARING_REGISTRATION_PENDING'
  | 'IDENTITY_VALIDATION_PENDING'
  | 'PENDING_DELETION'
  | 'DELETED';

/**
 * Keys per account (domain notes §c: the DICT rule in force, which wins over the spec's 19):
 * 5 for an individual, 20 for a company. Every key not removed counts, whatever its status.
 */
export const KEY_LIMITS = { PERSON: 5, CORPORATE: 20 } as const;

export function keyLimitOf(personType: 'PERSON' | 'CORPORATE'): number {
  return KEY_LIMITS[personType];
}

/** Longest e-mail key (DICT). */
export const EMAIL_KEY_MAX_LENGTH = 77;

/**
 * Area codes (DDD) in use, ANATEL numbering plan (domain notes §f, copied 2026-11-24): 67 codes.
 */
export const AREA_CODES: ReadonlySet<string> = new Set(
  [
    '11-19',
    '21',
    '22',
    '24',
    '27',
    '28',
    '31-35',
    '37',
    '38',
    '41-49',
    '51',
    '53-55',
    '61-69',
    '71',
    '73-75',
    '77',
    '79',
    '81-89',
    '91-99',
  ].flatMap((range) => {
    const [from, to = from] = range.split('-').map(Number) as [number, number?];
    return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
  }),
);

function cpfDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (digits.length + 1 - i);
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

export function isValidCpf(v: string): boolean {
  if (!/^[0-9]{11}$/.test(v) || /^(\d)\1{10}$/.test(v)) return false;
  const d1 = cpfDigit(v.slice(0, 9));
  const d2 = cpfDigit(v.slice(0, 9) + d1);
  return v.endsWith(`${d1}${d2}`);
}

const CNPJ_W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

function cnpjDigit(chars: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < chars.length; i++) sum += (chars.charCodeAt(i) - 48) * (weights[i] ?? 0);
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

export function isValidCnpj(v: string): boolean {
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(v) || v === '00000000000000') return false;
  const d1 = cnpjDigit(v.slice(0, 12), CNPJ_W1);
  const d2 = cnpjDigit(v.slice(0, 12) + d1, CNPJ_W2);
  return v.endsWith(`${d1}${d2}`);
}

/** `+55`, a DDD in use, 9 and 8 digits. */
export function isValidPhoneKey(v: string): boolean {
  const m = /^\+55([1-9][0-9])9[0-9]{8}$/.exec(v);
  return m !== null && AREA_CODES.has(m[1] ?? '');
}

const EMAIL_LOCAL = /^[a-z0-9.!#$%'*+/=?^_`{|}~-]+$/;
const EMAIL_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Lower case, at most 77 characters, exactly one `@`, a local part of DICT's characters (no `&`
 * since DICT API 2.6.0), and a domain of at least two labels (3-pix-part-one.md §5: a dot in the
 * domain). Upper case is refused, not folded: the key is what the customer registers.
 */
export function isValidEmailKey(v: string): boolean {
  if (v.length > EMAIL_KEY_MAX_LENGTH) return false;
  const parts = v.split('@');
  if (parts.length !== 2) return false;
  const [local, domain] = parts as [string, string];
  if (!EMAIL_LOCAL.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..'))
    return false;
  const labels = domain.split('.');
  return labels.length >= 2 && labels.every((l) => EMAIL_LABEL.test(l));
}

/** A lower-case UUID, 8-4-4-4-12 hex digits (DICT makes v4; any version is a well-formed key). */
export function isValidEvp(v: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v);
}

/** Whether `key` is a well-formed key of `type`. */
export function isValidKey(type: DictKeyType, key: string): boolean {
  switch (type) {
    case 'CPF':
      return isValidCpf(key);
    case 'CNPJ':
      return isValidCnpj(key);
    case 'PHONE':
      return isValidPhoneKey(key);
    case 'EMAIL':
      return isValidEmailKey(key);
    case 'EVP':
      return isValidEvp(key);
  }
}

/**
 * The type of a well-formed key, or undefined: the forms do not overlap (11 digits, 14 characters
 * ending in digits, a leading `+`, an `@`, a UUID), so a key has at most one type.
 */
export function keyTypeOf(key: string): DictKeyType | undefined {
  const types: readonly DictKeyType[] = ['CPF', 'CNPJ', 'PHONE', 'EMAIL', 'EVP'];
  return types.find((t) => isValidKey(t, key));
}

/** The own-key (alias) type of a DICT key type. */
export function aliasTypeOf(type: DictKeyType): AliasType {
  return type === 'CPF' || type === 'CNPJ' ? 'TAX_ID' : type;
}

/**
 * Whether the customer may remove a key (3-pix-part-one.md §4: ACTIVE, IDENTITY_VALIDATION_PENDING,
 * or an EVP key). An EVP in any open status but PENDING_DELETION: its removal is already under way.
 */
export function isDeletable(type: DictKeyType, status: PixKeyStatus): boolean {
  if (status === 'DELETED' || status === 'PENDING_DELETION') return false;
  return status === 'ACTIVE' || status === 'IDENTITY_VALIDATION_PENDING' || type === 'EVP';
}

/**
 * A CPF as DICT shows it to a payer: only the 4th to 9th digits, `***.456.789-**`. A CNPJ is shown
 * in full (a company's registration is public).
 */
export function maskOwnerTaxId(taxId: string): string {
  if (taxId.length === 11) return `***.${taxId.slice(3, 6)}.${taxId.slice(6, 9)}-**`;
  return taxId;
}

/** Ownership codes of phone and e-mail keys: as the bank's other codes. */
export const KEY_CODE_TTL_MS = 10 * 60_000;
export const KEY_CODE_MAX_ATTEMPTS = 5;
/** Codes one account may have sent in {@link KEY_CODE_SEND_WINDOW_MS}. */
export const KEY_CODE_MAX_SENDS = 5;
export const KEY_CODE_SEND_WINDOW_MS = 60 * 60_000;

/**
 * Lookups (GetLink) per holder and hour, against scraping the names and documents behind keys, as
 * DICT limits them per user; the ones that find nothing are limited harder (a scraper guesses).
 */
export const LOOKUPS_PER_HOUR = 100;
export const MISSED_LOOKUPS_PER_HOUR = 20;
