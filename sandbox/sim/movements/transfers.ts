import { BANK_ACCOUNTS } from '../../db/ledger.ts';
import { OWN_BANK } from '../bank.ts';
import { HISTORY_CODES, type Builders } from './model.ts';
import { bankTransferData, bankTransferInfo, counterpart, frame } from './shape.ts';

/** TED out and in, and transfers between two accounts of this bank. */
export const transferBuilders: Builders<'TED_OUT' | 'TED_IN' | 'INTERNAL_TRANSFER'> = {
  TED_OUT: (m) => {
    const { simple, withdraw, receipt, dates } = frame(m);
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
  },
  TED_IN: (m) => {
    const { simple, receipt, dates } = frame(m);
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
  },
  INTERNAL_TRANSFER: (m) => {
    const { base, withdraw, receipt, dates, own } = frame(m);
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
      // The destination block of the receipt (bank, branch, account), as a TED's: this bank's
      // branch and the receiving customer's account, shown to both sides.
      detail: receipt({
        requestData: {
          description: m.note,
          bankTransfer: bankTransferData({
            ...m.to,
            bankCode: OWN_BANK.code,
            bankName: OWN_BANK.name,
            branch: OWN_BANK.branch,
            account: m.to.accountNumber,
            accountType: 'cc',
          }),
          ...dates,
        },
      }),
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
  },
};
