/**
 * The receipt dialog, Comprovante (1-access-shell-statement.md §2 Receipt dialog, §3 Transaction
 * detail, §8 "Pix receipt load failure: an empty receipt with dashes and R$ 0,00 is shown").
 *
 * The Pix statement's receipt ('Comprovante de Transação PIX' with pixId, pixDate and pixKey;
 * 3-pix-part-one.md §2 Pix statement, §7 "Pix receipt by transactionId") is this machine given the
 * Pix call (getPixReceipt) by /PixExtractPage's actors: it only holds what the call answered.
 *
 * Loads the transaction detail of one statement entry. A failure never leaves a blank dialog: it
 * shows the empty receipt (dashes, R$ 0,00) with a retry. A loaded receipt can be downloaded as a
 * PDF or printed; both are actors the view provides (jspdf loaded on demand; window.print), and a
 * failed print is only logged (§8), so it lands back where it was.
 */
import { assign, setup } from 'xstate';
import { mustProvide } from '../kernel/actors.ts';
import type { components } from '../../openapi/portal';
import { type CallError, callErrorOf } from '../kernel/call-error.ts';
import { keepCallError } from '../kernel/call-error-actions.ts';

type Schemas = components['schemas'];

/** The ids that locate one transaction (GET /client/{accountHolderId}/account/{accountId}/transaction/{transactionId}). */
export interface LoadTransactionDetailInput {
  accountHolderId: string;
  accountId: string;
  transactionId: string;
}
/** The receipt's data: a transaction's detail, or the Pix receipt on the Pix statement. */
export type ReceiptDetail = Schemas['TransactionDetail'] | Schemas['PixReceipt'];
export type LoadTransactionDetailOutput = ReceiptDetail;

/** What the PDF and print actors receive: the detail shown (null for the empty receipt). */
export interface ReceiptOutputInput {
  detail: ReceiptDetail | null;
}

export type ReceiptInput = LoadTransactionDetailInput;

export interface ReceiptContext {
  ref: LoadTransactionDetailInput;
  detail: ReceiptDetail | null;
  /** Why the detail could not be loaded (the empty receipt is shown). */
  error: CallError | null;
  /** Why the last PDF download failed. */
  downloadError: CallError | null;
}

export type ReceiptEvent =
  { type: 'receipt.download' } | { type: 'receipt.print' } | { type: 'retry' } | { type: 'receipt.close' };

const SPEC_RECEIPT = '1-access-shell-statement.md §2 Receipt dialog (Comprovante)';
const SPEC_ERRORS = '1-access-shell-statement.md §8 The error catalogue';

export const receiptMachine = setup({
  types: {
    context: {} as ReceiptContext,
    events: {} as ReceiptEvent,
    input: {} as ReceiptInput,
    tags: {} as 'busy',
  },
  actors: {
    loadTransactionDetail: mustProvide<LoadTransactionDetailOutput, LoadTransactionDetailInput>(
      'loadTransactionDetail',
    ),
    /** Generates and downloads the receipt PDF (the view provides it: dynamic import of jspdf). */
    downloadPdf: mustProvide<void, ReceiptOutputInput>('downloadPdf', 'view'),
    /** Prints the receipt (the view provides it: window.print with the receipt's print stylesheet). */
    printReceipt: mustProvide<void, ReceiptOutputInput>('printReceipt', 'view'),
  },
  actions: {
    keepCallError: keepCallError(),
  },
}).createMachine({
  id: 'receipt',
  initial: 'loading',
  context: ({ input }) => ({
    ref: {
      accountHolderId: input.accountHolderId,
      accountId: input.accountId,
      transactionId: input.transactionId,
    },
    detail: null,
    error: null,
    downloadError: null,
  }),
  on: {
    'receipt.close': '.closed',
  },
  states: {
    loading: {
      meta: {
        spec: `${SPEC_RECEIPT}; §7 GET /client/{accountHolderId}/account/{accountId}/transaction/{transactionId}`,
        label: 'Carregando comprovante',
      },
      tags: ['busy'],
      invoke: {
        id: 'loadTransactionDetail',
        src: 'loadTransactionDetail',
        input: ({ context }) => context.ref,
        onDone: { target: 'shown', actions: assign({ detail: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'unavailable',
          actions: ['keepCallError', assign({ detail: null })],
        },
      },
    },
    unavailable: {
      meta: {
        spec: `${SPEC_ERRORS} (comprovante vazio com traços e R$ 0,00)`,
        label: 'Comprovante vazio (falha ao carregar)',
      },
      on: { retry: 'loading' },
    },
    shown: {
      meta: { spec: SPEC_RECEIPT, label: 'Comprovante exibido' },
      initial: 'idle',
      states: {
        idle: {
          meta: { spec: SPEC_RECEIPT, label: 'Comprovante com Baixar PDF e Imprimir' },
          on: { 'receipt.download': 'downloading', 'receipt.print': 'printing' },
        },
        downloading: {
          meta: { spec: `${SPEC_RECEIPT} (barra PDF/impressão)`, label: 'Gerando PDF do comprovante' },
          tags: ['busy'],
          entry: assign({ downloadError: null }),
          invoke: {
            id: 'downloadPdf',
            src: 'downloadPdf',
            input: ({ context }) => ({ detail: context.detail }),
            onDone: 'idle',
            onError: {
              target: 'downloadFailed',
              actions: assign({ downloadError: ({ event }) => callErrorOf(event) }),
            },
          },
        },
        downloadFailed: {
          meta: { spec: SPEC_ERRORS, label: 'Falha ao gerar o PDF' },
          on: { 'receipt.download': 'downloading', 'receipt.print': 'printing' },
        },
        printing: {
          meta: { spec: `${SPEC_RECEIPT} (barra PDF/impressão)`, label: 'Imprimindo comprovante' },
          tags: ['busy'],
          invoke: {
            id: 'printReceipt',
            src: 'printReceipt',
            input: ({ context }) => ({ detail: context.detail }),
            onDone: 'idle',
            // §8 "Print failure: logged only": the actor logs it; the receipt stays as it was.
            onError: 'idle',
          },
        },
      },
    },
    closed: {
      meta: { spec: SPEC_RECEIPT, label: 'Comprovante fechado' },
      type: 'final',
    },
  },
});
