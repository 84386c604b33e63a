import type { components } from '../../../openapi/portal.d.ts';
import type { TransactionKind } from '../../db/ledger.ts';
import type { BankAccountRef, BillData, Movement, Party, PixParty, ReceiptDetail } from './model.ts';

type Schemas = components['schemas'];

/**
 * The pieces every movement builder shares: amounts in reais, the contract's shapes of bank, bill
 * and Pix data, and the frame of one transaction (ids, dates, the withdraw body, a two-entry
 * posting against a bank account).
 */

export const reais = (cents: number): number => Math.round(cents) / 100;

function personType(taxId: string): 'PERSON' | 'CORPORATE' {
  return taxId.length > 11 ? 'CORPORATE' : 'PERSON';
}

export function bankTransferData(to: BankAccountRef): Schemas['BankTransferData'] {
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
export function bankTransferInfo(to: BankAccountRef, purposeCode: string | undefined) {
  return {
    ...bankTransferData(to),
    taxIdentifier: { country: 'BRA', taxId: to.taxId },
    personType: personType(to.taxId),
    purposeCode: purposeCode ?? '10',
    transferMethod: 'TED',
  };
}

export function billData(bill: BillData): Schemas['BillData'] {
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

export function instantPayment(
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

export function counterpart(p: Party): Schemas['Counterpart'] {
  return { name: p.name, taxIdentifier: { taxId: p.taxId } };
}

/** What every builder starts from, for one movement. */
export function frame(m: Movement) {
  const base = {
    id: m.id,
    externalIdentifier: m.externalIdentifier,
    createdAt: m.at,
    creditDate: m.at,
  };
  /** The receipt's dates; the processing time is how long the bank took, not a time of day. */
  const dates = {
    registrationDate: m.at.toISOString(),
    effectiveDate: m.at.toISOString(),
    processingTime: '00:00:01',
  };
  /** additionalInfo of a movement the customer sent through POST …/withdraw. */
  const withdraw = (withdrawType: string, withdrawInfo: Record<string, unknown>) => ({
    body: {
      currency: 'BRL',
      externalIdentifier: m.externalIdentifier,
      totalAmount: reais(m.amountCents),
      withdrawInfo: { withdrawType, ...withdrawInfo },
      ...(m.note ? { description: m.note } : {}),
    },
  });
  /** The customer's entry (debit with sign -1, credit with 1) against one of the bank's accounts. */
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
  return { base, dates, withdraw, simple, receipt, own: m.customer };
}
