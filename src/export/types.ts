/**
 * Input of the statement export writers (xlsx, pdf, ofx).
 *
 * The row mirrors the contract's `ExportedStatementRow` (openapi/portal.yaml, the answer of
 * `GET /accounts/{accountId}/reportStatement`); see 1-access-shell-statement.md §3 "Exported
 * statement row" and §2 "Export dialog".
 */
import type { components } from '../../openapi/portal';

/**
 * One line of the report statement, as the contract defines it. Balance lines have
 * `transactionType` 'SALDO' (1-access-shell-statement.md §2 Export dialog). How the writers read
 * its fields:
 * - `transactionDate`: the contract's `DD/MM/YYYY HH:mm:ss`, taken as São Paulo wall-clock time;
 *   RFC 3339 date-times (with `Z` or an offset) and `YYYY-MM-DD[THH:mm:ss]` are accepted too
 *   (`parseTransactionDate` in ./datetime).
 * - `transactionType`: 'C', 'D' or 'SALDO'; 'C'/'D' decide the sign of the amount whatever sign
 *   the number has, any other type keeps the number's own sign (`signedAmount` in ./rows).
 * - `additionalInfo`: free text (often JSON), kept in the spreadsheet and the PDF, never in OFX.
 * - `transactionId`: the bank's stable id; becomes the OFX FITID.
 */
export type ExportedStatementRow = components['schemas']['ExportedStatementRow'];

/** The account the statement belongs to (1-access-shell-statement.md §2 Statement screen). */
export interface ExportAccount {
  /** Account number; padded to 7 digits in every export. */
  account: string;
  /** Always '0001' (1-access-shell-statement.md §9). */
  branch: '0001';
  /** Holder's name. */
  name: string;
  /** CPF (11 digits) or CNPJ (14 characters, alphanumeric since July 2026), masked or not. */
  taxId: string;
}

/** Calendar dates `YYYY-MM-DD`, inclusive, in America/Sao_Paulo. */
export interface ExportPeriod {
  start: string;
  end: string;
}

/** Everything a writer needs to produce one statement file. */
export interface StatementExport {
  account: ExportAccount;
  period: ExportPeriod;
  rows: readonly ExportedStatementRow[];
  /** When the export was made: the file's timestamp; OFX leaves out rows dated after it. */
  generatedAt: Date;
}
