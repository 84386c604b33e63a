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
 */
import { assertEvent, assign, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { type CallError, thrownBy } from '../kernel/call-error.ts';
import { keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput, finalOutput } from '../kernel/events.ts';
import type { IdGenerator } from '../kernel/ids.ts';
import { centsToDecimal, parseBrlToCents } from '../validators/money.ts';
import {
  PIX_ACCOUNT_TYPE_OF,
  manualAccountErrors,
  manualAmountErrors,
  manualDocumentDigits,
  validateManualAccount,
  validateManualAccountType,
  validateManualAgency,
  validateManualDigit,
  validateManualDocument,
  validateManualInstitution,
  validateManualName,
  type ManualAccountValues,
  type PixManualAccountType,
} from '../validators/pix-manual.ts';
import {
  confirmingState,
  droppedAttempt,
  securedMovementStates,
  withdrawMovement,
} from '../transfers/movement-states.ts';
import {
  securityCodeMachine,
  type SecurityCodeOutput,
  type SecurityCodeReason,
} from '../transfers/security-code.machine.ts';
import {
  SPEC_ERRORS,
  isConfirmationRefused,
  isInsufficientBalance,
  isRefusedWithoutMoving,
} from '../transfers/transfer-rules.ts';
import type {
  ListPspsInput,
  ListPspsOutput,
  PixWithdrawalInput,
  PixWithdrawalOutput,
} from './pix-send-calls.ts';
import { buildPixWithdrawRequest, paymentIds, PIX_SEND_SPEC } from './pix-send-rules.ts';
import { pixSettlementMachine, type PixSettlementOutput } from './pix-settlement.machine.ts';
import {
  pixCorrectionGuards,
  pixSettlingGuards,
  pixSettlingStates,
  settlementOf,
  withCorrection,
} from './pix-settling-states.ts';

type Schemas = components['schemas'];

/** A participant as the institution step lists it. */
export type PixInstitution = Schemas['Institution'];

/** The signed-in holder: the debtor of the pacs.008 and the recipient of a same-ownership send. */
export interface PixManualHolder {
  name: string;
  /** CPF or CNPJ, digits (and a CNPJ's letters) without a mask. */
  taxId: string;
  branch: string;
  accountNumber: string;
}

export interface PixSendManualInput {
  accountId: string;
  holder: PixManualHolder;
  /** This bank's ISPB (config serviceProviderId): the debtor agent and the ids' institution. */
  ownIspb: string;
  /** The holder's mobile phone, sent as `phoneNumber` (§7). */
  phoneNumber?: string;
  /** Makes the attempt's externalIdentifier, from which its message and end-to-end ids come. */
  newId: IdGenerator;
  /** The clock of the end-to-end id's minute (given, so that the machine stays deterministic). */
  now: () => Date;
}

/** What the wizard has collected; '' while a step was not reached. */
export interface PixManualData extends ManualAccountValues {
  sameOwnership: boolean | null;
  name: string;
  document: string;
  amount: string;
  description: string;
}

export interface PixSendManualContext {
  accountId: string;
  holder: PixManualHolder;
  ownIspb: string;
  phoneNumber: string | null;
  newId: IdGenerator;
  now: () => Date;
  data: PixManualData;
  /** listPsps sorted by name (pt-BR collation); null until loaded. */
  institutions: PixInstitution[] | null;
  request: Schemas['WithdrawRequest'] | null;
  signature: string | null;
  externalIdentifier: string | null;
  confirmationToken: string | null;
  securityReason: SecurityCodeReason;
  /** The end-to-end id of the payment the bank accepted (polled by pix-settlement). */
  endToEndId: string | null;
  transactionId: string | null;
  settlement: PixSettlementOutput | null;
  error: CallError | null;
}

export type PixSendManualEvent =
  | { type: 'ownership.choose'; same: boolean }
  | { type: 'name.submit'; name: string }
  | { type: 'document.submit'; document: string }
  | { type: 'institution.choose'; ispb: string }
  | { type: 'accountType.choose'; accountType: string }
  | { type: 'agency.submit'; agency: string }
  | { type: 'account.submit'; account: string; digit: string }
  | { type: 'amount.submit'; amount: string; description: string }
  | { type: 'step.back' }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  | { type: 'totp.cancel' }
  | { type: 'retry' }
  | { type: 'result.close' }
  /** After a rejection: back to the step its reason points at, everything typed kept (issue 32). */
  | { type: 'result.correct' };

export type PixSendManualTag = 'busy' | 'dialog';

/** Where the view goes when the flow ends (the machine never navigates). */
export interface PixSendManualOutput {
  to: '/Statement';
}

export const EMPTY_MANUAL_DATA: Readonly<PixManualData> = Object.freeze({
  sameOwnership: null,
  name: '',
  document: '',
  ispb: '',
  accountType: '',
  agency: '',
  account: '',
  digit: '',
  amount: '',
  description: '',
});

const SPEC_WIZARD = PIX_SEND_SPEC.manual;
const SPEC_STEP = (n: number, what: string) => `${SPEC_WIZARD} step ${n} (${what}); §5 Manual`;
const SPEC_PSPS = '3-pix-part-one.md §7 GET /instant-payments/BRA/psps (sorted by name)';
const SPEC_CALL = '3-pix-part-one.md §7 Manual payment: POST /account/{id}/withdraw, local instrument MANU';

/** The participants sorted by name as a Brazilian reader sorts them (accents and case ignored). */
export function sortInstitutions(list: readonly PixInstitution[]): PixInstitution[] {
  const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });
  return [...list].sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));
}

/** The institution's name, for the pacs.008's recipient and the confirmation. */
export const institutionName = (list: readonly PixInstitution[] | null, ispb: string): string =>
  list?.find((p) => p.id === ispb)?.name ?? ispb;

/** The recipient of the payment: the typed one, or the holder when the account is their own. */
export function recipientOf(c: Pick<PixSendManualContext, 'data' | 'holder'>): {
  name: string;
  taxId: string;
} {
  return c.data.sameOwnership
    ? { name: c.holder.name, taxId: c.holder.taxId }
    : { name: c.data.name.trim().replace(/\s+/gu, ' '), taxId: manualDocumentDigits(c.data.document) };
}

/**
 * The createWithdrawal body of a manual Pix (§7 "same shape as by key with a manual local
 * instrument and recipient bank details"): the account number of the pacs.008 is the account
 * followed by its digit (the SPI identifies an account by its whole number, as the DICT stores it).
 */
export function buildManualRequest(
  c: PixSendManualContext,
  externalIdentifier: string,
): Schemas['WithdrawRequest'] {
  const ids = paymentIds(c.ownIspb, c.now(), externalIdentifier);
  const recipient = recipientOf(c);
  const description = c.data.description.trim();
  return buildPixWithdrawRequest({
    ...ids,
    at: c.now(),
    amount: centsToDecimal(parseBrlToCents(c.data.amount) ?? 0),
    localInstrument: 'MANU',
    debtor: {
      name: c.holder.name,
      taxId: c.holder.taxId,
      ispb: c.ownIspb,
      branch: c.holder.branch,
      accountNumber: c.holder.accountNumber,
      accountType: 'CACC',
    },
    creditor: {
      ...recipient,
      ispb: c.data.ispb,
      branch: c.data.agency,
      accountNumber: `${c.data.account}${c.data.digit}`,
      accountType: PIX_ACCOUNT_TYPE_OF[c.data.accountType as PixManualAccountType],
    },
    ...(description ? { remittanceInformation: description } : {}),
    sourceAccountId: c.accountId,
    externalIdentifier,
    institutionName: institutionName(c.institutions, c.data.ispb),
    ...(c.phoneNumber ? { phoneNumber: c.phoneNumber } : {}),
  });
}

const SETTLING = pixSettlingStates({ cadence: 'slow', closeTarget: 'pix-send-manual.closed' });

export const pixSendManualMachine = setup({
  types: {
    context: {} as PixSendManualContext,
    events: {} as PixSendManualEvent,
    input: {} as PixSendManualInput,
    output: {} as PixSendManualOutput,
    tags: {} as PixSendManualTag,
  },
  actors: {
    listPsps: mustProvide<ListPspsOutput, ListPspsInput>('listPsps'),
    createPixWithdrawal: mustProvide<PixWithdrawalOutput, PixWithdrawalInput>('createPixWithdrawal'),
    securityCode: securityCodeMachine,
    pixSettlement: pixSettlementMachine,
  },
  guards: {
    /** Step 1 answered yes. */
    choosesSameOwnership: ({ event }) => {
      assertEvent(event, 'ownership.choose');
      return event.same;
    },
    /** Step 1 was yes: the account is the holder's own. */
    isSameOwnership: ({ context }) => context.data.sameOwnership === true,
    /** §5: name at least 7 characters. */
    isValidName: ({ event }) => {
      assertEvent(event, 'name.submit');
      return validateManualName(event.name) === undefined;
    },
    /** §5: 11 or 14 characters, a valid CPF or CNPJ. */
    isValidDocument: ({ event }) => {
      assertEvent(event, 'document.submit');
      return validateManualDocument(event.document) === undefined;
    },
    /** The participants were already listed (Back and Next do not ask again). */
    hasInstitutions: ({ context }) => context.institutions !== null,
    /** §5: institution required, one of the listed participants. */
    isListedInstitution: ({ context, event }) => {
      assertEvent(event, 'institution.choose');
      return validateManualInstitution(event.ispb, context.institutions ?? []) === undefined;
    },
    /** §5: CC, POUPANCA or SALARIO. */
    isValidAccountType: ({ event }) => {
      assertEvent(event, 'accountType.choose');
      return validateManualAccountType(event.accountType) === undefined;
    },
    /** §5: agency digits only, 2 to 4. */
    isValidAgency: ({ event }) => {
      assertEvent(event, 'agency.submit');
      return validateManualAgency(event.agency) === undefined;
    },
    /** §5: account digits only 2 to 17, digit 1 to 2. */
    isValidAccount: ({ event }) => {
      assertEvent(event, 'account.submit');
      return (
        validateManualAccount(event.account) === undefined && validateManualDigit(event.digit) === undefined
      );
    },
    /**
     * §5: amount at most 13 characters and above zero, description at most 140; and every earlier
     * step still valid (the confirmation never shows data a step would refuse).
     */
    isValidAmount: ({ context, event }) => {
      assertEvent(event, 'amount.submit');
      return (
        Object.keys(manualAmountErrors(event)).length === 0 &&
        Object.keys(manualAccountErrors(context.data, context.institutions ?? [])).length === 0
      );
    },
    /** The bank answered `success: false`: nothing was sent. */
    isNotSent: ({ event }) => doneOutput<PixWithdrawalOutput>(event, 'createPixWithdrawal').success === false,
    isConfirmationRefused: ({ event }) => isConfirmationRefused(thrownBy(event)),
    isInsufficientBalance: ({ event }) => isInsufficientBalance(thrownBy(event)),
    isRefusedWithoutMoving: ({ event }) => isRefusedWithoutMoving(thrownBy(event)),
    ...pixSettlingGuards,
    ...pixCorrectionGuards,
  },
  actions: {
    dropAttempt: assign(droppedAttempt(['request'])),
    keepConfirmationToken: assign({
      confirmationToken: ({ event }) =>
        doneOutput<SecurityCodeOutput>(event, 'securityCode').confirmationToken,
    }),
    askCodeAgain: assign({ confirmationToken: null, securityReason: 'refused' as const }),
    keepCallError: keepCallError(),
    keepSettlement: assign({ settlement: ({ event }) => settlementOf(event) }),
    /** Correcting a rejected Pix: its ids and outcome go; the data typed stays for the new attempt. */
    forgetPayment: assign({
      endToEndId: null,
      transactionId: null,
      settlement: null,
      request: null,
      signature: null,
      externalIdentifier: null,
      confirmationToken: null,
      securityReason: 'first' as const,
      error: null,
    }),
    /** The bank accepted: the payment's ids; the attempt is done with. */
    keepPayment: assign(({ context, event }) => {
      const answer = doneOutput<PixWithdrawalOutput>(event, 'createPixWithdrawal');
      const sent = context.request?.payments[0]?.endToEndId ?? null;
      return {
        endToEndId: answer.endToEndId ?? sent,
        transactionId: answer.transactionId ?? null,
        externalIdentifier: null,
        error: null,
      };
    }),
  },
}).createMachine({
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
