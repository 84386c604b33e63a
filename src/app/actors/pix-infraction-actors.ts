/**
 * Composition root of the infraction report (a row action of /PixExtractPage; 3-pix-part-one.md §2
 * Report infraction dialog, §7): the real actors of machines/pix/pix-infraction.machine.ts, each one
 * operation of the contract (src/api/operation.ts; the file upload, a multipart body, through
 * src/api/infractions.ts). The page that opens the dialog spreads `pixInfractionFlowActors` into
 * its table.
 */
import { fromPromise } from 'xstate';
import { attachInfractionFile } from '../../api/infractions';
import { fromOperation } from '../../api/operation';
import type { FlowActors } from '../../runtime/flow-actors';

/** Actors of machines/pix/pix-infraction.machine.ts. */
export const pixInfractionActors = {
  // The OPEN infraction of a payment, or null.
  getOpenInfraction: fromOperation('getOpenInfraction', ({ endToEndId }) => ({
    path: { pixId: endToEndId },
  })),
  getPixReceipt: fromOperation('getPixReceipt', ({ accountId, transactionId }) => ({
    path: { accountId, transactionId },
  })),
  // A repeated externalIdentifier gets the first answer.
  createInfraction: fromOperation('createInfraction', ({ accountId, body }) => ({
    path: { accountId },
    body,
  })),
  // The chosen file's bytes are read here, at the upload, not when it was chosen: a file of 5 MB
  // is held by the browser until it is sent.
  attachInfractionFile: fromPromise(async ({ input, signal }) => {
    const bytes = new Uint8Array(await input.file.content.arrayBuffer());
    return attachInfractionFile(
      input.infractionId,
      { name: input.file.name, type: input.file.type, bytes },
      { signal },
    );
  }),
} satisfies FlowActors['pix-infraction'];

/** What a page that opens the infraction dialog receives through FlowActorsProvider. */
export const pixInfractionFlowActors = {
  'pix-infraction': pixInfractionActors,
} satisfies Partial<FlowActors>;
