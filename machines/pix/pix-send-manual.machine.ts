/**
 * Pix by manual bank data (/PixManual; 3-pix-part-one.md §2 Send by manual data, §3 account types,
 * §4 Payment result and Polling, §5 Manual, Amount, Description, §7 GET /instant-payments/BRA/psps
 * and the manual payment, §8, §9; issue 16).
 *
 * The wizard of up to 8 steps: 1 same ownership? → 2 name → 3 document → 4 institution (the
 * participants of listPsps, sorted by name; the view searches them) → 5 account type → 6 agency →
 * 7 account and digit → 8 amount and description (`editing`, with the balance and its date). Yes on
 * step 1 skips to step 4 with the holder's own name and tax id as the recipient; Back from step 4
 * returns to step 1 then, to step 3 otherwise. Every step keeps what was typed, so Back and Next
 * lose nothing.
 *
 * Next on step 8 builds the withdraw (pix-send-rules.ts: the pacs.008 with local instrument MANU,
 * no key) and fixes the attempt's externalIdentifier, message id and end-to-end id; then the
 * movement's shared states (movement-states.ts: confirmation, security code, submission, unknown
 * result with `retry` on the same id) and the shared settling states (pix-settling-states.ts:
 * pix-settlement polls every 1 s up to 42 s; the result dialog: receipt, rejection with its reason,
 * or not finished; close → /Statement). A refusal that moved nothing returns to step 8 with its
 * reason and the values kept. The machine never navigates: its final output says where to go.
 *
 * Its shapes are pix-send-manual-shapes.ts, the request it sends pix-send-manual-request.ts, its
 * guards and actions (the setup its states are drawn from) pix-send-manual-setup.ts.
 */
import { assign } from 'xstate';
import type { components } from '../../openapi/portal';
import { finalOutput } from '../kernel/events.ts';
import { confirmingState, securedMovementStates, withdrawMovement } from '../transfers/movement-states.ts';
import { SPEC_ERRORS } from '../transfers/transfer-rules.ts';
import { PIX_SEND_SPEC } from './pix-send-rules.ts';
import { pixSettlingStates, withCorrection } from './pix-settling-states.ts';
import {
  EMPTY_MANUAL_DATA,
  type PixSendManualContext,
  type PixSendManualOutput,
} from './pix-send-manual-shapes.ts';
import { buildManualRequest, sortInstitutions } from './pix-send-manual-request.ts';
import { pixSendManualSetup } from './pix-send-manual-setup.ts';

export * from './pix-send-manual-shapes.ts';
export * from './pix-send-manual-request.ts';

type Schemas = components['schemas'];

const SPEC_WIZARD = PIX_SEND_SPEC.manual;
const SPEC_STEP = (n: number, what: string) => `${SPEC_WIZARD} step ${n} (${what}); §5 Manual`;
const SPEC_PSPS = '3-pix-part-one.md §7 GET /instant-payments/BRA/psps (sorted by name)';
const SPEC_CALL = '3-pix-part-one.md §7 Manual payment: POST /account/{id}/withdraw, local instrument MANU';

const SETTLING = pixSettlingStates({ cadence: 'slow', closeTarget: 'pix-send-manual.closed' });

export const pixSendManualMachine = pixSendManualSetup.createMachine({
  id: 'pix-send-manual',
  initial: 'ownership',
  context: ({ input }) => ({
    accountId: input.accountId,
    holder: input.holder,
    ownIspb: input.ownIspb,
    phoneNumber: input.phoneNumber ?? null,
    newId: input.newId,
    now: input.now,
    data: { ...EMPTY_MANUAL_DATA },
    institutions: null,
    request: null,
    signature: null,
    externalIdentifier: null,
    confirmationToken: null,
    securityReason: 'first',
    endToEndId: null,
    transactionId: null,
    settlement: null,
    error: null,
  }),
  states: {
    ownership: {
      description: 'Passo 1: a conta de destino é de mesma titularidade? (sim / não)',
      meta: { spec: SPEC_STEP(1, 'same ownership?'), label: 'Passo 1: mesma titularidade?' },
      on: {
        'ownership.choose': [
          {
            guard: 'choosesSameOwnership',
            target: 'institution',
            actions: assign({
              data: ({ context }) => ({ ...context.data, sameOwnership: true, name: '', document: '' }),
            }),
          },
          {
            target: 'recipientName',
            actions: assign({ data: ({ context }) => ({ ...context.data, sameOwnership: false }) }),
          },
        ],
      },
    },
    recipientName: {
      description: 'Passo 2 (só para não): nome do favorecido, ao menos 7 caracteres',
      meta: { spec: SPEC_STEP(2, 'recipient name, only for no'), label: 'Passo 2: nome do favorecido' },
      on: {
        'name.submit': {
          guard: 'isValidName',
          target: 'recipientDocument',
          actions: assign({ data: ({ context, event }) => ({ ...context.data, name: event.name }) }),
        },
        'step.back': 'ownership',
      },
    },
    recipientDocument: {
      description: 'Passo 3 (só para não): CPF ou CNPJ do favorecido',
      meta: { spec: SPEC_STEP(3, 'document, only for no'), label: 'Passo 3: CPF ou CNPJ' },
      on: {
        'document.submit': {
          guard: 'isValidDocument',
          target: 'institution',
          actions: assign({ data: ({ context, event }) => ({ ...context.data, document: event.document }) }),
        },
        'step.back': 'recipientName',
      },
    },
    institution: {
      description: 'Passo 4: instituição, escolhida na lista pesquisável (Nenhum valor encontrado)',
      meta: { spec: SPEC_STEP(4, 'institution, searchable list'), label: 'Passo 4: instituição' },
      initial: 'entering',
      on: {
        // §2: Back from step 4 with yes returns to step 1.
        'step.back': [{ guard: 'isSameOwnership', target: 'ownership' }, { target: 'recipientDocument' }],
      },
      states: {
        entering: {
          meta: { spec: SPEC_PSPS, label: 'Lista já carregada?' },
          always: [{ guard: 'hasInstitutions', target: 'choosing' }, { target: 'loading' }],
        },
        loading: {
          description: 'GET /instant-payments/BRA/psps',
          meta: { spec: SPEC_PSPS, label: 'Carregando as instituições' },
          tags: ['busy'],
          invoke: {
            id: 'listPsps',
            src: 'listPsps',
            input: () => ({}),
            onDone: {
              target: 'choosing',
              actions: assign({
                institutions: ({ event }) => sortInstitutions(event.output.psps),
                error: null,
              }),
            },
            onError: { target: 'loadFailed', actions: 'keepCallError' },
          },
        },
        loadFailed: {
          description: 'describeApiError(error) and Tentar novamente',
          meta: { spec: `${SPEC_PSPS}; ${PIX_SEND_SPEC.errors}`, label: 'Falha ao carregar as instituições' },
          on: { retry: 'loading' },
        },
        choosing: {
          meta: { spec: SPEC_STEP(4, 'institution'), label: 'Escolhendo a instituição' },
          on: {
            'institution.choose': {
              guard: 'isListedInstitution',
              target: '#pix-send-manual.accountType',
              actions: assign({ data: ({ context, event }) => ({ ...context.data, ispb: event.ispb }) }),
            },
          },
        },
      },
    },
    accountType: {
      description: 'Passo 5: tipo de conta (CC, POUPANCA, SALARIO)',
      meta: { spec: SPEC_STEP(5, 'account type'), label: 'Passo 5: tipo de conta' },
      on: {
        'accountType.choose': {
          guard: 'isValidAccountType',
          target: 'agency',
          actions: assign({
            data: ({ context, event }) => ({ ...context.data, accountType: event.accountType }),
          }),
        },
        'step.back': 'institution',
      },
    },
    agency: {
      description: 'Passo 6: agência, 2 a 4 dígitos',
      meta: { spec: SPEC_STEP(6, 'agency'), label: 'Passo 6: agência' },
      on: {
        'agency.submit': {
          guard: 'isValidAgency',
          target: 'account',
          actions: assign({ data: ({ context, event }) => ({ ...context.data, agency: event.agency }) }),
        },
        'step.back': 'accountType',
      },
    },
    account: {
      description: 'Passo 7: conta (2 a 17 dígitos) e dígito (1 a 2)',
      meta: { spec: SPEC_STEP(7, 'account number and digit'), label: 'Passo 7: conta e dígito' },
      on: {
        'account.submit': {
          guard: 'isValidAccount',
          target: 'editing',
          actions: assign({
            data: ({ context, event }) => ({ ...context.data, account: event.account, digit: event.digit }),
          }),
        },
        'step.back': 'agency',
      },
    },
    editing: {
      description:
        'Passo 8: saldo com a data, valor (até 13 caracteres, maior que zero) e descrição (até 140)',
      meta: { spec: SPEC_STEP(8, 'balance, amount and description'), label: 'Passo 8: valor e descrição' },
      initial: 'idle',
      on: {
        'amount.submit': {
          guard: 'isValidAmount',
          target: 'confirming',
          actions: assign(({ context, event }) => {
            const data = { ...context.data, amount: event.amount, description: event.description };
            const externalIdentifier = context.externalIdentifier ?? context.newId();
            const request = buildManualRequest({ ...context, data }, externalIdentifier);
            return {
              data,
              externalIdentifier,
              request,
              signature: request.withdraw.STransactionId ?? null,
              securityReason: 'first' as const,
              error: null,
            };
          }),
        },
        'step.back': 'account',
      },
      states: {
        idle: { meta: { spec: SPEC_STEP(8, 'amount'), label: 'Preenchendo valor e descrição' } },
        insufficientBalance: {
          description: 'ERRORS.API.16: nothing moved; the values stay',
          meta: { spec: `${SPEC_ERRORS} (ERRORS.API.16)`, label: 'Saldo insuficiente' },
        },
        failed: {
          description: 'describeApiError(error) (limits PIXSEND 81–83, fields, participant): nothing moved',
          meta: {
            spec: `${PIX_SEND_SPEC.errors}; ${PIX_SEND_SPEC.limits}`,
            label: 'Pix recusado pelo banco',
          },
        },
        notSent: {
          description: 'PIX.PIX_MANUAL.ERROR: the bank answered success=false; nothing was sent',
          meta: { spec: `${PIX_SEND_SPEC.errors} (PIX.PIX_MANUAL.ERROR)`, label: 'Pix não enviado' },
        },
      },
    },
    confirming: {
      ...confirmingState(),
      description:
        'Confirmação: favorecido, documento mascarado, banco, tipo de conta, agência, conta, dígito, total e descrição',
      meta: { spec: `${SPEC_WIZARD} (confirmation dialog)`, label: 'Confirmação do Pix' },
    },
    ...securedMovementStates({
      call: 'createPixWithdrawal',
      submittingLabel: 'Enviando o Pix',
      submittingSpec: SPEC_CALL,
      submittingDescription:
        'POST /account/{accountId}/withdraw (pacs.008 MANU) with S-Transaction and S-Confirmation',
      callInput: ({ context }: { context: PixSendManualContext }) => ({
        accountId: context.accountId,
        body: context.request as Schemas['WithdrawRequest'],
        transactionSignature: context.signature ?? '',
        confirmationToken: context.confirmationToken ?? '',
      }),
      movement: ({ context }: { context: PixSendManualContext }) =>
        withdrawMovement(context.request as Schemas['WithdrawRequest']),
      onDone: [
        { guard: 'isNotSent', target: 'editing.notSent', actions: 'dropAttempt' },
        { target: 'settling', actions: 'keepPayment' },
      ],
    }),
    settling: SETTLING.settling,
    // AC03 and the like point at the account (step 7, whence Back reaches the agency, type,
    // institution and document); a time-out or an amount at step 8, to send again.
    result: withCorrection(SETTLING.result, {
      recipient: 'pix-send-manual.account',
      payment: 'pix-send-manual.editing',
    }),
    closed: {
      type: 'final',
      output: () => ({ to: '/Statement' as const }),
      meta: { spec: `${PIX_SEND_SPEC.result}: close → /Statement`, label: 'Sai para o extrato' },
    },
  },
  output: finalOutput<PixSendManualOutput>,
});
