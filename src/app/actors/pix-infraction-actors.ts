/**
 * Composition root of the infraction report (a row action of /PixExtractPage; 3-pix-part-one.md §2
 * Report infraction dialog, §7): the real actors of machines/pix/pix-infraction.machine.ts, each one
 * call of src/api. The page that opens the dialog spreads `pixInfractionFlowActors` into its table.
 */
import { fromPromise } from 'xstate';
import type {
  AttachInfractionFileInput,
  AttachInfractionFileOutput,
  CreateInfractionInput,
  CreateInfractionOutput,
  GetOpenInfractionInput,
  GetOpenInfractionOutput,
  GetPixReceiptInput,
  GetPixReceiptOutput,
} from '../../../machines/pix/pix-infraction.machine';
import { attachInfractionFile, createInfraction, getOpenInfraction } from '../../api/infractions';
import { getPixReceipt } from '../../api/pix-statement';
import type { FlowActors } from '../../runtime/flow-actors';

/** Actors of machines/pix/pix-infraction.machine.ts. */
export const pixInfractionActors = {
  getOpenInfraction: fromPromise<GetOpenInfractionOutput, GetOpenInfractionInput>(({ input, signal }) =>
    getOpenInfraction(input.endToEndId, { signal }),
  ),
  getPixReceipt: fromPromise<GetPixReceiptOutput, GetPixReceiptInput>(({ input, signal }) =>
    getPixReceipt(input, { signal }),
  ),
  createInfraction: fromPromise<CreateInfractionOutput, CreateInfractionInput>(({ input, signal }) =>
    createInfraction(input.accountId, input.body, { signal }),
  ),
  // The chosen file's bytes are read here, at the upload, not when it was chosen: a file of 5 MB
  // is held by the browser until it is sent.
  attachInfractionFile: fromPromise<AttachInfractionFileOutput, AttachInfractionFileInput>(
    async ({ input, signal }) => {
      const bytes = new Uint8Array(await input.file.content.arrayBuffer());
      return attachInfractionFile(
        input.infractionId,
        { name: input.file.name, type: input.file.type, bytes },
        { signal },
      );
    },
  ),
};

/** What a page that opens the infraction dialog receives through FlowActorsProvider. */
export const pixInfractionFlowActors = {
  'pix-infraction': pixInfractionActors,
} satisfies Partial<FlowActors>;
