/**
 * Composition root of the Pix limits (/PixLimits; 4-pix-part-two.md §2, §7; issue 28): the three
 * limit operations, each one call of the contract.
 */
import type { FlowActors } from '../../runtime/flow-actors';
import { fromOperation } from '../../api/operation';

/** Actors of machines/pix/pix-limits.machine.ts. */
export const pixLimitsActors = {
  getPixLimits: fromOperation('getPixLimits', ({ accountId }) => ({ path: { accountId } })),
  requestPixLimitAdjustment: fromOperation('requestPixLimitAdjustment', ({ accountId, body }) => ({
    path: { accountId },
    body,
  })),
  setPixNightWindow: fromOperation('setPixNightWindow', ({ accountId, body }) => ({
    path: { accountId },
    body,
  })),
} satisfies FlowActors['pix-limits'];

/** What /PixLimits receives through FlowActorsProvider: its own table, so the page loads nothing else. */
export const pixLimitsFlowActors = {
  'pix-limits': pixLimitsActors,
} satisfies Partial<FlowActors>;
