/**
 * Excel statement (1-access-shell-statement.md §2 Export dialog: one sheet named Extrato, with
 * account number and name).
 *
 * Security: xlsx 0.18.5, the last version on npm, has known advisories that concern PARSING
 * untrusted files: prototype pollution (CVE-2023-30533, GHSA-4r6h-8v6p-xvw6) and ReDoS
 * (CVE-2024-22363, GHSA-5pgg-2g8v-p4x9), both in `read`. This module only WRITES workbooks from
 * our own data and never calls `read` (the tests read back only files this writer made). It is
 * loaded on demand with a dynamic import so the library stays out of the first load (DESIGN.md
 * Budgets).
 */
import type { CellObject, WorkSheet } from 'xlsx';
import type { StatementExport } from './types';
import { EXPORT_COLUMNS, EXPORT_TITLE, headerFields } from './columns';
import { zonedParts } from './datetime';
import { BALANCE_TYPE, prepareRows, toCents } from './rows';
import { additionalInfoText, describeAdditionalInfo } from '../format/additional-info';
import { loadStatementPtBrText } from './pt-br';

/** The sheet's name (1-access-shell-statement.md §9). */
export const SHEET_NAME = 'Extrato';
/** Money cells: numeric, two decimals, grouped; Excel shows the user's own separators. */
export const AMOUNT_FORMAT = '#,##0.00';
/** Date cells: real dates (sortable, filterable) shown as the exported row's DD/MM/YYYY HH:mm:ss. */
export const DATE_FORMAT = 'dd/mm/yyyy hh:mm:ss';
/** MIME type of the downloaded file. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel's limit for the text of one cell. */
const MAX_CELL_TEXT = 32_767;
/** Days from Excel's epoch (1899-12-30, 1900 date system) to 1970-01-01. */
const EXCEL_UNIX_EPOCH_DAYS = 25_569;

function text(value: string | null | undefined): CellObject {
  return { t: 's', v: (value ?? '').slice(0, MAX_CELL_TEXT) };
}

/** A date serial of São Paulo's wall clock: Excel dates have no zone, so we write local time. */
function dateCell(date: Date): CellObject {
  const p = zonedParts(date);
  const wallMs = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return { t: 'n', v: wallMs / 86_400_000 + EXCEL_UNIX_EPOCH_DAYS, z: DATE_FORMAT };
}

/**
 * Layout, top to bottom: the title; the header (account padded to 7 digits, branch, name, CPF or
 * CNPJ, period, generation time), one label/value pair per row; a blank row; the column titles
 * (with an auto-filter); one row per statement line in the order given. Balance lines keep the
 * type SALDO. Amounts are signed numbers (debits negative). Text cells are never formulas, so a
 * description starting with '=' stays text. 'Informações adicionais' is readable text, as in the
 * PDF (src/format/additional-info.ts), not the bank's JSON.
 */
export async function writeXlsx(data: StatementExport): Promise<Blob> {
  const XLSX = await import('xlsx');
  const { encode_cell, encode_range } = XLSX.utils;
  const prepared = prepareRows(data.rows);
  const statementPtBrText = await loadStatementPtBrText();

  const ws: WorkSheet = {};
  const put = (r: number, c: number, cell: CellObject): void => {
    ws[encode_cell({ r, c })] = cell;
  };

  let r = 0;
  put(r++, 0, text(EXPORT_TITLE));
  for (const [label, value] of headerFields(data)) {
    put(r, 0, text(label));
    put(r, 1, text(value));
    r++;
  }
  r++;
  const headRow = r;
  EXPORT_COLUMNS.forEach((col, c) => put(headRow, c, text(col.label)));
  r++;

  for (const item of prepared) {
    const { row } = item;
    put(r, 0, dateCell(item.date));
    put(r, 1, text(item.isBalance ? BALANCE_TYPE : row.transactionType.trim()));
    put(r, 2, text(row.description));
    // What the movement was, in words with the receipt's labels, as the PDF prints it (issue 27),
    // never the bank's JSON; whole here, where the PDF cuts it to a summary.
    const info = item.isBalance
      ? ''
      : additionalInfoText(
          describeAdditionalInfo(row.additionalInfo, statementPtBrText, toCents(item.amount) < 0),
        );
    put(r, 3, text(info));
    put(r, 4, { t: 'n', v: toCents(item.amount) / 100, z: AMOUNT_FORMAT });
    put(r, 5, text(row.transactionId));
    r++;
  }

  const lastCol = EXPORT_COLUMNS.length - 1;
  const lastRow = Math.max(r - 1, headRow);
  ws['!ref'] = encode_range({ s: { r: 0, c: 0 }, e: { r: lastRow, c: lastCol } });
  ws['!autofilter'] = { ref: encode_range({ s: { r: headRow, c: 0 }, e: { r: lastRow, c: lastCol } }) };
  ws['!cols'] = [{ wch: 20 }, { wch: 12 }, { wch: 45 }, { wch: 40 }, { wch: 16 }, { wch: 36 }];

  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, SHEET_NAME);
  wb.Props = {
    Title: `${EXPORT_TITLE} ${data.period.start} a ${data.period.end}`,
    CreatedDate: data.generatedAt,
  };

  const bytes: ArrayBuffer = XLSX.write(wb, { bookType: 'xlsx', type: 'array', compression: true });
  return new Blob([bytes], { type: XLSX_MIME });
}
