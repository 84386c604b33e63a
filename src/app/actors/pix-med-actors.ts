/**
 * Composition root of the MED list (/PixMEDPage; 4-pix-part-two.md §2 Infractions, §7; issue 31):
 * the list, the Pix behind an infraction, the cancel and the Pix statement of the report window
 * (the self-service contest's choices), each one call. The contest's report dialog is the
 * part-one infraction flow, whose actors the page gets through its `with` (src/app/flows.ts).
 */
import { fromOperation } from '../../api/operation';
import type { FlowActors } from '../../runtime/flow-actors';

/** Actors of machines/pix/pix-med.machine.ts. */
export const pixMedActors = {
  listInfractions: fromOperation('listInfractions', ({ accountId }) => ({ path: { accountId } })),
  getTransaction: fromOperation('getPixTransactionByEndToEndId', ({ accountId, endToEndId }) => ({
    path: { accountId, endToEndId },
  })),
  cancelInfraction: fromOperation('cancelInfraction', ({ idInfraction }) => ({ path: { idInfraction } })),
  listContestable: fromOperation('getPixStatement', ({ accountId, start, ending }) => ({
    path: { accountId },
    query: { start, ending },
  })),
} satisfies FlowActors['pix-med'];

/** What /PixMEDPage receives through FlowActorsProvider. */
export const pixMedFlowActors = {
  'pix-med': pixMedActors,
} satisfies Partial<FlowActors>;
