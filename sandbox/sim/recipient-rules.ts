import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import { bankByCode } from './banks.ts';

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
 * §5 Name: at least two words (two or more letters, a space, more letters) unless a company's
 * name; the document tells which (a CNPJ is a company).
 */
export function nameProblems(
  field: string,
  name: string | null | undefined,
  taxId: string | null | undefined,
): FieldProblem[] {
  const trimmed = (name ?? '').trim();
  if (trimmed === '') return [`${field}: required`];
  const company = (taxId ?? '').length === 14;
  if (!company && !/\p{L}{2,}\s+\p{L}+/u.test(trimmed)) return [`${field}: must be at least two words`];
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
