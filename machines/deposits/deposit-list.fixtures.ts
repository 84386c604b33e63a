/**
 * Catalog entry of the deposit boleto list (/Deposit/Ticket; 2-money-movement.md §2 Deposit by
 * boleto, §4 Deposit list, §7, §8, §9).
 */
import { signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { internalError } from '../fixtures/api-errors.ts';
import {
  depositListMachine,
  type DepositListEvent,
  type DepositListInput,
  type ListDepositsOutput,
} from './deposit-list.machine.ts';
import { EXPIRED_DEPOSIT, FIXTURE_TODAY, SAMPLE_DEPOSIT } from './deposit-sample-data.ts';

const ev = (e: DepositListEvent): DepositListEvent => e;

const input: DepositListInput = { today: FIXTURE_TODAY };

/** Twelve boletos: a first page with one open and one expired (the rest do not matter here). */
const PAGE_WITH_ROWS: ListDepositsOutput = {
  dataset: [SAMPLE_DEPOSIT, EXPIRED_DEPOSIT],
  recordCount: 12,
  totalPages: 2,
};

export const depositListFlow = defineFlow({
  id: 'deposit-list',
  title: 'Meus boletos de depósito',
  route: '/Deposit/Ticket',
  entrySteps: signedInSteps('/Deposit/Ticket'),
  spec: [
    '2-money-movement.md §2 Deposit by boleto (the list)',
    '2-money-movement.md §3 Entities and their fields (Deposit, Paging request)',
    '2-money-movement.md §4 States and transitions (Deposit boleto, Deposit list)',
    '2-money-movement.md §7 Calls made (POST /Deposits/ListWithPagination, Boleto PDF)',
    '2-money-movement.md §8 Error catalogue (empty lists, print failure)',
    '2-money-movement.md §9 Business constants and limits (deposit list)',
  ],
  machine: depositListMachine,
  input,
  events: [
    { event: ev({ type: 'filter.change', filter: 'expired' }), label: 'Marca o filtro Expirados' },
    { event: ev({ type: 'filter.change', filter: 'almostExpired' }), label: 'Marca o filtro A vencer' },
    { event: ev({ type: 'filter.change', filter: 'all' }), label: 'Marca o filtro Todos' },
    { event: ev({ type: 'page.change', pageNumber: 2 }), label: 'Vai para a página 2' },
    {
      event: ev({ type: 'page.change', pageNumber: 9 }),
      label: 'Pede a página 9, que não existe',
      valid: false,
    },
    { event: ev({ type: 'pageSize.change', pageSize: 5 }), label: 'Escolhe 5 por página' },
    { event: ev({ type: 'pageSize.change', pageSize: 7 }), label: 'Pede 7 por página', valid: false },
    {
      event: ev({ type: 'pdf.open', idDeposit: SAMPLE_DEPOSIT.idDeposit }),
      label: `Clica em Imprimir no boleto ${SAMPLE_DEPOSIT.idDeposit}`,
    },
    {
      event: ev({ type: 'pdf.open', idDeposit: EXPIRED_DEPOSIT.idDeposit }),
      label: `Tenta imprimir o boleto expirado ${EXPIRED_DEPOSIT.idDeposit}`,
      valid: false,
    },
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
    { event: ev({ type: 'back' }), label: 'Clica em Voltar' },
  ],
  outcomes: [
    {
      actor: 'listDeposits',
      kind: 'done',
      output: PAGE_WITH_ROWS,
      key: 'twelveBoletos',
      label: 'Banco lista 12 boletos (um a vencer e um expirado nesta página)',
    },
    {
      actor: 'listDeposits',
      kind: 'done',
      output: { dataset: [], recordCount: 0, totalPages: 0 },
      key: 'noBoletos',
      label: 'Banco não tem boletos (Nenhum registro encontrado!)',
    },
    {
      actor: 'listDeposits',
      kind: 'done',
      output: { dataset: [], recordCount: 3, totalPages: 1 },
      key: 'pageGone',
      label: 'Banco responde a página sem linhas (a página já não existe)',
    },
    {
      actor: 'listDeposits',
      kind: 'error',
      error: internalError('listDepositsPaged'),
      key: 'listServerError',
      label: 'Banco responde 500 ao listar os boletos',
    },
    {
      actor: 'openBoletoPdf',
      kind: 'done',
      output: undefined,
      key: 'pdfOpened',
      label: 'O PDF do boleto abre',
    },
    {
      actor: 'openBoletoPdf',
      kind: 'error',
      error: internalError('getBoletoPdf'),
      key: 'pdfServerError',
      label: 'Banco responde 500 ao PDF',
    },
  ],
  // What the guards read (the filter, page after the first, page size, count, the listed rows),
  // kept coarse.
  contextKey: (c) => ({
    filter: c.filter,
    laterPage: c.pageNumber > 1,
    pageSize: c.pageSize,
    recordCount: c.recordCount,
    rows: c.rows.length,
    pdfFailed: c.pdfFailed,
    error: c.error !== null,
  }),
  // Simple paths bounded: the shortest set already covers every transition and guard outcome.
  limits: { maxDepth: 8, maxPaths: 60 },
  operations: {
    listDeposits: 'listDepositsPaged',
    openBoletoPdf: 'getBoletoPdf',
  },
});
