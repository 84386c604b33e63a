/**
 * Catalog entry of receive by QR (/PixReceive; 3-pix-part-one.md §2 Receive, §3, §5, §7, §8, §9;
 * issue 17). The receiver is Maria (demo/users.ts) with her keys as the sandbox seeds them
 * (pix-key-sample-data.ts); the payer of the due-date charge is the bakery (its alphanumeric CNPJ).
 */
import { DEMO_USERS, FIXTURE_IDS } from '../../demo/users.ts';
import { signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { apiErrorLike, internalError, networkError } from '../fixtures/api-errors.ts';
import { sequentialIds } from '../kernel/ids.ts';
import { MARIA_KEYS } from './pix-key-sample-data.ts';
import { EMPTY_DETAILS, type ReceiveDetails } from './pix-receive-rules.ts';
import {
  pixReceiveMachine,
  type CreateDueDateChargeOutput,
  type CreateImmediateChargeOutput,
  type CreateStaticChargeOutput,
  type PixReceiveEvent,
  type PixReceiveInput,
} from './pix-receive.machine.ts';

const { maria, padaria } = DEMO_USERS;
const ev = (e: PixReceiveEvent): PixReceiveEvent => e;

/** The day the fixtures run on, São Paulo's. */
export const RECEIVE_TODAY = '2026-11-24';

const input: PixReceiveInput = {
  accountId: FIXTURE_IDS.maria.accountId,
  today: RECEIVE_TODAY,
  newId: sequentialIds('cob'),
};

/** Step 2 of each charge kind, and one with the information section open and no payer name. */
export const RECEIVE_DETAILS = {
  static: { ...EMPTY_DETAILS },
  immediate: { ...EMPTY_DETAILS, amount: '25,50', description: 'Pedido 7' },
  dueDate: {
    ...EMPTY_DETAILS,
    amount: '100,00',
    description: 'Mensalidade de dezembro',
    information: true,
    dueDate: '2026-12-10',
    payerName: padaria.name,
    payerTaxId: padaria.taxIdMasked,
    fine: '2',
    interest: '1',
  },
  noPayerName: {
    ...EMPTY_DETAILS,
    amount: '100,00',
    information: true,
    dueDate: '2026-12-10',
    payerTaxId: padaria.taxIdMasked,
  },
} satisfies Record<string, ReceiveDetails>;

const LOCATION = 'qr.sandbox.banco.example/pix/v2/cob/5f0c1d2e3a4b4c5d8e9f001122334455';
const TXID = 'A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D6';
/** A 1×1 PNG stands for the bank's image (the view shows whatever the bank drew). */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABc3UBGAAAAABJRU5ErkJggg==';

const immediate: CreateImmediateChargeOutput = {
  emv: `00020101021226800014br.gov.bcb.pix2558${LOCATION}5204000053039865802BR5914MARIA DA SILVA6009SAO PAULO62070503***6304ABCD`,
  imagem_base64: PNG,
  id_cobranca_imediata_pix: TXID,
  txid: TXID,
  location: LOCATION,
  status: 'ATIVA',
};
const dueDate: CreateDueDateChargeOutput = {
  ...immediate,
  location: LOCATION.replace('/cob/', '/cobv/'),
  id_cobranca_vencimento_pix: TXID,
};
const staticCode: CreateStaticChargeOutput = {
  qrcode_pix: {
    emv: `00020126420014br.gov.bcb.pix0120${maria.email}5204000053039865802BR5914MARIA DA SILVA6009SAO PAULO62290525CAIXA0000000000000000000016304ABCD`,
    imagem_base64: PNG,
  },
  id_cobranca_estatico_pix: 'CAIXA000000000000000000001',
};

const pixRecv422 = (code: number, operation: string) =>
  apiErrorLike({ status: 422, code, group: 'PIXRECV', messageKey: `ERRORS.PIXRECV.${code}`, operation });

export const pixReceiveFlow = defineFlow({
  id: 'pix-receive',
  title: 'Pix: receber por QR code',
  // Played in Chromium by e2e/bindings/pix-receive.ts (listed in e2e/paths.spec.ts).
  route: '/PixReceive',
  spec: [
    '3-pix-part-one.md §2 Receive (/PixReceive)',
    '3-pix-part-one.md §3 Entities and their fields (generated charge response, due-date charge request)',
    '3-pix-part-one.md §5 Validation rules (Receive)',
    '3-pix-part-one.md §7 cobrancaimediata, cobrancaVencimento, qrCodeEstatico; the aliases',
    '3-pix-part-one.md §8 Error catalogue (Receive: DUE_DATE_REQUIRED, INFORMATION_*; QRCODE_COPIED)',
    '3-pix-part-one.md §9 Business constants and limits (fine mode 2, interest mode 1, QR image)',
  ],
  entrySteps: signedInSteps('/PixReceive'),
  machine: pixReceiveMachine,
  input,
  events: [
    { event: ev({ type: 'key.select', key: maria.email }), label: `Escolhe a chave ${maria.email}` },
    {
      event: ev({ type: 'key.select', key: maria.phone }),
      label: 'Escolhe uma chave que não está ativa (o telefone aguardando código)',
      valid: false,
    },
    {
      event: ev({ type: 'details.submit', details: RECEIVE_DETAILS.static }),
      label: 'Deixa o valor vazio e clica em Avançar (QR estático)',
    },
    {
      event: ev({ type: 'details.submit', details: RECEIVE_DETAILS.immediate }),
      label: 'Digita R$ 25,50 e Pedido 7 e clica em Avançar (cobrança imediata)',
    },
    {
      event: ev({ type: 'details.submit', details: RECEIVE_DETAILS.dueDate }),
      label:
        'Abre Informações, preenche vencimento 10/12/2026, pagador, multa 2% e juros 1% e clica em Avançar',
    },
    {
      event: ev({ type: 'details.submit', details: RECEIVE_DETAILS.noPayerName }),
      label: 'Abre Informações sem o nome do pagador e clica em Avançar',
      valid: false,
    },
    { event: ev({ type: 'wizard.previous' }), label: 'Clica em Voltar' },
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
    { event: ev({ type: 'qr.copy' }), label: 'Clica em Copiar código' },
    { event: ev({ type: 'charge.new' }), label: 'Clica em Nova cobrança' },
  ],
  outcomes: [
    {
      actor: 'listAliases',
      kind: 'done',
      output: MARIA_KEYS,
      key: 'keys',
      label: 'Banco devolve as chaves (3 ativas, 1 aguardando código)',
    },
    {
      actor: 'listAliases',
      kind: 'done',
      output: MARIA_KEYS.filter((k) => k.status !== 'ACTIVE'),
      key: 'onlyPendingKey',
      label: 'Banco devolve só uma chave aguardando código (nenhuma ativa)',
    },
    {
      actor: 'listAliases',
      kind: 'error',
      error: internalError('listAliases'),
      key: 'listServerError',
      label: 'Banco responde 500 ao listar as chaves',
    },
    {
      actor: 'createStaticCharge',
      kind: 'done',
      output: staticCode,
      key: 'staticQr',
      label: 'Banco gera o QR estático',
    },
    {
      actor: 'createStaticCharge',
      kind: 'error',
      error: pixRecv422(91, 'createStaticCharge'),
      key: 'staticKeyInactive',
      label: 'Banco recusa: a chave não está ativa (422 PIXRECV 91)',
    },
    {
      actor: 'createStaticCharge',
      kind: 'error',
      error: networkError('createStaticCharge'),
      key: 'staticNoAnswer',
      label: 'Sem resposta ao gerar o QR estático',
    },
    {
      actor: 'createImmediateCharge',
      kind: 'done',
      output: immediate,
      key: 'immediateCharge',
      label: 'Banco gera a cobrança imediata',
    },
    {
      actor: 'createImmediateCharge',
      kind: 'error',
      error: pixRecv422(91, 'createImmediateCharge'),
      key: 'immediateKeyInactive',
      label: 'Banco recusa: a chave não está ativa (422 PIXRECV 91)',
    },
    {
      actor: 'createImmediateCharge',
      kind: 'error',
      error: internalError('createImmediateCharge'),
      key: 'immediateServerError',
      label: 'Banco responde 500 ao gerar a cobrança imediata',
    },
    {
      actor: 'createDueDateCharge',
      kind: 'done',
      output: dueDate,
      key: 'dueDateCharge',
      label: 'Banco gera a cobrança com vencimento',
    },
    {
      actor: 'createDueDateCharge',
      kind: 'error',
      error: pixRecv422(92, 'createDueDateCharge'),
      key: 'dueDatePast',
      label: 'Banco recusa: vencimento antes de hoje (422 PIXRECV 92)',
    },
    {
      actor: 'createDueDateCharge',
      kind: 'error',
      error: networkError('createDueDateCharge'),
      key: 'dueDateNoAnswer',
      label: 'Sem resposta ao gerar a cobrança com vencimento',
    },
  ],
  contextKey: (c) => ({
    keys: c.keys.length,
    key: c.key,
    kind: c.request?.kind ?? null,
    attempt: c.externalIdentifier !== null,
    charge: c.charge?.kind ?? null,
    error: c.error?.messageKey ?? null,
  }),
  idempotent: [
    {
      actor: 'createImmediateCharge',
      key: (i) => i.body.externalIdentifier ?? '',
      newAttemptOn: ['details.submit', 'wizard.previous', 'charge.new'],
    },
    {
      actor: 'createDueDateCharge',
      key: (i) => i.body.externalIdentifier ?? '',
      newAttemptOn: ['details.submit', 'wizard.previous', 'charge.new'],
    },
  ],
  operations: {
    listAliases: 'listAliases',
    createStaticCharge: 'createStaticCharge',
    createImmediateCharge: 'createImmediateCharge',
    createDueDateCharge: 'createDueDateCharge',
  },
});
