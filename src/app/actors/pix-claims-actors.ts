/**
 * Composition root of the key claims (/PortabilityPage; 4-pix-part-two.md §7 Portability and
 * claims, §6 CheckLogin; issue 30): each call one operation; the device flag is getMe's, as the Pix
 * hub reads it.
 */
import { fromPromise } from 'xstate';
import { callOperation, fromOperation } from '../../api/operation';
import type { FlowActors } from '../../runtime/flow-actors';

/** Actors of machines/pix/pix-claims.machine.ts. */
export const pixClaimsActors = {
  listClaims: fromOperation('listClaims', () => ({})),
  // An answer without the flag says nothing against the device: validated (as the Pix hub).
  getDeviceStatus: fromPromise(async ({ signal }) => {
    const me = await callOperation('getMe', {}, { signal });
    return { validated: me.deviceValidated !== false };
  }),
  createPortabilityClaim: fromOperation('createPortabilityClaim', ({ body }) => ({ body })),
  createOwnershipClaim: fromOperation('createOwnershipClaim', ({ body }) => ({
    body: { ...body, type: 'OWNERSHIP' as const, key_type: 'PHONE' as const },
  })),
  cancelClaim: fromOperation('cancelClaim', ({ idClaims }) => ({ path: { idClaims } })),
  checkLogin: fromOperation('checkLogin', (body) => ({ body })),
  decideClaim: fromOperation('decideClaim', ({ body }) => ({ body })),
  completeClaim: fromOperation('completeClaim', ({ idClaims }) => ({ path: { idClaims } })),
} satisfies FlowActors['pix-claims'];

/** What /PortabilityPage receives through FlowActorsProvider. */
export const pixClaimsFlowActors = {
  'pix-claims': pixClaimsActors,
} satisfies Partial<FlowActors>;
