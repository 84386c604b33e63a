import type { components } from '../../openapi/portal.d.ts';
import { apiError, ok, type Reply } from '../http/replies.ts';
import { wholeCents } from '../sim/money.ts';
import { findVaults, VAULT_ERRORS, vaultSearchProblems } from '../sim/vaults.ts';
import type { Handlers, OperationInput } from './types.ts';

type Schemas = components['schemas'];

/**
 * Cash vaults (issue 31; 4-pix-part-two.md §2 Cash-vault search, §5, §7, §8 Vaults; contract
 * searchVaults). A request breaking a rule of §5 is refused whole (422 VAULT 121, each rule in
 * `messages`); an address the gazetteer cannot place is 422 VAULT 120; otherwise the vaults within
 * the radius that can take the deposit, possibly none (sim/vaults.ts). A read: nothing is written.
 */
/** 422 with a VAULT code of sim/vaults.ts. */
function refuse(name: keyof typeof VAULT_ERRORS, messages?: string[]): Reply {
  const e = VAULT_ERRORS[name];
  return apiError(422, e.code, e.group, e.description, messages);
}

function searchVaults(input: OperationInput<'searchVaults'>): Reply {
  const problems = vaultSearchProblems(input.body);
  if (problems.length > 0) return refuse('invalidSearch', problems);
  const found = findVaults(input.body.address, input.body.radius, wholeCents(input.body.depositAmount) ?? 0);
  if (!found) return refuse('addressNotPlaced');
  return ok<Schemas['VaultSearchResult']>(found);
}

export const vaultHandlers = {
  searchVaults,
} satisfies Handlers;
