// @vitest-environment jsdom
/**
 * The receipt's title and its processing time (issue 12): every transfer is a 'Comprovante de
 * transferência', a deposit a 'Comprovante de depósito'; '00:00:01' is a duration, shown as one.
 */
import { describe, expect, it } from 'vitest';
import { SAMPLE_TED_DETAIL } from '../../../machines/statement/sample-data';
import { i18n } from '../../../src/i18n/i18n';
import {
  formatProcessingTime,
  receiptSections,
  receiptTitle,
} from '../../../src/features/statement/receipt-lines';
import { buildReceipt } from '../../../src/features/statement/receipt-model';
import type { StatementEntry } from '../../../src/features/statement/statement-rows';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, { lng: 'pt-BR', ...options });

const entry = (over: Partial<StatementEntry>): StatementEntry => ({
  description: 'Lançamento',
  type: 'C',
  amount: 10,
  transactionId: 'tx-1',
  entryDate: '2026-05-20T08:00:00-03:00',
  creditDate: '2026-05-20T08:00:00-03:00',
  ...over,
});
/** A detail with no bank-transfer, bill, top-up or Pix data: the generic layout. */
const plainDetail = {
  ...SAMPLE_TED_DETAIL,
  requestData: { description: 'x', processingTime: '00:00:01' },
  responseData: {},
};

describe('receipt titles', () => {
  it('names every transfer the same, sent or received, TED or between accounts', () => {
    const tedOut = buildReceipt(entry({ type: 'D' }), SAMPLE_TED_DETAIL);
    const tedIn = buildReceipt(
      entry({ additionalInfo: JSON.stringify({ body: { sender: { bankCode: '341' } } }) }),
      plainDetail,
    );
    const internal = buildReceipt(
      entry({
        type: 'D',
        additionalInfo: JSON.stringify({
          body: { withdrawInfo: { withdrawType: 'InternalTransfer', internalTransfer: { name: 'Ana' } } },
        }),
      }),
      plainDetail,
    );
    for (const model of [tedOut, tedIn, internal])
      expect(receiptTitle(model, t)).toBe('Comprovante de transferência');
  });

  it('names a deposit, and keeps the plain title for what fits no family (a fee)', () => {
    const deposit = buildReceipt(
      entry({ additionalInfo: JSON.stringify({ body: { idDeposit: 'dep-1', paymentInfo: {} } }) }),
      plainDetail,
    );
    expect(receiptTitle(deposit, t)).toBe('Comprovante de depósito');
    const fee = buildReceipt(
      entry({ type: 'D', additionalInfo: JSON.stringify({ body: { fee: { label: 'Tarifa' } } }) }),
      plainDetail,
    );
    expect(receiptTitle(fee, t)).toBe('Comprovante');
  });

  it('names a redeemed digital check, for the receiver and the issuer, by the description the bank writes', () => {
    const checkDetail = {
      ...SAMPLE_TED_DETAIL,
      requestData: { ...SAMPLE_TED_DETAIL.requestData, description: 'Cheque digital DEMO0001' },
    };
    const internal = JSON.stringify({
      body: { withdrawInfo: { withdrawType: 'InternalTransfer', internalTransfer: { name: 'Maria' } } },
    });
    const received = buildReceipt(entry({ additionalInfo: internal }), checkDetail);
    const paid = buildReceipt(entry({ type: 'D', additionalInfo: internal }), checkDetail);
    for (const model of [received, paid]) {
      expect(model.digitalCheck).toBe('DEMO0001');
      expect(receiptTitle(model, t)).toBe('Comprovante de cheque digital');
    }
    // A transfer whose description merely mentions a check stays a transfer.
    const other = buildReceipt(entry({ additionalInfo: internal }), {
      ...checkDetail,
      requestData: { ...checkDetail.requestData, description: 'Pagamento do cheque digital' },
    });
    expect(receiptTitle(other, t)).toBe('Comprovante de transferência');
  });
});

describe('processing time', () => {
  it('is a duration, not a time of day', () => {
    expect(formatProcessingTime('00:00:01', t)).toBe('1 s');
    expect(formatProcessingTime('00:02:05', t)).toBe('2 min 5 s');
    expect(formatProcessingTime('01:00:03', t)).toBe('1 h 0 min 3 s');
    expect(formatProcessingTime('00:00:00', t)).toBe('0 s');
    expect(formatProcessingTime('instantâneo', t)).toBe('instantâneo');
    expect(formatProcessingTime(undefined, t)).toBe('-');
  });

  it('is labelled as a duration on the receipt', () => {
    const lines = receiptSections(buildReceipt(entry({ type: 'D' }), SAMPLE_TED_DETAIL), t).flatMap(
      (s) => s.lines,
    );
    expect(lines.find((l) => l.id.endsWith('PROCESSING_TIME'))).toMatchObject({
      label: 'Tempo de processamento',
      value: '1 s',
    });
  });
});
