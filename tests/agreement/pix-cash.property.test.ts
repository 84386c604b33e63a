/**
 * Pix Saque and Pix Troco codes (issue 29): for any kind, cash, purchase, expiration, width and
 * key, the code the bank makes (createDynamicQrCode) parses in the portal's own reader
 * (machines/validators/brcode.ts, independent of the bank's writer) as a single-use dynamic code
 * at the location the bank serves; the payload there has the 2026 shape (Saque: original 0.00 and
 * retirada.saque; Troco: the purchase and retirada.troco) with the expiration asked; and the QR
 * image (error correction M, 400 or 500 px) reads back with zxing to exactly the copied text.
 */
import { inflateSync } from 'node:zlib';
import {
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  QRCodeReader,
  RGBLuminanceSource,
} from '@zxing/library';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../demo/users';
import { parseBrCode } from '../../machines/validators/brcode';
import { OWN_BANK } from '../../sandbox/sim/bank';
import type { JwkSet } from '../../sandbox/sim/charge-jws';
import { readSignedCharge } from '../../sandbox/sim/charge-payload';
import { call, login, startSandbox, type TestSandbox } from '../../sandbox/test-support';

let sb: TestSandbox;
let agent: { token: string; accountId: string };
beforeAll(async () => {
  sb = await startSandbox();
  agent = await login(sb.app, DEMO_USERS.padaria.email, DEMO_USERS.padaria.password);
});
afterAll(async () => sb.app.close());

function greyPixels(png: Buffer): { width: number; height: number; pixels: Uint8ClampedArray } {
  let at = 8;
  const idat: Buffer[] = [];
  let width = 0;
  let height = 0;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString('latin1');
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
    } else if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const pixels = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++)
    pixels.set(raw.subarray(y * (width + 1) + 1, (y + 1) * (width + 1)), y * width);
  return { width, height, pixels };
}

const money = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
let serial = 0;

describe('a Pix Saque / Pix Troco code', () => {
  it('parses in the portal, serves the 2026 payload and its QR reads back to the copied text', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('WITHDRAW' as const, 'CHANGE' as const),
        fc.integer({ min: 1, max: 300_000 }),
        fc.integer({ min: 1, max: 500_000 }),
        fc.option(fc.integer({ min: 1, max: 86_400 }), { nil: undefined }),
        fc.constantFrom(400 as const, 500 as const),
        fc.constantFrom(
          { alias: DEMO_USERS.padaria.email, aliasType: 'EMAIL' },
          { alias: DEMO_USERS.padaria.taxId, aliasType: 'TAX_ID' },
        ),
        async (kind, cashCents, purchaseCents, expiration, width, alias) => {
          const totalCents = kind === 'WITHDRAW' ? cashCents : cashCents + purchaseCents;
          const res = await call<{ data: { instantPayment: { textContent: string; qrcodeURL: string } } }>(
            sb.app,
            'createDynamicQrCode',
            {
              token: agent.token,
              params: { accountId: agent.accountId },
              json: {
                externalIdentifier: `prop-${++serial}`,
                totalAmount: totalCents / 100,
                currency: 'BRL',
                paymentInfo: {
                  transactionType: 'InstantPayment',
                  instantPayment: {
                    alias,
                    cashValue: {
                      cashValueType: kind,
                      value: cashCents / 100,
                      allowValueChange: false,
                      agentModality: 'AGTEC',
                      serviceProviderIspb: OWN_BANK.ispb,
                    },
                    qrCodeImageGenerationSpecification: { errorCorrectionLevel: 'M', imageWidth: width },
                    dynamicQrCodeType: 'IMMEDIATE',
                    ...(expiration !== undefined ? { expiration } : {}),
                    modalityChange: 0,
                  },
                },
                recipients: [
                  { account: { accountId: agent.accountId }, amount: totalCents / 100, currency: 'BRL' },
                ],
              },
            },
          );
          expect(res.status).toBe(200);
          const { textContent: emv, qrcodeURL } = res.body.data.instantPayment;

          const portal = parseBrCode(emv);
          expect(portal.ok, emv).toBe(true);
          if (!portal.ok) return;
          expect(portal.value).toMatchObject({
            type: 'dynamic',
            pointOfInitiation: '12',
            key: null,
            amount: null,
          });
          const location = portal.value.url ?? '';
          const [, id = ''] = /\/cob\/([^/]+)$/.exec(location) ?? [];
          const served = await call<string>(sb.app, 'getPixChargePayload', {
            params: { chargeKind: 'cob', locationId: id },
          });
          const jwks = (await call<JwkSet>(sb.app, 'getPixJwks')).body;
          const read = readSignedCharge(served.body, location.split('/')[0] ?? '', () => jwks);
          if ('refusal' in read) throw new Error(read.refusal);
          const cash = {
            valor: money(cashCents),
            modalidadeAgente: 'AGTEC',
            prestadorDoServicoDeSaque: OWN_BANK.ispb,
          };
          expect(read.payload.valor).toMatchObject(
            kind === 'WITHDRAW'
              ? { original: '0.00', retirada: { saque: cash } }
              : { original: money(purchaseCents), retirada: { troco: cash } },
          );
          expect(read.amountCents).toBe(totalCents);
          expect(read.payload.calendario.expiracao).toBe(expiration ?? (kind === 'WITHDRAW' ? 86_400 : 120));

          const png = Buffer.from(qrcodeURL.replace(/^data:image\/png;base64,/, ''), 'base64');
          const { width: w, height, pixels } = greyPixels(png);
          expect([w, height]).toEqual([width, width]);
          const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, w, height)));
          const hints = new Map([[DecodeHintType.PURE_BARCODE, true]]);
          expect(new QRCodeReader().decode(bitmap, hints).getText()).toBe(emv);
        },
      ),
      { numRuns: 12 },
    );
  });
});
