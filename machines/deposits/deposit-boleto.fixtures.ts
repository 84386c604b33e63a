/**
 * Catalog entry of the deposit boleto (/Deposit; 2-money-movement.md §2 Deposit by boleto, §4, §5
 * Deposit amount, §7 POST /deposit and the boleto PDF, §8).
 */
import { FIXTURE_IDS } from '../../demo/users.ts';
import { signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { apiErrorLike, internalError, networkError } from '../fixtures/api-errors.ts';
import { sequentialIds } from '../kernel/ids.ts';
import { transferRefused } from '../transfers/transfer-errors.ts';
import {
  depositBoletoMachine,
  type DepositBoletoEvent,
  type DepositBoletoInput,
} from './deposit-boleto.machine.ts';
import { SAMPLE_DEPOSIT } from './deposit-sample-data.ts';

const ev = (e: DepositBoletoEvent): DepositBoletoEvent => e;

const input: DepositBoletoInput = { accountId: FIXTURE_IDS.maria.accountId, newId: sequentialIds('ext') };

export const depositBoletoFlow = defineFlow({
  id: 'deposit-boleto',
  title: 'Depósito por boleto',
  route: '/Deposit',
  entrySteps: signedInSteps('/Deposit'),
  spec: [
    '2-money-movement.md §2 Deposit by boleto',
    '2-money-movement.md §3 Entities and their fields (Deposit)',
    '2-money-movement.md §4 States and transitions (Deposit boleto)',
    '2-money-movement.md §5 Validation rules (Deposit amount)',
    '2-money-movement.md §7 Calls made (POST /deposit, Boleto PDF)',
    '2-money-movement.md §8 Error catalogue (Print failure)',
  ],
  machine: depositBoletoMachine,
  input,
  events: [
    { event: ev({ type: 'form.submit', amount: '150,00' }), label: 'Digita 150,00 e clica em Gerar boleto' },
    { event: ev({ type: 'form.submit', amount: '0,00' }), label: 'Gera boleto com valor zero', valid: false },
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
    { event: ev({ type: 'pdf.open' }), label: 'Clica em Abrir o PDF do boleto' },
    { event: ev({ type: 'dialog.close' }), label: 'Fecha o diálogo' },
    { event: ev({ type: 'list.open' }), label: 'Clica em Meus boletos' },
  ],
  outcomes: [
    {
      actor: 'createDeposit',
      kind: 'done',
      output: SAMPLE_DEPOSIT,
      key: 'boletoIssued',
      label: 'Banco emite o boleto de R$ 150,00',
    },
    {
      actor: 'createDeposit',
      kind: 'error',
      error: transferRefused('createDeposit', 54),
      key: 'amountRefused',
      label: 'Banco recusa o valor (422 TRANSFER 54)',
    },
    {
      actor: 'createDeposit',
      kind: 'error',
      error: networkError('createDeposit'),
      key: 'noAnswer',
      label: 'Sem resposta do banco ao gerar o boleto',
    },
    {
      actor: 'openBoletoPdf',
      kind: 'done',
      output: undefined,
      key: 'pdfOpened',
      label: 'O PDF do boleto abre',
    },
    {
      actor: 'openBoletoPdf',
      kind: 'error',
      error: apiErrorLike({
        status: 404,
        code: 404,
        messageKey: 'ERRORS.UNEXPECTED',
        operation: 'getBoletoPdf',
      }),
      key: 'pdfNotFound',
      label: 'Banco não encontra o PDF (404)',
    },
    {
      actor: 'openBoletoPdf',
      kind: 'error',
      error: internalError('getBoletoPdf'),
      key: 'pdfServerError',
      label: 'Banco responde 500 ao PDF',
    },
  ],
  contextKey: (c) => ({
    amount: c.amount,
    attempt: c.externalIdentifier !== null,
    deposit: c.deposit?.idDeposit ?? null,
    error: c.error?.messageKey ?? null,
    pdfFailed: c.pdfFailed,
  }),
  // One boleto per externalIdentifier: a retry after an unknown result sends the same one; a new
  // submission, or closing the failure, starts a new attempt.
  idempotent: [
    {
      actor: 'createDeposit',
      key: (i) => i.body.externalIdentifier,
      newAttemptOn: ['form.submit', 'dialog.close'],
    },
  ],
  operations: {
    createDeposit: 'createDeposit',
    openBoletoPdf: 'getBoletoPdf',
  },
});
