import { BANK_ACCOUNTS } from '../../db/ledger.ts';
import { HISTORY_CODES, type Builders, type MovementOf } from './model.ts';
import { billData, frame, reais } from './shape.ts';

/** A bank slip or a utility bill paid, one builder for both: they differ in the withdraw type. */
function billPayment(m: MovementOf<'BOLETO_PAYMENT' | 'UTILITY_PAYMENT'>) {
  const { simple, withdraw, receipt, dates } = frame(m);
  const isBoleto = m.kind === 'BOLETO_PAYMENT';
  const beneficiary = { name: m.bill.beneficiaryName, taxId: m.bill.beneficiaryTaxId };
  const data = billData(m.bill);
  // Flat BillData (what the contract reads) plus billFullData (what the payment sends).
  const info = { ...data, digitableLine: m.bill.typeableLine, billFullData: data };
  return {
    ...simple(
      m.kind,
      `${isBoleto ? 'Pagamento de boleto' : 'Pagamento de conta'} - ${m.bill.beneficiaryName}`,
      BANK_ACCOUNTS.clearing,
      -1,
      isBoleto ? HISTORY_CODES.BOLETO_PAYMENT : HISTORY_CODES.UTILITY_PAYMENT,
      beneficiary,
    ),
    additionalInfo: isBoleto
      ? withdraw('Boleto', { boleto: info })
      : withdraw('Utilities', {
          utilities: {
            ...info,
            beneficiaryTaxIdentifier: { country: 'BRA', taxId: m.bill.beneficiaryTaxId },
          },
        }),
    detail: receipt({ requestData: { description: m.note, bill: data, ...dates } }),
  };
}

/** Bills paid, and money deposited by a boleto the customer issued. */
export const billBuilders: Builders<'BOLETO_PAYMENT' | 'UTILITY_PAYMENT' | 'DEPOSIT_BOLETO'> = {
  BOLETO_PAYMENT: billPayment,
  UTILITY_PAYMENT: billPayment,
  DEPOSIT_BOLETO: (m) => {
    const { simple, receipt, dates } = frame(m);
    return {
      ...simple(
        'DEPOSIT_BOLETO',
        'Depósito por boleto',
        BANK_ACCOUNTS.clearing,
        1,
        HISTORY_CODES.DEPOSIT_BOLETO,
      ),
      additionalInfo: {
        body: {
          currency: 'BRL',
          externalIdentifier: m.externalIdentifier,
          totalAmount: reais(m.amountCents),
          paymentInfo: {
            transactionType: 'Boleto',
            boleto: {
              accountingMethod: 'DEF',
              typeableLine: m.boleto.typeableLine,
              barcode: m.boleto.barcode,
              dueDate: m.boleto.dueDate,
            },
          },
          idDeposit: m.boleto.idDeposit,
        },
      },
      detail: receipt({
        requestData: { description: `Boleto de depósito ${m.boleto.typeableLine}`, ...dates },
      }),
    };
  },
};
