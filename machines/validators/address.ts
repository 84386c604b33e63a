/**
 * The address form (1-access-shell-statement.md §5 Address form, §9 field maximum lengths).
 * Field names follow the portal's form; the API names are noted on each.
 */
import { getStates } from '@brazilian-utils/brazilian-utils/get-states';
import { validateCep } from './cep.ts';
import { EMPTY, MAX_LENGTH } from './input-keys.ts';

/** One Brazilian state (UF): two-letter code and name. */
export interface BrazilianState {
  code: string;
  name: string;
}

/**
 * The 27 federative units (26 states and the Distrito Federal), sorted by name in pt-BR
 * collation, from `@brazilian-utils`' `getStates`.
 */
export const BRAZILIAN_STATES: ReadonlyArray<BrazilianState> = Object.freeze(
  getStates().map(({ code, name }) => Object.freeze({ code, name })),
);

/** Whether `code` is one of the 27 UF codes (exact, upper case). */
export function isBrazilianState(code: string): boolean {
  return BRAZILIAN_STATES.some((s) => s.code === code);
}

/** The address form values. */
export interface AddressInput {
  /** Logradouro (API `addressOne`), max 50. */
  street: string;
  /** Número (API `number`), max 5. */
  number: string;
  /** Complemento (API `addressTwo`), optional, not validated by the specification. */
  complement?: string;
  /** Bairro (API `neighborhood`), max 50. */
  neighborhood: string;
  /** CEP (API `postalCode`), max 9 masked (`NNNNN-NNN`). */
  postalCode: string;
  /** Cidade (API `city`), max 50. */
  city: string;
  /** Estado (API `state`): a UF code. */
  state: string;
}

/** A required field of the address form. */
export type AddressField = 'street' | 'number' | 'neighborhood' | 'postalCode' | 'city' | 'state';

/** Maximum lengths (1-access §9). */
export const ADDRESS_MAX_LENGTHS = {
  street: 50,
  number: 5,
  neighborhood: 50,
  postalCode: 9,
  city: 50,
} as const;

/** Message keys of the address form. */
export const ADDRESS_KEYS = {
  EMPTY,
  MAX_LENGTH,
  POSTAL_CODE: 'ADDRESS.ERRORS.POSTAL_CODE',
  STATE: 'ADDRESS.ERRORS.STATE',
} as const;

/**
 * Validates the address form: every required field blank after trimming →
 * `ERRORS.INPUTS.EMPTY`; longer than its maximum (trimmed) → `ERRORS.INPUTS.MAX_LENGTH`; a CEP
 * that is not 8 digits (5-3) → `ADDRESS.ERRORS.POSTAL_CODE`; a state that is not one of the 27
 * UFs → `ADDRESS.ERRORS.STATE`. Save is allowed when the result is empty.
 */
export function validateAddress(a: AddressInput): Partial<Record<AddressField, string>> {
  const errors: Partial<Record<AddressField, string>> = {};
  for (const field of ['street', 'number', 'neighborhood', 'city'] as const) {
    const v = a[field].trim();
    if (v === '') errors[field] = ADDRESS_KEYS.EMPTY;
    else if ([...v].length > ADDRESS_MAX_LENGTHS[field]) errors[field] = ADDRESS_KEYS.MAX_LENGTH;
  }
  const cep = validateCep(a.postalCode);
  if (cep !== undefined) errors.postalCode = cep;
  const state = a.state.trim();
  if (state === '') errors.state = ADDRESS_KEYS.EMPTY;
  else if (!isBrazilianState(state.toUpperCase())) errors.state = ADDRESS_KEYS.STATE;
  return errors;
}
