/**
 * PDF statement (1-access-shell-statement.md §2 Export dialog: A4, with account number and name).
 * jspdf is loaded on demand (DESIGN.md Budgets).
 *
 * The table is laid out here rather than with jspdf-autotable: autotable measures every cell
 * twice and draws each with its own text call and style changes, and a 5,000-row statement took
 * over the 2 s budget with it on the project's 2-core machine. This layout measures a cell only
 * to wrap it (a per-character width table) and writes each page's table text as a few text
 * objects straight into the page (`writeRuns`, ./pdf-text); jspdf draws the rest. 5,000 rows: about 0.4 s
 * warm in Node, against 0.8 s with one `text()` call per column and page, and over 2 s with
 * autotable.
 *
 * The standard Helvetica font writes WinAnsi (windows-1252) text, so every string goes through
 * `toCp1252Line` first: Portuguese accents print as they are, anything the font cannot show is
 * folded or replaced by '?' instead of turning into stray glyphs.
 */
import type { jsPDF as JsPdf } from 'jspdf';
import type { StatementExport } from './types';
import { loadStatementPtBrText } from './pt-br';
import { EXPORT_COLUMNS, EXPORT_TITLE, headerFields } from './columns';
import { formatDateTimeBr } from './datetime';
import { formatBRLFromCents } from '../format/brl';
import { BALANCE_TYPE, type PreparedRow, prepareRows, toCents } from './rows';
import { squeezeSpaces, toCp1252Line } from './text';
import {
  charWidths,
  type CharWidth,
  fontId,
  FONT_SIZE,
  MAX_LINES,
  type Rgb,
  textWidth,
  type TextRun,
  wrap,
  writeRuns,
} from './pdf-text';
import { additionalInfoText, describeAdditionalInfo, type Translate } from '../format/additional-info';

/** MIME type of the downloaded file. */
export const PDF_MIME = 'application/pdf';

/** Options that only change how the bytes are written, not what the page shows. */
export interface PdfOptions {
  /** Deflate the content streams (default true). Tests turn it off to read the text back. */
  compress?: boolean;
}

const MARGIN = 36;
const FOOTER = 16;
/** Height of one text line in the table; a row is a whole number of lines. */
const LINE = 10;
/** From the top of a line slot to its baseline. */
const BASELINE = 7;
const HEAD_HEIGHT = 14;
const PAD = 2.5;
/**
 * The additional information is printed as what it means to a person, with the receipt's labels
 * (src/format/additional-info.ts: the other party, operator and phone, bill, transfer or Pix
 * data), never as the bank's raw JSON. It is cut to five lines, a summary rather than the record:
 * the spreadsheet keeps the bank's text whole. Uncut, a bill's barcode and beneficiary made rows
 * eight lines long and a 5,000-row statement took over 2 s in Chromium.
 */
const MAX_INFO_LINES = 5;
/**
 * A barcode (a boleto's 44 digits, its 47- or 48-digit typeable line) is a number someone types or
 * copies: it is never cut with '…' nor broken across lines (issue 27). It gets a line of its own
 * under its label, after the rest of the summary (which is cut first), in a smaller type when the
 * column is too narrow for it, down to MIN_ID_FONT_SIZE, as the transaction ids are.
 */
const BARCODE_LABEL = 'RECEIPT.FIELDS.BARCODE';
const INFO = EXPORT_COLUMNS.findIndex((c) => c.key === 'additionalInfo');
const ID = EXPORT_COLUMNS.findIndex((c) => c.key === 'transactionId');

/**
 * Transaction ids are never wrapped, so a copied id is whole (issue #11). The id column is as wide
 * as the longest id needs at the table's font size, within these bounds; an id longer than the
 * widest column is printed in a smaller type, down to MIN_ID_FONT_SIZE, rather than broken.
 */
const MIN_ID_WIDTH = 60;
const MAX_ID_WIDTH = 130;
const MIN_ID_FONT_SIZE = 4;

const TEXT_RGB: Rgb = [33, 33, 33];
const DEBIT_RGB: Rgb = [176, 0, 32];
const HEAD_FILL_RGB: Rgb = [33, 53, 85];
const STRIPE_RGB: Rgb = [245, 246, 248];
const BALANCE_FILL_RGB: Rgb = [226, 232, 240];

/** Column widths in points; the description takes what is left of the 523 pt line. */
const FIXED_WIDTHS: Partial<Record<(typeof EXPORT_COLUMNS)[number]['key'], number>> = {
  transactionDate: 72,
  transactionType: 30,
  additionalInfo: 150,
  amount: 62,
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
  /** The barcode, whole, printed on the info cell's last line in the barcodes' type. */
  barcode?: string;
}

/** The texts of one row's cells, with the info cell's barcode apart (see BARCODE_LABEL). */
interface RowTexts {
  cells: string[];
  barcode?: string;
}

function pdfText(value: string | null | undefined): string {
  return squeezeSpaces(toCp1252Line(value ?? ''));
}

/** `ptBr`: the receipt's labels in pt-BR, whatever the screen's language (./columns). */
function cellTexts(item: PreparedRow, ptBr: Translate): RowTexts {
  const { row } = item;
  const cents = toCents(item.amount);
  const parts = item.isBalance ? [] : describeAdditionalInfo(row.additionalInfo, ptBr, cents < 0);
  const barcodeLabel = ptBr(BARCODE_LABEL);
  const barcode = parts.find((p) => p.label === barcodeLabel)?.value.replace(/\s+/g, '');
  let info = additionalInfoText(parts.filter((p) => p.label !== barcodeLabel));
  // The label closes the summary; the number itself is the cell's last line.
  if (barcode) info = info === '' ? `${barcodeLabel}:` : `${info} · ${barcodeLabel}:`;
  return {
    cells: [
      formatDateTimeBr(item.date),
      pdfText(item.isBalance ? BALANCE_TYPE : row.transactionType),
      pdfText(row.description),
      pdfText(info),
      formatBRLFromCents(cents),
      pdfText(row.transactionId),
    ],
    ...(barcode ? { barcode: pdfText(barcode) } : {}),
  };
}

/** The largest type, from the table's down to MIN_ID_FONT_SIZE, in which `longest` points fit `room`. */
function fittingSize(longest: number, room: number): number {
  return Math.max(
    MIN_ID_FONT_SIZE,
    Math.min(FONT_SIZE, Math.floor((room / Math.max(longest, 1)) * FONT_SIZE * 10) / 10),
  );
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
  doc.setFontSize(FONT_SIZE);
  const widths = { normal: charWidths(doc, 'normal'), bold: charWidths(doc, 'bold') };
  const ptBr = await loadStatementPtBrText();
  const texts = prepared.map((item) => cellTexts(item, ptBr));
  // The id column fits the longest id on one line; past MAX_ID_WIDTH the ids' type gets smaller.
  let longestId = 0;
  let longestBarcode = 0;
  for (const { cells, barcode } of texts) {
    longestId = Math.max(longestId, textWidth(cells[ID] ?? '', widths.normal));
    if (barcode) longestBarcode = Math.max(longestBarcode, textWidth(barcode, widths.normal));
  }
  const idWidth = Math.min(MAX_ID_WIDTH, Math.max(MIN_ID_WIDTH, Math.ceil(longestId + 2 * PAD)));
  const idFontSize = fittingSize(longestId, idWidth - 2 * PAD);
  const fixed = Object.values(FIXED_WIDTHS).reduce((a, b) => a + b, 0) + idWidth;
  let x = MARGIN;
  const columns: Column[] = EXPORT_COLUMNS.map((c, i) => {
    const width = i === ID ? idWidth : (FIXED_WIDTHS[c.key] ?? tableWidth - fixed);
    const col = { x, width, right: c.key === 'amount' };
    x += width;
    return col;
  });
  const barcodeFontSize = fittingSize(longestBarcode, (columns[INFO] as Column).width - 2 * PAD);

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
  const fonts: TableFonts = {
    normal: { id: fontId(doc, 'normal'), width: widths.normal },
    bold: { id: fontId(doc, 'bold'), width: widths.bold },
    idSize: idFontSize,
    barcodeSize: barcodeFontSize,
  };
  const laid = prepared.map((item, r): LaidRow => {
    const width = widths[item.isBalance ? 'bold' : 'normal'];
    const { cells: row, barcode } = texts[r] as RowTexts;
    const infoLines = barcode ? MAX_INFO_LINES - 1 : MAX_INFO_LINES;
    const cells = row.map((t, i) =>
      i === ID
        ? [t]
        : wrap(t, (columns[i] as Column).width - 2 * PAD, width, i === INFO ? infoLines : MAX_LINES),
    );
    // The barcode's own line, below its label: drawn apart, in the barcodes' type (drawPage).
    if (barcode) (cells[INFO] as string[]).push('');
    return {
      item,
      cells,
      lines: Math.max(...cells.map((c) => c.length)),
      debit: toCents(item.amount) < 0,
      ...(barcode ? { barcode } : {}),
    };
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
      drawPage(doc, fonts, columns, head, page, top, tableWidth);
      doc.addPage('a4', 'portrait');
      page = [];
      pageLines = 0;
      top = MARGIN;
    }
    page.push(row);
    pageLines += row.lines;
  }
  drawPage(doc, fonts, columns, head, page, top, tableWidth);

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

/** The table's two fonts: jspdf's resource names and the width of a line in each. */
interface TableFonts {
  normal: { id: string; width: CharWidth };
  bold: { id: string; width: CharWidth };
  /** The ids' font size: the table's, or smaller so the longest id fits its column on one line. */
  idSize: number;
  /** The barcodes' font size: the table's, or smaller so the longest fits the info column. */
  barcodeSize: number;
}

/**
 * One page of the table: its head, the row backgrounds, then the text, one run per colour and
 * weight (regular, debit amounts in red, balance rows in bold).
 */
function drawPage(
  doc: JsPdf,
  fonts: TableFonts,
  columns: readonly Column[],
  head: readonly string[],
  rows: readonly LaidRow[],
  top: number,
  width: number,
): void {
  doc.setFillColor(...HEAD_FILL_RGB);
  doc.rect(MARGIN, top, width, HEAD_HEIGHT, 'F');
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

  const lineWidth = (text: string, style: CharWidth): number => {
    let w = 0;
    for (const ch of text) w += style(ch);
    return w;
  };
  const place = (run: TextRun, style: CharWidth, col: Column, text: string, y: number): void => {
    if (text === '') return;
    const x = col.right ? col.x + col.width - PAD - lineWidth(text, style) : col.x + PAD;
    run.lines.push({ text, x, y });
  };
  const headRun: TextRun = { font: fonts.bold.id, rgb: [255, 255, 255], lines: [] };
  head.forEach((label, c) =>
    place(headRun, fonts.bold.width, columns[c] as Column, label, top + HEAD_HEIGHT / 2 + 2.5),
  );
  const regular: TextRun = { font: fonts.normal.id, rgb: TEXT_RGB, lines: [] };
  const debit: TextRun = { font: fonts.normal.id, rgb: DEBIT_RGB, lines: [] };
  const balance: TextRun = { font: fonts.bold.id, rgb: TEXT_RGB, lines: [] };
  const balanceDebit: TextRun = { font: fonts.bold.id, rgb: DEBIT_RGB, lines: [] };
  const ids: TextRun = { font: fonts.normal.id, size: fonts.idSize, rgb: TEXT_RGB, lines: [] };
  const barcodes: TextRun = { font: fonts.normal.id, size: fonts.barcodeSize, rgb: TEXT_RGB, lines: [] };
  rowTop = start;
  for (const row of rows) {
    if (row.barcode) {
      const line = (row.cells[INFO] as string[]).length - 1;
      barcodes.lines.push({
        text: row.barcode,
        x: (columns[INFO] as Column).x + PAD,
        y: rowTop + line * LINE + BASELINE,
      });
    }
    const style = row.item.isBalance ? fonts.bold : fonts.normal;
    columns.forEach((col, c) => {
      const red = c === AMOUNT && row.debit;
      const run =
        c === ID ? ids : row.item.isBalance ? (red ? balanceDebit : balance) : red ? debit : regular;
      (row.cells[c] ?? []).forEach((text, l) =>
        place(run, style.width, col, text, rowTop + l * LINE + BASELINE),
      );
    });
    rowTop += row.lines * LINE;
  }
  writeRuns(doc, [headRun, regular, debit, balance, balanceDebit, ids, barcodes]);
}
