/**
 * CNPJ (Cadastro Nacional da Pessoa Jurídica), numeric and alphanumeric.
 *
 * Since July 2026 (IN RFB nº 2.229/2024, art. 3-A/3-B) positions 1–12 may be `0-9A-Z` and the
 * two check digits stay numeric; each character counts as its ASCII code minus 48, modulus 11,
 * weights 5..2,9..2 (DV1) and 6..2,9..2 (DV2). `isValidCnpj(_, { version: 2 })` of
 * `@brazilian-utils/brazilian-utils` implements this and agrees with every vector of
 * shared/domain/vectors.json, numeric and alphanumeric.
 *
 * Library quirk fixed here: under `version: 2` the library has no reserved-value list, so a base
 * of one repeated character with matching check digits (`AAAAAAAAAAAA45`, `11111111111180`) is
 * accepted. The portal rejects any CNPJ whose 12-character base is one repeated character, and
 * the all-zero `00000000000000`, the way it rejects repeated CPFs.
 */
import { isValidCnpj as libIsValidCnpj } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';
import { refine, string } from 'superstruct';
import { EMPTY } from './input-keys.ts';

/** The shape of a normalised CNPJ: 12 characters `[0-9A-Z]`, then 2 numeric check digits. */
export const CNPJ_PATTERN = /^[0-9A-Z]{12}[0-9]{2}$/;

/**
 * A CNPJ without its mask: dots, slashes, hyphens and whitespace removed, letters upper-cased
 * (`'12.abc.345/01de-35'` → `'12ABC34501DE35'`). Other characters are kept, so that
 * `isValidCnpj` can reject them.
 */
export function normalizeCnpj(v: string): string {
  return v.replace(/[./\-\s]/g, '').toUpperCase();
}

/**
 * Whether `v` is a valid CNPJ, numeric (`11.222.333/0001-81`) or alphanumeric
 * (`12.ABC.345/01DE-35`), masked or not, in any letter case. Rejects a base of one repeated
 * character and wrong check digits.
 */
export function isValidCnpj(v: string): boolean {
  const n = normalizeCnpj(v);
  if (!CNPJ_PATTERN.test(n)) return false;
  if (/^(.)\1{11}/.test(n)) return false;
  return libIsValidCnpj(n, { version: 2 });
}

/** Message keys of the company-transfer CNPJ field (2-money-movement.md §5 Company transfer CNPJ). */
export const COMPANY_CNPJ_KEYS = {
  EMPTY,
  SHORT: 'TAXIDINPUT.ERRORS.SHORT',
  INVALID: 'TAXIDINPUT.ERRORS.CNPJ_INVALID',
} as const;

/** Maximum length of the masked company-transfer CNPJ field (`SS.SSS.SSS/SSSS-NN`). */
export const COMPANY_CNPJ_MAX_LENGTH = 18;

/**
 * The company-transfer CNPJ field (2-money-movement.md §5): empty → `ERRORS.INPUTS.EMPTY`;
 * under 10 characters (after removing the mask) → `TAXIDINPUT.ERRORS.SHORT`; longer than 18
 * typed characters or not a valid CNPJ → `TAXIDINPUT.ERRORS.CNPJ_INVALID`. Letters are accepted
 * (alphanumeric CNPJ).
 */
export function validateCompanyCnpj(v: string): string | undefined {
  if (v.trim() === '') return COMPANY_CNPJ_KEYS.EMPTY;
  if (normalizeCnpj(v).length < 10) return COMPANY_CNPJ_KEYS.SHORT;
  if (v.trim().length > COMPANY_CNPJ_MAX_LENGTH || !isValidCnpj(v)) return COMPANY_CNPJ_KEYS.INVALID;
  return undefined;
}

/** superstruct: a string that `isValidCnpj` accepts (numeric or alphanumeric). */
export const CnpjStruct = refine(string(), 'Cnpj', (v) => isValidCnpj(v));
