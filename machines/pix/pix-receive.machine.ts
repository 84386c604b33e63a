/**
 * Receive by QR (/PixReceive; 3-pix-part-one.md §2 Receive, §3 generated charge response and due-date
 * charge request, §5 Receive, §7 cobrancaimediata / cobrancaVencimento / qrCodeEstatico, §8 Receive,
 * §9 fine mode 2, interest mode 1, QR image 500 shown at 200, error level L; issue 17):
 *
 * 0. `loadingKeys`: the account's keys (listAliases, the call of /ManageKeys); a charge needs one of
 *    the holder's ACTIVE keys, so none → `noKeys` (the view links to /ManageKeys to register one);
 *    a failed load → `keysFailed` with `retry`;
 * 1. `key`: pick one of the active keys;
 * 2. `details`: amount (optional), description, and the 'information' section with the due-date
 *    fields (pix-receive-rules.ts); Next makes the charge of the kind the fields ask for
 *    (`chargeKindOf`): createDueDateCharge, createStaticCharge or createImmediateCharge;
 * 3. `qr`: the bank's QR image and code, the copy button (QRCODE_COPIED once copied) and a new charge.
 *
 * Making a charge moves no money. The bank's refusals (400, 409, 422: PIXRECV 91 the key is not an
 * active key of the account, 92 a due date before today, TRANSFER 54 a payer document) return to
 * step 2 with their text and everything typed kept; no answer or 5xx → `failed`, whose `retry` sends
 * the same body with the same externalIdentifier (fixed at step 2's Next; the bank answers a repeat
 * with its first charge), and whose Previous returns to step 2 (the next Next is a new attempt).
 */
import { assertEvent, assign, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { hasStatus, thrownBy, type CallError } from '../kernel/call-error.ts';
import { clearCallError, keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput } from '../kernel/events.ts';
import type { IdGenerator } from '../kernel/ids.ts';
import type { OwnKey } from '../validators/pix-key.ts';
import {
  chargeRequestOf,
  isValidReceiveDetails,
  type ChargeKind,
  type ChargeRequest,
  type ReceiveDetails,
} from './pix-receive-rules.ts';
import { ownKeyOf, type ListAliasesInput, type ListAliasesOutput } from './pix-keys.machine.ts';

type Schemas = components['schemas'];

/** POST /PixIndiretoRecebimento/cobrancaimediata. */
export interface CreateImmediateChargeInput {
  body: Schemas['ImmediateChargeRequest'];
}
export type CreateImmediateChargeOutput = Schemas['ImmediateChargeResult'];
/** POST /PixIndiretoRecebimento/{accountId}/cobrancaVencimento. */
export interface CreateDueDateChargeInput {
  accountId: string;
  body: Schemas['DueDateChargeRequest'];
}
export type CreateDueDateChargeOutput = Schemas['DueDateChargeResult'];
/** POST /PixIndiretoRecebimento/qrCodeEstatico. */
export interface CreateStaticChargeInput {
  body: Schemas['StaticChargeRequest'];
}
export type CreateStaticChargeOutput = Schemas['StaticChargeResult'];

export interface PixReceiveInput {
  accountId: string;
  /** Today in São Paulo (YYYY-MM-DD): the earliest due date. */
  today: string;
  newId: IdGenerator;
}

/** The charge made, as step 3 shows it. */
export interface PixReceiveCharge {
  kind: ChargeKind;
  /** The BR Code (copy and paste). */
  emv: string;
  /** The bank's PNG of the code, base64 (500 px, error correction L). */
  image: string;
  /** The charge's id (its txid). */
  id: string;
}

export interface PixReceiveContext {
  accountId: string;
  today: string;
  newId: IdGenerator;
  /** The account's ACTIVE keys. */
  keys: OwnKey[];
  key: string | null;
  details: ReceiveDetails | null;
  externalIdentifier: string | null;
  request: ChargeRequest | null;
  charge: PixReceiveCharge | null;
  error: CallError | null;
}

export type PixReceiveEvent =
  | { type: 'key.select'; key: string }
  | { type: 'details.submit'; details: ReceiveDetails }
  | { type: 'wizard.previous' }
  | { type: 'retry' }
  | { type: 'qr.copy' }
  | { type: 'charge.new' };

export type PixReceiveTag = 'busy';

const SPEC = '3-pix-part-one.md §2 Receive';
const SPEC_KEYS = `${SPEC} step 1 (the user's active keys); §7 aliases`;
const SPEC_DETAILS = `${SPEC} step 2 (amount, description, information); §5 Receive; §8 Receive`;
const SPEC_CREATE = `${SPEC} (charge kind); §7 cobrancaimediata, cobrancaVencimento, qrCodeEstatico`;
const SPEC_QR = `${SPEC} step 3 (QR image, copy button); §8 QRCODE_COPIED; §9 QR image`;

/** The refusals that made nothing for certain: a 4xx answer other than a session's end. */
const isRefusal = (event: unknown): boolean =>
  [400, 403, 409, 422].some((s) => hasStatus(thrownBy(event), s));

const noAttempt = { externalIdentifier: null, request: null } as const;

export const pixReceiveMachine = setup({
  types: {
    context: {} as PixReceiveContext,
    events: {} as PixReceiveEvent,
    input: {} as PixReceiveInput,
    tags: {} as PixReceiveTag,
  },
  actors: {
    listAliases: mustProvide<ListAliasesOutput, ListAliasesInput>('listAliases'),
    createImmediateCharge: mustProvide<CreateImmediateChargeOutput, CreateImmediateChargeInput>(
      'createImmediateCharge',
    ),
    createDueDateCharge: mustProvide<CreateDueDateChargeOutput, CreateDueDateChargeInput>(
      'createDueDateCharge',
    ),
    createStaticCharge: mustProvide<CreateStaticChargeOutput, CreateStaticChargeInput>('createStaticCharge'),
  },
  guards: {
    /** §2 step 1: the account holds at least one ACTIVE key. */
    hasActiveKey: ({ event }) =>
      doneOutput<ListAliasesOutput>(event, 'listAliases').some((a) => a.status === 'ACTIVE'),
    /** §2 step 1: the key picked is one of the active keys listed. */
    isActiveKey: ({ context, event }) => {
      assertEvent(event, 'key.select');
      return context.keys.some((k) => k.key === event.key);
    },
    /** §5 Receive: every field of step 2 is valid (pix-receive-rules.ts). */
    isValidDetails: ({ context, event }) => {
      assertEvent(event, 'details.submit');
      return isValidReceiveDetails(event.details, context.today);
    },
    /** §2 charge kind: with a due date, a due-date charge. */
    isDueDateCharge: ({ context }) => context.request?.kind === 'dueDate',
    /** §2 charge kind: no due date and a zero or empty amount, a static code. */
    isStaticCharge: ({ context }) => context.request?.kind === 'static',
    /** The bank refused (400, 403, 409, 422): nothing was made. */
    isRefused: ({ event }) => isRefusal(event),
  },
  actions: {
    clearCallError: clearCallError(),
    keepCallError: keepCallError(),
  },
}).createMachine({
  id: 'pix-receive',
  initial: 'loadingKeys',
  context: ({ input }) => ({
    accountId: input.accountId,
    today: input.today,
    newId: input.newId,
    keys: [],
    key: null,
    details: null,
    ...noAttempt,
    charge: null,
    error: null,
  }),
  states: {
    loadingKeys: {
      meta: { spec: SPEC_KEYS, label: 'Carregando as chaves Pix' },
      tags: ['busy'],
      invoke: {
        id: 'listAliases',
        src: 'listAliases',
        input: ({ context }) => ({ accountId: context.accountId }),
        onDone: [
          {
            guard: 'hasActiveKey',
            target: 'key',
            actions: assign({
              keys: ({ event }) => event.output.filter((a) => a.status === 'ACTIVE').map(ownKeyOf),
              error: null,
            }),
          },
          { target: 'noKeys', actions: assign({ keys: [], error: null }) },
        ],
        onError: { target: 'keysFailed', actions: 'keepCallError' },
      },
    },
    keysFailed: {
      meta: { spec: SPEC_KEYS, label: 'Falha ao carregar as chaves (Tentar novamente)' },
      on: { retry: 'loadingKeys' },
    },
    noKeys: {
      meta: {
        spec: `${SPEC_KEYS}; a charge needs an active key (PIXRECV 91)`,
        label: 'Nenhuma chave ativa: link para cadastrar uma',
      },
    },
    key: {
      meta: { spec: SPEC_KEYS, label: 'Passo 1: escolher a chave' },
      on: {
        'key.select': {
          guard: 'isActiveKey',
          target: 'details',
          actions: assign({
            key: ({ event }) => event.key,
          }),
        },
      },
    },
    details: {
      meta: { spec: SPEC_DETAILS, label: 'Passo 2: valor, descrição e informações' },
      initial: 'idle',
      states: {
        idle: { meta: { spec: SPEC_DETAILS, label: 'Preenchendo' } },
        refused: { meta: { spec: `${SPEC_DETAILS}; the bank's refusal`, label: 'Banco recusou a cobrança' } },
      },
      on: {
        'details.submit': {
          guard: 'isValidDetails',
          target: 'creating',
          // The attempt starts here: its externalIdentifier is reused by every retry.
          actions: assign(({ context, event }) => {
            const externalIdentifier = context.newId();
            return {
              details: event.details,
              externalIdentifier,
              request: chargeRequestOf(
                event.details,
                context.key ?? '',
                context.accountId,
                externalIdentifier,
              ),
              error: null,
            };
          }),
        },
        'wizard.previous': { target: 'key', actions: 'clearCallError' },
      },
    },
    creating: {
      meta: { spec: SPEC_CREATE, label: 'Gerando a cobrança' },
      tags: ['busy'],
      initial: 'choosing',
      states: {
        choosing: {
          meta: { spec: SPEC_CREATE, label: 'Escolhendo o tipo de cobrança' },
          always: [
            { guard: 'isDueDateCharge', target: 'dueDate' },
            { guard: 'isStaticCharge', target: 'static' },
            { target: 'immediate' },
          ],
        },
        dueDate: {
          meta: { spec: `${SPEC_CREATE} (cobrancaVencimento)`, label: 'Criando cobrança com vencimento' },
          invoke: {
            id: 'createDueDateCharge',
            src: 'createDueDateCharge',
            input: ({ context }) => {
              const r = context.request as Extract<ChargeRequest, { kind: 'dueDate' }>;
              return { accountId: r.accountId, body: r.body };
            },
            onDone: {
              target: '#pix-receive.qr',
              actions: assign({
                charge: ({ event }) => ({
                  kind: 'dueDate' as const,
                  emv: event.output.emv,
                  image: event.output.imagem_base64,
                  id: event.output.id_cobranca_vencimento_pix,
                }),
              }),
            },
            onError: [
              {
                guard: 'isRefused',
                target: '#pix-receive.details.refused',
                actions: ['keepCallError', assign(noAttempt)],
              },
              { target: '#pix-receive.failed', actions: 'keepCallError' },
            ],
          },
        },
        static: {
          meta: { spec: `${SPEC_CREATE} (qrCodeEstatico)`, label: 'Criando QR code estático' },
          invoke: {
            id: 'createStaticCharge',
            src: 'createStaticCharge',
            input: ({ context }) => {
              const r = context.request as Extract<ChargeRequest, { kind: 'static' }>;
              return { body: r.body };
            },
            onDone: {
              target: '#pix-receive.qr',
              actions: assign({
                charge: ({ event }) => ({
                  kind: 'static' as const,
                  emv: event.output.qrcode_pix.emv,
                  image: event.output.qrcode_pix.imagem_base64,
                  id: event.output.id_cobranca_estatico_pix,
                }),
              }),
            },
            onError: [
              {
                guard: 'isRefused',
                target: '#pix-receive.details.refused',
                actions: ['keepCallError', assign(noAttempt)],
              },
              { target: '#pix-receive.failed', actions: 'keepCallError' },
            ],
          },
        },
        immediate: {
          meta: { spec: `${SPEC_CREATE} (cobrancaimediata)`, label: 'Criando cobrança imediata' },
          invoke: {
            id: 'createImmediateCharge',
            src: 'createImmediateCharge',
            input: ({ context }) => {
              const r = context.request as Extract<ChargeRequest, { kind: 'immediate' }>;
              return { body: r.body };
            },
            onDone: {
              target: '#pix-receive.qr',
              actions: assign({
                charge: ({ event }) => ({
                  kind: 'immediate' as const,
                  emv: event.output.emv,
                  image: event.output.imagem_base64,
                  id: event.output.id_cobranca_imediata_pix,
                }),
              }),
            },
            onError: [
              {
                guard: 'isRefused',
                target: '#pix-receive.details.refused',
                actions: ['keepCallError', assign(noAttempt)],
              },
              { target: '#pix-receive.failed', actions: 'keepCallError' },
            ],
          },
        },
      },
    },
    failed: {
      meta: { spec: `${SPEC_CREATE}; no answer or 5xx`, label: 'Falha ao gerar (Tentar novamente)' },
      on: {
        // The same request and externalIdentifier: a charge made on a lost answer is answered again.
        retry: { target: 'creating', actions: 'clearCallError' },
        'wizard.previous': { target: 'details', actions: assign({ ...noAttempt, error: null }) },
      },
    },
    qr: {
      meta: { spec: SPEC_QR, label: 'Passo 3: QR code e copiar' },
      initial: 'shown',
      states: {
        shown: { meta: { spec: SPEC_QR, label: 'QR code exibido' } },
        copied: { meta: { spec: `${SPEC_QR} (QRCODE_COPIED)`, label: 'Código copiado' } },
      },
      on: {
        'qr.copy': '.copied',
        // A new charge starts at step 1 with the same keys and the last key chosen; step 2 starts
        // empty (a new charge's amount and payer are not the last one's).
        'charge.new': {
          target: 'key',
          actions: assign({ ...noAttempt, details: null, charge: null, error: null }),
        },
      },
    },
  },
});
