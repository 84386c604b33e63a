import type { components } from '../../openapi/portal.d.ts';
import { BANK_ACCOUNTS, type TransactionInput, type TransactionKind } from '../db/ledger.ts';

type Schemas = components['schemas'];

/**
 * Builders for every kind of money movement the bank knows. Each returns one balanced ledger
 * transaction (see db/ledger.ts `post`) together with the statement texts, the additionalInfo
 * JSON the portal reads (1-access-shell-statement.md §3: requestBody / body.withdrawInfo) and the
 * receipt detail. Fees are separate transactions so each statement row has its own id.
 */

/**
 * History codes written on statement rows. 8011 is the one the Pix documents single out: a Pix
 * debit that may be reported as fraud (3-pix-part-one.md §5, fraud window 80 days).
 */
export const HISTORY_CODES = {
  TED_OUT: 1101,
  TED_IN: 1102,
  INTERNAL_OUT: 1201,
  INTERNAL_IN: 1202,
  PIX_OUT: 8010,
  PIX_OUT_REPORTABLE: 8011,
  PIX_IN: 8020,
  PIX_REFUND_OUT: 8030,
  PIX_REFUND_IN: 8031,
  BOLETO_PAYMENT: 3101,
  UTILITY_PAYMENT: 3102,
  TOPUP: 4101,
  DEPOSIT_BOLETO: 5101,
  FEE: 9101,
} as const;

export interface Party {
  name: string;
  taxId: string;
}

export interface BankAccountRef extends Party {
  bankCode: string;
  bankName: string;
  branch: string;
  account: string;
  /** cc (Conta Corrente) or poupanca (Poupança). */
  accountType: 'cc' | 'poupanca';
}

export interface PixParty extends BankAccountRef {
  key?: string;
  keyType?: 'CPF' | 'CNPJ' | 'PHONE' | 'EMAIL' | 'EVP';
  ispb: string;
}

export interface BillData {
  beneficiaryName: string;
  beneficiaryTaxId: string;
  barcode: string;
  typeableLine: string;
  dueDate: string;
  documentCents: number;
  discountCents: number;
  deductionsCents: number;
  interestCents: number;
  fineCents: number;
}

interface Common {
  id: string;
  externalIdentifier: string;
  at: Date;
  amountCents: number;
  /** The customer account the movement belongs to. */
  accountId: string;
  /** The customer (name and tax id), shown as sender or recipient to the other side. */
  customer: Party & { accountNumber: string };
  /** Optional text the customer typed. */
  note?: string;
}

export type Movement =
  | (Common & { kind: 'TED_OUT'; to: BankAccountRef; purposeCode?: string })
  | (Common & { kind: 'TED_IN'; from: BankAccountRef })
  | (Common & { kind: 'INTERNAL_TRANSFER'; toAccountId: string; to: Party & { accountNumber: string } })
  | (Common & { kind: 'PIX_OUT'; to: PixParty; endToEndId: string; historyCode?: number })
  | (Common & { kind: 'PIX_IN'; from: PixParty; endToEndId: string })
  | (Common & { kind: 'PIX_REFUND_OUT'; refundOf: string; to: PixParty; returnId: string })
  | (Common & { kind: 'PIX_REFUND_IN'; refundOf: string; from: PixParty; returnId: string })
  | (Common & { kind: 'BOLETO_PAYMENT'; bill: BillData })
  | (Common & { kind: 'UTILITY_PAYMENT'; bill: BillData })
  | (Common & {
      kind: 'TOPUP';
      operatorName: string;
      operatorId: number;
      areaCode: string;
      /** DDD and number, digits only. */ phoneNumber: string;
    })
  | (Common & {
      kind: 'DEPOSIT_BOLETO';
      boleto: { typeableLine: string; barcode: string; dueDate: string; idDeposit: number };
    })
  | (Common & { kind: 'FEE'; feeOf?: string; label: string });

const reais = (cents: number): number => Math.round(cents) / 100;

/**
 * What a receipt (getTransactionDetail) needs beyond the ledger: stored as JSON in
 * ledger_transactions.detail. The counterpart comes from the entry, so each side sees the other.
 */
export interface ReceiptDetail {
  requestData?: Schemas['TransactionRequestData'];
  instantPayment?: Schemas['InstantPaymentInfo'];
}

function personType(taxId: string): 'PERSON' | 'CORPORATE' {
  return taxId.length > 11 ? 'CORPORATE' : 'PERSON';
}

function bankTransferData(to: BankAccountRef): Schemas['BankTransferData'] {
  return {
    name: to.name,
    bankDestination: to.bankCode,
    bankDestinationName: to.bankName,
    branchDestination: to.branch,
    accountDestination: to.account,
    accountTypeDestination: to.accountType,
  };
}

/** withdrawInfo.bankTransfer as the money-movement document sends it (2-money-movement.md §7). */
function bankTransferInfo(to: BankAccountRef, purposeCode: string | undefined) {
  return {
    ...bankTransferData(to),
    taxIdentifier: { country: 'BRA', taxId: to.taxId },
    personType: personType(to.taxId),
    purposeCode: purposeCode ?? '10',
    transferMethod: 'TED',
  };
}

function billData(bill: BillData): Schemas['BillData'] {
  const charged =
    bill.documentCents - bill.discountCents - bill.deductionsCents + bill.interestCents + bill.fineCents;
  return {
    beneficiaryName: bill.beneficiaryName,
    beneficiaryTaxId: bill.beneficiaryTaxId,
    barcode: bill.barcode,
    dueDate: bill.dueDate,
    totalAmount: reais(bill.documentCents),
    discount: reais(bill.discountCents),
    deductions: reais(bill.deductionsCents),
    interest: reais(bill.interestCents),
    fine: reais(bill.fineCents),
    totalCharged: reais(charged),
  };
}

function instantPayment(
  type: Schemas['InstantPaymentType'],
  endToEndId: string,
  sender: Party,
  recipient: PixParty | (Party & { key?: string }),
  note: string | undefined,
): Schemas['InstantPaymentInfo'] & { recipient: { key?: string }; originalTransactionId?: string } {
  return {
    type,
    endToEndId,
    sender: { name: sender.name },
    recipient: {
      name: recipient.name,
      nameFavored: recipient.name,
      taxIdentifier: { taxId: recipient.taxId },
      key: recipient.key,
    },
    additionalInformation: note ?? '',
  };
}

function counterpart(p: Party): Schemas['Counterpart'] {
  return { name: p.name, taxIdentifier: { taxId: p.taxId } };
}

/** Turns a movement into one balanced ledger transaction. */
export function toTransaction(m: Movement): TransactionInput {
  const base = {
    id: m.id,
    externalIdentifier: m.externalIdentifier,
    createdAt: m.at,
    creditDate: m.at,
  };
  const own = m.customer;
  const dates = {
    registrationDate: m.at.toISOString(),
    effectiveDate: m.at.toISOString(),
    processingTime: '00:00:01',
  };
  const withdraw = (withdrawType: string, withdrawInfo: Record<string, unknown>) => ({
    body: {
      currency: 'BRL',
      externalIdentifier: m.externalIdentifier,
      totalAmount: reais(m.amountCents),
      withdrawInfo: { withdrawType, ...withdrawInfo },
      ...(m.note ? { description: m.note } : {}),
    },
  });
  const simple = (
    kind: TransactionKind,
    description: string,
    counterAccount: string,
    sign: 1 | -1,
    historyCode: number,
    cp?: Party,
  ) => ({
    ...base,
    kind,
    description,
    historyCode,
    entries: [
      {
        accountId: m.accountId,
        amountCents: sign * m.amountCents,
        counterpartName: cp?.name,
        counterpartTaxId: cp?.taxId,
      },
      { accountId: counterAccount, amountCents: -sign * m.amountCents },
    ],
  });
  const receipt = (d: ReceiptDetail): ReceiptDetail => d;

  switch (m.kind) {
    case 'TED_OUT':
      return {
        ...simple(
          'TED_OUT',
          `TED enviada - ${m.to.name}`,
          BANK_ACCOUNTS.clearing,
          -1,
          HISTORY_CODES.TED_OUT,
          m.to,
        ),
        additionalInfo: withdraw('BankTransfer', { bankTransfer: bankTransferInfo(m.to, m.purposeCode) }),
        detail: receipt({
          requestData: { description: m.note, bankTransfer: bankTransferData(m.to), ...dates },
        }),
      };
    case 'TED_IN':
      return {
        ...simple(
          'TED_IN',
          `TED recebida - ${m.from.name}`,
          BANK_ACCOUNTS.clearing,
          1,
          HISTORY_CODES.TED_IN,
          m.from,
        ),
        // An incoming TED carries the sender's bank data; it is not a withdraw, so no withdrawInfo.
        additionalInfo: {
          body: { sender: { ...bankTransferInfo(m.from, undefined), counterpart: counterpart(m.from) } },
        },
        detail: receipt({ requestData: { description: 'TED recebida', ...dates } }),
      };
    case 'INTERNAL_TRANSFER':
      return {
        ...base,
        kind: 'INTERNAL_TRANSFER',
        description: 'Transferência entre contas',
        historyCode: HISTORY_CODES.INTERNAL_OUT,
        additionalInfo: withdraw('InternalTransfer', {
          internalTransfer: {
            name: m.to.name,
            taxIdentifier: { country: 'BRA', taxId: m.to.taxId },
            accountDestination: m.to.accountNumber,
          },
        }),
        detail: receipt({ requestData: { description: m.note, ...dates } }),
        entries: [
          {
            accountId: m.accountId,
            amountCents: -m.amountCents,
            description: `Transferência enviada - ${m.to.name}`,
            counterpartName: m.to.name,
            counterpartTaxId: m.to.taxId,
          },
          {
            accountId: m.toAccountId,
            amountCents: m.amountCents,
            description: `Transferência recebida - ${own.name}`,
            counterpartName: own.name,
            counterpartTaxId: own.taxId,
          },
        ],
      };
    case 'PIX_OUT': {
      const ip = instantPayment('withdraw', m.endToEndId, own, m.to, m.note);
      return {
        ...simple(
          'PIX_OUT',
          `Pix enviado - ${m.to.name}`,
          BANK_ACCOUNTS.clearing,
          -1,
          m.historyCode ?? HISTORY_CODES.PIX_OUT,
          m.to,
        ),
        isPix: true,
        additionalInfo: withdraw('InstantPayment', { instantPayment: ip }),
        detail: receipt({ instantPayment: ip, requestData: { description: m.note, ...dates } }),
      };
    }
    case 'PIX_IN': {
      const ip = instantPayment('deposit', m.endToEndId, m.from, own, m.note);
      return {
        ...simple(
          'PIX_IN',
          `Pix recebido - ${m.from.name}`,
          BANK_ACCOUNTS.clearing,
          1,
          HISTORY_CODES.PIX_IN,
          m.from,
        ),
        isPix: true,
        additionalInfo: { body: { withdrawInfo: { instantPayment: ip } } },
        detail: receipt({ instantPayment: ip, requestData: { description: m.note, ...dates } }),
      };
    }
    case 'PIX_REFUND_OUT': {
      // Giving back (part of) a received Pix: the original was a deposit, this is its return.
      const ip = {
        ...instantPayment('depositReturn', m.returnId, own, m.to, undefined),
        originalTransactionId: m.refundOf,
      };
      return {
        ...simple(
          'PIX_REFUND_OUT',
          `Devolução Pix enviada - ${m.to.name}`,
          BANK_ACCOUNTS.clearing,
          -1,
          HISTORY_CODES.PIX_REFUND_OUT,
          m.to,
        ),
        isPix: true,
        refundOf: m.refundOf,
        additionalInfo: withdraw('InstantPayment', { instantPayment: ip }),
        detail: receipt({
          instantPayment: ip,
          requestData: { description: 'Devolução de Pix recebido', ...dates },
        }),
      };
    }
    case 'PIX_REFUND_IN': {
      const ip = {
        ...instantPayment('withdrawReturn', m.returnId, m.from, own, undefined),
        originalTransactionId: m.refundOf,
      };
      return {
        ...simple(
          'PIX_REFUND_IN',
          `Devolução Pix recebida - ${m.from.name}`,
          BANK_ACCOUNTS.clearing,
          1,
          HISTORY_CODES.PIX_REFUND_IN,
          m.from,
        ),
        isPix: true,
        refundOf: m.refundOf,
        additionalInfo: { body: { withdrawInfo: { instantPayment: ip } } },
        detail: receipt({
          instantPayment: ip,
          requestData: { description: 'Estorno de Pix enviado', ...dates },
        }),
      };
    }
    case 'BOLETO_PAYMENT':
    case 'UTILITY_PAYMENT': {
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
    case 'TOPUP': {
      const mobilePhone = { country: 'BRA', phoneNumber: m.phoneNumber };
      return {
        ...simple(
          'TOPUP',
          `Recarga de celular - ${m.operatorName}`,
          BANK_ACCOUNTS.topupSettlement,
          -1,
          HISTORY_CODES.TOPUP,
          {
            name: m.operatorName,
            taxId: '',
          },
        ),
        additionalInfo: {
          requestBody: {
            areaCode: m.areaCode,
            carrierId: m.operatorId,
            operatorId: m.operatorId,
            operatorName: m.operatorName,
            externalIdentifier: m.externalIdentifier,
            mobilePhone,
            paymentType: 'MobilePhone',
            totalAmount: reais(m.amountCents),
          },
        },
        detail: receipt({
          requestData: {
            mobileRecharge: { operatorName: m.operatorName, areaCode: m.areaCode, mobilePhone },
            ...dates,
          },
        }),
      };
    }
    case 'DEPOSIT_BOLETO':
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
    case 'FEE':
      return {
        ...simple('FEE', m.label, BANK_ACCOUNTS.feeRevenue, -1, HISTORY_CODES.FEE),
        additionalInfo: { body: { fee: { label: m.label, ...(m.feeOf ? { transactionId: m.feeOf } : {}) } } },
        detail: receipt({ requestData: { description: m.label, ...dates } }),
      };
  }
}
