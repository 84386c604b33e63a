/**
 * Composition root of the cash-vault search (/DepositVault; 4-pix-part-two.md §2, §7; issue 31):
 * the one call of the contract, searchVaults.
 */
import type { FlowActors } from '../../runtime/flow-actors';
import { fromOperation } from '../../api/operation';

/** Actors of machines/pix/deposit-vault.machine.ts. */
export const depositVaultActors = {
  searchVaults: fromOperation('searchVaults', ({ body }) => ({ body })),
} satisfies FlowActors['deposit-vault'];

/** What /DepositVault receives through FlowActorsProvider: its own table, so the page loads nothing else. */
export const depositVaultFlowActors = {
  'deposit-vault': depositVaultActors,
} satisfies Partial<FlowActors>;
