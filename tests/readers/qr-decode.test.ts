/**
 * The portal's QR reading (src/ui/qr-decode.ts; issue 32 item 7): a QR drawn by another library
 * (qrcode, the sandbox's writer of the Pix QR images) from a Pix code and from a digital check's
 * JSON, as the RGBA pixels a canvas gives, reads back to exactly that text; a colour picture and
 * a transparent one (a screenshot's PNG) read too; a picture without a code reads as null, not as
 * an error; a phone's photo is scaled down to a size the decoder reads quickly.
 */
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { decodeQrLuminance, luminanceOf, readSize, READ_SIDE_MAX } from '../../src/ui/qr-decode';
import { writeBrCode } from '../../sandbox/sim/brcode';

interface Rgba {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** The QR of `text` as RGBA pixels: `dark`/`light` colours, 4 modules of margin, `scale` px a module. */
function drawQr(
  text: string,
  o: {
    scale?: number;
    dark?: [number, number, number, number];
    light?: [number, number, number, number];
  } = {},
): Rgba {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = o.scale ?? 4;
  const dark = o.dark ?? [0, 0, 0, 255];
  const light = o.light ?? [255, 255, 255, 255];
  const side = (modules.size + 8) * scale;
  const data = new Uint8ClampedArray(side * side * 4);
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const mx = Math.floor(x / scale) - 4;
      const my = Math.floor(y / scale) - 4;
      const on = mx >= 0 && my >= 0 && mx < modules.size && my < modules.size && modules.get(my, mx) === 1;
      data.set(on ? dark : light, (y * side + x) * 4);
    }
  }
  return { data, width: side, height: side };
}

const read = (img: Rgba): Promise<string | null> =>
  decodeQrLuminance(luminanceOf(img.data, img.width, img.height), img.width, img.height);

const PIX_CODE = writeBrCode({
  key: 'padaria@example.com',
  name: 'PADARIA PAO DOURADO',
  city: 'SAO PAULO',
  amountCents: 1250,
  txid: 'CAIXA01',
});

describe('reading a QR code from pixels', () => {
  it('reads a Pix code back to exactly its text', async () => {
    expect(await read(drawQr(PIX_CODE))).toBe(PIX_CODE);
  });

  it("reads a digital check's JSON, line breaks and all", async () => {
    const json = JSON.stringify({ value: '80,50', qrCodeData: 'CHQ1.0011223344556677.8050.abc' }, null, 2);
    expect(await read(drawQr(json, { scale: 3 }))).toBe(json);
  });

  it('reads a coloured code (dark blue on pale yellow)', async () => {
    const img = drawQr(PIX_CODE, { dark: [20, 30, 120, 255], light: [250, 240, 190, 255] });
    expect(await read(img)).toBe(PIX_CODE);
  });

  it("reads a screenshot's transparent background as white paper", async () => {
    const img = drawQr(PIX_CODE, { light: [0, 0, 0, 0] });
    expect(await read(img)).toBe(PIX_CODE);
  });

  it('a picture with no code reads as null', async () => {
    const side = 200;
    const data = new Uint8ClampedArray(side * side * 4);
    for (let i = 0; i < data.length; i += 4) data.set([(i * 7) % 256, (i * 13) % 256, 90, 255], i);
    expect(await read({ data, width: side, height: side })).toBeNull();
  });
});

describe('the grey levels and the reading size', () => {
  it('weighs red, green and blue as the eye does; transparent is white', () => {
    const grey = luminanceOf([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 0, 0, 0, 0], 4, 1);
    expect(Array.from(grey)).toEqual([76, 150, 29, 255]);
  });

  it('a picture larger than the reading size is scaled down, keeping its shape; a small one is kept', () => {
    expect(readSize(4000, 3000)).toEqual({ width: READ_SIDE_MAX, height: 900 });
    expect(readSize(3000, 4000)).toEqual({ width: 900, height: READ_SIDE_MAX });
    expect(readSize(500, 300)).toEqual({ width: 500, height: 300 });
  });
});
