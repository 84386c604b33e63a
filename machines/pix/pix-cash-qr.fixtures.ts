/**
 * Catalog entries of Withdraw Pix (Pix Saque) and Change Pix (Pix Troco): one machine, two entries
 * (4-pix-part-two.md §2 Withdraw Pix and Change Pix, §3, §5, §7, §8, §9; issue 29). The agent is the
 * bakery (demo/users.ts), the withdrawal service provider this bank. Their pages are
 * /WithdrawPixPage and /ChangePixPage (src/features/pix/pix-cash-page.tsx), their bindings
 * e2e/bindings/pix-cash-qr.ts.
 */
import { DEMO_USERS } from '../../demo/users.ts';
import { defineFlow, type FlowDefinition } from '../catalog-types';
import { apiErrorLike, internalError, networkError } from '../fixtures/api-errors.ts';
import { sequentialIds } from '../kernel/ids.ts';
import {
  pixCashQrMachine,
  type CreateDynamicQrCodeOutput,
  type GetAliasOutput,
  type PixCashQrEvent,
  type PixCashQrInput,
} from './pix-cash-qr.machine.ts';

const { padaria } = DEMO_USERS;
const ev = (e: PixCashQrEvent): PixCashQrEvent => e;
const ACCOUNT = 'a1b2c3d4-0002-4000-8000-000000000002';
const ISPB = '99999999';

type OutcomeKey =
  | 'keys'
  | 'noActiveKey'
  | 'keysServerError'
  | 'aliasFound'
  | 'aliasNoData'
  | 'aliasNoAnswer'
  | 'qrMade'
  | 'qrRefused'
  | 'qrServerError';
type CashFlow = FlowDefinition<typeof pixCashQrMachine, OutcomeKey>;

const alias: GetAliasOutput = {
  alias: padaria.email,
  aliasType: 'EMAIL',
  aliasAccountHolder: { name: padaria.name, taxIdentifier: { taxId: padaria.taxId, country: 'BRA' } },
  accountDestination: { branch: '0001', account: '1234567', accountType: 'CACC' },
  psp: { id: ISPB, name: 'Banco Sandbox S.A.', country: 'BRA', currencies: ['BRL'] },
};

const qr: CreateDynamicQrCodeOutput = {
  instantPayment: {
    textContent:
      '00020101021226780014br.gov.bcb.pix2556qr.sandbox.banco.example/pix/v2/cob/0123456789abcdef0123456789abcdef5204000053039865802BR5924Padaria Pao Dourado Ltda6009SAO PAULO62070503***6304ABCD',
    qrcodeURL: 'data:image/png;base64,iVBORw0KGgo=',
    txid: 'SAQUE0001PADARIAPAODOURADO1',
  },
};

const cash422 = (code: number) =>
  apiErrorLike({
    status: 422,
    code,
    group: 'PIXCASH',
    messageKey: `ERRORS.PIXCASH.${code}`,
    operation: 'createDynamicQrCode',
  });

const common = (kind: PixCashQrInput['kind']) => ({
  input: {
    kind,
    accountId: ACCOUNT,
    serviceProviderIspb: ISPB,
    newId: sequentialIds(kind === 'WITHDRAW' ? 'saque' : 'troco'),
  } satisfies PixCashQrInput,
  outcomes: [
    {
      actor: 'listAliases',
      kind: 'done',
      output: [{ name: padaria.email, type: 'EMAIL', status: 'ACTIVE' }],
      key: 'keys',
      label: 'Banco devolve a chave ativa da padaria',
    },
    {
      actor: 'listAliases',
      kind: 'done',
      output: [],
      key: 'noActiveKey',
      label: 'Banco devolve nenhuma chave ativa',
    },
    {
      actor: 'listAliases',
      kind: 'error',
      error: internalError('listAliases'),
      key: 'keysServerError',
      label: 'Banco responde 500 ao listar as chaves',
    },
    {
      actor: 'getAlias',
      kind: 'done',
      output: alias,
      key: 'aliasFound',
      label: 'Banco devolve os dados da chave',
    },
    {
      actor: 'getAlias',
      kind: 'error',
      error: apiErrorLike({
        status: 404,
        code: 404,
        group: 'GENERAL',
        messageKey: 'ERRORS.GENERAL.404',
        operation: 'getAlias',
      }),
      key: 'aliasNoData',
      label: 'Consulta sem dados: Chave aleatória inválida',
    },
    {
      actor: 'getAlias',
      kind: 'error',
      error: networkError('getAlias'),
      key: 'aliasNoAnswer',
      label: 'Sem resposta à consulta da chave',
    },
    { actor: 'createDynamicQrCode', kind: 'done', output: qr, key: 'qrMade', label: 'Banco gera o QR code' },
    {
      actor: 'createDynamicQrCode',
      kind: 'error',
      error: cash422(124),
      key: 'qrRefused',
      label: 'Banco recusa os valores (422 PIXCASH 124)',
    },
    {
      actor: 'createDynamicQrCode',
      kind: 'error',
      error: internalError('createDynamicQrCode'),
      key: 'qrServerError',
      label: 'Banco responde 500 ao gerar o QR code',
    },
  ] satisfies CashFlow['outcomes'],
  contextKey: (c: Parameters<NonNullable<CashFlow['contextKey']>>[0]) => ({
    keys: c.keys.length,
    key: c.key?.key ?? null,
    alias: c.alias !== null,
    attempt: c.request !== null,
    qr: c.qr !== null,
    error: c.error?.messageKey ?? null,
  }),
  idempotent: [
    {
      actor: 'createDynamicQrCode' as const,
      key: (i: { body: { externalIdentifier: string } }) => i.body.externalIdentifier,
      newAttemptOn: ['amounts.submit' as const],
    },
  ],
  operations: {
    listAliases: 'listAliases',
    getAlias: 'getAlias',
    createDynamicQrCode: 'createDynamicQrCode',
  } as const,
});

const keyEvents = [
  { event: ev({ type: 'key.select', key: padaria.email }), label: 'Escolhe a chave e-mail da padaria' },
  {
    event: ev({ type: 'key.select', key: 'outra@exemplo.com.br' }),
    label: 'Escolhe uma chave que não está na lista',
    valid: false,
  },
  { event: ev({ type: 'confirm.accept' }), label: 'Confirma' },
  { event: ev({ type: 'confirm.cancel' }), label: 'Cancela a confirmação' },
  { event: ev({ type: 'wizard.previous' }), label: 'Clica em Anterior' },
  { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
  { event: ev({ type: 'qr.copy' }), label: 'Copia o código' },
];

export const pixWithdrawQrFlow = defineFlow({
  id: 'pix-withdraw-qr',
  route: '/WithdrawPixPage',
  title: 'Pix Saque: gerar QR code de saque',
  spec: [
    '4-pix-part-two.md §2 Withdraw Pix',
    '4-pix-part-two.md §3 Dynamic QR request',
    '4-pix-part-two.md §5 Withdraw, Expiration',
    '4-pix-part-two.md §9',
  ],
  machine: pixCashQrMachine,
  events: [
    ...keyEvents,
    {
      event: ev({ type: 'amounts.submit', amounts: { total: '100,00' } }),
      label: 'Informa R$ 100,00 sem expiração',
    },
    {
      event: ev({ type: 'amounts.submit', amounts: { total: '0,00' } }),
      label: 'Informa R$ 0,00',
      valid: false,
    },
    {
      event: ev({ type: 'amounts.submit', amounts: { total: '50,00', expiration: '86401' } }),
      label: 'Expiração acima de 86400',
      valid: false,
    },
  ],
  ...common('WITHDRAW'),
});

export const pixChangeQrFlow = defineFlow({
  id: 'pix-change-qr',
  route: '/ChangePixPage',
  title: 'Pix Troco: gerar QR code de troco',
  spec: [
    '4-pix-part-two.md §2 Change Pix',
    '4-pix-part-two.md §3 Dynamic QR request',
    '4-pix-part-two.md §5 Change, Expiration',
    '4-pix-part-two.md §9',
  ],
  machine: pixCashQrMachine,
  events: [
    ...keyEvents,
    {
      event: ev({
        type: 'amounts.submit',
        amounts: { total: '80,00', purchase: '50,00', expiration: '120' },
      }),
      label: 'Total R$ 80,00, compra R$ 50,00 (troco R$ 30,00)',
    },
    {
      event: ev({
        type: 'amounts.submit',
        amounts: { total: '50,00', purchase: '50,00', expiration: '120' },
      }),
      label: 'Compra igual ao total',
      valid: false,
    },
    {
      event: ev({ type: 'amounts.submit', amounts: { total: '0,00', purchase: '0,00', expiration: '120' } }),
      label: 'Total R$ 0,00',
      valid: false,
    },
  ],
  ...common('CHANGE'),
});
