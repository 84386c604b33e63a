/**
 * The PDF statement's text primitives (src/export/pdf-writer.ts lays out the table with them):
 * the table's font size and line cap, measuring a character once per font style, wrapping a
 * cell's text, and writing runs of table text straight into a page's content stream as WinAnsi
 * (windows-1252) literals.
 */
import type { jsPDF as JsPdf } from 'jspdf';
import { cp1252Byte } from './text';

export type Rgb = [number, number, number];

export const FONT_SIZE = 7;
/** A cell never grows past this many lines; the rest is cut with '…'. */
export const MAX_LINES = 8;

/** Width in points of `text` at the table's font size. */
export function textWidth(text: string, charWidth: CharWidth): number {
  let w = 0;
  for (const ch of text) w += charWidth(ch);
  return w;
}

/** jspdf's resource name of one style of Helvetica ('F1'…); its typings call the id a number. */
export function fontId(doc: JsPdf, style: 'normal' | 'bold'): string {
  doc.setFont('helvetica', style);
  return String(doc.getFont().id);
}

/** The width in points of one character at the table's font size, for one style of Helvetica. */
export type CharWidth = (ch: string) => number;

/**
 * Widths from a table filled on first use: jspdf measures each distinct character once, instead
 * of every string of a 5,000-row statement (its measuring dominated the time). Kerning is left
 * out, as it is from the text the PDF draws.
 */
export function charWidths(doc: JsPdf, style: 'normal' | 'bold'): CharWidth {
  const table = new Map<string, number>();
  return (ch) => {
    let w = table.get(ch);
    if (w === undefined) {
      doc.setFont('helvetica', style);
      w = doc.getStringUnitWidth(ch) * FONT_SIZE;
      table.set(ch, w);
    }
    return w;
  };
}

/**
 * Lines of one cell no wider than `width`: broken at the last space that fits, or inside a word
 * longer than the line; past `maxLines`, the last line ends in '…'.
 */
export function wrap(text: string, width: number, charWidth: CharWidth, maxLines = MAX_LINES): string[] {
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const ch of text) {
    const w = charWidth(ch);
    if (lineWidth + w <= width || line === '') {
      line += ch;
      lineWidth += w;
      continue;
    }
    if (ch === ' ') {
      lines.push(line);
      line = '';
      lineWidth = 0;
      continue;
    }
    const space = line.lastIndexOf(' ');
    if (space > 0) {
      lines.push(line.slice(0, space));
      line = line.slice(space + 1) + ch;
    } else {
      lines.push(line);
      line = ch;
    }
    lineWidth = 0;
    for (const c of line) lineWidth += charWidth(c);
    if (lineWidth > width && line.length > 1) {
      lines.push(line.slice(0, -1));
      line = ch;
      lineWidth = w;
    }
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${(kept[maxLines - 1] ?? '').slice(0, -1)}…`;
  return kept;
}

/** The content-stream writer jspdf gives its plugins (public on `doc.internal`, untyped). */
interface JsPdfContent {
  write(line: string): void;
}

/**
 * A PDF literal string of windows-1252 text, the WinAnsi encoding of the standard fonts: each
 * character as its byte (jspdf's binary-string form of a content stream), '?' for one outside
 * windows-1252, and the delimiters (parentheses and backslash) escaped.
 */
export function pdfLiteral(text: string): string {
  let out = '(';
  for (const ch of text) {
    const byte = cp1252Byte(ch.codePointAt(0) as number) ?? 0x3f;
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += '\\';
    out += String.fromCharCode(byte);
  }
  return `${out})`;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;
const num = (n: number): string => String(round2(n));
const rgbFill = ([r, g, b]: Rgb): string => `${num(r / 255)} ${num(g / 255)} ${num(b / 255)} rg`;

/** One run of table text: a font, a colour, and lines with their left x and top y (page units). */
export interface TextRun {
  font: string;
  /** Font size in points; the table's size when absent. */
  size?: number;
  rgb: Rgb;
  lines: Array<{ text: string; x: number; y: number }>;
}

/**
 * Writes text runs straight into the page as one text object each (`BT … ET` inside `q … Q`),
 * each line placed relative to the one before. jspdf's `text()` does the same plus work this table
 * never needs (option parsing, per-line width and transform bookkeeping, plugin hooks), and for
 * 5,000 rows that work was most of the export's time. Positions and widths come from the table's
 * own layout (the same widths `text()` would use to align right).
 */
export function writeRuns(doc: JsPdf, runs: readonly TextRun[]): void {
  const content = doc.internal as unknown as JsPdfContent;
  const height = doc.internal.pageSize.getHeight();
  const ops: string[] = [];
  for (const run of runs) {
    if (run.lines.length === 0) continue;
    ops.push('q', 'BT', `/${run.font} ${num(run.size ?? FONT_SIZE)} Tf`, rgbFill(run.rgb));
    // Each line moves from the start of the one before (Td), mostly "0 -10": short streams.
    // Positions are rounded before the differences are taken, so no error builds up down a page.
    let x = 0;
    let y = 0;
    for (const line of run.lines) {
      const lx = round2(line.x);
      const ly = round2(height - line.y);
      ops.push(`${num(lx - x)} ${num(ly - y)} Td ${pdfLiteral(line.text)} Tj`);
      x = lx;
      y = ly;
    }
    ops.push('ET', 'Q');
  }
  if (ops.length > 0) content.write(ops.join('\n'));
}
