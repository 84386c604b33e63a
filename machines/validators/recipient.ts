/**
 * The recipient's fields (2-money-movement.md §3 Recipient, §5 Name, Document, Bank transfer fields,
 * Nickname, Recipient form, §9 limits), shared by the recipient book's form and the TED and
 * company-transfer forms. Each rule returns a message key or `undefined`, like every validator here.
 */
import { EMPTY, MAX_LENGTH } from './input-keys.ts';
import {
  KEY_CHOICES,
  dictKeyTypeOf,
  toEmailKey,
  toPhoneKey,
  toTaxIdKey,
  validateEmailKeyField,
  validateEvpField,
  validatePhoneKeyField,
  type KeyChoice,
} from './pix-key.ts';
import { normalizeTaxId, taxIdKind, validateTaxId, TAX_ID_KEYS } from './tax-id.ts';

/** §9 maximum lengths of the recipient fields (characters; digits for the account fields). */
export const RECIPIENT_LIMITS = {
  name: 50,
  nickname: 50,
  branchCode: 4,
  accountNumber: 17,
  accountNumberDigit: 2,
} as const;

/** The kinds of recipient (contract `RecipientType`): TED, company account, Pix. */
export const RECIPIENT_TYPES = ['BankTransfer', 'InternalTransfer', 'Pix'] as const;
export type RecipientKind = (typeof RECIPIENT_TYPES)[number];

/** The account types a TED recipient may have (§2 Bank transfer: CC checking, POUPANCA savings). */
export const TED_ACCOUNT_TYPES = ['CC', 'POUPANCA'] as const;

/** Message keys of the recipient fields. */
export const RECIPIENT_KEYS = {
  EMPTY,
  MAX_LENGTH,
  ONLY_NUMBERS: 'ERRORS.INPUTS.ONLY_NUMBERS',
  NAME_INCOMPLETE: 'NAMEINPUT.ERRORS.INCOMPLETE',
  NICKNAME_MAX: 'RECIPIENTS.ERRORS.NICKNAME_MAX',
  BANK_UNKNOWN: 'RECIPIENTS.ERRORS.BANK_UNKNOWN',
  ACCOUNT_TYPE: 'RECIPIENTS.ERRORS.ACCOUNT_TYPE',
  TYPE: 'RECIPIENTS.ERRORS.TYPE',
  /** A Pix recipient's key type not chosen or not one of the four. */
  PIX_KEY_TYPE: 'PIX_RECIPIENTS.ERRORS.KEY_TYPE',
  CNPJ_SHORT: TAX_ID_KEYS.SHORT,
  CNPJ_INVALID: TAX_ID_KEYS.CNPJ_INVALID,
} as const;

/** Length in characters as a person counts them (code points, so an accented letter is one). */
function length(v: string): number {
  return [...v].length;
}

/**
 * Whether a document makes its holder a company: a CNPJ (numeric or alphanumeric) by its length
 * after normalisation. Decision (the spec says only "unless it is a company name" and shows no
 * company flag): a name is a company's when the document next to it is a CNPJ, since a CNPJ is
 * issued only to legal entities; with a CPF, or no document yet, the person's rule applies.
 */
export function isCompanyDocument(cpfCnpj: string | null | undefined): boolean {
  return taxIdKind(cpfCnpj ?? '') === 'CNPJ';
}

/**
 * A person's name as §5 Name asks: at least two words ("two or more letters, a space, more
 * letters"). A word is letters (any script, accents included) with an apostrophe, hyphen or period
 * inside or at its end, so D'Ávila, Ana-Maria and Jr. are words; the first word has at least two
 * letters. Digits or other signs make the name incomplete.
 */
const WORD = /^\p{L}[\p{L}\p{M}]*(?:['’.-][\p{L}\p{M}]*)*$/u;

function isFullPersonName(trimmed: string): boolean {
  const words = trimmed.split(/\s+/u);
  if (words.length < 2 || !words.every((w) => WORD.test(w))) return false;
  const first = words[0] ?? '';
  return (first.match(/\p{L}/gu) ?? []).length >= 2;
}

/**
 * §5 Name: blank (after trimming) → `ERRORS.INPUTS.EMPTY`; over 50 characters →
 * `ERRORS.INPUTS.MAX_LENGTH`; a person's name of fewer than two words of letters →
 * `NAMEINPUT.ERRORS.INCOMPLETE`. A company's name (see {@link isCompanyDocument}) needs only to be
 * present and short enough: company names carry digits, '&' and one-word brands.
 */
export function validateRecipientName(name: string, cpfCnpj?: string | null): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return RECIPIENT_KEYS.EMPTY;
  if (length(trimmed) > RECIPIENT_LIMITS.name) return RECIPIENT_KEYS.MAX_LENGTH;
  if (isCompanyDocument(cpfCnpj)) return undefined;
  return isFullPersonName(trimmed) ? undefined : RECIPIENT_KEYS.NAME_INCOMPLETE;
}

function validateDigits(v: string, max: number): string | undefined {
  if (v.trim() === '') return RECIPIENT_KEYS.EMPTY;
  if (!/^[0-9]+$/.test(v)) return RECIPIENT_KEYS.ONLY_NUMBERS;
  return v.length > max ? RECIPIENT_KEYS.MAX_LENGTH : undefined;
}

/** §5 Bank transfer fields, branch (agência): required, digits only, at most 4. */
export function validateBranch(v: string): string | undefined {
  return validateDigits(v, RECIPIENT_LIMITS.branchCode);
}

/** §5 account number: required, digits only, at most 17 (the digit is a field of its own). */
export function validateAccountNumber(v: string): string | undefined {
  return validateDigits(v, RECIPIENT_LIMITS.accountNumber);
}

/** §5 account digit: required, digits only, at most 2. */
export function validateAccountDigit(v: string): string | undefined {
  return validateDigits(v, RECIPIENT_LIMITS.accountNumberDigit);
}

/** §5 account type: required, CC or POUPANCA. */
export function validateAccountType(v: string): string | undefined {
  if (v === '') return RECIPIENT_KEYS.EMPTY;
  return (TED_ACCOUNT_TYPES as readonly string[]).includes(v) ? undefined : RECIPIENT_KEYS.ACCOUNT_TYPE;
}

/**
 * §5 Nickname: required after trimming; at most 50 characters after trimming, with the message
 * the spec gives ('Número máximo de caracteres não pode ser maior que 50').
 */
export function validateNickname(v: string): string | undefined {
  const trimmed = v.trim();
  if (trimmed === '') return RECIPIENT_KEYS.EMPTY;
  return length(trimmed) > RECIPIENT_LIMITS.nickname ? RECIPIENT_KEYS.NICKNAME_MAX : undefined;
}

/** §5 Recipient form: the type is always required and one of the three kinds. */
export function validateRecipientType(v: string): string | undefined {
  if (v === '') return RECIPIENT_KEYS.EMPTY;
  return isRecipientKind(v) ? undefined : RECIPIENT_KEYS.TYPE;
}

/** Whether `v` is one of the three recipient kinds. */
export function isRecipientKind(v: string): v is RecipientKind {
  return (RECIPIENT_TYPES as readonly string[]).includes(v);
}

/**
 * A company account recipient's document (§5 Recipient form: "a CNPJ is required"; the company
 * transfer is by CNPJ): blank → `ERRORS.INPUTS.EMPTY`; fewer than 14 characters →
 * `TAXIDINPUT.ERRORS.SHORT`; anything that is not a valid CNPJ (a CPF included) →
 * `TAXIDINPUT.ERRORS.CNPJ_INVALID`. Decision: §5 Company transfer CNPJ says SHORT only under 10
 * characters of the masked field; a careful bank also calls 10 to 13 "incomplete", which tells the
 * person what to do better than "invalid" while they are still typing.
 */
export function validateCompanyCnpj(v: string): string | undefined {
  if (v.trim() === '') return RECIPIENT_KEYS.EMPTY;
  const n = normalizeTaxId(v);
  if (!/^[0-9A-Z]*$/.test(n)) return RECIPIENT_KEYS.CNPJ_INVALID;
  if (n.length < 14) return RECIPIENT_KEYS.CNPJ_SHORT;
  if (n.length > 14) return RECIPIENT_KEYS.CNPJ_INVALID;
  return validateTaxId(n) === undefined ? undefined : RECIPIENT_KEYS.CNPJ_INVALID;
}

/**
 * The default nickname of a recipient saved from a transfer (§5 Nickname): 'name - bank', cut to
 * under 50 characters (at most 49), never ending in the separator or a space. Without a bank it is
 * the name alone, cut the same way.
 */
export function defaultNickname(name: string, bankName: string): string {
  const n = name.trim().replace(/\s+/gu, ' ');
  const b = bankName.trim().replace(/\s+/gu, ' ');
  const full = b === '' ? n : n === '' ? b : `${n} - ${b}`;
  return [...full]
    .slice(0, RECIPIENT_LIMITS.nickname - 1)
    .join('')
    .replace(/[\s-]+$/u, '');
}

/** The recipient form's values, as the form holds them (strings; '' for empty). */
export interface RecipientFormValues {
  recipientType: string;
  nickname: string;
  name: string;
  cpfCnpj: string;
  bankCode: string;
  branchCode: string;
  accountType: string;
  accountNumber: string;
  accountNumberDigit: string;
  /** A Pix recipient's key type (3-pix-part-one.md §2 Recipient book, Pix variant): a KEY_CHOICES member. */
  pixKeyType: string;
  /** A Pix recipient's key as typed (masked phone or document, any-case e-mail or EVP). */
  pixKey: string;
}

/** A field of the recipient form. */
export type RecipientField = keyof RecipientFormValues;

/** The fields each kind of recipient fills (§5 Recipient form); type and nickname are always. */
export const RECIPIENT_FIELDS: Readonly<Record<RecipientKind, readonly RecipientField[]>> = {
  BankTransfer: [
    'recipientType',
    'nickname',
    'name',
    'cpfCnpj',
    'bankCode',
    'branchCode',
    'accountType',
    'accountNumber',
    'accountNumberDigit',
  ],
  InternalTransfer: ['recipientType', 'nickname', 'cpfCnpj'],
  // 3-pix-part-one.md §2 Recipient book (Pix variant): the key with its type, and the nickname. The
  // TED spec's "Pix: only nickname" described a book that could not send to its Pix recipients.
  Pix: ['recipientType', 'nickname', 'pixKeyType', 'pixKey'],
};

/** The empty form. */
export const EMPTY_RECIPIENT_FORM: Readonly<RecipientFormValues> = Object.freeze({
  recipientType: '',
  nickname: '',
  name: '',
  cpfCnpj: '',
  bankCode: '',
  branchCode: '',
  accountType: '',
  accountNumber: '',
  accountNumberDigit: '',
  pixKeyType: '',
  pixKey: '',
});

/**
 * §4 Recipient form: switching the type clears the fields that do not apply to the new type; the
 * fields both types use are kept (a nickname survives every switch).
 */
export function switchRecipientType(values: RecipientFormValues, to: string): RecipientFormValues {
  const keep: readonly RecipientField[] = isRecipientKind(to) ? RECIPIENT_FIELDS[to] : ['nickname'];
  const next: RecipientFormValues = { ...EMPTY_RECIPIENT_FORM, recipientType: to };
  for (const field of keep) if (field !== 'recipientType') next[field] = values[field];
  return next;
}

/**
 * 3-pix-part-one.md §4 Recipient form in the Pix variant: switching the key type clears the key
 * (a phone typed under CPF is no CPF); the nickname stays.
 */
export function switchPixKeyType(values: RecipientFormValues, to: string): RecipientFormValues {
  return values.pixKeyType === to ? values : { ...values, pixKeyType: to, pixKey: '' };
}

/** Whether `v` is one of the four key types of the form (phone, CPF/CNPJ, e-mail, random key). */
export function isKeyChoice(v: string): v is KeyChoice {
  return (KEY_CHOICES as readonly string[]).includes(v);
}

/**
 * A Pix recipient's key by its type, with the key fields' own rules (machines/validators/pix-key.ts;
 * 3-pix-part-one.md §5 Phone, CPF or CNPJ, E-mail, Random key): the type required first, then the
 * key's messages (empty, short, invalid).
 */
export function validatePixRecipientKey(type: string, key: string): string | undefined {
  switch (type) {
    case 'PHONE':
      return validatePhoneKeyField(key);
    case 'TAX_ID':
      return validateTaxId(key);
    case 'EMAIL':
      return validateEmailKeyField(key);
    case 'EVP':
      return validateEvpField(key);
    default:
      return RECIPIENT_KEYS.PIX_KEY_TYPE;
  }
}

/**
 * The key as the DICT writes it, from a valid typed key: phone +55 and digits, CPF/CNPJ without
 * mask, e-mail and EVP trimmed and lower case. Null when the type is not one of the four.
 */
export function toPixKey(type: string, key: string): string | null {
  switch (type) {
    case 'PHONE':
      return toPhoneKey(key);
    case 'TAX_ID':
      return toTaxIdKey(key);
    case 'EMAIL':
      return toEmailKey(key);
    case 'EVP':
      return key.trim().toLowerCase();
    default:
      return null;
  }
}

/** The form's key type of a saved key (told by its shape, as the DICT types it); '' when none. */
export function keyChoiceOf(key: string | null | undefined): KeyChoice | '' {
  const type = key ? dictKeyTypeOf(key) : undefined;
  if (type === undefined) return '';
  return type === 'CPF' || type === 'CNPJ' ? 'TAX_ID' : type;
}
