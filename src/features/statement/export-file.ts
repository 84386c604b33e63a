/**
 * Writes and downloads an exported statement (1-access-shell-statement.md §2 Export dialog, §9):
 * the `writeFile` actor of machines/statement/export.machine.ts. The writers (xlsx, jspdf) are
 * heavy, so each is loaded with a dynamic import only when its format is asked for (DESIGN.md
 * Budgets); this module itself only holds the loader.
 */
import type {
  ExportFormat,
  WriteFileInput,
  WriteFileOutput,
} from '../../../machines/statement/export.machine';
import type { ExportAccount, StatementExport } from '../../export/types';

/** §9: the statement header's branch, in every export. */
export const EXPORT_BRANCH = '0001';

/** The file's bytes in the chosen format. */
async function writeBlob(format: ExportFormat, data: StatementExport): Promise<Blob> {
  switch (format) {
    case 'xlsx':
      return (await import('../../export/xlsx-writer')).writeXlsx(data);
    case 'pdf':
      return (await import('../../export/pdf-writer')).writePdf(data);
    case 'ofx':
      return (await import('../../export/ofx-writer')).ofxBlob(data);
  }
}

/**
 * Generates the file for `input` and hands it to the browser as `Export_<start>_<end>.<ext>`.
 * Nothing is downloaded once `signal` is aborted (the dialog was closed meanwhile).
 */
export async function writeStatementFile(
  input: WriteFileInput,
  account: Omit<ExportAccount, 'branch'>,
  signal?: AbortSignal,
): Promise<WriteFileOutput> {
  const data: StatementExport = {
    account: { ...account, branch: EXPORT_BRANCH },
    period: input.period,
    rows: input.rows,
    generatedAt: new Date(),
  };
  const [blob, { exportFileName }, { downloadBlob }] = await Promise.all([
    writeBlob(input.format, data),
    import('../../export/file-name'),
    import('../../export/download'),
  ]);
  const fileName = exportFileName(input.period, input.format);
  if (signal?.aborted) throw new DOMException('Export cancelled', 'AbortError');
  downloadBlob(blob, fileName);
  return { fileName };
}
