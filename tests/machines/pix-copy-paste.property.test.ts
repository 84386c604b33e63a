/**
 * The copy-and-paste machine's checks before decoding (issue 16 "Proof": property tests for the BR
 * Code checks before decoding; machines/pix/pix-copy-paste.machine.ts), on the real machine with a
 * decoding actor that records its calls: every code under 30 characters is refused without a
 * call, any one-character damage of a valid code is refused by the CRC without a call, and a
 * valid code is decoded exactly once. Plus the body paid: QRES for a static code, QRDN for a
 * dynamic one, the bank's end-to-end id, and the signature of the contract.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  buildPayPixQrRequest,
  pixCopyPasteMachine,
  withdrawalCents,
  type DecodePixQrInput,
  type DecodePixQrOutput,
} from '../../machines/pix/pix-copy-paste.machine';
import {
  BAKERY_CODE,
  DECODED_WITH_AMOUNT,
  DECODED_END_TO_END_ID,
  DECODED_WITHDRAWAL,
} from '../../machines/pix/pix-copy-paste-sample-data';
import { buildStaticBrCode, crc16 } from '../../machines/validators/brcode';
import { sequentialIds } from '../../machines/kernel/ids';
import { RUNS } from '../validators/reference';

/** The machine with a decoding actor that records what it is asked and never answers. */
function started() {
  const calls: DecodePixQrInput[] = [];
  const decodePixQrCode = fromPromise<DecodePixQrOutput, DecodePixQrInput>(({ input }) => {
    calls.push(input);
    return new Promise<DecodePixQrOutput>(() => undefined);
  });
  const actor = createActor(pixCopyPasteMachine.provide({ actors: { decodePixQrCode } }), {
    input: { accountId: 'acc-1', taxId: '52998224725', newId: sequentialIds('ext') },
  }).start();
  return { actor, calls };
}

const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const word = (min: number, max: number) =>
  fc.array(fc.constantFrom(...alnum), { minLength: min, maxLength: max }).map((a) => a.join(''));

const staticCode = fc
  .record({
    key: fc.oneof(
      fc.uuid().map((u) => u.toLowerCase()),
      word(3, 20).map((w) => `${w.toLowerCase()}@exemplo.com.br`),
    ),
    name: word(1, 25),
    city: word(1, 15),
    amountCents: fc.option(fc.integer({ min: 1, max: 99_999_999 }), { nil: undefined }),
    txid: fc.option(word(1, 25), { nil: undefined }),
  })
  .map((i) => buildStaticBrCode(i));

describe('pix-copy-paste: the code is checked in the browser before any call', () => {
  it('every code under 30 characters is refused with the short error and no call', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 29 }).filter((s) => s.trim() !== ''),
        (code) => {
          const { actor, calls } = started();
          actor.send({ type: 'code.submit', code });
          const s = actor.getSnapshot();
          expect(s.matches({ editing: 'invalidCode' })).toBe(true);
          expect(calls).toEqual([]);
          if (code.trim().length < 30) expect(s.context.codeError).toBe('PIX.PIX_COPY_PASTE.SHORT');
          actor.stop();
        },
      ),
      RUNS,
    );
  });

  it('any one-character damage of a valid code is refused (the CRC) and makes no call', () => {
    fc.assert(
      fc.property(staticCode, fc.nat(), fc.integer({ min: 0x21, max: 0x7e }), (code, at, c) => {
        const p = at % code.length;
        const replacement = String.fromCharCode(c);
        fc.pre(replacement !== code[p]);
        const damaged = code.slice(0, p) + replacement + code.slice(p + 1);
        const { actor, calls } = started();
        actor.send({ type: 'code.submit', code: damaged });
        expect(actor.getSnapshot().matches({ editing: 'invalidCode' })).toBe(true);
        expect(['PIX.PIX_COPY_PASTE.ALTERED', 'PIX.PIX_COPY_PASTE.INVALID']).toContain(
          actor.getSnapshot().context.codeError,
        );
        expect(calls).toEqual([]);
        actor.stop();
      }),
      RUNS,
    );
  });

  it('a damage that keeps the structure is named an altered code', () => {
    // The last character of the CRC itself: the structure is intact, the CRC no longer matches.
    const last = BAKERY_CODE.slice(-1);
    const damaged = BAKERY_CODE.slice(0, -1) + (last === 'A' ? 'B' : 'A');
    const { actor, calls } = started();
    actor.send({ type: 'code.submit', code: damaged });
    expect(actor.getSnapshot().context.codeError).toBe('PIX.PIX_COPY_PASTE.ALTERED');
    expect(calls).toEqual([]);
  });

  it('a valid code (pasted with a line break) is decoded once, trimmed, with the payer tax id', () => {
    fc.assert(
      fc.property(staticCode, (code) => {
        const { actor, calls } = started();
        actor.send({ type: 'code.submit', code: `${code}\n` });
        actor.send({ type: 'code.submit', code });
        expect(actor.getSnapshot().matches('decoding')).toBe(true);
        expect(calls).toEqual([
          { body: { numero_documento_decodificador: '52998224725', qrcode_emv: code } },
        ]);
        actor.stop();
      }),
      RUNS,
    );
  });
});

describe('pix-copy-paste: the payment body', () => {
  it('QRES for a static code, QRDN for a dynamic one, the bank end-to-end id and the amount', () => {
    expect(buildPayPixQrRequest(BAKERY_CODE, DECODED_WITH_AMOUNT, 1_250, 'ext-1')).toEqual({
      externalIdentifier: 'ext-1',
      emv: BAKERY_CODE,
      amount: 12.5,
      localInstrument: 'QRES',
      endToEndId: DECODED_END_TO_END_ID,
    });
    // A dynamic code: template 26 with a location (25) instead of a key, single use (01 = 12).
    const tlv = (id: string, v: string) => `${id}${String(v.length).padStart(2, '0')}${v}`;
    const body =
      tlv('00', '01') +
      tlv('01', '12') +
      tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('25', 'qr.banco.example/pix/v2/cob/abc')) +
      tlv('52', '0000') +
      tlv('53', '986') +
      tlv('58', 'BR') +
      tlv('59', 'PADARIA') +
      tlv('60', 'SAO PAULO') +
      tlv('62', tlv('05', '***')) +
      '6304';
    const dynamic = body + crc16(body);
    expect(buildPayPixQrRequest(dynamic, DECODED_WITH_AMOUNT, 2_550, 'ext-2').localInstrument).toBe('QRDN');
  });
});

describe('pix-copy-paste: a Pix Saque or Pix Troco code (issue 29)', () => {
  const troco: DecodePixQrOutput = {
    ...DECODED_WITHDRAWAL,
    qrcode_pix: {
      ...DECODED_WITHDRAWAL.qrcode_pix,
      valor: 80,
      payload: { valor: { original: 50, retirada: { troco: { valor: 30, modalidadeAgente: 'AGTEC' } } } },
    },
  };

  it.each([
    ['Saque', DECODED_WITHDRAWAL, 100, 100],
    ['Troco', troco, 30, 80],
  ] as const)(
    'a %s code opens the withdrawal dialog, whose accept asks the security code for the whole value',
    async (_kind, decoded, cash, paid) => {
      expect(withdrawalCents(decoded)).toBe(cash * 100);
      const decodePixQrCode = fromPromise<DecodePixQrOutput, DecodePixQrInput>(async () => decoded);
      const actor = createActor(pixCopyPasteMachine.provide({ actors: { decodePixQrCode } }), {
        input: { accountId: 'acc-1', taxId: '52998224725', newId: sequentialIds('ext') },
      }).start();
      actor.send({ type: 'code.submit', code: BAKERY_CODE });
      await waitFor(actor, (s) => s.matches('withdrawal'));
      expect(actor.getSnapshot().context.request?.amount).toBe(paid);
      actor.send({ type: 'confirm.accept' });
      expect(actor.getSnapshot().matches('securityCode')).toBe(true);
      actor.stop();
    },
  );
});
