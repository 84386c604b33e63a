/**
 * The cash-vault search form (4-pix-part-two.md §5 Vault search, §9 Vault address minimum and
 * Deposit value maximum; issue 31). One rule per field, each returning a message key or nothing;
 * the form marks a field as typed with it, the search button is enabled only when all three pass,
 * and the machine's guard asks the same (`validateVaultSearch`). The bank re-checks every rule
 * (sandbox/sim/vaults.ts).
 *
 * - radius: digits only, at most 3, above 0 (kilometres; the map draws 1000 m per unit, §9);
 * - address: letters (accents included), digits, spaces and `/ . , -` only; runs of spaces collapse
 *   to one; at least 10 characters after that (the minimum-address message), at most 255 (contract);
 * - deposit value: an amount in reais above 0 with at most 9 digits, centavos included (the field is
 *   a currency field filled from the right, so its 9 digits reach R$ 9.999.999,99; the contract's
 *   maximum says the same).
 */
import { EMPTY, MIN_VALUE } from './input-keys.ts';
import { parseBrlToCents } from './money.ts';

/** §5: the radius has at most 3 digits. */
export const RADIUS_MAX_DIGITS = 3;
/** §9: the address has at least 10 characters, once its spaces are collapsed. */
export const ADDRESS_MIN_LENGTH = 10;
/** The contract's maximum length of an address (VaultSearchRequest.address). */
export const ADDRESS_MAX_LENGTH = 255;
/** §9: the deposit value has at most 9 digits (centavos included). */
export const DEPOSIT_MAX_DIGITS = 9;
/** The largest deposit the 9 digits allow, in centavos (R$ 9.999.999,99). */
export const DEPOSIT_MAX_CENTS = 10 ** DEPOSIT_MAX_DIGITS - 1;

export const VAULT_KEYS = {
  RADIUS_DIGITS: 'VAULTS.ERRORS.RADIUS_DIGITS',
  ADDRESS_CHARACTERS: 'VAULTS.ERRORS.ADDRESS_CHARACTERS',
  ADDRESS_MIN: 'VAULTS.ERRORS.ADDRESS_MIN',
  ADDRESS_MAX: 'VAULTS.ERRORS.ADDRESS_MAX',
  DEPOSIT_DIGITS: 'VAULTS.ERRORS.DEPOSIT_DIGITS',
} as const;

const ADDRESS_CHARACTERS = /^[\p{L}\p{M}\p{N}/.,\- ]*$/u;

/** The address as it is searched: NFC, trimmed, every run of white space one space. */
export function collapseAddress(input: string): string {
  return input.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/** §5 radius: digits only, at most 3, above 0. */
export function validateRadius(input: string): string | undefined {
  const s = input.trim();
  if (s === '') return EMPTY;
  if (!/^\d+$/.test(s) || s.length > RADIUS_MAX_DIGITS) return VAULT_KEYS.RADIUS_DIGITS;
  return Number(s) > 0 ? undefined : MIN_VALUE;
}

/** §5 address: its characters, then its length once collapsed. */
export function validateVaultAddress(input: string): string | undefined {
  const s = collapseAddress(input);
  if (s === '') return EMPTY;
  if (!ADDRESS_CHARACTERS.test(s)) return VAULT_KEYS.ADDRESS_CHARACTERS;
  if (s.length < ADDRESS_MIN_LENGTH) return VAULT_KEYS.ADDRESS_MIN;
  return s.length > ADDRESS_MAX_LENGTH ? VAULT_KEYS.ADDRESS_MAX : undefined;
}

/** The deposit in centavos when it is a pt-BR amount, else undefined (its size not checked). */
export function depositCents(input: string): number | undefined {
  const cents = parseBrlToCents(input);
  return cents !== undefined && cents >= 0 ? cents : undefined;
}

/** §5 deposit value: an amount, at most 9 digits, above 0. */
export function validateDepositValue(input: string): string | undefined {
  if (input.trim() === '') return EMPTY;
  const cents = depositCents(input);
  if (cents === undefined || cents > DEPOSIT_MAX_CENTS) return VAULT_KEYS.DEPOSIT_DIGITS;
  return cents > 0 ? undefined : MIN_VALUE;
}

/** What the form holds, as typed. */
export interface VaultSearchValues {
  radius: string;
  address: string;
  depositAmount: string;
}

export type VaultSearchField = keyof VaultSearchValues;

/** The request of a valid form (radius in km, the collapsed address, the deposit in reais). */
export interface VaultSearchQuery {
  radius: number;
  address: string;
  depositAmount: number;
}

/** Each field's message key, for the fields that break a rule. */
export function vaultSearchErrors(values: VaultSearchValues): Partial<Record<VaultSearchField, string>> {
  const out: Partial<Record<VaultSearchField, string>> = {};
  const radius = validateRadius(values.radius);
  const address = validateVaultAddress(values.address);
  const deposit = validateDepositValue(values.depositAmount);
  if (radius) out.radius = radius;
  if (address) out.address = address;
  if (deposit) out.depositAmount = deposit;
  return out;
}

/** The request when all three fields are valid (§5: only then may the search run), else undefined. */
export function validateVaultSearch(values: VaultSearchValues): VaultSearchQuery | undefined {
  if (Object.keys(vaultSearchErrors(values)).length > 0) return undefined;
  const cents = depositCents(values.depositAmount) ?? 0;
  return {
    radius: Number(values.radius.trim()),
    address: collapseAddress(values.address),
    depositAmount: cents / 100,
  };
}
