/**
 * Cash-vault search (/DepositVault; 4-pix-part-two.md §2 Cash-vault search, §3 Vault search
 * request, §5 Vault search, §7 POST /Vaults/vaults-by-filter, §8 Vaults, §9 Vault map zoom, Radius
 * circle, Vault address minimum, Deposit value maximum; issue 31).
 *
 * - `editing` (step 1): radius, address and deposit value with the rules of §5
 *   (machines/validators/vault-search.ts); the view enables 'Buscar' only when all three pass, and
 *   the guard asks the same, so a refused submit only marks the fields.
 * - `searching` posts the collapsed address, the radius in km and the deposit in reais.
 * - `showing` (step 2): the map with the vaults, the user's address and the circle of 1000 m per
 *   unit of radius; 'Nova busca' goes back to step 1 with the values kept.
 * - `notFound`: §8's 'Nenhum cofre encontrado. Endereço incorreto/incompleto ou valor de depósito
 *   acima do disponível.', for an empty list (no vault near enough, or none with room for the
 *   deposit) and for an address the bank cannot place (422 VAULT 120); step 1 stays to correct it.
 * - `failed`: §8's 'Erro na busca, tente novamente...' for any other failure, with "Tentar
 *   novamente" (the same request) or a new search from the form.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { hasErrorCode, hasStatus, thrownBy, type CallError } from '../kernel/call-error.ts';
import { clearCallError, keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput } from '../kernel/events.ts';
import {
  validateVaultSearch,
  vaultSearchErrors,
  type VaultSearchField,
  type VaultSearchValues,
} from '../validators/vault-search.ts';

type Schemas = components['schemas'];

/** POST /Vaults/vaults-by-filter. */
export interface SearchVaultsInput {
  body: Schemas['VaultSearchRequest'];
}
export type VaultSearchResult = Schemas['VaultSearchResult'];

/** §9: the map opens at zoom 14 on the user's address. */
export const VAULT_MAP_ZOOM = 14;
/** §9: the circle is 1000 m per unit of radius. */
export const METRES_PER_RADIUS_UNIT = 1000;
/** The bank's code for an address it cannot place (contract searchVaults, 422 VAULT 120). */
export const ADDRESS_NOT_PLACED_CODE = 120;

export interface DepositVaultContext {
  /** The form as last submitted (kept for step 1 after a search and for "Nova busca"). */
  values: VaultSearchValues;
  /** The request being searched (kept for "Tentar novamente"). */
  request: Schemas['VaultSearchRequest'] | null;
  result: VaultSearchResult | null;
  /** §5's message key of each field a refused submit broke. */
  fieldErrors: Partial<Record<VaultSearchField, string>>;
  error: CallError | null;
}

export type DepositVaultEvent =
  ({ type: 'search.submit' } & VaultSearchValues) | { type: 'search.again' } | { type: 'retry' };

type Tag = 'busy';

const SPEC_FORM = '4-pix-part-two.md §2 Cash-vault search (step 1), §5 Vault search, §9';
const SPEC_CALL = '4-pix-part-two.md §7 POST /Vaults/vaults-by-filter, §3 Vault search request';
const SPEC_MAP = '4-pix-part-two.md §2 Cash-vault search (step 2), §9 Vault map zoom, Radius circle';
const SPEC_NONE = "4-pix-part-two.md §8 Vaults ('Nenhum cofre encontrado...')";
const SPEC_FAILED = "4-pix-part-two.md §8 Vaults ('Erro na busca, tente novamente...')";

const EMPTY_VALUES: VaultSearchValues = { radius: '', address: '', depositAmount: '' };

const valuesOf = (e: VaultSearchValues): VaultSearchValues => ({
  radius: e.radius,
  address: e.address,
  depositAmount: e.depositAmount,
});

/**
 * Step 1's submit, taken wherever the form is shown (not while searching: the form is read-only
 * then, so a second submit cannot happen): a valid form searches; an invalid one marks its fields.
 */
const SUBMIT = [
  { guard: 'isValidSearch', target: '#deposit-vault.searching', actions: ['keepRequest', 'clearCallError'] },
  { target: '#deposit-vault.editing', actions: 'markFields' },
] as const;

export const depositVaultMachine = setup({
  types: {
    context: {} as DepositVaultContext,
    events: {} as DepositVaultEvent,
    tags: {} as Tag,
  },
  actors: {
    searchVaults: mustProvide<VaultSearchResult, SearchVaultsInput>('searchVaults'),
  },
  guards: {
    /** §5: the search runs only when the three fields are valid. */
    isValidSearch: ({ event }) => {
      assertEvent(event, 'search.submit');
      return validateVaultSearch(event) !== undefined;
    },
    /** §8: no vault within the radius can take the deposit. */
    isNoneFound: ({ event }) => doneOutput<VaultSearchResult>(event).vaults.length === 0,
    /** §8: the bank could not place the address (422 VAULT 120), 'Endereço incorreto/incompleto'. */
    isAddressNotPlaced: ({ event }) =>
      hasStatus(thrownBy(event), 422) && hasErrorCode(thrownBy(event), ADDRESS_NOT_PLACED_CODE),
  },
  actions: {
    keepRequest: assign(({ event }) => {
      assertEvent(event, 'search.submit');
      return { values: valuesOf(event), request: validateVaultSearch(event) ?? null, fieldErrors: {} };
    }),
    markFields: assign(({ event }) => {
      assertEvent(event, 'search.submit');
      return { values: valuesOf(event), fieldErrors: vaultSearchErrors(event) };
    }),
    keepResult: assign({ result: ({ event }) => doneOutput<VaultSearchResult>(event), error: null }),
    dropResult: assign({ result: null }),
    keepCallError: keepCallError(),
    clearCallError: clearCallError(),
  },
}).createMachine({
  id: 'deposit-vault',
  initial: 'editing',
  context: { values: EMPTY_VALUES, request: null, result: null, fieldErrors: {}, error: null },
  states: {
    editing: {
      meta: { spec: SPEC_FORM, label: 'Raio, endereço e valor do depósito' },
      on: { 'search.submit': SUBMIT },
    },
    searching: {
      description: 'POST /Vaults/vaults-by-filter',
      meta: { spec: SPEC_CALL, label: 'Buscando cofres' },
      tags: ['busy'],
      invoke: {
        id: 'searchVaults',
        src: 'searchVaults',
        input: ({ context }) => ({
          body: context.request ?? { radius: 1, address: '', depositAmount: 0 },
        }),
        onDone: [
          { guard: 'isNoneFound', target: 'notFound', actions: 'dropResult' },
          { target: 'showing', actions: 'keepResult' },
        ],
        onError: [
          { guard: 'isAddressNotPlaced', target: 'notFound', actions: ['dropResult', 'clearCallError'] },
          { target: 'failed', actions: ['dropResult', 'keepCallError'] },
        ],
      },
    },
    showing: {
      meta: { spec: SPEC_MAP, label: 'Mapa com os cofres, o endereço e o raio' },
      on: { 'search.again': { target: 'editing', actions: 'dropResult' } },
    },
    notFound: {
      meta: { spec: SPEC_NONE, label: 'Nenhum cofre encontrado' },
      on: { 'search.submit': SUBMIT },
    },
    failed: {
      meta: { spec: SPEC_FAILED, label: 'Erro na busca (tentar novamente)' },
      on: { 'search.submit': SUBMIT, retry: 'searching' },
    },
  },
});
