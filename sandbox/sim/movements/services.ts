import { BANK_ACCOUNTS } from '../../db/ledger.ts';
import { HISTORY_CODES, type Builders } from './model.ts';
import { frame, reais } from './shape.ts';

/** What the bank sells: mobile top-ups (settled with the carrier) and its own fees. */
export const serviceBuilders: Builders<'TOPUP' | 'FEE'> = {
  TOPUP: (m) => {
    const { simple, receipt, dates } = frame(m);
    const mobilePhone = { country: 'BRA', phoneNumber: m.phoneNumber };
    return {
      ...simple(
        'TOPUP',
        `Recarga de celular - ${m.operatorName}`,
        BANK_ACCOUNTS.topupSettlement,
        -1,
        HISTORY_CODES.TOPUP,
        { name: m.operatorName, taxId: '' },
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
  },
  FEE: (m) => {
    const { simple, receipt, dates } = frame(m);
    return {
      ...simple('FEE', m.label, BANK_ACCOUNTS.feeRevenue, -1, HISTORY_CODES.FEE),
      additionalInfo: { body: { fee: { label: m.label, ...(m.feeOf ? { transactionId: m.feeOf } : {}) } } },
      detail: receipt({ requestData: { description: m.label, ...dates } }),
    };
  },
};
