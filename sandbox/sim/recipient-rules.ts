import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import { bankByCode } from './banks.ts';
import { keyTypeOf } from './pix-keys.ts';

/**
 * The bank's own check of the rules of 2-money-movement.md §5 (recipient form, bank transfer
 * fields, documents, names), independent of the portal's validators: each broken rule is one
 * `field: reason` message of a 422 TRANSFER 54.
 */

export type FieldProblem = `${string}: ${string}`;

/** CPF (11 digits) or CNPJ (14 characters, alphanumeric CNPJ accepted), unformatted. */
export function validTaxId(taxId: string): boolean {
  if (/^[0-9]{11}$/.test(taxId)) return isValidCpf(taxId);
  if (/^[0-9A-Z]{14}$/.test(taxId)) return isValidCnpj(taxId, { version: 2 });
  return false;
}

export function validCnpj(taxId: string): boolean {
  return /^[0-9A-Z]{14}$/.test(taxId) && isValidCnpj(taxId, { version: 2 });
}

/** A CNPJ as typed (12.ABC.345/01DE-35) to its 14 characters; undefined when it cannot be one. */
export function normalizeCnpj(typed: string): string | undefined {
  const bare = typed.replace(/[.\-/\s]/g, '').toUpperCase();
  return /^[0-9A-Z]{14}$/.test(bare) ? bare : undefined;
}

/**
 * §5 Name: present, at most 50 characters (§3, and the TED form's field), and a person's name is
 * at least two words ("two or more letters, a space, more letters") unless it is a company's; the
 * document tells which (a CNPJ is a company). A word is letters, accents included, joined by an
 * apostrophe, hyphen or period (D'Ávila, Ana-Maria, Jr.); the first word has two letters or more.
 * Digits or other signs in a person's name break the rule. Company names need only be present:
 * they carry digits, '&' and one-word brands.
 */
const NAME_MAX = 50;
const NAME_WORD = /^\p{L}[\p{L}\p{M}]*(?:['’.-][\p{L}\p{M}]*)*$/u;

export function nameProblems(
  field: string,
  name: string | null | undefined,
  taxId: string | null | undefined,
): FieldProblem[] {
  const trimmed = (name ?? '').trim();
  if (trimmed === '') return [`${field}: required`];
  if ([...trimmed].length > NAME_MAX) return [`${field}: at most ${NAME_MAX} characters`];
  const company = (taxId ?? '').length === 14;
  if (company) return [];
  const words = trimmed.split(/\s+/u);
  const letters = (words[0] ?? '').match(/\p{L}/gu)?.length ?? 0;
  if (words.length < 2 || !words.every((w) => NAME_WORD.test(w)) || letters < 2) {
    return [`${field}: must be at least two words`];
  }
  return [];
}

export function taxIdProblems(field: string, taxId: string | null | undefined): FieldProblem[] {
  if (!taxId) return [`${field}: required`];
  return validTaxId(taxId) ? [] : [`${field}: not a valid CPF or CNPJ`];
}

/** Bank on the list, branch ≤ 4 digits, account ≤ 17 digits, digit ≤ 2 digits (§5, §9). */
export function bankAccountProblems(fields: {
  bankCode: [string, string | null | undefined];
  branch: [string, string | null | undefined];
  account: [string, string | null | undefined];
  digit: [string, string | null | undefined];
}): FieldProblem[] {
  const out: FieldProblem[] = [];
  const [bankField, bank] = fields.bankCode;
  if (!bank) out.push(`${bankField}: required`);
  else if (!/^[0-9]{3}$/.test(bank) || !bankByCode(bank)) out.push(`${bankField}: not a bank on the list`);
  const digits = (entry: [string, string | null | undefined], max: number) => {
    const [field, value] = entry;
    if (!value) out.push(`${field}: required`);
    else if (!new RegExp(`^[0-9]{1,${max}}$`).test(value)) out.push(`${field}: at most ${max} digits`);
  };
  digits(fields.branch, 4);
  digits(fields.account, 17);
  digits(fields.digit, 2);
  return out;
}

/** §5 Nickname: required, trimmed, at most 50 characters. */
export function nicknameProblems(nickname: string | null | undefined): FieldProblem[] {
  const trimmed = (nickname ?? '').trim();
  if (trimmed === '') return ['nickname: required'];
  if ([...trimmed].length > 50) return ['nickname: at most 50 characters'];
  return [];
}

/**
 * A Pix recipient's key (3-pix-part-one.md §2 Recipient book (Pix variant), §3 Recipient): required,
 * and a key as the DICT writes it (CPF 11 digits, CNPJ 14 `[0-9A-Z]`, phone +55 and a mobile, e-mail
 * in lower case up to 77, EVP a lower-case UUID). Whether the key is registered is the send flow's
 * lookup, at the time of paying: a saved key may be removed from DICT any day.
 */
export function pixKeyProblems(field: string, key: string | null | undefined): FieldProblem[] {
  if (!key) return [`${field}: required`];
  return keyTypeOf(key) ? [] : [`${field}: not a Pix key (CPF, CNPJ, +55 phone, lower-case e-mail or EVP)`];
}
