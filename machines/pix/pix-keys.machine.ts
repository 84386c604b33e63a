/**
 * Key management (/ManageKeys; 3-pix-part-one.md §2 Key management, §3 Pix key status labels, §4
 * key delete, §5 Max keys, §7 Remove key and the key lists, §8 DELETED_SUCESS / DELETED_ERROR and
 * KEYS_LIMITS, §9; the bank's side in docs/JOURNAL.md "Pix keys").
 *
 * The account's keys (GET /account/{id}/aliases: every key not removed) are split by the view into
 * 'my registered keys' (ACTIVE) and the open requests (neither active nor pending deletion;
 * machines/validators/pix-key.ts). Add opens the register dialog (the `pix-key-register` machine,
 * invoked as `registerKey`) unless the account already holds its limit (the 2026 rule: 5 keys for an
 * individual, 20 for a company; every listed key counts, as the bank counts them): then
 * 'Limite de chaves excedido!' and nothing opens. Delete, enabled only for ACTIVE,
 * IDENTITY_VALIDATION_PENDING or an EVP key, asks first (the action cannot be undone), then
 * DELETE /account/{id}/key/{key} with reason USER_REQUESTED: statusCode 500 in the answer counts as
 * failure (DELETED_ERROR), like a failed call; success is DELETED_SUCESS and the list reloads.
 *
 * The list reloads 50 ms after a key is removed and 3 s after the register dialog closes (§2, §9;
 * issue 31): the named delays `afterDelete` and `afterDialog`. While it waits the list stays usable;
 * adding or removing a key meanwhile goes on at once (its own reload follows).
 *
 * 'Validar' on a phone or e-mail key awaiting its code (§3 IDENTITY_VALIDATION_PENDING; the spec's
 * part one draws it with no action, issue 31 and issue 32 ask for it) opens the same register dialog
 * straight at its code (`validating`: the child is sent `key.resume`; a new code is asked first,
 * see pix-key-register.machine.ts); the list then reloads as after the dialog.
 *
 * Decisions where the specification is silent:
 * - A failed removal keeps the confirmation open with the reason and "Tentar novamente"; giving up
 *   then reloads the list, since an unanswered removal may have happened.
 */
import { assertEvent, assign, emit, sendTo, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { type CallError, catalogueError } from '../kernel/call-error.ts';
import { keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput } from '../kernel/events.ts';
import type { IdGenerator } from '../kernel/ids.ts';
import {
  canDeleteKey,
  canValidateKey,
  isAtKeyLimit,
  type DictKeyType,
  type OwnKey,
} from '../validators/pix-key.ts';
import { taxIdKind } from '../validators/tax-id.ts';
import { pixKeyRegisterMachine, type PixKeyRegisterOutput } from './pix-key-register.machine.ts';

type Schemas = components['schemas'];

/** GET /account/{accountId}/aliases. */
export interface ListAliasesInput {
  accountId: string;
}
export type ListAliasesOutput = Schemas['PixAlias'][];
/** DELETE /account/{accountId}/key/{key}?reason=USER_REQUESTED. */
export interface DeletePixKeyInput {
  accountId: string;
  key: string;
}
export type DeletePixKeyOutput = Schemas['StatusCodeResult'];

/** §8 DELETED_SUCESS / DELETED_ERROR (the spec's spelling), KEYS_LIMITS. */
export const DELETED_ERROR = 'PIX_KEYS.DELETED_ERROR';

export interface PixKeysInput {
  accountId: string;
  /** The client's tax id: the CPF/CNPJ key and the limit (5 for a CPF, 20 for a CNPJ). */
  taxId: string;
  newId: IdGenerator;
}

export interface PixKeysContext {
  accountId: string;
  taxId: string;
  newId: IdGenerator;
  keys: OwnKey[];
  /** The key the confirmation is about. */
  pendingDelete: string | null;
  /** The key awaiting its code that 'Validar' opened the dialog for. */
  toValidate: OwnKey | null;
  /** Why the list is about to reload (§9: 3 s after the dialog, 50 ms after a removal). */
  reloadAfter: 'dialog' | 'delete' | null;
  error: CallError | null;
}

export type PixKeysEvent =
  | { type: 'key.add' }
  | { type: 'key.delete'; key: string }
  | { type: 'key.validate'; key: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'limit.close' }
  | { type: 'retry' };

export type PixKeysEmitted =
  { type: 'key.deleted'; key: string } | { type: 'register.finished'; output: PixKeyRegisterOutput };

type Tag = 'busy' | 'dialog';

const SPEC_PAGE = '3-pix-part-one.md §2 Key management';
const SPEC_DELETE = '3-pix-part-one.md §4 (delete: ACTIVE, IDENTITY_VALIDATION_PENDING or EVP)';
const SPEC_CALLS = '3-pix-part-one.md §7';
const SPEC_ERRORS = '3-pix-part-one.md §8';
const SPEC_RELOAD =
  '3-pix-part-one.md §2 Key management; §9 (reload 50 ms or 3 s after closing the add dialog)';
const SPEC_LIMIT = '3-pix-part-one.md §5 Max keys (2026: 5 individual, 20 company); §8 KEYS_LIMITS';

/** The key of a listed alias, typed as the DICT types it (TAX_ID is a CPF or a CNPJ by length). */
export function ownKeyOf(alias: Schemas['PixAlias']): OwnKey {
  const type: DictKeyType = alias.type === 'TAX_ID' ? (taxIdKind(alias.name) ?? 'CPF') : alias.type;
  return { key: alias.name, type, status: alias.status };
}

export const pixKeysMachine = setup({
  types: {
    context: {} as PixKeysContext,
    events: {} as PixKeysEvent,
    input: {} as PixKeysInput,
    emitted: {} as PixKeysEmitted,
    tags: {} as Tag,
  },
  actors: {
    listAliases: mustProvide<ListAliasesOutput, ListAliasesInput>('listAliases'),
    deletePixKey: mustProvide<DeletePixKeyOutput, DeletePixKeyInput>('deletePixKey'),
    registerKey: pixKeyRegisterMachine,
  },
  guards: {
    /** §4: the key is listed and may be removed. */
    isDeletableKey: ({ context, event }) => {
      assertEvent(event, 'key.delete');
      const k = context.keys.find((x) => x.key === event.key);
      return k !== undefined && canDeleteKey(k);
    },
    /** §3: a listed phone or e-mail key awaiting its code ('Validar'). */
    isAwaitingCode: ({ context, event }) => {
      assertEvent(event, 'key.validate');
      const k = context.keys.find((x) => x.key === event.key);
      return k !== undefined && canValidateKey(k);
    },
    /** §5 Max keys with the 2026 numbers: the account already holds its limit. */
    isAtLimit: ({ context }) => isAtKeyLimit(context.keys, context.taxId),
    /** §7: 'a status code 500 in the result counts as failure'. */
    isDeleteRefused: ({ event }) => doneOutput<DeletePixKeyOutput>(event, 'deletePixKey').statusCode === 500,
    /** §9: the register dialog just closed, so the list reloads in 3 s. */
    reloadsAfterDialog: ({ context }) => context.reloadAfter === 'dialog',
    /** §9: a key was just removed, so the list reloads in 50 ms. */
    reloadsAfterDelete: ({ context }) => context.reloadAfter === 'delete',
  },
  actions: {
    keepCallError: keepCallError(),
  },
  delays: {
    /** §9: the list reloads 50 ms after a key is removed. */
    afterDelete: 50,
    /** §9: and 3 s after the register dialog closes. */
    afterDialog: 3000,
  },
}).createMachine({
  id: 'pix-keys',
  initial: 'loading',
  context: ({ input }) => ({
    accountId: input.accountId,
    taxId: input.taxId,
    newId: input.newId,
    keys: [],
    pendingDelete: null,
    toValidate: null,
    reloadAfter: null,
    error: null,
  }),
  states: {
    loading: {
      description: 'GET /account/{accountId}/aliases',
      meta: { spec: `${SPEC_CALLS} GET /account/{id}/aliases`, label: 'Carregando as chaves' },
      tags: ['busy'],
      invoke: {
        id: 'listAliases',
        src: 'listAliases',
        input: ({ context }) => ({ accountId: context.accountId }),
        onDone: {
          target: 'browsing',
          actions: assign({ keys: ({ event }) => event.output.map(ownKeyOf), error: null }),
        },
        onError: { target: 'loadError', actions: 'keepCallError' },
      },
    },
    loadError: {
      meta: { spec: SPEC_ERRORS, label: 'Falha ao carregar as chaves (tentar novamente)' },
      on: { retry: 'loading' },
    },
    browsing: {
      meta: { spec: SPEC_PAGE, label: 'Minhas chaves e solicitações em aberto' },
      // Entered as a whole (never straight into a child), so the chart's edges from the dialog and
      // the removal end at this box, not across its title: `arriving` picks the wait.
      initial: 'arriving',
      states: {
        arriving: {
          meta: { spec: SPEC_RELOAD, label: 'Recarrega já, em 3 s ou em 50 ms?' },
          always: [
            { guard: 'reloadsAfterDialog', target: 'dialogClosed' },
            { guard: 'reloadsAfterDelete', target: 'keyRemoved' },
            { target: 'idle' },
          ],
        },
        idle: { meta: { spec: SPEC_PAGE, label: 'Lista de chaves' } },
        dialogClosed: {
          meta: { spec: SPEC_RELOAD, label: 'Recarrega a lista em 3 s' },
          entry: assign({ reloadAfter: null }),
          after: { afterDialog: '#pix-keys.loading' },
        },
        keyRemoved: {
          meta: { spec: SPEC_RELOAD, label: 'Recarrega a lista em 50 ms' },
          entry: assign({ reloadAfter: null }),
          after: { afterDelete: '#pix-keys.loading' },
        },
      },
      on: {
        'key.add': [{ guard: 'isAtLimit', target: 'limitReached' }, { target: 'registering' }],
        'key.delete': {
          guard: 'isDeletableKey',
          target: 'confirmingDelete',
          actions: assign({ pendingDelete: ({ event }) => event.key, error: null }),
        },
        'key.validate': {
          guard: 'isAwaitingCode',
          target: 'validating',
          actions: assign({
            toValidate: ({ context, event }) => context.keys.find((k) => k.key === event.key) ?? null,
          }),
        },
      },
    },
    limitReached: {
      meta: { spec: SPEC_LIMIT, label: 'Limite de chaves excedido!' },
      tags: ['dialog'],
      on: { 'limit.close': 'browsing' },
    },
    registering: {
      description: 'the key register dialog (child machine pix-key-register)',
      meta: { spec: '3-pix-part-one.md §2 Key register dialog', label: 'Cadastrar chave' },
      tags: ['dialog'],
      invoke: {
        id: 'registerKey',
        src: 'registerKey',
        input: ({ context }) => ({
          accountId: context.accountId,
          taxId: context.taxId,
          newId: context.newId,
        }),
        onDone: {
          target: 'browsing',
          actions: [
            emit(({ event }) => ({ type: 'register.finished' as const, output: event.output })),
            assign({ reloadAfter: 'dialog' }),
          ],
        },
      },
    },
    validating: {
      description: 'the key register dialog at its code (child machine pix-key-register, sent key.resume)',
      meta: {
        spec: '3-pix-part-one.md §3 (Aguardando código de validação: validar)',
        label: 'Validar chave',
      },
      tags: ['dialog'],
      invoke: {
        id: 'registerKey',
        src: 'registerKey',
        input: ({ context }) => ({
          accountId: context.accountId,
          taxId: context.taxId,
          newId: context.newId,
        }),
        onDone: {
          target: 'browsing',
          actions: [
            emit(({ event }) => ({ type: 'register.finished' as const, output: event.output })),
            assign({ reloadAfter: 'dialog', toValidate: null }),
          ],
        },
      },
      // The child is started with this state (an entry's sendTo reaches the state's own invoke).
      entry: sendTo('registerKey', ({ context }) => ({
        type: 'key.resume' as const,
        kind: context.toValidate?.type === 'EMAIL' ? ('EMAIL' as const) : ('PHONE' as const),
        key: context.toValidate?.key ?? '',
      })),
    },
    confirmingDelete: {
      meta: {
        spec: `${SPEC_PAGE} (confirmação: a ação não pode ser desfeita)`,
        label: 'Confirmação de exclusão',
      },
      tags: ['dialog'],
      initial: 'asking',
      states: {
        asking: {
          meta: { spec: SPEC_DELETE, label: 'Deseja excluir a chave?' },
          on: {
            'delete.confirm': 'deleting',
            'delete.cancel': { target: '#pix-keys.browsing', actions: assign({ pendingDelete: null }) },
          },
        },
        deleting: {
          description: 'DELETE /account/{accountId}/key/{key}?reason=USER_REQUESTED',
          meta: { spec: `${SPEC_CALLS} Remove key`, label: 'Excluindo a chave' },
          tags: ['busy'],
          invoke: {
            id: 'deletePixKey',
            src: 'deletePixKey',
            input: ({ context }) => ({ accountId: context.accountId, key: context.pendingDelete ?? '' }),
            onDone: [
              {
                guard: 'isDeleteRefused',
                target: 'failed',
                actions: assign({ error: () => catalogueError(DELETED_ERROR) }),
              },
              {
                target: '#pix-keys.browsing',
                actions: [
                  emit(({ context }) => ({ type: 'key.deleted' as const, key: context.pendingDelete ?? '' })),
                  assign({ pendingDelete: null, error: null, reloadAfter: 'delete' }),
                ],
              },
            ],
            onError: { target: 'failed', actions: 'keepCallError' },
          },
        },
        failed: {
          meta: { spec: `${SPEC_ERRORS} DELETED_ERROR`, label: 'Falha ao excluir (tentar novamente)' },
          on: {
            retry: 'deleting',
            // An unanswered removal may have happened: the list is read again.
            'delete.cancel': {
              target: '#pix-keys.loading',
              actions: assign({ pendingDelete: null, error: null }),
            },
          },
        },
      },
    },
  },
});
