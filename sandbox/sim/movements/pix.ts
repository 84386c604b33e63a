import { BANK_ACCOUNTS } from '../../db/ledger.ts';
import { HISTORY_CODES, type Builders } from './model.ts';
import { frame, instantPayment } from './shape.ts';

/** Pix sent and received, and the refunds (devoluções) of each. */
export const pixBuilders: Builders<'PIX_OUT' | 'PIX_IN' | 'PIX_REFUND_OUT' | 'PIX_REFUND_IN'> = {
  PIX_OUT: (m) => {
    const { simple, withdraw, receipt, dates, own } = frame(m);
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
