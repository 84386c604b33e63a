/**
 * Catalog entry of the company transfer by CNPJ (/TransferToBrinks; 2-money-movement.md §2, §4,
 * §5, §7, §8, §9).
 */
import { DEMO_USERS } from '../../demo/users.ts';
import { signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { internalError, networkError } from '../fixtures/api-errors.ts';
import { sequentialIds } from '../kernel/ids.ts';
import {
  companyTransferMachine,
  type CompanyTransferEvent,
  type CompanyTransferInput,
  type CreatePaymentOutput,
  type LookupContactOutput,
} from './company-transfer.machine.ts';
import type { SecurityCodeOutput } from './security-code.machine.ts';
import { confirmationRefused, insufficientBalance, transferRefused } from './transfer-errors.ts';
import { COMPANY_CONTACT, TRANSACTION_ID, TRANSFER_ACCOUNT } from './transfer-sample-data.ts';
import { apiErrorLike } from '../fixtures/api-errors.ts';

const ev = (e: CompanyTransferEvent): CompanyTransferEvent => e;
const submit = (cnpj: string, amount: string): CompanyTransferEvent => ({
  type: 'form.submit',
  values: { cnpj, amount },
});

const input: CompanyTransferInput = { accountId: TRANSFER_ACCOUNT.accountId, newId: sequentialIds('ext') };

/** The fixtures' company: Padaria Pão Dourado's alphanumeric CNPJ, masked as typed. */
export const COMPANY_CNPJ_TYPED = DEMO_USERS.padaria.taxIdMasked;

export const companyTransferFlow = defineFlow({
  id: 'company-transfer',
  title: 'Transferência para conta empresa (CNPJ)',
  route: '/TransferToBrinks',
  entrySteps: signedInSteps('/TransferToBrinks'),
  spec: [
    '2-money-movement.md §2 Company transfer by CNPJ',
    '2-money-movement.md §2 Security-code dialog',
    '2-money-movement.md §3 Entities and their fields (Contact lookup result)',
    '2-money-movement.md §4 States and transitions (Transfer)',
    '2-money-movement.md §5 Validation rules (Currency input, Company transfer CNPJ)',
    '2-money-movement.md §7 Calls made (GET /contact-users, POST /payments)',
    '2-money-movement.md §8 Error catalogue',
    '2-money-movement.md §9 Business constants and limits',
  ],
  machine: companyTransferMachine,
  input,
  events: [
    {
      event: submit(COMPANY_CNPJ_TYPED, '25,50'),
      label: `Digita o CNPJ ${COMPANY_CNPJ_TYPED}, o valor 25,50 e clica em Transferir`,
    },
    { event: submit('12.345.678/9', '25,50'), label: 'Transfere com CNPJ incompleto', valid: false },
    { event: submit(COMPANY_CNPJ_TYPED, '0,00'), label: 'Transfere com valor zero', valid: false },
    { event: ev({ type: 'confirm.accept' }), label: 'Clica em Confirmar na confirmação' },
    { event: ev({ type: 'confirm.cancel' }), label: 'Clica em Cancelar na confirmação' },
    { event: ev({ type: 'totp.cancel' }), label: 'Fecha a Chave de Segurança' },
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
    { event: ev({ type: 'finish' }), label: 'Clica em Concluir no comprovante' },
  ],
  outcomes: [
    {
      actor: 'lookupContact',
      kind: 'done',
      output: COMPANY_CONTACT satisfies LookupContactOutput,
      key: 'contactFound',
      label: `Banco encontra a Padaria Pão Dourado (agência 0001, conta ${COMPANY_CONTACT.accounts[0]?.account})`,
    },
    {
      actor: 'lookupContact',
      kind: 'done',
      output: { accounts: [] } satisfies LookupContactOutput,
      key: 'contactWithoutAccount',
      label: 'Banco encontra o contato sem conta',
    },
    {
      actor: 'lookupContact',
      kind: 'error',
      error: apiErrorLike({
        status: 404,
        code: 404,
        messageKey: 'ERRORS.UNEXPECTED',
        operation: 'getContactUser',
      }),
      key: 'contactNotFound',
      label: 'Banco responde 404 (nenhum contato com esse CNPJ)',
    },
    {
      actor: 'lookupContact',
      kind: 'error',
      error: internalError('getContactUser'),
      key: 'lookupServerError',
      label: 'Banco responde 500 na busca do contato',
    },
    {
      actor: 'securityCode',
      kind: 'done',
      output: { confirmationToken: 'conf-token-0001-abcdef' } satisfies SecurityCodeOutput,
      key: 'codeAccepted',
      label: 'Chave de Segurança aceita (token de confirmação)',
    },
    {
      actor: 'createPayment',
      kind: 'done',
      output: { transactionId: TRANSACTION_ID, success: true } satisfies CreatePaymentOutput,
      key: 'transferDone',
      label: 'Banco faz a transferência',
    },
    {
      actor: 'createPayment',
      kind: 'error',
      error: confirmationRefused('createPayment'),
      key: 'tokenRefused',
      label: 'Banco recusa o token (403 SECURITY 50)',
    },
    {
      actor: 'createPayment',
      kind: 'error',
      error: insufficientBalance('createPayment'),
      key: 'insufficientBalance',
      label: 'Banco recusa: saldo insuficiente (422 código 16)',
    },
    {
      actor: 'createPayment',
      kind: 'error',
      error: transferRefused('createPayment', 53),
      key: 'destinationRefused',
      label: 'Banco recusa o destino (422 TRANSFER 53)',
    },
    {
      actor: 'createPayment',
      kind: 'error',
      error: networkError('createPayment'),
      key: 'noAnswer',
      label: 'Sem resposta do banco ao transferir',
    },
  ],
  contextKey: (c) => {
    return {
      form: c.form,
      destination: c.payment?.recipients[0]?.account ?? null,
      attempt: c.externalIdentifier !== null,
      token: c.confirmationToken !== null,
      securityReason: c.securityReason,
      result: c.result?.transactionId ?? null,
      error: c.error?.messageKey ?? null,
    };
  },
  // The bank applies a payment once per externalIdentifier: a retry after an unknown result sends
  // the same one; a new form, or giving up at the confirmation or the code, starts a new attempt.
  idempotent: [
    {
      actor: 'createPayment',
      key: (i) => i.body.externalIdentifier,
      newAttemptOn: ['form.submit', 'confirm.cancel', 'totp.cancel'],
    },
  ],
  operations: {
    lookupContact: 'getContactUser',
    createPayment: 'createPayment',
    securityCode: 'validateTotp',
  },
});
