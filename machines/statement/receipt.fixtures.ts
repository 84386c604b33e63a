/**
 * Catalog entry of the receipt dialog (Comprovante) opened from a statement row: load, the empty
 * receipt on failure, PDF download and print (1-access-shell-statement.md §2 Receipt dialog, §8).
 */
import { signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { receiptMachine, type ReceiptInput } from './receipt.machine.ts';
import { DEMO_ACCOUNT, SAMPLE_TED_DETAIL, apiErrorLike, networkError } from './sample-data.ts';

const input: ReceiptInput = {
  accountHolderId: DEMO_ACCOUNT.accountHolderId,
  accountId: DEMO_ACCOUNT.accountId,
  transactionId: 'tx-ted-out',
};

export const receiptFlow = defineFlow({
  id: 'receipt',
  title: 'Extrato: comprovante',
  route: '/Statement',
  entrySteps: signedInSteps(
    '/Statement',
    'Escolhe o período Últimos 15 dias',
    "Digita 'TED enviada' na busca",
    'Clica em Ver comprovante no primeiro lançamento encontrado',
  ),
  spec: [
    '1-access-shell-statement.md §2 Receipt dialog (Comprovante)',
    '1-access-shell-statement.md §3 Entities and their fields (Transaction detail)',
    '1-access-shell-statement.md §8 The error catalogue',
  ],
  machine: receiptMachine,
  input,
  events: [
    { event: { type: 'receipt.download' }, label: 'Clica em Baixar PDF' },
    { event: { type: 'receipt.print' }, label: 'Clica em Imprimir' },
    { event: { type: 'retry' }, label: 'Clica em Tentar novamente' },
    { event: { type: 'receipt.close' }, label: 'Fecha o comprovante' },
  ],
  outcomes: [
    {
      actor: 'loadTransactionDetail',
      kind: 'done',
      output: SAMPLE_TED_DETAIL,
      key: 'tedDetail',
      label: 'API devolve o detalhe da TED',
    },
    {
      actor: 'loadTransactionDetail',
      kind: 'error',
      error: apiErrorLike({
        status: 404,
        code: 404,
        messageKey: 'ERRORS.UNEXPECTED',
        operation: 'getTransactionDetail',
      }),
      key: 'notFound',
      label: 'API responde 404 (transação não encontrada)',
    },
    {
      actor: 'loadTransactionDetail',
      kind: 'error',
      error: networkError('getTransactionDetail'),
      key: 'offline',
      label: 'Sem conexão ao carregar o comprovante',
    },
    { actor: 'downloadPdf', kind: 'done', key: 'pdfDownloaded', label: 'O PDF é gerado e baixado' },
    {
      actor: 'downloadPdf',
      kind: 'error',
      error: { name: 'Error', message: 'jspdf failed to load' },
      key: 'pdfGeneratorFailed',
      label: 'Falha ao carregar o gerador de PDF',
    },
    { actor: 'printReceipt', kind: 'done', key: 'printOpened', label: 'O navegador abre a impressão' },
    {
      actor: 'printReceipt',
      kind: 'error',
      error: { name: 'Error', message: 'print blocked' },
      key: 'printFailed',
      label: 'A impressão falha (só registrada no log)',
    },
  ],
  operations: { loadTransactionDetail: 'getTransactionDetail' },
});
