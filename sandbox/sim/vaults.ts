import type { components } from '../../openapi/portal.d.ts';
import { distanceKm, placeAddress } from './gazetteer.ts';
import { wholeCents } from './money.ts';
import { VAULTS } from './vault-registry.ts';

type Schemas = components['schemas'];

/**
 * The vault search of the bank (issue 31; 4-pix-part-two.md §2 Cash-vault search, §5 Vault search,
 * §7 POST /Vaults/vaults-by-filter, §8 Vaults, §9; contract searchVaults). The bank checks every
 * rule of the form again, on its own (the portal's are machines/validators/vault-search.ts):
 * - radius: a whole number of km from 1 to 999 (digits only, at most 3, above 0);
 * - address: letters (accents included), digits, spaces and `/ . , -` only; runs of white space
 *   collapse to one; at least 10 characters after that;
 * - depositAmount: whole centavos above 0, at most 9 digits of them (R$ 9.999.999,99).
 * The address is placed on the offline gazetteer (sim/gazetteer.ts); the answer lists the vaults
 * (sim/vault-registry.ts) within the radius (great-circle distance from that point) whose available limit takes the
 * deposit, nearest first.
 */

/**
 * The refusals of the vault search (group VAULT), kept here rather than in http/replies.ts's
 * ERROR_CODES as the password codes are in routes/password.ts; sandbox/error-catalogue.test.ts
 * checks both languages have their texts. The portal shows 120 as §8's 'Nenhum cofre encontrado...'.
 */
export const VAULT_ERRORS = {
  addressNotPlaced: {
    code: 120,
    group: 'VAULT',
    description: 'Endereço não localizado: confira a rua, o número e a cidade.',
  },
  invalidSearch: {
    code: 121,
    group: 'VAULT',
    description: 'Dados da busca inválidos: confira o raio, o endereço e o valor do depósito.',
  },
} as const;

export const RADIUS_MAX_KM = 999;
export const ADDRESS_MIN_LENGTH = 10;
export const DEPOSIT_MAX_CENTS = 999_999_999;

const ADDRESS_CHARACTERS = /^[\p{L}\p{M}\p{N}/.,\- ]+$/u;

/** The address as the bank searches it: NFC, trimmed, each run of white space one space. */
export function collapseAddress(address: string): string {
  return address.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/** Every rule of §5 the request breaks, as `field: rule` lines (empty when it keeps them all). */
export function vaultSearchProblems(body: Schemas['VaultSearchRequest']): string[] {
  const out: string[] = [];
  if (!Number.isInteger(body.radius) || body.radius < 1 || body.radius > RADIUS_MAX_KM)
    out.push('radius: a whole number of km from 1 to 999');
  const address = collapseAddress(body.address);
  if (!ADDRESS_CHARACTERS.test(address)) out.push('address: letters, digits, spaces and / . , - only');
  else if (address.length < ADDRESS_MIN_LENGTH)
    out.push('address: at least 10 characters once its spaces are collapsed');
  const cents = wholeCents(body.depositAmount);
  if (cents === undefined || cents > DEPOSIT_MAX_CENTS)
    out.push('depositAmount: whole centavos above 0, at most 9 digits (R$ 9.999.999,99)');
  return out;
}

/**
 * The vaults that can take `depositCents` within `radiusKm` of the place of `address`, nearest
 * first; undefined when the address cannot be placed.
 */
export function findVaults(
  address: string,
  radiusKm: number,
  depositCents: number,
): Schemas['VaultSearchResult'] | undefined {
  const collapsed = collapseAddress(address);
  const place = placeAddress(collapsed);
  if (!place) return undefined;
  const near = VAULTS.filter((v) => v.availableLimitCents >= depositCents)
    .map((v) => ({ v, km: distanceKm(place, v) }))
    .filter(({ km }) => km <= radiusKm)
    .sort((a, b) => a.km - b.km || a.v.serialNumber.localeCompare(b.v.serialNumber));
  return {
    vaults: near.map(({ v }) => ({
      serialNumber: v.serialNumber,
      address: v.address,
      latitude: v.latitude,
      longitude: v.longitude,
      availableLimit: v.availableLimitCents / 100,
    })),
    userAddress: { address: collapsed, latitude: place.latitude, longitude: place.longitude },
    radius: radiusKm,
  };
}
