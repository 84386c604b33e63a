/**
 * The shared rules of a Pix send (machines/pix/pix-send-rules.ts; 3-pix-part-one.md §4, §7, §9):
 * the §9 constants, the message and end-to-end ids from a flow id, and the pacs.008 / withdraw /
 * fallback-status bodies, checked against the rules the bank applies (docs/JOURNAL.md "Pix send").
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildPacs008,
  buildPaymentStatusRequest,
  buildPixWithdrawRequest,
  idChars,
  isValidMessageId,
  makeMessageId,
  paymentIds,
  PIX_POLLING,
  PIX_REDIRECT_MS,
  type PixWithdrawParts,
} from '../../machines/pix/pix-send-rules.ts';
import { isValidEndToEndId, parseEndToEndId } from '../../machines/validators/end-to-end-id.ts';
import { transactionSignature } from '../../machines/validators/transfer.ts';
import { RUNS } from './reference.ts';

const chars = (alphabet: string, n: number) =>
  fc.array(fc.constantFrom(...alphabet), { minLength: n, maxLength: n }).map((a) => a.join(''));
const ispb = chars('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', 8);
const moment = fc.date({
  min: new Date('2021-01-01T00:00:00Z'),
  max: new Date('2099-12-31T23:59:59Z'),
  noInvalidDate: true,
});
/** Ids as the flows' generators give them: UUIDs at the composition root, counters in tests. */
const flowId = fc.oneof(
  fc.uuid(),
  fc.nat({ max: 1_000_000 }).map((n) => `ext-${n}`),
);
const amount = fc.integer({ min: 1, max: 99_999_999_999 }).map((c) => c / 100);

const parts = (o: {
  ispb: string;
  at: Date;
  id: string;
  amount: number;
  instrument: 'DICT' | 'MANU';
}): PixWithdrawParts => {
  const ids = paymentIds(o.ispb, o.at, o.id);
  return {
    ...ids,
    at: o.at,
    amount: o.amount,
    localInstrument: o.instrument,
    sourceAccountId: 'acc-1',
    externalIdentifier: o.id,
    debtor: {
      name: 'Maria Silva',
      taxId: '52998224725',
      ispb: o.ispb,
      branch: '0001',
      accountNumber: '123456',
      accountType: 'CACC',
    },
    creditor: {
      name: 'João Souza',
      taxId: o.instrument === 'DICT' ? '***.456.789-**' : '11144477735',
      ispb: '00000000',
      branch: '1234',
      accountNumber: '998877',
      accountType: 'SVGS',
    },
    ...(o.instrument === 'DICT' ? { proxy: 'joao@exemplo.com.br', keyType: 'EMAIL' as const } : {}),
    remittanceInformation: '  aluguel  ',
  };
};

describe('§9 constants', () => {
  it('polls 500 ms up to 52 s by key, 1 s up to 42 s otherwise; redirects after 1.8 s', () => {
    expect(PIX_POLLING.key).toEqual({ everyMs: 500, forMs: 52_000 });
    expect(PIX_POLLING.slow).toEqual({ everyMs: 1_000, forMs: 42_000 });
    expect(PIX_REDIRECT_MS).toBe(1_800);
  });
});

describe('ids of a payment attempt', () => {
  it('idChars: exactly n letters or digits, the same for the same id, different for different counters', () => {
    fc.assert(
      fc.property(flowId, fc.integer({ min: 1, max: 30 }), (id, n) => {
        const c = idChars(id, n);
        expect(c).toMatch(new RegExp(`^[a-zA-Z0-9]{${n}}$`));
        expect(idChars(id, n)).toBe(c);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(fc.nat({ max: 1e9 }), fc.nat({ max: 1e9 }), (a, b) => {
        fc.pre(a !== b);
        expect(idChars(`ext-${a}`, 11)).not.toBe(idChars(`ext-${b}`, 11));
      }),
      RUNS,
    );
  });

  it('message id: M + ISPB + 23, end-to-end id: E + ISPB + UTC minute + 11 (both valid, same ISPB)', () => {
    fc.assert(
      fc.property(ispb, moment, flowId, (i, at, id) => {
        const { msgId, endToEndId } = paymentIds(i, at, id);
        expect(msgId).toHaveLength(32);
        expect(isValidMessageId(msgId)).toBe(true);
        expect(msgId.slice(1, 9)).toBe(i);
        expect(isValidEndToEndId(endToEndId)).toBe(true);
        const p = parseEndToEndId(endToEndId);
        expect(p?.ispb).toBe(i);
        expect(p?.timestamp.getTime()).toBe(Math.floor(at.getTime() / 60_000) * 60_000);
        // A retry rebuilds the same ids.
        expect(paymentIds(i, at, id)).toEqual({ msgId, endToEndId });
      }),
      RUNS,
    );
  });

  it('refuses a bad ISPB or random part; a changed character makes an invalid message id', () => {
    expect(() => makeMessageId('1234567', 'a'.repeat(23))).toThrow(RangeError);
    expect(() => makeMessageId('12345678', 'a'.repeat(22))).toThrow(RangeError);
    expect(() => makeMessageId('12345678', `${'a'.repeat(22)}-`)).toThrow(RangeError);
    fc.assert(
      fc.property(
        ispb,
        flowId,
        fc.nat({ max: 31 }),
        fc.constantFrom('-', '*', ' ', 'é'),
        (i, id, pos, bad) => {
          const msgId = makeMessageId(i, idChars(id, 23));
          expect(isValidMessageId(msgId.slice(0, pos) + bad + msgId.slice(pos + 1))).toBe(false);
        },
      ),
      RUNS,
    );
  });
});

describe('pacs.008 and its withdraw (§7, §9)', () => {
  it('carries the §9 constants, the instrument given, the key only for DICT, and the trimmed description', () => {
    fc.assert(
      fc.property(
        ispb,
        moment,
        flowId,
        amount,
        fc.constantFrom('DICT' as const, 'MANU' as const),
        (i, at, id, value, instrument) => {
          const p = parts({ ispb: i, at, id, amount: value, instrument });
          const pacs = buildPacs008(p);
          expect(pacs).toMatchObject({
            id: 'pacs.008.spi.1.10',
            priority: 'HIGH',
            serviceLevel: 'PAGPRI',
            settlementMethod: 'CLRG',
            chargeBearer: 'SLEV',
            purpose: 'IPAY',
            localInstrument: instrument,
            amount: { value, currency: 'BRL' },
            debtorAgent: { ispb: i },
            creditorAgent: { ispb: '00000000' },
            remittanceInformation: 'aluguel',
            creationDateTime: at.toISOString(),
          });
          expect(pacs.proxy).toBe(instrument === 'DICT' ? 'joao@exemplo.com.br' : undefined);

          const req = buildPixWithdrawRequest(p);
          expect(req.payments).toEqual([pacs]);
          const w = req.withdraw;
          expect(w.totalAmount).toBe(value);
          expect(w.externalIdentifier).toBe(id);
          if (w.withdrawInfo.withdrawType !== 'InstantPayment') throw new Error('not a Pix');
          const ip = w.withdrawInfo.instantPayment;
          expect(ip.endToEndId).toBe(pacs.endToEndId);
          expect(ip.localInstrument).toBe(instrument);
          expect(ip.key).toBe(pacs.proxy);
          expect(ip.keyType).toBe(instrument === 'DICT' ? 'EMAIL' : undefined);
          expect(ip.description).toBe('aluguel');
          // The body's STransactionId is the header's signature, computed in the one place.
          expect(w.STransactionId).toBe(
            transactionSignature({
              kind: 'pix-withdraw',
              sourceAccountId: 'acc-1',
              withdraw: w,
              payment: pacs,
            }),
          );
        },
      ),
      RUNS,
    );
  });

  it('adds the schedule date and the nickname only when given', () => {
    const p = parts({
      ispb: '99999999',
      at: new Date('2026-11-24T12:00:00Z'),
      id: 'ext-1',
      amount: 10,
      instrument: 'DICT',
    });
    const plain = buildPixWithdrawRequest(p).withdraw.withdrawInfo;
    const more = buildPixWithdrawRequest({ ...p, scheduleDate: '2026-12-01', saveNickname: 'João' }).withdraw
      .withdrawInfo;
    if (plain.withdrawType !== 'InstantPayment' || more.withdrawType !== 'InstantPayment')
      throw new Error('not a Pix');
    expect(plain.instantPayment.scheduleDate).toBeUndefined();
    expect(plain.instantPayment.saveRecipient).toBeUndefined();
    expect(more.instantPayment.scheduleDate).toBe('2026-12-01');
    expect(more.instantPayment.saveRecipient).toEqual({ nickname: 'João' });
  });
});

describe('fallback status query (§7 POST /PixPaymentIssuance/status)', () => {
  it('asks for the one end-to-end id, with a valid message id of the same ISPB', () => {
    fc.assert(
      fc.property(ispb, moment, flowId, moment, (i, at, id, now) => {
        const { endToEndId } = paymentIds(i, at, id);
        const body = buildPaymentStatusRequest(i, endToEndId, now);
        const doc = body.data.document;
        expect(isValidMessageId(doc.group_header.message_identification)).toBe(true);
        expect(doc.group_header.message_identification.slice(1, 9)).toBe(i);
        expect(doc.group_header.creation_date_time).toBe(now.toISOString());
        expect(doc.reporting_request).toHaveLength(1);
        expect(doc.reporting_request[0]?.payment_identification.end_to_end_identification).toBe(endToEndId);
      }),
      RUNS,
    );
  });
});
