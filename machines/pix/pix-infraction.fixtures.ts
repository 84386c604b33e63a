/**
 * Catalog entry of the infraction report (a row action of /PixExtractPage; 3-pix-part-one.md §2
 * Report infraction dialog, §3, §4, §5 Infraction, §7 /Infraction calls, §8 Infraction).
 */
import { FIXTURE_IDS } from '../../demo/users.ts';
import { signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { apiErrorLike, internalError, networkError } from '../fixtures/api-errors.ts';
import { sequentialIds } from '../kernel/ids.ts';
import {
  pixInfractionMachine,
  type AttachInfractionFileOutput,
  type ChosenFile,
  type CreateInfractionOutput,
  type GetOpenInfractionOutput,
  type GetPixReceiptOutput,
  type PixInfractionEvent,
  type PixInfractionInput,
} from './pix-infraction.machine.ts';

const ev = (e: PixInfractionEvent): PixInfractionEvent => e;

/** A sample payment (an end-to-end id of this bank's form: E + ISPB + UTC minute + 11). */
const END_TO_END_ID = 'E1234567820261120143000000000001';

const input: PixInfractionInput = {
  accountId: FIXTURE_IDS.maria.accountId,
  endToEndId: END_TO_END_ID,
  transactionId: 'tx-pix-sent-1',
  newId: sequentialIds('ext'),
};

const noBytes = { size: 0, arrayBuffer: async () => new ArrayBuffer(0) };

/** A small PNG chosen by the user (its signature as the first bytes). */
const png: ChosenFile = {
  name: 'conversa.png',
  size: 2048,
  head: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  content: { ...noBytes, size: 2048 },
};

/** A text file renamed .pdf: refused by its content before any call. */
const notPdf: ChosenFile = {
  name: 'comprovante.pdf',
  size: 120,
  head: [0x4f, 0x6c, 0xe1, 0x20, 0x6d, 0x75, 0x6e, 0x64],
  content: { ...noBytes, size: 120 },
};

const OPEN_INFRACTION: NonNullable<GetOpenInfractionOutput> = {
  idInfraction: 41,
  createdAt: '2026-11-21T13:00:00.000Z',
  updatedAt: null,
  infractionType: 'FRAUD',
  infractionReportParticipant: '12345678',
  infractionE2E: END_TO_END_ID,
  infractionDescription: 'Golpe do falso parente pelo WhatsApp.',
  infractionStatus: 'OPEN',
  attachments: [],
};

const RECEIPT: GetPixReceiptOutput = {
  pixId: END_TO_END_ID,
  pixDate: '2026-11-20T14:30:00.000Z',
  historyCode: '8011',
  pixKey: 'loja.suspeita@exemplo.com.br',
  transactionId: 'tx-pix-sent-1',
  amount: 250,
  type: 'D',
};

const pixRecv = (status: number, code: number) =>
  apiErrorLike({
    status,
    code,
    group: 'PIXRECV',
    messageKey: `ERRORS.PIXRECV.${code}`,
    operation: 'createInfraction',
  });

export const pixInfractionFlow = defineFlow({
  id: 'pix-infraction',
  title: 'Pix: notificar infração (MED)',
  route: '/PixExtractPage',
  entrySteps: signedInSteps(
    '/PixExtractPage',
    'Clica no ícone de fraude (notificar infração) de um Pix enviado nos últimos 80 dias',
  ),
  spec: [
    '3-pix-part-one.md §2 Report infraction dialog',
    '3-pix-part-one.md §3 Entities and their fields (Infraction request)',
    '3-pix-part-one.md §4 States and transitions (Infraction dialog)',
    '3-pix-part-one.md §5 Validation rules (Infraction)',
    '3-pix-part-one.md §7 The calls it makes (/Infraction)',
    '3-pix-part-one.md §8 Error catalogue (Infraction)',
  ],
  machine: pixInfractionMachine,
  input,
  events: [
    {
      event: ev({
        type: 'details.submit',
        infractionType: 'FRAUD',
        description: 'Recebi um link falso e paguei um boleto que não existia.',
      }),
      label: 'Mantém Fraude, descreve o ocorrido e clica em Próximo',
    },
    {
      event: ev({ type: 'details.submit', infractionType: 'ERROR', description: '  abc ' }),
      label: 'Descreve com 3 caracteres e clica em Próximo',
      valid: false,
    },
    { event: ev({ type: 'details.back' }), label: 'Clica em Voltar' },
    { event: ev({ type: 'file.add', file: png }), label: 'Anexa conversa.png (2 KB)' },
    {
      event: ev({ type: 'file.add', file: notPdf }),
      label: 'Anexa um arquivo de texto com nome .pdf',
      valid: false,
    },
    { event: ev({ type: 'file.remove', index: 0 }), label: 'Remove o primeiro anexo' },
    { event: ev({ type: 'report.submit' }), label: 'Clica em Concluir' },
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
    { event: ev({ type: 'dialog.close' }), label: 'Fecha o diálogo' },
  ],
  outcomes: [
    {
      actor: 'getOpenInfraction',
      kind: 'done',
      output: null satisfies GetOpenInfractionOutput,
      key: 'noOpenReport',
      label: 'Nenhuma notificação aberta para o Pix',
    },
    {
      actor: 'getOpenInfraction',
      kind: 'done',
      output: OPEN_INFRACTION,
      key: 'openReportExists',
      label: 'Já existe notificação aberta (ALREADY_EXISTS)',
    },
    {
      actor: 'getOpenInfraction',
      kind: 'error',
      error: internalError('getOpenInfraction'),
      key: 'openReportServerError',
      label: 'Banco responde 500 à consulta de notificação aberta',
    },
    {
      actor: 'getPixReceipt',
      kind: 'done',
      output: RECEIPT,
      key: 'receiptWithKey',
      label: 'Comprovante com a chave do recebedor',
    },
    {
      actor: 'getPixReceipt',
      kind: 'error',
      error: internalError('getPixReceipt'),
      key: 'receiptServerError',
      label: 'Banco responde 500 ao comprovante (chave indisponível)',
    },
    {
      actor: 'createInfraction',
      kind: 'done',
      output: { idInfraction: 42 } satisfies CreateInfractionOutput,
      key: 'reportCreated',
      label: 'Banco registra a notificação 42',
    },
    {
      actor: 'createInfraction',
      kind: 'error',
      error: pixRecv(422, 100),
      key: 'reportAlreadyOpen',
      label: 'Banco responde que já existe notificação aberta (422 PIXRECV 100)',
    },
    {
      actor: 'createInfraction',
      kind: 'error',
      error: pixRecv(422, 98),
      key: 'deadlinePassed',
      label: 'Banco recusa: prazo de 80 dias encerrado (422 PIXRECV 98)',
    },
    {
      actor: 'createInfraction',
      kind: 'error',
      error: networkError('createInfraction'),
      key: 'noAnswer',
      label: 'Sem resposta do banco ao registrar',
    },
    {
      actor: 'attachInfractionFile',
      kind: 'done',
      output: {
        idAttachment: 7,
        fileName: 'conversa.png',
        contentType: 'image/png',
        size: 2048,
      } satisfies AttachInfractionFileOutput,
      key: 'fileAttached',
      label: 'Banco guarda o anexo',
    },
    {
      actor: 'attachInfractionFile',
      kind: 'error',
      error: networkError('attachInfractionFile'),
      key: 'fileNoAnswer',
      label: 'Sem resposta do banco ao enviar o anexo',
    },
  ],
  // What decides the transitions: how many files are chosen and left to send, and whether the
  // infraction exists. The texts, the type, the key and the messages shown never do.
  contextKey: (c) => ({
    files: c.files.length,
    left: c.files.length - c.attached,
    created: c.infractionId !== null,
  }),
  // One infraction per externalIdentifier: a retry after an unknown result sends the same one; a
  // Finish after a refusal (the attempt dropped) is a new attempt.
  idempotent: [
    {
      actor: 'createInfraction',
      key: (i) => i.body.externalIdentifier,
      newAttemptOn: ['report.submit'],
    },
  ],
  operations: {
    getOpenInfraction: 'getOpenInfraction',
    getPixReceipt: 'getPixReceipt',
    createInfraction: 'createInfraction',
    attachInfractionFile: 'attachInfractionFile',
  },
});
