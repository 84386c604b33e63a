import { BANK_ACCOUNTS } from '../../db/ledger.ts';
import { cashReceipt } from '../pix-cash.ts';
import { HISTORY_CODES, type Builders } from './model.ts';
import { frame, instantPayment } from './shape.ts';

/** Pix sent and received, and the refunds (devoluções) of each. */
export const pixBuilders: Builders<
  'PIX_OUT' | 'PIX_IN' | 'PIX_REFUND_OUT' | 'PIX_REFUND_IN' | 'PIX_INTERNAL' | 'PIX_REVERSAL'
> = {
  PIX_OUT: (m) => {
    const { simple, withdraw, receipt, dates, own } = frame(m);
    const ip = instantPayment('withdraw', m.endToEndId, own, m.to, m.note);
    return {
      ...simple(
        'PIX_OUT',
        `Pix enviado - ${m.to.name}`,
        m.inFlight ? BANK_ACCOUNTS.pixInFlight : BANK_ACCOUNTS.clearing,
        -1,
        m.historyCode ?? HISTORY_CODES.PIX_OUT,
        m.to,
      ),
      isPix: true,
      additionalInfo: withdraw('InstantPayment', { instantPayment: ip }),
      detail: receipt({ instantPayment: ip, requestData: { description: m.note, ...dates } }),
    };
  },
  /** A Pix between two customers of this bank: both sides in one transaction, no SPI (issue 16). */
  PIX_INTERNAL: (m) => {
    const { base, withdraw, receipt, dates, own } = frame(m);
    const ip = {
      ...instantPayment('withdraw', m.endToEndId, own, m.to, m.note),
      // The cash part of a Saque/Troco, for the withdraw and change receipts of both sides.
      ...(m.cash ? { cash: cashReceipt(m.cash, m.amountCents) } : {}),
    };
    // A Pix Saque/Troco says so on both sides (issue 29): what the statement search finds ('saque').
    const sent = m.cash ? `Pix ${m.cash.kind === 'SAQUE' ? 'Saque' : 'Troco'}` : 'Pix enviado';
    const received = m.cash ? `${sent} recebido` : 'Pix recebido';
    return {
      ...base,
      kind: 'PIX_INTERNAL',
      description: `${sent} - ${m.to.name}`,
      historyCode: HISTORY_CODES.PIX_OUT,
      isPix: true,
      additionalInfo: withdraw('InstantPayment', { instantPayment: ip }),
      detail: receipt({ instantPayment: ip, requestData: { description: m.note, ...dates } }),
      entries: [
        {
          accountId: m.accountId,
          amountCents: -m.amountCents,
          description: `${sent} - ${m.to.name}`,
          counterpartName: m.to.name,
          counterpartTaxId: m.to.taxId,
        },
        {
          accountId: m.toAccountId,
          amountCents: m.amountCents,
          description: `${received} - ${own.name}`,
          counterpartName: own.name,
          counterpartTaxId: own.taxId,
        },
      ],
    };
  },
  /**
   * The SPI rejected a Pix sent: its money comes back from the in-flight account, as a credit
   * beside the debit (the ledger is append-only), refund_of the debit so that the debit reads as
   * returned in full (amountRefund) (issue 16).
   */
  PIX_REVERSAL: (m) => {
    const { simple, receipt, dates, own } = frame(m);
    const ip = {
      ...instantPayment('withdrawReturn', m.endToEndId, own, m.to, undefined),
      originalTransactionId: m.reversalOf,
      rejection: { reasonCode: m.reasonCode, reason: m.reason },
    };
    return {
      ...simple(
        'PIX_REVERSAL',
        `Pix não concluído - estorno - ${m.to.name}`,
        BANK_ACCOUNTS.pixInFlight,
        1,
        HISTORY_CODES.PIX_REVERSAL,
        m.to,
      ),
      isPix: true,
      refundOf: m.reversalOf,
      additionalInfo: { body: { withdrawInfo: { instantPayment: ip } } },
      detail: receipt({
        instantPayment: ip,
        requestData: { description: `Pix rejeitado (${m.reasonCode}): ${m.reason}`, ...dates },
      }),
    };
  },
  PIX_IN: (m) => {
    const { simple, receipt, dates, own } = frame(m);
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
  },
  PIX_REFUND_OUT: (m) => {
    const { simple, withdraw, receipt, dates, own } = frame(m);
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
  },
  PIX_REFUND_IN: (m) => {
    const { simple, receipt, dates, own } = frame(m);
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
  },
};
