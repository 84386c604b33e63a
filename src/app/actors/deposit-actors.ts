/**
 * Composition root of the deposits area: the real actors of machines/deposits, each one operation
 * of the contract (src/api/operation.ts), and the opening of a boleto's PDF (src/api/deposits.ts)
 * in the browser.
 */
import { fromPromise } from 'xstate';
import type {
  OpenBoletoPdfInput,
  OpenBoletoPdfOutput,
} from '../../../machines/deposits/deposit-boleto.machine';
import { getBoletoPdf } from '../../api/deposits';
import { fromOperation } from '../../api/operation';
import type { FlowActors } from '../../runtime/flow-actors';

/** How long a PDF's blob URL lives (the tab has loaded it long before). */
const BLOB_URL_LIFETIME_MS = 60_000;

/**
 * Fetches the boleto's PDF with the session and opens it in a new tab. The tab is opened at once,
 * while the click's user activation lasts (the machine starts this actor in the click's `send`),
 * so no pop-up blocker stops it; when the browser refuses a tab anyway the PDF is downloaded.
 */
export const openBoletoPdf = fromPromise<OpenBoletoPdfOutput, OpenBoletoPdfInput>(
  async ({ input, signal }) => {
    const tab = window.open('', '_blank');
    try {
      const blob = await getBoletoPdf(input.idDeposit, { signal });
      const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
      window.setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        const a = document.createElement('a');
        a.href = url;
        a.download = `boleto-${input.idDeposit}.pdf`;
        a.click();
      }
      return undefined;
    } catch (err) {
      tab?.close();
      // §8: a print failure is logged (the dialog also says it in one line).
      console.error('boleto PDF', input.idDeposit, err);
      throw err;
    }
  },
);

/** Actors of machines/deposits/deposit-boleto.machine.ts. */
export const depositBoletoActors = {
  // The same externalIdentifier with the same body answers the same boleto.
  createDeposit: fromOperation('createDeposit', ({ body }) => ({ body })),
  openBoletoPdf,
} satisfies FlowActors['deposit-boleto'];

/** Actors of machines/deposits/deposit-list.machine.ts. */
export const depositListActors = {
  listDeposits: fromOperation('listDepositsPaged', ({ dataset, body }) => ({ path: { dataset }, body })),
  openBoletoPdf,
} satisfies FlowActors['deposit-list'];

/** Actors of machines/deposits/deposit-pix.machine.ts. */
export const depositPixActors = {
  // The same externalIdentifier with the same body answers the same charge.
  createDepositPix: fromOperation('createDepositPix', ({ body }) => ({ body })),
} satisfies FlowActors['deposit-pix'];

/** What the deposit pages receive through FlowActorsProvider (src/app/routes.tsx). */
export const depositFlowActors = {
  'deposit-boleto': depositBoletoActors,
  'deposit-list': depositListActors,
  'deposit-pix': depositPixActors,
} satisfies Partial<FlowActors>;
