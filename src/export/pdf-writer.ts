/**
 * PDF statement (1-access-shell-statement.md §2 Export dialog: A4, with account number and name).
 * jspdf is loaded on demand (DESIGN.md Budgets).
 *
 * The table is laid out here rather than with jspdf-autotable: autotable measures every cell
 * twice and draws each with its own text call and style changes, and a 5,000-row statement took
 * over the 2 s budget with it on the project's 2-core machine. This layout measures a cell only
 * to wrap it and writes each column of a page with one text call (blank lines keep rows aligned),
 * which measured two to three times faster.
 *
 * The standard Helvetica font writes WinAnsi (windows-1252) text, so every string goes through
 * `toCp1252Line` first: Portuguese accents print as they are, anything the font cannot show is
 * folded or replaced by '?' instead of turning into stray glyphs.
 */
import type { jsPDF as JsPdf } from 'jspdf';
import type { StatementExport } from './types';
import { EXPORT_COLUMNS, EXPORT_TITLE, headerFields } from './columns';
import { formatDateTimeBr } from './datetime';
import { formatBRLFromCents } from '../format/brl';
import { BALANCE_TYPE, type PreparedRow, prepareRows, toCents } from './rows';
import { squeezeSpaces, toCp1252Line } from './text';

/** MIME type of the downloaded file. */
export const PDF_MIME = 'application/pdf';

/** Options that only change how the bytes are written, not what the page shows. */
export interface PdfOptions {
  /** Deflate the content streams (default true). Tests turn it off to read the text back. */
  compress?: boolean;
}

type Rgb = [number, number, number];

const MARGIN = 36;
const FOOTER = 16;
const FONT_SIZE = 7;
/** Height of one text line in the table; a row is a whole number of lines. */
const LINE = 10;
/** From the top of a line slot to its baseline. */
const BASELINE = 7;
const HEAD_HEIGHT = 14;
const PAD = 2.5;
/** A cell never grows past this many lines; the rest is cut with '…'. */
const MAX_LINES = 8;
/**
 * The additional information (the bank's JSON text, about 330 characters a row) is cut to three
 * lines in the PDF, a reminder rather than the record: the spreadsheet and the OFX keep it whole.
 * Whole, it made every row eight lines long, a 5,000-row statement some 500 pages, and the
 * export took over 2 s in Chromium.
 */
const MAX_INFO_LINES = 3;
const MAX_INFO_CHARS = 120;
const INFO = EXPORT_COLUMNS.findIndex((c) => c.key === 'additionalInfo');

const TEXT_RGB: Rgb = [33, 33, 33];
const DEBIT_RGB: Rgb = [176, 0, 32];
const HEAD_FILL_RGB: Rgb = [33, 53, 85];
const STRIPE_RGB: Rgb = [245, 246, 248];
const BALANCE_FILL_RGB: Rgb = [226, 232, 240];

/** Column widths in points; the description takes what is left of the 523 pt line. */
const FIXED_WIDTHS: Partial<Record<(typeof EXPORT_COLUMNS)[number]['key'], number>> = {
  transactionDate: 72,
  transactionType: 38,
  additionalInfo: 96,
  amount: 62,
  transactionId: 130,
};
const AMOUNT = EXPORT_COLUMNS.findIndex((c) => c.key === 'amount');

interface Column {
  x: number;
  width: number;
  right: boolean;
}

interface LaidRow {
  item: PreparedRow;
  cells: string[][];
  lines: number;
  debit: boolean;
}

function pdfText(value: string | null | undefined, max = Infinity): string {
  const line = squeezeSpaces(toCp1252Line(value ?? ''));
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function cellTexts(item: PreparedRow): string[] {
  const { row } = item;
  return [
    formatDateTimeBr(item.date),
    pdfText(item.isBalance ? BALANCE_TYPE : row.transactionType),
    pdfText(row.description),
    pdfText(row.additionalInfo, MAX_INFO_CHARS),
    formatBRLFromCents(toCents(item.amount)),
    pdfText(row.transactionId),
  ];
}

/**
 * A4 portrait: title; header with account (padded to 7 digits), branch, name, CPF/CNPJ, period
 * and generation time; the table with the six exported columns, its head repeated on every page;
 * 'Página X de Y' at the foot of every page. Amounts are pt-BR currency (`formatBRL`), debits
 * with a minus sign and in red; balance lines (SALDO) are bold on a shaded background; other rows
 * are striped.
 */
export async function writePdf(data: StatementExport, options: PdfOptions = {}): Promise<Blob> {
  const { jsPDF } = await import('jspdf');
  const prepared = prepareRows(data.rows);

  const doc = new jsPDF({
    orientation: 'portrait',
    unit: 'pt',
    format: 'a4',
    compress: options.compress ?? true,
  });
  skipTextShaping(doc);
  doc.setProperties({
    title: `${EXPORT_TITLE} ${data.period.start} a ${data.period.end}`,
    subject: EXPORT_TITLE,
    creator: EXPORT_TITLE,
  });
  doc.setCreationDate(data.generatedAt);
  doc.setLanguage('pt-BR');

  const pageWidth = doc.internal.pageSize.getWidth();
  const pageHeight = doc.internal.pageSize.getHeight();
  const tableWidth = pageWidth - 2 * MARGIN;
  const fixed = Object.values(FIXED_WIDTHS).reduce((a, b) => a + b, 0);
  let x = MARGIN;
  const columns: Column[] = EXPORT_COLUMNS.map((c) => {
    const width = FIXED_WIDTHS[c.key] ?? tableWidth - fixed;
    const col = { x, width, right: c.key === 'amount' };
    x += width;
    return col;
  });

  let y = MARGIN + 14;
  doc.setTextColor(...TEXT_RGB);
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(16);
  doc.text(pdfText(EXPORT_TITLE), MARGIN, y);
  y += 22;
  doc.setFontSize(9);
  for (const [label, value] of headerFields(data)) {
    doc.setFont('helvetica', 'bold');
    doc.text(pdfText(`${label}:`), MARGIN, y);
    doc.setFont('helvetica', 'normal');
    doc.text(pdfText(value), MARGIN + 70, y);
    y += 13;
  }
  y += 2;

  doc.setFontSize(FONT_SIZE);
  const widths = { normal: charWidths(doc, 'normal'), bold: charWidths(doc, 'bold') };
  const laid = prepared.map((item): LaidRow => {
    const width = widths[item.isBalance ? 'bold' : 'normal'];
    const cells = cellTexts(item).map((t, i) =>
      wrap(t, (columns[i] as Column).width - 2 * PAD, width, i === INFO ? MAX_INFO_LINES : MAX_LINES),
    );
    return { item, cells, lines: Math.max(...cells.map((c) => c.length)), debit: toCents(item.amount) < 0 };
  });

  const bottom = pageHeight - MARGIN - FOOTER;
  const head = EXPORT_COLUMNS.map(
    (c, i) => wrap(pdfText(c.label), (columns[i] as Column).width - 2 * PAD, widths.bold)[0] ?? '',
  );
  let page: LaidRow[] = [];
  let pageLines = 0;
  let top = y;
  for (const row of laid) {
    if (page.length > 0 && top + HEAD_HEIGHT + (pageLines + row.lines) * LINE > bottom) {
      drawPage(doc, columns, head, page, top, tableWidth);
      doc.addPage('a4', 'portrait');
      page = [];
      pageLines = 0;
      top = MARGIN;
    }
    page.push(row);
    pageLines += row.lines;
  }
  drawPage(doc, columns, head, page, top, tableWidth);

  const total = doc.getNumberOfPages();
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(8);
  doc.setTextColor(90, 90, 90);
  const account = headerFields(data)
    .slice(0, 2)
    .map(([label, value]) => `${label} ${value}`)
    .join('  ·  ');
  for (let n = 1; n <= total; n++) {
    doc.setPage(n);
    doc.text(pdfText(account), MARGIN, pageHeight - MARGIN + 4);
    doc.text(`Página ${n} de ${total}`, pageWidth - MARGIN, pageHeight - MARGIN + 4, { align: 'right' });
  }

  return new Blob([doc.output('arraybuffer')], { type: PDF_MIME });
}

/** The event bus jspdf gives each document (public on `doc.internal`, untyped). */
interface JsPdfEvents {
  getTopics(): Record<string, Record<string, unknown> | undefined>;
  unsubscribe(token: string): boolean;
}

/**
 * jspdf runs its Arabic shaping on every text call (its only 'preProcessText' listener). Every
 * string here is windows-1252 (`pdfText`), where shaping never changes anything, so the listener
 * is dropped for this document: a fifth of the time of a 5,000-row export.
 */
function skipTextShaping(doc: JsPdf): void {
  const events = (doc.internal as unknown as { events?: JsPdfEvents }).events;
  for (const token of Object.keys(events?.getTopics().preProcessText ?? {})) events?.unsubscribe(token);
}

/** The width in points of one character at the table's font size, for one style of Helvetica. */
type CharWidth = (ch: string) => number;

/**
 * Widths from a table filled on first use: jspdf measures each distinct character once, instead
 * of every string of a 5,000-row statement (its measuring dominated the time). Kerning is left
 * out, as it is from the text the PDF draws.
 */
function charWidths(doc: JsPdf, style: 'normal' | 'bold'): CharWidth {
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

/**
 * One page of the table: its head, the row backgrounds, then each column's text in one call
 * (blank lines keep the rows aligned). Balance rows are written separately, in bold.
 */
function drawPage(
  doc: JsPdf,
  columns: readonly Column[],
  head: readonly string[],
  rows: readonly LaidRow[],
  top: number,
  width: number,
): void {
  doc.setFillColor(...HEAD_FILL_RGB);
  doc.rect(MARGIN, top, width, HEAD_HEIGHT, 'F');
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(FONT_SIZE);
  doc.setTextColor(255, 255, 255);
  head.forEach((label, i) => {
    const col = columns[i] as Column;
    doc.text(
      label,
      col.right ? col.x + col.width - PAD : col.x + PAD,
      top + HEAD_HEIGHT / 2 + 2.5,
      col.right ? { align: 'right' } : {},
    );
  });

  const start = top + HEAD_HEIGHT;
  let rowTop = start;
  rows.forEach((row, i) => {
    const fill = row.item.isBalance ? BALANCE_FILL_RGB : i % 2 === 1 ? STRIPE_RGB : undefined;
    if (fill) {
      doc.setFillColor(...fill);
      doc.rect(MARGIN, rowTop, width, row.lines * LINE, 'F');
    }
    rowTop += row.lines * LINE;
  });

  const options = { lineHeightFactor: LINE / FONT_SIZE };
  const block = (pick: (row: LaidRow) => string[] | undefined): string[] => {
    const out: string[] = [];
    for (const row of rows) {
      const lines = pick(row) ?? [];
      for (let l = 0; l < row.lines; l++) out.push(lines[l] ?? '');
    }
    return out;
  };
  const put = (lines: string[], col: Column, y: number): void => {
    if (lines.every((l) => l === '')) return;
    if (col.right) doc.text(lines, col.x + col.width - PAD, y, { ...options, align: 'right' });
    else doc.text(lines, col.x + PAD, y, options);
  };

  doc.setFont('helvetica', 'normal');
  doc.setTextColor(...TEXT_RGB);
  columns.forEach((col, c) => {
    put(
      block((r) => (r.item.isBalance || (c === AMOUNT && r.debit) ? undefined : r.cells[c])),
      col,
      start + BASELINE,
    );
  });
  doc.setTextColor(...DEBIT_RGB);
  put(
    block((r) => (!r.item.isBalance && r.debit ? r.cells[AMOUNT] : undefined)),
    columns[AMOUNT] as Column,
    start + BASELINE,
  );

  doc.setFont('helvetica', 'bold');
  rowTop = start;
  for (const row of rows) {
    if (row.item.isBalance) {
      columns.forEach((col, c) => {
        doc.setTextColor(...(c === AMOUNT && row.debit ? DEBIT_RGB : TEXT_RGB));
        put(row.cells[c] ?? [], col, rowTop + BASELINE);
      });
    }
    rowTop += row.lines * LINE;
  }
}
