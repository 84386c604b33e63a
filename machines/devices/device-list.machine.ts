/**
 * Trusted devices (/DeviceList; 4-pix-part-two.md §2 Device list, §3 Device, §4 Device, §5 Device
 * alias, §6, §7 Devices, §8 Devices, §9; issue 30; the bank's side in sandbox/sim/devices.ts).
 *
 * - `loading` reads the account's devices; a failure offers "Tentar novamente".
 * - `viewing`: the grid, 5 a page (§9); 'Cadastrar dispositivo' opens the add dialog unless this
 *   browser already is a validated device (§4: the button is disabled); each row's block/unblock
 *   toggle and delete open their dialogs.
 * - `adding`: alias (at least 5 characters), user and password (machines/validators/device.ts; one
 *   missing-fields message). The bank e-mails the /autentica link and the 6-digit code; the view
 *   keeps the temporary device cookie the answer carries (`device.added`) and says to check the
 *   e-mail. A refusal ('Apelido já cadastrado.', wrong password) keeps the dialog with its text.
 * - `blocking`: user and password again (§5, §6), for blocking and for unblocking.
 * - `deleting`: a confirmation.
 * Every change reads the list again (the grid is the bank's record, not a local copy).
 */
import { assertEvent, assign, emit, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { type CallError } from '../kernel/call-error.ts';
import { clearCallError, keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput } from '../kernel/events.ts';
import {
  deviceUsername,
  normalizeDeviceAlias,
  validateCredentials,
  validateNewDevice,
} from '../validators/device.ts';

type Schemas = components['schemas'];
export type Device = Schemas['Device'];

/** §9: the device grid's page size. */
export const DEVICE_PAGE_SIZE = 5;

export interface ListDevicesInput {
  accountId: string;
}
export interface CreateDeviceInput {
  body: Schemas['CreateDeviceRequest'];
}
export interface BlockDeviceInput {
  body: Schemas['BlockDeviceRequest'];
}
export interface DeleteDeviceInput {
  id: number;
}

export interface DeviceListInput {
  accountId: string;
}

export interface DeviceListContext {
  accountId: string;
  devices: Device[] | null;
  /** The grid's page, from 0. */
  page: number;
  /** The row a block or delete dialog is about. */
  target: Device | null;
  /** The request being sent (kept for "Tentar novamente"). */
  create: Schemas['CreateDeviceRequest'] | null;
  block: Schemas['BlockDeviceRequest'] | null;
  /** A form rule's message key while the typed fields break it. */
  formError: string | null;
  error: CallError | null;
}

export type DeviceListEvent =
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'add.open' }
  | { type: 'add.submit'; alias: string; username: string; password: string }
  | { type: 'block.open'; id: number }
  | { type: 'block.submit'; username: string; password: string }
  | { type: 'delete.open'; id: number }
  | { type: 'delete.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'retry' };

/** What the view acts on: the new device's temporary cookie to keep (§9: 7 days). */
export type DeviceListEmitted = { type: 'device.added'; device: Device };

type Tag = 'busy' | 'dialog';

const SPEC_PAGE = '4-pix-part-two.md §2 Device list, §9 (5 a page)';
const SPEC_ADD = '4-pix-part-two.md §4 Device (add disabled for a validated browser), §5 Device alias';
const SPEC_BLOCK = '4-pix-part-two.md §5, §6 (blocking requires user and password)';
const SPEC_CALLS = '4-pix-part-two.md §7 Devices';
const SPEC_ERRORS = "4-pix-part-two.md §8 Devices ('Apelido já cadastrado.', fetch/add/block/delete errors)";

/** §4: this browser already is a validated device (not blocked), so adding is disabled. */
export function isBrowserTrusted(devices: readonly Device[] | null): boolean {
  return (devices ?? []).some((d) => d.isCurrentDevice === true && d.isValidated && !d.isBlocked);
}

/** The number of grid pages (at least one). */
export const pageCount = (devices: readonly Device[] | null): number =>
  Math.max(1, Math.ceil((devices?.length ?? 0) / DEVICE_PAGE_SIZE));

/** The rows of the grid's page. */
export const pageRows = (devices: readonly Device[] | null, page: number): Device[] =>
  (devices ?? []).slice(page * DEVICE_PAGE_SIZE, (page + 1) * DEVICE_PAGE_SIZE);

const findDevice = (c: DeviceListContext, id: number) => c.devices?.find((d) => d.id === id) ?? null;

export const deviceListMachine = setup({
  types: {
    context: {} as DeviceListContext,
    events: {} as DeviceListEvent,
    input: {} as DeviceListInput,
    emitted: {} as DeviceListEmitted,
    tags: {} as Tag,
  },
  actors: {
    listDevices: mustProvide<Device[], ListDevicesInput>('listDevices'),
    createDevice: mustProvide<Device, CreateDeviceInput>('createDevice'),
    blockDevice: mustProvide<Device, BlockDeviceInput>('blockDevice'),
    deleteDevice: mustProvide<unknown, DeleteDeviceInput>('deleteDevice'),
  },
  guards: {
    canAdd: ({ context }) => !isBrowserTrusted(context.devices),
    hasNextPage: ({ context }) => context.page + 1 < pageCount(context.devices),
    hasPreviousPage: ({ context }) => context.page > 0,
    isKnownDevice: ({ context, event }) => {
      assertEvent(event, ['block.open', 'delete.open']);
      return findDevice(context, event.id) !== null;
    },
    isValidNewDevice: ({ event }) => {
      assertEvent(event, 'add.submit');
      return validateNewDevice(event) === null;
    },
    isValidCredentials: ({ event }) => {
      assertEvent(event, 'block.submit');
      return validateCredentials(event) === null;
    },
  },
  actions: {
    keepDevices: assign(({ context, event }) => {
      const devices = doneOutput<Device[]>(event);
      return { devices, page: Math.min(context.page, pageCount(devices) - 1), error: null };
    }),
    keepCallError: keepCallError(),
    clearCallError: clearCallError(),
    reportAdded: emit(({ event }) => ({ type: 'device.added' as const, device: doneOutput<Device>(event) })),
  },
}).createMachine({
  id: 'device-list',
  initial: 'loading',
  context: ({ input }) => ({
    accountId: input.accountId,
    devices: null,
    page: 0,
    target: null,
    create: null,
    block: null,
    formError: null,
    error: null,
  }),
  states: {
    loading: {
      description: 'GET /device/GetAllDevices/{accountId}',
      meta: { spec: SPEC_CALLS, label: 'Carregando os dispositivos' },
      tags: ['busy'],
      invoke: {
        id: 'listDevices',
        src: 'listDevices',
        input: ({ context }) => ({ accountId: context.accountId }),
        onDone: { target: 'viewing', actions: 'keepDevices' },
        onError: { target: 'loadError', actions: 'keepCallError' },
      },
    },
    loadError: {
      meta: { spec: SPEC_ERRORS, label: 'Erro ao buscar os dispositivos (tentar novamente)' },
      on: { retry: 'loading' },
    },
    viewing: {
      meta: { spec: `${SPEC_PAGE}; ${SPEC_ADD}`, label: 'Lista de dispositivos' },
      on: {
        'page.next': { guard: 'hasNextPage', actions: assign({ page: ({ context }) => context.page + 1 }) },
        'page.previous': {
          guard: 'hasPreviousPage',
          actions: assign({ page: ({ context }) => context.page - 1 }),
        },
        'add.open': {
          guard: 'canAdd',
          target: 'adding',
          actions: assign({ formError: null, error: null, create: null }),
        },
        'block.open': {
          guard: 'isKnownDevice',
          target: 'blocking',
          actions: assign({
            target: ({ context, event }) => findDevice(context, event.id),
            formError: null,
            error: null,
          }),
        },
        'delete.open': {
          guard: 'isKnownDevice',
          target: 'deleting',
          actions: assign({ target: ({ context, event }) => findDevice(context, event.id), error: null }),
        },
      },
    },
    adding: {
      meta: { spec: `${SPEC_ADD} (add dialog)`, label: 'Cadastrar dispositivo' },
      tags: ['dialog'],
      initial: 'editing',
      states: {
        editing: {
          meta: { spec: SPEC_ADD, label: 'Apelido, usuário e senha' },
          on: {
            'add.submit': [
              {
                guard: 'isValidNewDevice',
                target: 'saving',
                actions: assign(({ context, event }) => ({
                  formError: null,
                  error: null,
                  create: {
                    alias: normalizeDeviceAlias(event.alias),
                    accountId: context.accountId,
                    userName: deviceUsername(event.username) ?? event.username.trim(),
                    password: event.password,
                  },
                })),
              },
              { actions: assign({ formError: ({ event }) => validateNewDevice(event) }) },
            ],
            'dialog.cancel': '#device-list.viewing',
          },
        },
        saving: {
          description: 'POST /device/CreateDevice',
          meta: {
            spec: `${SPEC_CALLS}; the bank e-mails the link and the code`,
            label: 'Cadastrando o dispositivo',
          },
          tags: ['busy'],
          invoke: {
            id: 'createDevice',
            src: 'createDevice',
            input: ({ context }) => ({
              body: context.create ?? { alias: '', accountId: context.accountId, userName: '', password: '' },
            }),
            onDone: { target: '#device-list.loading', actions: 'reportAdded' },
            onError: { target: 'editing', actions: 'keepCallError' },
          },
        },
      },
    },
    blocking: {
      meta: { spec: SPEC_BLOCK, label: 'Bloquear ou desbloquear dispositivo' },
      tags: ['dialog'],
      initial: 'editing',
      states: {
        editing: {
          meta: { spec: SPEC_BLOCK, label: 'Usuário e senha' },
          on: {
            'block.submit': [
              {
                guard: 'isValidCredentials',
                target: 'saving',
                actions: assign(({ context, event }) => ({
                  formError: null,
                  error: null,
                  block: {
                    id: context.target?.id ?? 0,
                    isBlocked: !(context.target?.isBlocked ?? false),
                    username: deviceUsername(event.username) ?? event.username.trim(),
                    password: event.password,
                  },
                })),
              },
              { actions: assign({ formError: ({ event }) => validateCredentials(event) }) },
            ],
            'dialog.cancel': '#device-list.viewing',
          },
        },
        saving: {
          description: 'POST /device/BlockDevice',
          meta: { spec: SPEC_CALLS, label: 'Bloqueando ou desbloqueando' },
          tags: ['busy'],
          invoke: {
            id: 'blockDevice',
            src: 'blockDevice',
            input: ({ context }) => ({
              body: context.block ?? { id: 0, isBlocked: true, username: '', password: '' },
            }),
            onDone: '#device-list.loading',
            onError: { target: 'editing', actions: 'keepCallError' },
          },
        },
      },
    },
    deleting: {
      meta: { spec: `${SPEC_PAGE} (delete dialog)`, label: 'Excluir dispositivo' },
      tags: ['dialog'],
      initial: 'confirming',
      states: {
        confirming: {
          meta: { spec: SPEC_PAGE, label: 'Deseja excluir este dispositivo?' },
          on: {
            'delete.confirm': { target: 'saving', actions: 'clearCallError' },
            'dialog.cancel': '#device-list.viewing',
          },
        },
        saving: {
          description: 'DELETE /device/DeleteDevice/{id}',
          meta: { spec: SPEC_CALLS, label: 'Excluindo o dispositivo' },
          tags: ['busy'],
          invoke: {
            id: 'deleteDevice',
            src: 'deleteDevice',
            input: ({ context }) => ({ id: context.target?.id ?? 0 }),
            onDone: '#device-list.loading',
            onError: { target: 'confirming', actions: 'keepCallError' },
          },
        },
      },
    },
  },
});
