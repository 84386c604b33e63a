/**
 * The printed statement (1-access-shell-statement.md §2 "IMPRIMIR"): a plain table of every row
 * shown on screen (the search applies), rendered only while printing, with its column headers
 * repeated on every page (thead as a table-header-group) and rows never split across pages.
 * The print stylesheet hides the shell, the filters and the buttons (marked data-print-hide) and
 * the windowed screen table.
 */
import { useTranslation } from 'react-i18next';
import styled, { createGlobalStyle } from 'styled-components';
import { formatDateTime, formatLongDate } from '../../format/dates';
import { isRefundCredit, isReturnedDebit, type StatementRow } from './statement-rows';
import { formatEntryAmount } from './statement-table';

/** The page's print rules. Screen: the print table is hidden. Print: only the statement shows. */
export const StatementPrintStyle = createGlobalStyle`
  [data-print-only] { display: none; }
  @media print {
    @page { size: A4; margin: 14mm 12mm; }
    html, body { background: #fff !important; }
    [data-print-hide], [data-screen-table], [data-toast-region] { display: none !important; }
    [data-print-only] { display: block !important; }
    table[data-print-only] { display: table !important; }
    [data-print-only] thead { display: table-header-group; }
    [data-print-only] tr { break-inside: avoid; page-break-inside: avoid; }
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 10pt;
  color: #000;
  & th,
  & td {
    padding: 4px 6px;
    border-bottom: 1px solid #bbb;
    text-align: left;
    vertical-align: top;
  }
  & th {
    border-bottom: 2px solid #000;
  }
  & td.amount,
  & th.amount {
    text-align: right;
    white-space: nowrap;
  }
  /* The day as the screen shows it: 'Segunda-feira, ...', capitalised like the screen's header. */
  & tr.day td::first-letter {
    text-transform: uppercase;
  }
  & tr.day td {
    font-weight: 700;
    background: #eee;
    -webkit-print-color-adjust: exact;
    print-color-adjust: exact;
  }
  & .debit {
    color: #b00020;
  }
`;

const Header = styled.header`
  margin-bottom: 8px;
  & h2 {
    margin: 0 0 4px;
    font-size: 14pt;
  }
  & p {
    margin: 0;
    font-size: 10pt;
  }
`;

export interface StatementPrintProps {
  rows: readonly StatementRow[];
  /** 'De 14/05/2026 a 20/05/2026'. */
  periodText: string;
  /** Account, branch, holder and tax id lines. */
  headerLines: readonly string[];
  /** The printout's title ('Extrato da conta', 'Extrato Pix'). */
  title: string;
  /** Printed in place of the table when the period has no entry. */
  emptyText: string;
}

/** The print-only statement. Render it only while printing: it mounts every row. */
export function StatementPrint({ rows, periodText, headerLines, title, emptyText }: StatementPrintProps) {
  const { t } = useTranslation();
  return (
    <>
      <Header data-print-only="">
        <h2>{title}</h2>
        {headerLines.map((l) => (
          <p key={l}>{l}</p>
        ))}
        <p>{periodText}</p>
        <p>{t('STATEMENT_SCREEN.PRINTED_AT', { date: formatDateTime(new Date()) })}</p>
        {rows.length === 0 && <p data-print-empty="">{emptyText}</p>}
      </Header>
      {rows.length > 0 && (
        <Table data-print-only="" data-print-table="">
          <thead>
            <tr>
              <th scope="col">{t('STATEMENT_SCREEN.COLUMNS.DATE')}</th>
              <th scope="col">{t('STATEMENT_SCREEN.COLUMNS.HISTORY')}</th>
              <th scope="col" className="amount">
                {t('STATEMENT_SCREEN.COLUMNS.AMOUNT')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) =>
              row.kind === 'date' ? (
                <tr key={row.key} className="day">
                  <td colSpan={3}>{row.day ? formatLongDate(row.day) : '-'}</td>
                </tr>
              ) : (
                <tr key={row.key}>
                  <td>{formatDateTime(row.entry.creditDate)}</td>
                  <td>
                    {row.entry.description}
                    {isRefundCredit(row.entry) ? ` (${t('STATEMENT_SCREEN.REFUND_TAG')})` : ''}
                    {isReturnedDebit(row.entry) ? ` (${t('STATEMENT_SCREEN.RETURNED_TAG')})` : ''}
                  </td>
                  <td className={row.entry.type === 'D' ? 'amount debit' : 'amount'}>
                    {formatEntryAmount(row.entry)}
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </Table>
      )}
    </>
  );
}
