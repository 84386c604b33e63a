/**
 * Reads back what an uncompressed jsPDF document shows, without a PDF library (pdfjs-dist is not
 * a dependency): the page boxes, and the strings drawn by the text operators Tj, TJ, ' and " of
 * every content stream, decoded from WinAnsi (windows-1252), the encoding of the standard fonts.
 */
import { decodeCp1252 } from './cp1252';

export interface PdfSummary {
  /** Width × height of every page, in points, in page-object order. */
  mediaBoxes: Array<[number, number]>;
  /** Strings shown by text operators, per content stream, in drawing order. */
  streams: string[][];
  /** All shown strings, in file order. */
  texts: string[];
}

const ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };

/** Parses the literal string starting at `src[start] === '('`; returns its bytes and the index after it. */
function literal(src: string, start: number): [number[], number] {
  const bytes: number[] = [];
  let depth = 0;
  let i = start;
  for (;;) {
    const c = src[i];
    if (c === undefined) throw new Error('unterminated string');
    if (c === '\\') {
      const n = src[i + 1] ?? '';
      if (n in ESCAPES) {
        bytes.push(ESCAPES[n] as number);
        i += 2;
      } else if (/[0-7]/.test(n)) {
        const oct = /^[0-7]{1,3}/.exec(src.slice(i + 1, i + 4))?.[0] ?? '0';
        bytes.push(parseInt(oct, 8) & 0xff);
        i += 1 + oct.length;
      } else if (n === '\r' || n === '\n') {
        i += src[i + 1] === '\r' && src[i + 2] === '\n' ? 3 : 2;
      } else {
        i += 1;
      }
      continue;
    }
    if (c === '(') {
      if (depth++ > 0) bytes.push(40);
    } else if (c === ')') {
      if (--depth === 0) return [bytes, i + 1];
      bytes.push(41);
    } else {
      bytes.push(c.charCodeAt(0));
    }
    i++;
  }
}

function shownStrings(content: string): string[] {
  const out: string[] = [];
  let pending: string[] = [];
  let i = 0;
  while (i < content.length) {
    const c = content[i] as string;
    if (c === '(') {
      const [bytes, next] = literal(content, i);
      pending.push(decodeCp1252(Uint8Array.from(bytes)));
      i = next;
      continue;
    }
    const op = /^(Tj|TJ|'|")(?![A-Za-z])/.exec(content.slice(i, i + 3));
    if (op) {
      if (pending.length) out.push(pending.join(''));
      pending = [];
      i += op[0].length;
      continue;
    }
    // Any other operator ends a pending operand list (numbers and brackets do not).
    if (/[A-Za-z*]/.test(c)) {
      const word = /^[A-Za-z*]+/.exec(content.slice(i))?.[0] ?? c;
      if (!/^(Tj|TJ)$/.test(word)) pending = [];
      i += word.length;
      continue;
    }
    i++;
  }
  return out;
}

/** Reads an uncompressed PDF. Throws when its streams are compressed. */
export function readPdf(bytes: Uint8Array): PdfSummary {
  let src = '';
  for (let i = 0; i < bytes.length; i += 0x8000) src += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  if (!src.startsWith('%PDF-')) throw new Error('not a PDF');
  if (src.includes('/FlateDecode')) throw new Error('compressed streams: write the PDF with compress off');
  const mediaBoxes: Array<[number, number]> = [];
  for (const m of src.matchAll(/\/Type \/Page\b(?!s)[\s\S]*?\/MediaBox \[([\d.\s-]+)\]/g)) {
    const [x0, y0, x1, y1] = (m[1] as string).trim().split(/\s+/).map(Number) as [
      number,
      number,
      number,
      number,
    ];
    mediaBoxes.push([x1 - x0, y1 - y0]);
  }
  const streams = [...src.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) =>
    shownStrings(m[1] as string),
  );
  return { mediaBoxes, streams, texts: streams.flat() };
}
