/**
 * Catalog entry of the statement export dialog: the four period choices, custom dates breaking
 * each rule of §5, the three formats, and every answer of the report call (a list, an empty one,
 * one that is not a list, a failure) and of the writer (1-access-shell-statement.md §2 Export
 * dialog, §4, §5, §8).
 */
import { signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import {
  exportMachine,
  type ExportFormat,
  type ExportInput,
  type ExportPeriodType,
} from './export.machine.ts';
import { DEFAULT_PERIOD_TYPE, periodRange } from '../validators/period.ts';
import { DEMO_ACCOUNT, FIXTURE_TODAY, SAMPLE_REPORT, internalError, networkError } from './sample-data.ts';

/** Opened from the statement as it opens: it shows its default period, offered first (issue 32). */
const input: ExportInput = {
  today: FIXTURE_TODAY,
  accountId: DEMO_ACCOUNT.accountId,
  shown: periodRange(DEFAULT_PERIOD_TYPE, FIXTURE_TODAY),
};

export const exportFlow = defineFlow({
  id: 'statement-export',
  title: 'Extrato: exportar',
  route: '/Statement',
  entrySteps: signedInSteps('/Statement', 'Espera a lista de lançamentos', 'Clica em EXPORTAR'),
  spec: [
    '1-access-shell-statement.md §2 Export dialog',
    '1-access-shell-statement.md §4 States and transitions (Statement export)',
    '1-access-shell-statement.md §5 Statement period and export',
    '1-access-shell-statement.md §8 The error catalogue (Export)',
    '1-access-shell-statement.md §9 Business constants and limits',
  ],
  machine: exportMachine,
  input,
  events: [
    { event: { type: 'export.period', periodType: 1 }, label: 'Marca Último dia' },
    { event: { type: 'export.period', periodType: 2 }, label: 'Marca Últimos 7 dias' },
    { event: { type: 'export.period', periodType: 'shown' }, label: 'Marca O período exibido' },
    { event: { type: 'export.period', periodType: 3 }, label: 'Marca Últimos 15 dias' },
    { event: { type: 'export.period', periodType: 'custom' }, label: 'Marca Período personalizado' },
    {
      event: { type: 'export.period', periodType: 9 as unknown as ExportPeriodType },
      label: 'Envia um período inexistente',
      valid: false,
    },
    {
      // The period of SAMPLE_REPORT (rows of 14/05 and 20/05) and of the file name the writer
      // outcome gives: what the plan types is what the answer it expects covers.
      event: { type: 'export.dates', start: '2026-05-14', end: '2026-05-20' },
      label: 'Informa 14/05/2026 a 20/05/2026',
    },
    {
      event: { type: 'export.dates', start: '2026-05-01', end: '' },
      label: 'Informa só a data inicial',
      valid: false,
    },
    {
      event: { type: 'export.dates', start: '2026-05-10', end: '2026-05-01' },
      label: 'Informa início depois do fim',
      valid: false,
    },
    {
      event: { type: 'export.dates', start: '2026-05-20', end: '2026-05-22' },
      label: 'Informa início depois de ontem e fim depois de hoje',
      valid: false,
    },
    { event: { type: 'export.format', format: 'xlsx' }, label: 'Clica em Excel' },
    { event: { type: 'export.format', format: 'pdf' }, label: 'Clica em PDF' },
    { event: { type: 'export.format', format: 'ofx' }, label: 'Clica em OFX' },
    {
      event: { type: 'export.format', format: 'csv' as ExportFormat },
      label: 'Envia um formato inexistente',
      valid: false,
    },
    { event: { type: 'export.cancel' }, label: 'Fecha o diálogo' },
  ],
  outcomes: [
    {
      actor: 'fetchReport',
      kind: 'done',
      output: SAMPLE_REPORT,
      key: 'entriesAndBalances',
      label: 'API devolve 2 lançamentos e os saldos',
    },
    {
      actor: 'fetchReport',
      kind: 'done',
      output: [SAMPLE_REPORT[0]],
      key: 'previousBalanceOnly',
      label: 'API devolve só o saldo anterior (sem lançamentos)',
    },
    {
      actor: 'fetchReport',
      kind: 'done',
      output: { rows: SAMPLE_REPORT },
      key: 'notAList',
      label: 'API devolve algo que não é uma lista',
    },
    {
      actor: 'fetchReport',
      kind: 'error',
      error: internalError('getReportStatement'),
      key: 'serverError',
      label: 'API responde 500',
    },
    {
      actor: 'fetchReport',
      kind: 'error',
      error: networkError('getReportStatement'),
      key: 'offline',
      label: 'Sem conexão',
    },
    {
      actor: 'writeFile',
      kind: 'done',
      output: { fileName: 'Export_2026-05-14_2026-05-20.xlsx' },
      key: 'fileWritten',
      label: 'O arquivo é gerado e baixado',
    },
    {
      actor: 'writeFile',
      kind: 'error',
      error: { name: 'Error', message: 'writer failed to load' },
      key: 'fileFailed',
      label: 'Falha ao gerar o arquivo',
    },
  ],
  // What the guards read: the period type, the custom dates while that choice is marked, and the
  // refusal. Rows, errors, the format and the file name are passed on or shown, never decided on.
  contextKey: (c) => {
    return {
      periodType: c.periodType,
      periodError: c.periodError,
      ...(c.periodType === 'custom' ? { start: c.start, end: c.end } : {}),
    };
  },
  operations: { fetchReport: 'getReportStatement' },
});
