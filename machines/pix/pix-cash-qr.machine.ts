/**
 * Withdraw Pix (/WithdrawPixPage, Pix Saque) and Change Pix (/ChangePixPage, Pix Troco): one
 * machine for both wizards, the kind in its input (4-pix-part-two.md §2, §3, §4, §5, §8, §9;
 * issue 29). A machine serving two flows takes its file's name.
 *
 * 0. `loadingKeys`: the account's keys (listAliases); none ACTIVE → `noKeys`; a failure →
 *    `keysFailed` with `retry`;
 * 1. `key`: pick an ACTIVE key → `lookingUp` (getAlias: the holder, tax id and institution the
 *    confirmation shows); no data → `key.invalid` ('Chave aleatória inválida', §8);
 * 2. `amounts`: withdraw — the amount and an optional expiration; change — total, purchase, the
 *    read-only change and the expiration (120 by default); the rules of pix-cash-rules.ts;
 * 3. `confirming`: recipient, tax id, institution and values; accept makes the code;
 * 4. `qr`: the bank's QR (error correction M, 500 px) and the copy button; Previous returns to
 *    step 2 (§2). A refusal (4xx) returns to step 2 with its message; no answer or 5xx → `failed`
 *    with `retry` (the same externalIdentifier: the bank answers a repeat with its first code).
 */
import { assertEvent, assign, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { catalogueError, hasStatus, thrownBy, type CallError } from '../kernel/call-error.ts';
import { clearCallError, keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput } from '../kernel/events.ts';
import type { IdGenerator } from '../kernel/ids.ts';
import type { OwnKey } from '../validators/pix-key.ts';
import { ownKeyOf, type ListAliasesInput, type ListAliasesOutput } from './pix-keys.machine.ts';
import {
  buildDynamicQrRequest,
  isValidCashAmounts,
  type CashAmounts,
  type CashQrKind,
} from './pix-cash-rules.ts';

type Schemas = components['schemas'];

export interface GetAliasInput {
  accountId: string;
  alias: string;
}
export type GetAliasOutput = Schemas['AliasData'];
export interface CreateDynamicQrCodeInput {
  accountId: string;
  body: Schemas['DynamicQrRequest'];
}
export type CreateDynamicQrCodeOutput = Schemas['QrCodeResult'];

export interface PixCashQrInput {
  kind: CashQrKind;
  accountId: string;
  /** The agent's withdrawal service provider (session withdrawAgent; §9 fixed by configuration). */
  serviceProviderIspb: string;
  newId: IdGenerator;
}

export interface PixCashQrContext extends PixCashQrInput {
  keys: OwnKey[];
  key: OwnKey | null;
  alias: GetAliasOutput | null;
  amounts: CashAmounts | null;
  request: Schemas['DynamicQrRequest'] | null;
  qr: CreateDynamicQrCodeOutput['instantPayment'] | null;
  error: CallError | null;
}

export type PixCashQrEvent =
  | { type: 'key.select'; key: string }
  | { type: 'amounts.submit'; amounts: CashAmounts }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  | { type: 'wizard.previous' }
  | { type: 'retry' }
  | { type: 'qr.copy' };

export type PixCashQrTag = 'busy' | 'dialog';

const SPEC = '4-pix-part-two.md §2 Withdraw Pix and Change Pix';
const SPEC_KEY = `${SPEC} step 1; §7 get keys, get alias; §8 'Chave aleatória inválida'`;
const SPEC_AMOUNTS = `${SPEC} step 2; §5 Withdraw, Change, Expiration`;
const SPEC_CONFIRM = `${SPEC} step 3 (recipient, tax id, institution, values)`;
const SPEC_CREATE = '4-pix-part-two.md §3 Dynamic QR request; §7 dynamic QR creation; §8 (own messages)';
const SPEC_QR = `${SPEC} step 4 (QR, copy; Previous returns to step 2); §9 QR error correction M, 400/500`;

const isRefusal = (event: unknown): boolean =>
  [400, 403, 404, 409, 422].some((s) => hasStatus(thrownBy(event), s));

export const pixCashQrMachine = setup({
  types: {
    context: {} as PixCashQrContext,
    events: {} as PixCashQrEvent,
    input: {} as PixCashQrInput,
    tags: {} as PixCashQrTag,
  },
  actors: {
    listAliases: mustProvide<ListAliasesOutput, ListAliasesInput>('listAliases'),
    getAlias: mustProvide<GetAliasOutput, GetAliasInput>('getAlias'),
    createDynamicQrCode: mustProvide<CreateDynamicQrCodeOutput, CreateDynamicQrCodeInput>(
      'createDynamicQrCode',
    ),
  },
  guards: {
    hasActiveKey: ({ event }) =>
      doneOutput<ListAliasesOutput>(event, 'listAliases').some((a) => a.status === 'ACTIVE'),
    isActiveKey: ({ context, event }) => {
      assertEvent(event, 'key.select');
      return context.keys.some((k) => k.key === event.key);
    },
    /** §8: a lookup with no data (404) is 'Chave aleatória inválida'. */
    isNoData: ({ event }) => hasStatus(thrownBy(event), 404),
    isValidAmounts: ({ context, event }) => {
      assertEvent(event, 'amounts.submit');
      return isValidCashAmounts(context.kind, event.amounts);
    },
    isRefused: ({ event }) => isRefusal(event),
  },
  actions: {
    clearCallError: clearCallError(),
    keepCallError: keepCallError(),
    keepInvalidKey: assign({ error: () => catalogueError('PIX_CASH.ERRORS.KEY_INVALID') }),
    dropAttempt: assign({ request: null }),
  },
}).createMachine({
  id: 'pix-cash-qr',
  initial: 'loadingKeys',
  context: ({ input }) => ({
    ...input,
    keys: [],
    key: null,
    alias: null,
    amounts: null,
    request: null,
    qr: null,
    error: null,
  }),
  states: {
    loadingKeys: {
      meta: { spec: SPEC_KEY, label: 'Carregando as chaves Pix' },
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
      meta: { spec: SPEC_KEY, label: 'Falha ao carregar as chaves (Tentar novamente)' },
      on: { retry: 'loadingKeys' },
    },
    noKeys: { meta: { spec: SPEC_KEY, label: 'Nenhuma chave ativa' } },
    key: {
      meta: { spec: SPEC_KEY, label: 'Passo 1: escolher a chave' },
      initial: 'idle',
      states: {
        idle: { meta: { spec: SPEC_KEY, label: 'Escolhendo' } },
        invalid: { meta: { spec: SPEC_KEY, label: 'Chave aleatória inválida (ou falha da consulta)' } },
      },
      on: {
        'key.select': {
          guard: 'isActiveKey',
          target: 'lookingUp',
          actions: assign({
            key: ({ context, event }) => context.keys.find((k) => k.key === event.key) ?? null,
            error: null,
          }),
        },
      },
    },
    lookingUp: {
      meta: { spec: SPEC_KEY, label: 'Consultando a chave' },
      tags: ['busy'],
      invoke: {
        id: 'getAlias',
        src: 'getAlias',
        input: ({ context }) => ({ accountId: context.accountId, alias: context.key?.key ?? '' }),
        onDone: { target: 'amounts', actions: assign({ alias: ({ event }) => event.output }) },
        onError: [
          { guard: 'isNoData', target: 'key.invalid', actions: 'keepInvalidKey' },
          { target: 'key.invalid', actions: 'keepCallError' },
        ],
      },
    },
    amounts: {
      meta: { spec: SPEC_AMOUNTS, label: 'Passo 2: valores' },
      initial: 'idle',
      states: {
        idle: { meta: { spec: SPEC_AMOUNTS, label: 'Preenchendo' } },
        refused: { meta: { spec: `${SPEC_CREATE}; the bank's refusal`, label: 'Banco recusou o QR code' } },
      },
      on: {
        'amounts.submit': {
          guard: 'isValidAmounts',
          target: 'confirming',
          actions: assign(({ context, event }) => ({
            amounts: event.amounts,
            request: buildDynamicQrRequest({
              kind: context.kind,
              amounts: event.amounts,
              alias: { alias: context.key?.key ?? '', aliasType: context.alias?.aliasType ?? 'EVP' },
              accountId: context.accountId,
              serviceProviderIspb: context.serviceProviderIspb,
              // The attempt starts here: every retry sends the same id.
              externalIdentifier: context.newId(),
            }),
            error: null,
          })),
        },
        'wizard.previous': { target: 'key', actions: 'clearCallError' },
      },
    },
    confirming: {
      meta: { spec: SPEC_CONFIRM, label: 'Passo 3: confirmação' },
      tags: ['dialog'],
      on: {
        'confirm.accept': 'creating',
        'confirm.cancel': { target: 'amounts', actions: 'dropAttempt' },
      },
    },
    creating: {
      meta: { spec: SPEC_CREATE, label: 'Gerando o QR code' },
      tags: ['busy'],
      invoke: {
        id: 'createDynamicQrCode',
        src: 'createDynamicQrCode',
        input: ({ context }) => ({
          accountId: context.accountId,
          body: context.request as Schemas['DynamicQrRequest'],
        }),
        onDone: {
          target: 'qr',
          actions: assign({ qr: ({ event }) => event.output.instantPayment, error: null }),
        },
        onError: [
          { guard: 'isRefused', target: 'amounts.refused', actions: ['keepCallError', 'dropAttempt'] },
          { target: 'failed', actions: 'keepCallError' },
        ],
      },
    },
    failed: {
      meta: { spec: `${SPEC_CREATE}; no answer or 5xx`, label: 'Falha ao gerar (Tentar novamente)' },
      on: {
        retry: { target: 'creating', actions: 'clearCallError' },
        'wizard.previous': { target: 'amounts', actions: ['dropAttempt', 'clearCallError'] },
      },
    },
    qr: {
      meta: { spec: SPEC_QR, label: 'Passo 4: QR code e copiar' },
      initial: 'shown',
      states: {
        shown: { meta: { spec: SPEC_QR, label: 'QR code exibido' } },
        copied: { meta: { spec: `${SPEC_QR} (copiado)`, label: 'Código copiado' } },
      },
      on: {
        'qr.copy': '.copied',
        // §2: Previous from the QR returns to step 2 (a new code is a new attempt).
        'wizard.previous': { target: 'amounts', actions: assign({ request: null, qr: null }) },
      },
    },
  },
});
