/**
 * Reads a boleto the way a scanner would, written for the tests independently of the bank's own
 * code (sandbox/sim/interleaved-2of5.ts, boleto.ts): the filled rectangles of a PDF page's content
 * streams, the Interleaved 2 of 5 symbology read from their widths, and the 44-digit barcode that a
 * 47-digit typeable line stands for (FEBRABAN layout, shared/domain/notes.md).
 */
import { inflateSync } from 'node:zlib';

/** Each digit's five elements, N narrow / W wide (ITF, ISO/IEC 16390). */
const PATTERNS: Readonly<Record<string, string>> = {
  NNWWN: '0',
  WNNNW: '1',
  NWNNW: '2',
  WWNNN: '3',
  NNWNW: '4',
  WNWNN: '5',
  NWWNN: '6',
  NNNWW: '7',
  WNNWN: '8',
  NWNWN: '9',
};

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The content streams of a PDF (inflated when FlateDecode), as latin1 text. */
function contentStreams(pdf: Buffer): string[] {
  const out: string[] = [];
  const text = pdf.toString('latin1');
  const re = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const raw = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(m[1] ?? '')) {
      try {
        out.push(inflateSync(raw).toString('latin1'));
      } catch {
        // Not a content stream we can read (an image, a font): skip it.
      }
    } else out.push(raw.toString('latin1'));
  }
  return out;
}

/** Every rectangle painted by `x y w h re` followed by a fill (`f`, `F`, `f*`). */
export function filledRects(pdf: Buffer): Rect[] {
  const rects: Rect[] = [];
  const num = '(-?\\d*\\.?\\d+)';
  const re = new RegExp(`${num}\\s+${num}\\s+${num}\\s+${num}\\s+re\\s+(?:f\\*?|F)\\b`, 'g');
  for (const stream of contentStreams(pdf))
    for (const m of stream.matchAll(re)) {
      const [x, y, w, h] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
      // Normalise negative widths and heights.
      rects.push({ x: w < 0 ? x + w : x, y: h < 0 ? y + h : y, w: Math.abs(w), h: Math.abs(h) });
    }
  return rects;
}

/** The bars of the barcode: the largest set of rectangles sharing one baseline and height. */
export function barcodeBars(rects: readonly Rect[]): Rect[] {
  const groups = new Map<string, Rect[]>();
  for (const r of rects) {
    const key = `${r.y.toFixed(2)}:${r.h.toFixed(2)}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const largest = [...groups.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  return [...largest].sort((a, b) => a.x - b.x);
}

/** Decodes Interleaved 2 of 5 from bars left to right (widths of bars and of the gaps between). */
export function readInterleaved2of5(bars: readonly Rect[]): string {
  const widths: number[] = [];
  bars.forEach((b, i) => {
    widths.push(b.w);
    const next = bars[i + 1];
    if (next) widths.push(next.x - (b.x + b.w));
  });
  const narrow = Math.min(...widths);
  // Anything at least twice the narrowest element is wide (wide:narrow is 2:1 to 3:1).
  const kind = widths.map((w) => (w >= narrow * 1.8 ? 'W' : 'N'));
  const start = kind.slice(0, 4).join('');
  const stop = kind.slice(-3).join('');
  if (start !== 'NNNN') throw new Error(`no start pattern (${start})`);
  if (stop !== 'WNN') throw new Error(`no stop pattern (${stop})`);
  const body = kind.slice(4, -3);
  if (body.length % 10 !== 0) throw new Error(`${body.length} elements between start and stop`);
  let digits = '';
  for (let i = 0; i < body.length; i += 10) {
    const bar = [0, 2, 4, 6, 8].map((k) => body[i + k]).join('');
    const space = [1, 3, 5, 7, 9].map((k) => body[i + k]).join('');
    const a = PATTERNS[bar];
    const b = PATTERNS[space];
    if (a === undefined || b === undefined) throw new Error(`not a digit pair at element ${i}`);
    digits += a + b;
  }
  return digits;
}

/**
 * The 44-digit barcode of a bank slip's 47-digit typeable line: bank and currency (4), the general
 * check digit (line position 33), due factor and amount (14), then the free field from the three
 * blocks without their check digits.
 */
export function barcodeOfTypeableLine(line: string): string {
  if (!/^\d{47}$/.test(line)) throw new Error(`not a 47-digit line: ${line}`);
  return (
    line.slice(0, 4) +
    line[32] +
    line.slice(33, 47) +
    line.slice(4, 9) +
    line.slice(10, 20) +
    line.slice(21, 31)
  );
}
