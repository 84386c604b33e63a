/**
 * Issue 26: the bank stores and sends a statement entry's additionalInfo as the fields a reader
 * needs (sandbox/sim/movements/statement-info.ts), no longer the whole request body. The portal's
 * reader (src/format/additional-info.ts: the receipt, the statement PDF and XLSX) must read the
 * trimmed text exactly as it read the whole body, for every kind of movement the bank makes.
 */
import { describe, expect, it } from 'vitest';
import { projectContract } from '../../sandbox/contract/contract';
import type { BankAccountRef, BillData, Movement, PixParty } from '../../sandbox/sim/movements/model';
import { statementInfo } from '../../sandbox/sim/movements/statement-info';
import { toTransaction } from '../../sandbox/sim/movements/to-transaction';
import {
  additionalInfoText,
  describeAdditionalInfo,
  readAdditionalInfo,
} from '../../src/format/additional-info';
import { buildReceipt } from '../../src/features/statement/receipt-model';
import type { components } from '../../openapi/portal';

/** A receipt's detail with nothing of its own, so what the receipt shows comes from additionalInfo. */
const detail: components['schemas']['TransactionDetail'] = {
  transactions: {
    transactionId: 'tx-1',
    accountHolderId: 'holder-1',
    accountId: 'acc-1',
    transactionDate: '2026-11-20T12:00:00-03:00',
    totalAmount: 123.45,
    counterPart: null,
    instantPayment: null,
  },
  requestData: null,
  responseData: null,
};

const t = (key: string) => key;

const common = {
  id: 'tx-1',
  externalIdentifier: 'ext-1',
  at: new Date('2026-11-20T15:00:00Z'),
  amountCents: 12_345,
  accountId: 'acc-1',
  customer: { name: 'Maria Silva Santos', taxId: '52998224725', accountNumber: '123456' },
  note: 'Aluguel de novembro',
};

const bank: BankAccountRef = {
  name: 'Roberto Almeida Costa',
  taxId: '12345678909',
  bankCode: '260',
  bankName: 'Nu Pagamentos S.A.',
  branch: '3521',
  account: '542985-9',
  accountType: 'cc',
};
const pix: PixParty = { ...bank, key: 'roberto@exemplo.com.br', keyType: 'EMAIL', ispb: '18236120' };
const bill: BillData = {
  beneficiaryName: 'Condomínio Edifício Jardim',
  beneficiaryTaxId: '44038188000132',
  barcode: '26099154400000780007767295750191831568551684',
  typeableLine: '26097767259575019183515685516849915440000078000',
  dueDate: '2026-08-20',
  documentCents: 78_000,
  discountCents: 500,
  deductionsCents: 0,
  interestCents: 120,
  fineCents: 1_560,
};
const e2e = 'E99999999202611201500abcdefghijk';

const movements: Movement[] = [
  { ...common, kind: 'TED_OUT', to: bank, purposeCode: '10' },
  { ...common, kind: 'TED_IN', from: bank },
  {
    ...common,
    kind: 'INTERNAL_TRANSFER',
    toAccountId: 'acc-2',
    to: { name: 'Padaria Pão Dourado Ltda', taxId: '12ABC34501DE35', accountNumber: '234567' },
  },
  { ...common, kind: 'PIX_OUT', to: pix, endToEndId: e2e },
  { ...common, kind: 'PIX_INTERNAL', toAccountId: 'acc-2', to: pix, endToEndId: e2e },
  {
    ...common,
    kind: 'PIX_REVERSAL',
    reversalOf: 'tx-0',
    to: pix,
    endToEndId: e2e,
    reasonCode: 'AC03',
    reason: 'Conta inexistente',
  },
  { ...common, kind: 'PIX_IN', from: pix, endToEndId: e2e },
  {
    ...common,
    kind: 'PIX_REFUND_OUT',
    refundOf: 'tx-0',
    to: pix,
    returnId: 'D99999999202611201500abcdefghijk',
  },
  {
    ...common,
    kind: 'PIX_REFUND_IN',
    refundOf: 'tx-0',
    from: pix,
    returnId: 'D99999999202611201500abcdefghijk',
  },
  { ...common, kind: 'BOLETO_PAYMENT', bill },
  { ...common, kind: 'UTILITY_PAYMENT', bill },
  {
    ...common,
    kind: 'TOPUP',
    operatorName: 'Vivo',
    operatorId: 1,
    areaCode: '11',
    phoneNumber: '11987654321',
  },
  {
    ...common,
    kind: 'DEPOSIT_BOLETO',
    boleto: {
      typeableLine: bill.typeableLine,
      barcode: bill.barcode,
      dueDate: '2026-12-01',
      idDeposit: 29_813,
    },
  },
  { ...common, kind: 'FEE', label: 'Tarifa TED', feeOf: 'tx-0' },
];

describe('additionalInfo as the reader fields (issue 26)', () => {
  const contract = projectContract();

  for (const m of movements) {
    it(`${m.kind}: the portal reads the stored text as it read the whole request`, () => {
      const whole = toTransaction(m).additionalInfo;
      const full = whole === undefined ? null : JSON.stringify(whole);
      const kept = statementInfo(whole);
      const stored = kept === null ? null : JSON.stringify(kept);

      expect(readAdditionalInfo(stored)).toEqual(readAdditionalInfo(full));
      for (const type of ['C', 'D'] as const) {
        const entry = (additionalInfo: string | null) => ({
          description: 'Movimento',
          type,
          amount: 123.45,
          transactionId: 'tx-1',
          additionalInfo,
          isPix: m.kind.startsWith('PIX'),
          entryDate: '2026-11-20T12:00:00-03:00',
          creditDate: '2026-11-20T12:00:00-03:00',
        });
        expect(buildReceipt(entry(stored), detail)).toEqual(buildReceipt(entry(full), detail));
      }
      for (const debit of [true, false]) {
        expect(additionalInfoText(describeAdditionalInfo(stored, t, debit))).toBe(
          additionalInfoText(describeAdditionalInfo(full, t, debit)),
        );
      }
      if (kept !== null) {
        expect(contract.validateSchema('StatementAdditionalInfo', kept).errors).toEqual([]);
        expect(stored?.length ?? 0).toBeLessThan(full?.length ?? 0);
      }
    });
  }

  it('keeps nothing of the request that no reader uses', () => {
    const kept = JSON.stringify(movements.map((m) => statementInfo(toTransaction(m).additionalInfo)));
    for (const key of [
      'currency',
      'externalIdentifier',
      'withdrawType',
      'billFullData',
      'purposeCode',
      'transferMethod',
      'personType',
      'carrierId',
      'paymentType',
      'accountingMethod',
      'country',
    ])
      expect(kept).not.toContain(`"${key}"`);
  });
});
