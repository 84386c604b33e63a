/**
 * The bank writes the BR Codes of its charges (sandbox/sim/pix-charges.ts, issue 17); the portal
 * reads pasted codes with machines/validators/brcode.ts. Every code the bank makes — static with
 * or without an amount, immediate and due-date charges, names and cities of any text — must parse
 * in the portal to the same fields, and the QR image the bank draws must read back (with a barcode
 * reader independent of the writer, zxing) to exactly the text of the copy button.
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
import { describe, expect, it } from 'vitest';
import { parseBrCode as bankParse } from '../../sandbox/sim/brcode';
import {
  brCodeText,
  dynamicCode,
  locationOf,
  newChargeTxid,
  newLocationId,
  newStaticTxid,
  qrPng,
  staticCode,
} from '../../sandbox/sim/pix-charges';
import { parseBrCode } from '../../machines/validators/brcode';

const key = fc.oneof(
  fc.constantFrom('12345678909', '+5511987654321', 'loja@exemplo.com.br', '12ABC34501DE35'),
  fc.uuid().map((u) => u.toLowerCase()),
);
/** Any text a holder's name or city may hold, accents and all. */
const anyText = fc.oneof(
  fc.string({ minLength: 1, maxLength: 60 }),
  fc.constantFrom('Padaria Pão Dourado Ltda', 'São João del-Rei', 'JOSÉ ÇÂNDIDO ÜBER', 'Maceió'),
);
const merchant = fc.record({ name: anyText, city: anyText }).map(({ name, city }) => ({
  name: brCodeText(name, 25) || 'RECEBEDOR',
  city: brCodeText(city, 15) || 'SAO PAULO',
}));

describe('the bank’s BR Codes in the portal’s parser', () => {
  it('a static code: key, amount, name, city and txid read back the same', () => {
    fc.assert(
      fc.property(
        key,
        merchant,
        fc.option(fc.integer({ min: 1, max: 9_999_999_999 }), { nil: undefined }),
        (k, m, amount) => {
          const txid = newStaticTxid();
          const emv = staticCode(k, m, txid, amount);
          const portal = parseBrCode(emv);
          expect(portal.ok, emv).toBe(true);
          if (!portal.ok) return;
          expect(portal.value).toMatchObject({
            type: 'static',
            key: k,
            name: m.name,
            city: m.city,
            txid,
            amountCents: amount ?? null,
          });
          expect(bankParse(emv)).toMatchObject({ type: 'STATIC', key: k, txid });
        },
      ),
    );
  });

  it('an immediate or a due-date charge: dynamic, single use, the location, no key and no amount', () => {
    fc.assert(
      fc.property(fc.constantFrom('COB' as const, 'COBV' as const), merchant, (kind, m) => {
        const location = locationOf(kind, newLocationId());
        expect(location.length).toBeLessThanOrEqual(77);
        const emv = dynamicCode(location, m);
        const portal = parseBrCode(emv);
        expect(portal.ok, emv).toBe(true);
        if (!portal.ok) return;
        expect(portal.value).toMatchObject({
          type: 'dynamic',
          pointOfInitiation: '12',
          url: location,
          key: null,
          amountCents: null,
          name: m.name,
          city: m.city,
        });
        expect(bankParse(emv)).toMatchObject({ type: 'DYNAMIC', location, singleUse: true });
      }),
    );
    expect(newChargeTxid()).toMatch(/^[a-zA-Z0-9]{26,35}$/);
  });
});

/** The grey pixels of a PNG the bank wrote (8-bit greyscale, filter 0 on every row). */
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
      expect([data[8], data[9]]).toEqual([8, 0]);
    } else if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const pixels = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (width + 1)]).toBe(0);
    pixels.set(raw.subarray(y * (width + 1) + 1, (y + 1) * (width + 1)), y * width);
  }
  return { width, height, pixels };
}

describe('the QR image', () => {
  it('reads back to exactly the copied text, at 500 px with error level L', () => {
    fc.assert(
      fc.property(key, merchant, fc.boolean(), (k, m, dynamic) => {
        const emv = dynamic
          ? dynamicCode(locationOf('COB', newLocationId()), m)
          : staticCode(k, m, newStaticTxid());
        const { width, height, pixels } = greyPixels(qrPng(emv, 500, 'L'));
        expect([width, height]).toEqual([500, 500]);
        const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, width, height)));
        // The image is a generated code, whole and square: read as such (PURE_BARCODE), as a scanner
        // reads a screen, not searched for in a photo; the finder search misread the version
        // blocks of some version-7+ codes at this scale (seed -1344237002).
        const hints = new Map([[DecodeHintType.PURE_BARCODE, true]]);
        expect(new QRCodeReader().decode(bitmap, hints).getText()).toBe(emv);
      }),
      {
        numRuns: 8,
        examples: [
          [
            '00000000-0000-1000-8000-000000000004',
            { name: 'Padaria Pao Dourado Ltda', city: 'Padaria Pao Dou' },
            false,
          ],
        ],
      },
    );
  });
});
