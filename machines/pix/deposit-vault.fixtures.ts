/**
 * Catalog entry of the cash-vault search (/DepositVault; 4-pix-part-two.md §2 Cash-vault search,
 * §3, §5 Vault search, §7, §8 Vaults, §9; issue 31). The outputs are the sandbox's answers for the
 * same requests (sandbox/db/seed-vaults.ts, sandbox/sim/gazetteer.ts).
 */
import { signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { apiErrorLike, internalError, networkError } from '../fixtures/api-errors.ts';
import {
  ADDRESS_NOT_PLACED_CODE,
  depositVaultMachine,
  type DepositVaultContext,
  type DepositVaultEvent,
  type VaultSearchResult,
} from './deposit-vault.machine.ts';

const ev = (e: DepositVaultEvent): DepositVaultEvent => e;

/** Avenida Paulista, 2 km, R$ 1.000,00: the two vaults of Paulista and Augusta. */
export const PAULISTA_VAULTS: VaultSearchResult = {
  vaults: [
    {
      serialNumber: 'CFR-SP-0001',
      address: 'Avenida Paulista, 1842 - Bela Vista, São Paulo - SP',
      latitude: -23.5629,
      longitude: -46.6545,
      availableLimit: 250_000,
    },
    {
      serialNumber: 'CFR-SP-0002',
      address: 'Rua Augusta, 1508 - Consolação, São Paulo - SP',
      latitude: -23.5571,
      longitude: -46.6589,
      availableLimit: 40_000,
    },
  ],
  userAddress: {
    address: 'Avenida Paulista, 1578 - Bela Vista, São Paulo - SP',
    latitude: -23.5614,
    longitude: -46.6558,
  },
  radius: 2,
};

export const depositVaultFlow = defineFlow({
  id: 'deposit-vault',
  title: 'Cofres para depósito',
  route: '/DepositVault',
  entrySteps: signedInSteps('/DepositVault'),
  spec: [
    '4-pix-part-two.md §2 Screens and routes (Cash-vault search)',
    '4-pix-part-two.md §3 Entities and their fields (Vault search request)',
    '4-pix-part-two.md §5 Validation rules (Vault search)',
    '4-pix-part-two.md §7 The calls it makes (POST /Vaults/vaults-by-filter)',
    '4-pix-part-two.md §8 Error catalogue (Vaults)',
    '4-pix-part-two.md §9 Business constants and limits (zoom do mapa, círculo do raio, endereço mínimo, valor do depósito)',
  ],
  machine: depositVaultMachine,
  events: [
    {
      event: ev({
        type: 'search.submit',
        radius: '2',
        address: 'Avenida Paulista, 1578 - Bela Vista, São Paulo - SP',
        depositAmount: '1.000,00',
      }),
      label: 'Busca cofres num raio de 2 km da Avenida Paulista, 1578, para depositar R$ 1.000,00',
    },
    {
      event: ev({ type: 'search.submit', radius: '0', address: 'R. Sé, 1', depositAmount: '0,00' }),
      label: 'Informa raio 0, um endereço com menos de 10 caracteres e valor zero (Buscar fica desabilitado)',
      valid: false,
    },
    { event: ev({ type: 'search.again' }), label: 'Clica em Nova busca' },
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
  ],
  outcomes: [
    {
      actor: 'searchVaults',
      kind: 'done',
      output: PAULISTA_VAULTS,
      key: 'vaultsFound',
      label: 'API devolve dois cofres no raio, com o endereço localizado',
    },
    {
      actor: 'searchVaults',
      kind: 'done',
      output: { ...PAULISTA_VAULTS, vaults: [] },
      key: 'noneWithRoom',
      label: 'API não encontra cofre no raio com limite para o depósito (lista vazia)',
    },
    {
      actor: 'searchVaults',
      kind: 'error',
      error: apiErrorLike({
        status: 422,
        code: ADDRESS_NOT_PLACED_CODE,
        group: 'VAULT',
        messageKey: 'ERRORS.VAULT.120',
        serverMessage: 'Endereço não localizado: confira a rua, o número e a cidade.',
        operation: 'searchVaults',
      }),
      key: 'addressNotPlaced',
      label: 'API não localiza o endereço (422 VAULT 120)',
    },
    {
      actor: 'searchVaults',
      kind: 'error',
      error: internalError('searchVaults'),
      key: 'searchServerError',
      label: 'API responde 500 na busca',
    },
    {
      actor: 'searchVaults',
      kind: 'error',
      error: networkError('searchVaults'),
      key: 'searchOffline',
      label: 'Sem conexão na busca',
    },
  ],
  contextKey: (c: DepositVaultContext) => ({
    found: c.result === null ? null : c.result.vaults.length,
    fields: Object.keys(c.fieldErrors).sort().join(),
    error: c.error?.messageKey ?? null,
  }),
  operations: { searchVaults: 'searchVaults' },
});
