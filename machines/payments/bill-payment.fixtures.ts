/**
 * Catalog entry of bill payment (/Payment; 2-money-movement.md §2, §3, §4, §5, §7, §8, §9).
 */
import { signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { apiErrorLike, internalError, networkError } from '../fixtures/api-errors.ts';
import { sequentialIds } from '../kernel/ids.ts';
import { billAmountError } from '../validators/bill.ts';
import { formatBoletoLine } from '../validators/boleto.ts';
import type { SecurityCodeOutput } from '../transfers/security-code.machine.ts';
import { confirmationRefused, insufficientBalance } from '../transfers/transfer-errors.ts';
import { TRANSFER_ACCOUNT } from '../transfers/transfer-sample-data.ts';
import {
  billAmountsOf,
  billPaymentMachine,
  type BillPaymentEvent,
  type BillPaymentInput,
  type GetBillDetailsOutput,
  type PayBillOutput,
} from './bill-payment.machine.ts';
import {
  BELOW_MINIMUM_DETAILS,
  BILL_TODAY,
  BILL_TRANSACTION_ID,
  BROKEN_LINE,
  SLIP_DETAILS,
  SLIP_LINE,
} from './bill-sample-data.ts';

const ev = (e: BillPaymentEvent): BillPaymentEvent => e;

/** The bank's BILL refusals (sandbox/http/replies.ts), shaped as the API layer throws them. */
const billRefused = (operation: string, code: 60 | 61 | 62 | 63 | 64) =>
  apiErrorLike({ status: 422, code, group: 'BILL', messageKey: `ERRORS.BILL.${code}`, operation });

const input: BillPaymentInput = {
  accountId: TRANSFER_ACCOUNT.accountId,
  phoneNumber: TRANSFER_ACCOUNT.phoneNumber,
  today: BILL_TODAY,
  newId: sequentialIds('ext'),
};

/**
 * One valid code among the events: the layout of a code changes the body sent (Boleto or
 * Utilities), not the flow's states, so a utility adds no path here; e2e/bills.spec.ts pays one
 * end to end, and the property tests cover both layouts' blocks.
 */
export const billPaymentFlow = defineFlow({
  id: 'bill-payment',
  title: 'Pagamento de contas',
  route: '/Payment',
  entrySteps: signedInSteps('/Payment'),
  spec: [
    '2-money-movement.md §2 Bill payment',
    '2-money-movement.md §2 Security-code dialog',
    '2-money-movement.md §3 Entities and their fields (Bill details)',
    '2-money-movement.md §4 States and transitions (Bill payment)',
    '2-money-movement.md §5 Validation rules (Barcode, Bill amount)',
    '2-money-movement.md §7 Calls made (POST /bills, POST /account/{accountId}/withdraw)',
    '2-money-movement.md §8 Error catalogue',
    '2-money-movement.md §9 Business constants and limits',
  ],
  machine: billPaymentMachine,
  input,
  events: [
    {
      event: ev({ type: 'code.submit', code: SLIP_LINE }),
      label: `Digita o boleto ${formatBoletoLine(SLIP_LINE)} nos blocos e clica em Continuar`,
    },
    {
      event: ev({ type: 'code.submit', code: BROKEN_LINE }),
      label: 'Digita um boleto com o último dígito errado',
      valid: false,
    },
    { event: ev({ type: 'confirm.accept' }), label: 'Clica em Pagar nos detalhes' },
    { event: ev({ type: 'confirm.cancel' }), label: 'Fecha os detalhes' },
    { event: ev({ type: 'totp.cancel' }), label: 'Fecha a Chave de Segurança' },
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
    { event: ev({ type: 'bill.another' }), label: 'Clica em Pagar outra conta' },
    { event: ev({ type: 'finish' }), label: 'Clica em Fechar no comprovante' },
  ],
  outcomes: [
    {
      actor: 'getBillDetails',
      kind: 'done',
      output: SLIP_DETAILS satisfies GetBillDetailsOutput,
      key: 'overdueBill',
      label: 'Banco encontra o boleto vencido (R$ 1.230,45 + multa e juros)',
    },
    {
      actor: 'getBillDetails',
      kind: 'done',
      output: BELOW_MINIMUM_DETAILS satisfies GetBillDetailsOutput,
      key: 'belowMinimum',
      label: 'Banco encontra uma conta com total abaixo do mínimo',
    },
    {
      actor: 'getBillDetails',
      kind: 'error',
      error: billRefused('getBillDetails', 62),
      key: 'alreadyPaid',
      label: 'Banco responde: conta já paga (422 BILL 62)',
    },
    {
      actor: 'getBillDetails',
      kind: 'error',
      error: networkError('getBillDetails'),
      key: 'lookupOffline',
      label: 'Sem conexão ao consultar a conta',
    },
    {
      actor: 'securityCode',
      kind: 'done',
      output: { confirmationToken: 'conf-token-0001-abcdef' } satisfies SecurityCodeOutput,
      key: 'codeAccepted',
      label: 'Chave de Segurança aceita (token de confirmação)',
    },
    {
      actor: 'payBill',
      kind: 'done',
      output: {
        success: true,
        transactionId: BILL_TRANSACTION_ID,
        message: 'Pagamento realizado com sucesso.',
      } satisfies PayBillOutput,
      key: 'paid',
      label: 'Banco paga a conta',
    },
    {
      actor: 'payBill',
      kind: 'done',
      output: {
        success: false,
        message: 'Pagamento recusado pelo banco do beneficiário. Nenhum valor foi debitado.',
      } satisfies PayBillOutput,
      key: 'notSuccessful',
      label: 'Banco responde success=false',
    },
    {
      actor: 'payBill',
      kind: 'error',
      error: confirmationRefused('createWithdrawal'),
      key: 'tokenRefused',
      label: 'Banco recusa o token (403 SECURITY 50)',
    },
    {
      actor: 'payBill',
      kind: 'error',
      error: insufficientBalance('createWithdrawal'),
      key: 'insufficientBalance',
      label: 'Banco recusa: saldo insuficiente (422 código 16)',
    },
    {
      actor: 'payBill',
      kind: 'error',
      error: billRefused('createWithdrawal', 62),
      key: 'payAlreadyPaid',
      label: 'Banco recusa: conta já paga (422 BILL 62)',
    },
    {
      actor: 'payBill',
      kind: 'error',
      error: internalError('createWithdrawal'),
      key: 'serverError',
      label: 'Banco responde 500 ao pagar',
    },
  ],
  // What guards and screens read: whether the details are payable (isPayable), the attempt, the
  // token and the reason, the result and the error shown. The code's digits and the amounts are
  // data the screen draws, not branches: keying on them would only multiply the same paths.
  contextKey: (c) => ({
    details: c.details === null ? null : billAmountError(billAmountsOf(c.details)) === undefined,
    attempt: c.externalIdentifier !== null,
    token: c.confirmationToken !== null,
    securityReason: c.securityReason,
    result: c.result?.success ?? null,
    error: c.error?.messageKey ?? null,
  }),
  // The bank applies a withdrawal once per externalIdentifier: a retry after an unknown result
  // sends the same one; a new code, or giving up at the details or the code, is a new attempt.
  idempotent: [
    {
      actor: 'payBill',
      key: (i) => i.body.withdraw.externalIdentifier,
      newAttemptOn: ['code.submit', 'confirm.cancel', 'totp.cancel', 'bill.another'],
    },
  ],
  operations: {
    getBillDetails: 'getBillDetails',
    payBill: 'createWithdrawal',
    securityCode: 'validateTotp',
  },
});
