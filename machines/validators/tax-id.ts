/**
 * Tax id (CPF or CNPJ) fields. The kind is told by length after normalisation, never by "all
 * digits", because a CNPJ may carry letters since July 2026 (shared/domain/notes.md §a, portal
 * change 5).
 */
import { refine, string } from 'superstruct';
import { isValidCnpj, normalizeCnpj } from './cnpj.ts';
import { isValidCpf } from './cpf.ts';
import { EMPTY } from './input-keys.ts';

/** Message keys of the Document field (2-money-movement.md §5 Document). */
export const TAX_ID_KEYS = {
  EMPTY,
  SHORT: 'TAXIDINPUT.ERRORS.SHORT',
  INVALID: 'TAXIDINPUT.ERRORS.INVALID',
  CPF_INVALID: 'TAXIDINPUT.ERRORS.CPF_INVALID',
  CNPJ_INVALID: 'TAXIDINPUT.ERRORS.CNPJ_INVALID',
} as const;

/** Which document a value is. */
export type TaxIdKind = 'CPF' | 'CNPJ';

/**
 * A tax id without its mask: the CNPJ normalisation (dots, slashes, hyphens and whitespace
 * removed, letters upper-cased), which for a CPF leaves its 11 digits.
 */
export function normalizeTaxId(v: string): string {
  return normalizeCnpj(v);
}

/**
 * The kind of a tax id by its length after normalisation: 11 digits → `'CPF'`, 14 characters of
 * `[0-9A-Z]` → `'CNPJ'` (alphanumeric included); anything else → `undefined`. Check digits are
 * not examined.
 */
export function taxIdKind(v: string): TaxIdKind | undefined {
  const n = normalizeTaxId(v);
  if (/^\d{11}$/.test(n)) return 'CPF';
  if (/^[0-9A-Z]{14}$/.test(n)) return 'CNPJ';
  return undefined;
}

/** Whether `v` is a valid CPF or a valid CNPJ (numeric or alphanumeric), masked or not. */
export function isValidTaxId(v: string): boolean {
  const kind = taxIdKind(v);
  if (kind === 'CPF') return isValidCpf(normalizeTaxId(v));
  if (kind === 'CNPJ') return isValidCnpj(v);
  return false;
}

/**
 * The Document field of 2-money-movement.md §5, adapted to the alphanumeric CNPJ: blank →
 * `ERRORS.INPUTS.EMPTY`; under 11 characters → `TAXIDINPUT.ERRORS.SHORT`; 11 → must be a valid
 * CPF (`TAXIDINPUT.ERRORS.CPF_INVALID`); 12 or 13, more than 14, or characters outside
 * `[0-9A-Z]` → `TAXIDINPUT.ERRORS.INVALID`; 14 → must be a valid CNPJ
 * (`TAXIDINPUT.ERRORS.CNPJ_INVALID`). Valid → `undefined`.
 */
export function validateTaxId(v: string): string | undefined {
  if (v.trim() === '') return TAX_ID_KEYS.EMPTY;
  const n = normalizeTaxId(v);
  if (!/^[0-9A-Z]*$/.test(n)) return TAX_ID_KEYS.INVALID;
  if (n.length < 11) return TAX_ID_KEYS.SHORT;
  if (n.length === 11) return isValidCpf(n) ? undefined : TAX_ID_KEYS.CPF_INVALID;
  if (n.length === 14) return isValidCnpj(n) ? undefined : TAX_ID_KEYS.CNPJ_INVALID;
  return TAX_ID_KEYS.INVALID;
}

/** superstruct: a valid CPF or CNPJ (numeric or alphanumeric), masked or not. */
export const TaxIdStruct = refine(string(), 'TaxId', (v) => isValidTaxId(v));
