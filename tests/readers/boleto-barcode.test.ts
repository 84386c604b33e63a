/**
 * The deposit boleto's barcode read as a bank's scanner reads it (issue #14: the Interleaved 2 of 5
 * barcode of GET /boletopdf/{idDeposit} "a barcode scanner decodes back to the 44 digits"). Our own
 * readers (sandbox/sim/interleaved-2of5.ts, e2e/support/boleto-reader.ts) parse the rectangles we
 * drew, so they share our mistakes; here nothing of ours reads the bars: poppler's pdftoppm
 * rasterises page 1 as a scanner's sensor would see it, and ZXing's ITF reader (@zxing/library, a
 * port of the decoder in most phone and desk scanners) decodes the pixels.
 *
 * The page is rendered as a binary grey map (pdftoppm -gray without -png writes PGM P5): its
 * pixels are the luminances ZXing wants, with no PNG decoder between them (pngjs is only a
 * transitive package here, with no types).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  ITFReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBoleto } from '../../machines/validators/boleto';
import { DEMO_IDS } from '../../sandbox/db/seed';
import { BARCODE_LAYOUT } from '../../sandbox/sim/boleto-pdf';
import { call, FIXED_NOW, signedIn, useSandbox, type Failure } from '../../sandbox/test-support';
import { requireCommand, run } from './tools';

interface DepositData {
  idDeposit: number;
  typeableLine: string;
  boletoUrl?: string;
}

/** A grey image: one byte of luminance per pixel, rows top to bottom. */
interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8ClampedArray;
}

/** Reads a binary PGM (P5, maxval 255), as pdftoppm -gray writes it. */
function readPgm(file: Buffer): GreyImage {
  const header = /^P5\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)\s+(\d+)\s/.exec(file.toString('latin1', 0, 200));
  if (!header) throw new Error('not a binary PGM');
  const [, w, h, max] = header;
  if (max !== '255') throw new Error(`PGM maxval ${max}, expected 255`);
  const width = Number(w);
  const height = Number(h);
  const start = header[0].length;
  const pixels = new Uint8ClampedArray(file.subarray(start, start + width * height));
  if (pixels.length !== width * height) throw new Error('PGM truncated');
  return { width, height, pixels };
}

/** The full-width horizontal band from `topMm` to `bottomMm` of an A4 page rendered at `dpi`. */
function band(image: GreyImage, dpi: number, topMm: number, bottomMm: number): GreyImage {
  const top = Math.max(0, Math.floor((topMm * dpi) / 25.4));
  const bottom = Math.min(image.height, Math.ceil((bottomMm * dpi) / 25.4));
  const pixels = image.pixels.slice(top * image.width, bottom * image.width);
  return { width: image.width, height: bottom - top, pixels };
}

/**
 * ZXing's ITF reader configured as a boleto scanner: 44 digits only, trying hard (rows above and
 * below the middle, and the image reversed). ITFReader directly rather than MultiFormatReader,
 * whose `decode(image)` drops the hints and tries every 2D format too.
 */
function scan(image: GreyImage): string {
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.ITF]],
    [DecodeHintType.ALLOWED_LENGTHS, [44]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const source = new RGBLuminanceSource(image.pixels, image.width, image.height);
  const result = new ITFReader().decode(new BinaryBitmap(new HybridBinarizer(source)), hints);
  expect(result.getBarcodeFormat()).toBe(BarcodeFormat.ITF);
  return result.getText();
}

const sb = useSandbox();
const maria = signedIn(sb, 'maria');
let dir: string;
let serial = 0;

beforeAll(() => {
  requireCommand('pdftoppm', 'poppler-utils');
  dir = mkdtempSync(join(tmpdir(), 'boleto-barcode-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Maria issues a deposit boleto of `amount` reais into her own account and fetches its PDF. */
async function issueBoleto(amount: number): Promise<{ deposit: DepositData; pdf: Buffer }> {
  const res = await call<{ data: DepositData } & Failure>(sb.app, 'createDeposit', {
    token: maria.token,
    json: {
      currency: 'BRL',
      externalIdentifier: `scan-${++serial}`,
      paymentInfo: { transactionType: 'Boleto', boleto: { accountingMethod: 'DEF' } },
      recipients: [
        { account: { accountId: DEMO_IDS.maria.accountId }, amount, currency: 'BRL', mediatorFee: 0 },
      ],
      totalAmount: amount,
    },
  });
  expect(res.status).toBe(200);
  const deposit = res.body.data;
  const pdf = await sb.app.inject({
    method: 'GET',
    url: `/api/boletopdf/${deposit.idDeposit}`,
    headers: { authorization: `Bearer ${maria.token}`, deviceId: 'web' },
  });
  expect(pdf.statusCode).toBe(200);
  expect(pdf.headers['content-type']).toContain('application/pdf');
  return { deposit, pdf: pdf.rawPayload };
}

/** Page 1 of `pdf` as pdftoppm renders it in grey at `dpi`. */
function render(pdf: Buffer, name: string, dpi: number): GreyImage {
  const pdfFile = join(dir, `${name}.pdf`);
  const out = join(dir, `${name}-${dpi}`);
  writeFileSync(pdfFile, pdf);
  run('pdftoppm', ['-f', '1', '-l', '1', '-r', String(dpi), '-gray', '-singlefile', pdfFile, out]);
  return readPgm(readFileSync(`${out}.pgm`));
}

describe('the deposit boleto’s barcode, read by ZXing from the page poppler renders', () => {
  // Different amounts give different free fields and check digits, so different bars.
  it.each([
    [321.09, 200],
    [0.01, 300],
    [49_999.99, 250],
  ])('R$ %s at %i dpi decodes to the 44 digits of a line the portal accepts', async (amount, dpi) => {
    const { deposit, pdf } = await issueBoleto(amount);
    const page = render(pdf, `deposit-${deposit.idDeposit}`, dpi);
    // The band of the bars with 4 mm above and below: what a scanner's line crosses.
    const bars = band(page, dpi, BARCODE_LAYOUT.y - 4, BARCODE_LAYOUT.y + BARCODE_LAYOUT.heightMm + 4);
    const text = scan(bars);

    const line = parseBoleto(deposit.typeableLine, FIXED_NOW);
    expect(line.ok).toBe(true);
    if (!line.ok) return;
    expect(line.value.kind).toBe('bank-slip');
    expect(line.value.amountCents).toBe(Math.round(amount * 100));
    expect(text).toMatch(/^\d{44}$/);
    expect(text).toBe(line.value.barcode);
  });

  it('the whole page, unscoped, reads the same: nothing else on it looks like the barcode', async () => {
    const { deposit, pdf } = await issueBoleto(1234.56);
    const line = parseBoleto(deposit.typeableLine);
    const page = render(pdf, `page-${deposit.idDeposit}`, 200);
    expect(scan(page)).toBe(line.ok ? line.value.barcode : '');
    // The reader is not lenient: the text above the bars, the typeable line included, reads as nothing.
    expect(() => scan(band(page, 200, 0, BARCODE_LAYOUT.y - 2))).toThrow();
  });
});
