/**
 * CPF (Cadastro de Pessoas Físicas): 11 digits, mask `000.000.000-00`.
 *
 * Check digits come from `@brazilian-utils/brazilian-utils` (`isValidCpf`), which agrees with
 * every CPF vector of shared/domain/vectors.json (including `15503516030`, which a benchmark of
 * that same library labels valid but whose check digits are 52: the validator itself rejects it).
 * This wrapper adds the portal's input rules: only digits and mask punctuation are accepted, so
 * a CPF with a stray letter is not silently "cleaned" into a valid one.
 */
import { isValidCpf as libIsValidCpf } from '@brazilian-utils/brazilian-utils/is-valid-cpf';
import { refine, string } from 'superstruct';

/** Characters a user may type around the 11 digits of a CPF. */
const CPF_INPUT = /^[\d.\-\s]*$/;

/**
 * The digits of a CPF, masked or not (`'529.982.247-25'` → `'52998224725'`).
 * Every non-digit is dropped; the result is not checked.
 */
export function normalizeCpf(v: string): string {
  return v.replace(/\D/g, '');
}

/**
 * Whether `v` is a CPF with valid check digits, masked (`529.982.247-25`) or bare.
 * Rejects anything but digits, dots, hyphens and spaces; lengths other than 11 digits; the
 * eleven sequences of one repeated digit (they pass the arithmetic but are never issued); and
 * wrong check digits.
 */
export function isValidCpf(v: string): boolean {
  if (!CPF_INPUT.test(v)) return false;
  const digits = normalizeCpf(v);
  if (digits.length !== 11) return false;
  if (/^(\d)\1{10}$/.test(digits)) return false;
  return libIsValidCpf(digits);
}

/** superstruct: a string that `isValidCpf` accepts. */
export const CpfStruct = refine(string(), 'Cpf', (v) => isValidCpf(v));
