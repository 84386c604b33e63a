/**
 * Columns and header texts shared by the spreadsheet and the PDF, in the order of the exported
 * statement row (1-access-shell-statement.md §3). The files are written in pt-BR, the product's
 * language, whatever language the screen is in, so that a file reads the same for everyone.
 */
import type { ExportedStatementRow, StatementExport } from './types';
import { formatCalendarDateBr, formatDateTimeBr } from './datetime';
import { paddedAccount } from './rows';
import { formatTaxId, taxIdLabel } from './tax-id';

/** One column of the statement table. */
export interface ExportColumn {
  key: keyof ExportedStatementRow;
  label: string;
}

/** transactionDate, transactionType, description, additionalInfo, amount, transactionId. */
export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { key: 'transactionDate', label: 'Data' },
  { key: 'transactionType', label: 'Tipo' },
  { key: 'description', label: 'Descrição' },
  { key: 'additionalInfo', label: 'Informações adicionais' },
  { key: 'amount', label: 'Valor (R$)' },
  { key: 'transactionId', label: 'ID da transação' },
];

/** Title of both documents. */
export const EXPORT_TITLE = 'Extrato da conta';

/** Label/value pairs of the statement header (1-access-shell-statement.md §2 Statement screen). */
export function headerFields(data: StatementExport): Array<[label: string, value: string]> {
  return [
    ['Conta', paddedAccount(data.account)],
    ['Agência', data.account.branch],
    ['Nome', data.account.name.trim()],
    [taxIdLabel(data.account.taxId), formatTaxId(data.account.taxId)],
    ['Período', `${formatCalendarDateBr(data.period.start)} a ${formatCalendarDateBr(data.period.end)}`],
    ['Gerado em', formatDateTimeBr(data.generatedAt)],
  ];
}
