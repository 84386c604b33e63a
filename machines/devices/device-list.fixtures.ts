/**
 * Catalog entry of the trusted devices (/DeviceList; 4-pix-part-two.md §2 Device list, §3–§9;
 * issue 30). The demo is Doce Sabor, signed in from a browser that is not one of her devices: her
 * six devices (two pages of 5), adding enabled.
 */
import { DEMO_PASSWORD, DEMO_USERS } from '../../demo/users.ts';
import { defineFlow } from '../catalog-types';
import { businessError, internalError, networkError } from '../fixtures/api-errors.ts';
import {
  deviceListMachine,
  type Device,
  type DeviceListContext,
  type DeviceListEvent,
} from './device-list.machine.ts';

const ev = (e: DeviceListEvent): DeviceListEvent => e;
const DOCE = DEMO_USERS.docesabor;

const device = (id: number, alias: string, isValidated: boolean, isBlocked: boolean): Device => ({
  id,
  alias,
  createdAt: '2026-11-01T15:00:00.000Z',
  isValidated,
  isBlocked,
  accountId: DOCE.accountId,
  isCurrentDevice: false,
});

/** Doce Sabor's seeded devices (sandbox/db/seed-devices.ts), newest first. */
export const DOCE_DEVICES: Device[] = [
  device(12, 'Notebook do caixa', true, false),
  device(11, 'Celular do gerente', true, false),
  device(10, 'Computador da fábrica', false, true),
  device(9, 'Tablet da vitrine', false, false),
  device(8, 'Notebook do escritório', true, false),
  device(7, 'Celular antigo', true, true),
];

/** The answer to CreateDevice: not validated, with its temporary cookie. */
export const ADDED_DEVICE: Device = {
  ...device(13, 'Caixa da loja', false, false),
  isCurrentDevice: true,
  cookieDevice: 'temporary-cookie',
};

export const deviceListFlow = defineFlow({
  id: 'device-list',
  title: 'Dispositivos confiáveis',
  route: '/DeviceList',
  entrySteps: [
    `Entra como ${DOCE.email} com a senha ${DEMO_PASSWORD}, num navegador que não é um dispositivo cadastrado`,
    'Abre a rota /DeviceList',
  ],
  spec: [
    '4-pix-part-two.md §2 Screens and routes (Device list)',
    '4-pix-part-two.md §3 Entities and their fields (Device)',
    '4-pix-part-two.md §4 States and transitions (Device)',
    '4-pix-part-two.md §5 Validation rules (Device alias, blocking)',
    '4-pix-part-two.md §6 Roles and permissions (blocking requires credentials)',
    '4-pix-part-two.md §7 The calls it makes (Devices)',
    '4-pix-part-two.md §8 Error catalogue (Devices)',
    '4-pix-part-two.md §9 Business constants and limits (tamanho da página, apelido, cookies)',
  ],
  machine: deviceListMachine,
  input: { accountId: DOCE.accountId },
  events: [
    { event: ev({ type: 'page.next' }), label: 'Vai para a próxima página da lista' },
    { event: ev({ type: 'page.previous' }), label: 'Volta para a página anterior' },
    { event: ev({ type: 'add.open' }), label: 'Clica em Cadastrar dispositivo' },
    {
      event: ev({
        type: 'add.submit',
        alias: 'Caixa da loja',
        username: DOCE.email,
        password: DEMO_PASSWORD,
      }),
      label: `Informa o apelido Caixa da loja, o usuário ${DOCE.email} e a senha, e cadastra`,
    },
    {
      event: ev({ type: 'add.submit', alias: 'Loja', username: DOCE.email, password: DEMO_PASSWORD }),
      label: 'Informa um apelido com 4 caracteres',
      valid: false,
    },
    {
      event: ev({ type: 'add.submit', alias: 'Caixa da loja', username: '', password: DEMO_PASSWORD }),
      label: 'Deixa o usuário em branco',
      valid: false,
    },
    { event: ev({ type: 'block.open', id: 12 }), label: 'Clica em Bloquear no Notebook do caixa' },
    {
      event: ev({ type: 'block.submit', username: DOCE.taxIdMasked, password: DEMO_PASSWORD }),
      label: `Informa o usuário ${DOCE.taxIdMasked} (enviado com o prefixo BRA) e a senha, e confirma`,
    },
    {
      event: ev({ type: 'block.submit', username: DOCE.email, password: '' }),
      label: 'Deixa a senha em branco',
      valid: false,
    },
    { event: ev({ type: 'delete.open', id: 12 }), label: 'Clica em Excluir no Notebook do caixa' },
    { event: ev({ type: 'delete.confirm' }), label: 'Confirma a exclusão' },
    { event: ev({ type: 'dialog.cancel' }), label: 'Clica em Cancelar no diálogo' },
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
  ],
  outcomes: [
    {
      actor: 'listDevices',
      kind: 'done',
      output: DOCE_DEVICES,
      key: 'devicesLoaded',
      label: 'API devolve os 6 dispositivos da Doce Sabor (nenhum é este navegador)',
    },
    {
      actor: 'listDevices',
      kind: 'error',
      error: internalError('listDevices'),
      key: 'loadServerError',
      label: 'API responde 500 ao buscar os dispositivos',
    },
    {
      actor: 'createDevice',
      kind: 'done',
      output: ADDED_DEVICE,
      key: 'deviceAdded',
      label: 'API cadastra o dispositivo e envia o link e o código por e-mail',
    },
    {
      actor: 'createDevice',
      kind: 'error',
      error: businessError('createDevice', 'Apelido já cadastrado.', 151),
      key: 'aliasTaken',
      label: 'API recusa: Apelido já cadastrado. (422 DEVICE 151)',
    },
    {
      actor: 'blockDevice',
      kind: 'done',
      output: { ...DOCE_DEVICES[0]!, isBlocked: true },
      key: 'blockToggled',
      label: 'API bloqueia o dispositivo',
    },
    {
      actor: 'blockDevice',
      kind: 'error',
      error: internalError('blockDevice'),
      key: 'blockServerError',
      label: 'API responde 500 ao bloquear',
    },
    {
      actor: 'deleteDevice',
      kind: 'done',
      output: { success: true },
      key: 'deviceDeleted',
      label: 'API exclui o dispositivo',
    },
    {
      actor: 'deleteDevice',
      kind: 'error',
      error: networkError('deleteDevice'),
      key: 'deleteOffline',
      label: 'Sem conexão ao excluir',
    },
  ],
  contextKey: (c: DeviceListContext) => ({
    count: c.devices?.length ?? null,
    page: c.page,
    target: c.target?.id ?? null,
    formError: c.formError,
    error: c.error?.messageKey ?? null,
  }),
  operations: {
    listDevices: 'listDevices',
    createDevice: 'createDevice',
    blockDevice: 'blockDevice',
    deleteDevice: 'deleteDevice',
  },
});
