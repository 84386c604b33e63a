/**
 * Catalog entry of the bank transfer, TED (/TransferToBank; 2-money-movement.md §2, §4, §5, §7,
 * §8, §9).
 */
import { signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { internalError, networkError } from '../fixtures/api-errors.ts';
import { sequentialIds } from '../kernel/ids.ts';
import type { TedFormValues } from '../validators/transfer.ts';
import {
  bankTransferMachine,
  type BankTransferEvent,
  type BankTransferInput,
  type CreateRecipientOutput,
  type CreateWithdrawalOutput,
} from './bank-transfer.machine.ts';
import type { SecurityCodeOutput } from './security-code.machine.ts';
import { confirmationRefused, insufficientBalance, transferRefused } from './transfer-errors.ts';
import { TRANSACTION_ID, TRANSFER_ACCOUNT } from './transfer-sample-data.ts';

const ev = (e: BankTransferEvent): BankTransferEvent => e;

/** The TED of the fixtures: R$ 150,25 to João Pereira, Itaú, agência 0001, conta 56789-0. */
export const TED_FORM: TedFormValues = {
  name: 'João Pereira',
  document: '390.533.447-05',
  bankCode: '341',
  accountType: 'CC',
  branch: '0001',
  account: '56789',
  digit: '0',
  amount: '150,25',
};
const submit = (patch: Partial<TedFormValues>): BankTransferEvent => ({
  type: 'form.submit',
  values: { ...TED_FORM, ...patch },
});

const input: BankTransferInput = {
  accountId: TRANSFER_ACCOUNT.accountId,
  phoneNumber: TRANSFER_ACCOUNT.phoneNumber,
  newId: sequentialIds('ext'),
};

export const bankTransferFlow = defineFlow({
  id: 'bank-transfer',
  title: 'Transferência para conta bancária (TED)',
  route: '/TransferToBank',
  entrySteps: signedInSteps('/TransferToBank'),
  spec: [
    '2-money-movement.md §2 Bank transfer (TED)',
    '2-money-movement.md §2 Security-code dialog',
    '2-money-movement.md §4 States and transitions (Transfer)',
    '2-money-movement.md §5 Validation rules (Name, Currency input, Document, Bank transfer fields, Nickname)',
    '2-money-movement.md §7 Calls made (POST /account/{accountId}/withdraw, POST /Recipients)',
    '2-money-movement.md §8 Error catalogue',
    '2-money-movement.md §9 Business constants and limits',
  ],
  machine: bankTransferMachine,
  input,
  events: [
    {
      event: submit({}),
      label:
        'Preenche João Pereira, CPF 390.533.447-05, Itaú (341), CC, agência 0001, conta 56789-0, R$ 150,25 e clica em Transferir',
    },
    { event: submit({ name: 'João' }), label: 'Transfere com o nome de uma palavra só', valid: false },
    { event: submit({ document: '390.533.447-06' }), label: 'Transfere com CPF inválido', valid: false },
    { event: submit({ amount: '0,00' }), label: 'Transfere com valor zero', valid: false },
    { event: submit({ branch: '12345' }), label: 'Transfere com agência de 5 dígitos', valid: false },
    { event: ev({ type: 'confirm.accept' }), label: 'Clica em Confirmar na confirmação' },
    { event: ev({ type: 'confirm.cancel' }), label: 'Clica em Cancelar na confirmação' },
    { event: ev({ type: 'totp.cancel' }), label: 'Fecha a Chave de Segurança' },
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
    {
      event: ev({ type: 'recipient.save', nickname: 'João Pereira - ITAÚ UNIBANCO S.A.' }),
      label: 'Clica em Salvar favorecido com o apelido sugerido',
    },
    {
      event: ev({ type: 'recipient.save', nickname: '   ' }),
      label: 'Tenta salvar o favorecido com o apelido em branco',
      valid: false,
    },
    { event: ev({ type: 'finish' }), label: 'Clica em Concluir no comprovante' },
  ],
  outcomes: [
    {
      actor: 'securityCode',
      kind: 'done',
      output: { confirmationToken: 'conf-token-0001-abcdef' } satisfies SecurityCodeOutput,
      key: 'codeAccepted',
      label: 'Chave de Segurança aceita (token de confirmação)',
    },
    {
      actor: 'createWithdrawal',
      kind: 'done',
      output: {
        success: true,
        transactionId: TRANSACTION_ID,
        message: 'TED enviada',
      } satisfies CreateWithdrawalOutput,
      key: 'transferDone',
      label: 'Banco faz a TED',
    },
    {
      actor: 'createWithdrawal',
      kind: 'done',
      output: { success: false, message: 'TED não realizada' } satisfies CreateWithdrawalOutput,
      key: 'notSuccessful',
      label: 'Banco responde success=false',
    },
    {
      actor: 'createWithdrawal',
      kind: 'error',
      error: confirmationRefused('createWithdrawal'),
      key: 'tokenRefused',
      label: 'Banco recusa o token (403 SECURITY 50)',
    },
    {
      actor: 'createWithdrawal',
      kind: 'error',
      error: insufficientBalance('createWithdrawal'),
      key: 'insufficientBalance',
      label: 'Banco recusa: saldo insuficiente (422 código 16)',
    },
    {
      actor: 'createWithdrawal',
      kind: 'error',
      error: transferRefused('createWithdrawal', 54),
      key: 'fieldRefused',
      label: 'Banco recusa um campo (422 TRANSFER 54)',
    },
    {
      actor: 'createWithdrawal',
      kind: 'error',
      error: internalError('createWithdrawal'),
      key: 'serverError',
      label: 'Banco responde 500 ao enviar a TED',
    },
    {
      actor: 'createRecipient',
      kind: 'done',
      output: {
        idRecipient: 77,
        createdAt: '2026-11-24T03:00:00Z',
        recipientType: 'BankTransfer',
        nickname: 'João Pereira - ITAÚ UNIBANCO S.A.',
      } satisfies CreateRecipientOutput,
      key: 'recipientSaved',
      label: 'Banco salva o favorecido',
    },
    {
      actor: 'createRecipient',
      kind: 'error',
      error: networkError('createRecipient'),
      key: 'recipientSaveOffline',
      label: 'Sem conexão ao salvar o favorecido',
    },
  ],
  timers: [{ delay: 'redirect', label: 'Espera 1,8 s' }],
  contextKey: (c) => {
    return {
      form: c.form,
      attempt: c.externalIdentifier !== null,
      token: c.confirmationToken !== null,
      securityReason: c.securityReason,
      result: c.result?.success ?? null,
      saved: c.savedRecipient?.idRecipient ?? null,
      leaveTo: c.leaveTo,
      error: c.error?.messageKey ?? null,
    };
  },
  // The bank applies a withdrawal once per externalIdentifier: a retry after an unknown result
  // sends the same one; a new form, or giving up at the confirmation or the code, is a new attempt.
  idempotent: [
    {
      actor: 'createWithdrawal',
      key: (i) => i.body.withdraw.externalIdentifier,
      newAttemptOn: ['form.submit', 'confirm.cancel', 'totp.cancel'],
    },
  ],
  operations: {
    createWithdrawal: 'createWithdrawal',
    createRecipient: 'createRecipient',
    securityCode: 'validateTotp',
  },
});
