/**
 * CEP (Código de Endereçamento Postal): 8 digits, shown `NNNNN-NNN` (1-access-shell-statement.md
 * §5 Address form: postal code max 9, formatted 5-3 digits).
 */
import { refine, string } from 'superstruct';
import { EMPTY } from './input-keys.ts';

/** Maximum length of the masked CEP field. */
export const CEP_MAX_LENGTH = 9;

/** Message keys of the CEP field. */
export const CEP_KEYS = {
  EMPTY,
  INVALID: 'ADDRESS.ERRORS.POSTAL_CODE',
} as const;

/** The digits of a CEP (`'01310-100'` → `'01310100'`). */
export function normalizeCep(v: string): string {
  return v.replace(/\D/g, '');
}

/**
 * Whether `v` is a CEP: only digits, an optional hyphen/dot and spaces, 8 digits, and not below
 * 01000-000, the lowest CEP the Correios assign (so `00000-000` is rejected, which
 * `@brazilian-utils`' `isValidCep` accepts).
 */
export function isValidCep(v: string): boolean {
  if (!/^[\d.\-\s]*$/.test(v)) return false;
  const digits = normalizeCep(v);
  return /^\d{8}$/.test(digits) && digits >= '01000000';
}

/**
 * The postal-code field: blank → `ERRORS.INPUTS.EMPTY`; longer than 9 typed characters or not a
 * CEP → `ADDRESS.ERRORS.POSTAL_CODE`.
 */
export function validateCep(v: string): string | undefined {
  const t = v.trim();
  if (t === '') return CEP_KEYS.EMPTY;
  if (t.length > CEP_MAX_LENGTH || !isValidCep(t)) return CEP_KEYS.INVALID;
  return undefined;
}

/** superstruct: a string that `isValidCep` accepts. */
export const CepStruct = refine(string(), 'Cep', (v) => isValidCep(v));
