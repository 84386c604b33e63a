/**
 * Catalog entry of the deposit by Pix (/Deposit, beside the boleto; 2-money-movement.md §7
 * POST /deposit-pix; issue 31).
 */
import { FIXTURE_IDS } from '../../demo/users.ts';
import { signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { apiErrorLike, networkError } from '../fixtures/api-errors.ts';
import { sequentialIds } from '../kernel/ids.ts';
import { depositPixMachine, type DepositPixEvent, type DepositPixInput } from './deposit-pix.machine.ts';
import { SAMPLE_DEPOSIT_PIX } from './deposit-sample-data.ts';

const ev = (e: DepositPixEvent): DepositPixEvent => e;

const input: DepositPixInput = { accountId: FIXTURE_IDS.maria.accountId, newId: sequentialIds('ext') };

export const depositPixFlow = defineFlow({
  id: 'deposit-pix',
  title: 'Depósito por Pix',
  // A section of /Deposit, below the boleto's (e2e/bindings/deposit-pix.ts).
  route: '/Deposit',
  entrySteps: signedInSteps('/Deposit'),
  spec: [
    '2-money-movement.md §2 Deposit by boleto (/Deposit)',
    '2-money-movement.md §5 Validation rules (Deposit amount)',
    '2-money-movement.md §7 Calls made (POST /deposit-pix)',
    '2-money-movement.md §8 Error catalogue',
  ],
  machine: depositPixMachine,
  input,
  events: [
    {
      event: ev({ type: 'form.submit', amount: '150,00' }),
      label: 'Digita 150,00 e clica em Gerar QR Code Pix',
    },
    {
      event: ev({ type: 'form.submit', amount: '0,00' }),
      label: 'Gera QR Code Pix com valor zero',
      valid: false,
    },
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
    { event: ev({ type: 'dialog.close' }), label: 'Fecha o diálogo' },
    { event: ev({ type: 'statement.open' }), label: 'Clica em Ver extrato' },
  ],
  outcomes: [
    {
      actor: 'createDepositPix',
      kind: 'done',
      output: SAMPLE_DEPOSIT_PIX,
      key: 'chargeMade',
      label: 'Banco gera a cobrança Pix de R$ 150,00',
    },
    {
      actor: 'createDepositPix',
      kind: 'error',
      error: apiErrorLike({
        status: 422,
        code: 120,
        group: 'DEPOSIT',
        messageKey: 'ERRORS.DEPOSIT.120',
        operation: 'createDepositPix',
      }),
      key: 'noActiveKey',
      label: 'Banco recusa: a conta não tem chave Pix ativa (422 DEPOSIT 120)',
    },
    {
      actor: 'createDepositPix',
      kind: 'error',
      error: networkError('createDepositPix'),
      key: 'noAnswer',
      label: 'Sem resposta do banco ao gerar o QR Code Pix',
    },
  ],
  contextKey: (c) => ({
    amount: c.amount,
    attempt: c.externalIdentifier !== null,
    charge: c.charge?.txid ?? null,
    error: c.error?.messageKey ?? null,
  }),
  // One charge per externalIdentifier: a retry after an unknown result sends the same one; a new
  // submission, or closing the failure, starts a new attempt.
  idempotent: [
    {
      actor: 'createDepositPix',
      key: (i) => i.body.externalIdentifier,
      newAttemptOn: ['form.submit', 'dialog.close'],
    },
  ],
  operations: {
    createDepositPix: 'createDepositPix',
  },
});
