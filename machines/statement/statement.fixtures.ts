/**
 * Catalog entry of the statement screen (/Statement): the period filter with every rule of §5
 * (valid and refused custom periods and months), search, the balance toggle, retry, and every
 * outcome of the three calls.
 */
import { signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { DEMO_ACCOUNT, FIXTURE_TODAY, SAMPLE_ENTRIES, internalError, networkError } from './sample-data.ts';
import { statementMachine, type StatementInput, type StatementPeriodType } from './statement.machine.ts';

const input: StatementInput = { today: FIXTURE_TODAY, accountId: DEMO_ACCOUNT.accountId };

export const statementFlow = defineFlow({
  id: 'statement',
  title: 'Extrato: lançamentos do período',
  route: '/Statement',
  entrySteps: signedInSteps('/Statement'),
  spec: [
    '1-access-shell-statement.md §2 Statement screen',
    '1-access-shell-statement.md §3 Entities and their fields (Statement entry, Balance)',
    '1-access-shell-statement.md §5 Statement period and export',
    '1-access-shell-statement.md §8 The error catalogue',
    '1-access-shell-statement.md §9 Business constants and limits',
    '3-pix-part-one.md §2 Pix statement',
    '3-pix-part-one.md §5 Validation rules (Statement row actions)',
  ],
  machine: statementMachine,
  input,
  events: [
    { event: { type: 'period.select', periodType: 1 }, label: 'Escolhe o período Último dia' },
    { event: { type: 'period.select', periodType: 2 }, label: 'Escolhe o período Últimos 7 dias' },
    { event: { type: 'period.select', periodType: 3 }, label: 'Escolhe o período Últimos 15 dias' },
    { event: { type: 'period.select', periodType: 4 }, label: 'Escolhe o período Mês' },
    { event: { type: 'period.select', periodType: 'custom' }, label: 'Escolhe o período Personalizado' },
    {
      event: { type: 'period.select', periodType: 0 as unknown as StatementPeriodType },
      label: 'Envia um tipo de período inexistente',
      valid: false,
    },
    {
      event: { type: 'period.apply', start: '2026-05-01', end: '2026-05-10' },
      label: 'Filtra de 01/05/2026 a 10/05/2026',
    },
    {
      event: { type: 'period.apply', start: '', end: '2026-05-10' },
      label: 'Filtra sem a data inicial',
      valid: false,
    },
    {
      event: { type: 'period.apply', start: '2026-05-10', end: '2026-05-01' },
      label: 'Filtra com a data inicial depois da final',
      valid: false,
    },
    {
      event: { type: 'period.apply', start: '2026-05-20', end: '2026-05-21' },
      label: 'Filtra com início depois de ontem e fim depois de hoje',
      valid: false,
    },
    { event: { type: 'period.month', month: '2026-04' }, label: 'Escolhe o mês abril de 2026' },
    {
      event: { type: 'period.month', month: '2019-12' },
      label: 'Escolhe dezembro de 2019 (antes de janeiro de 2020)',
      valid: false,
    },
    { event: { type: 'search.change', text: 'ted' }, label: "Digita 'ted' na busca" },
    { event: { type: 'search.change', text: '' }, label: 'Apaga a busca' },
    { event: { type: 'retry' }, label: 'Clica em Tentar novamente' },
    {
      event: { type: 'entries.reload' },
      label: 'Fecha uma ação da linha que mudou o lançamento (extrato Pix: recarrega)',
    },
  ],
  outcomes: [
    {
      actor: 'loadStatement',
      kind: 'done',
      output: { statement: SAMPLE_ENTRIES },
      key: 'fiveEntries',
      label: 'API devolve 5 lançamentos',
    },
    {
      actor: 'loadStatement',
      kind: 'done',
      output: { statement: [] },
      key: 'empty',
      label: 'API devolve o extrato vazio',
    },
    {
      actor: 'loadStatement',
      kind: 'error',
      error: internalError('getStatement'),
      key: 'serverError',
      label: 'API responde 500 ao carregar o extrato',
    },
    {
      actor: 'loadStatement',
      kind: 'error',
      error: networkError('getStatement'),
      key: 'offline',
      label: 'Sem conexão ao carregar o extrato',
    },
  ],
  // Only what the guards read: the period type and its refusal, and the month while type 4 is
  // chosen. Entries, balance, client, errors, the search and the custom dates (their verdict is
  // periodError) are shown, never tested by a guard; the range follows from the rest.
  contextKey: (c) => {
    return {
      periodType: c.periodType,
      periodError: c.periodError,
      ...(c.periodType === 4 ? { month: c.month } : {}),
    };
  },
  // accountSummary is the child machine of the header: see account-summary.fixtures.ts.
  operations: { loadStatement: 'getStatement' },
});
