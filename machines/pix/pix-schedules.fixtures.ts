/**
 * Catalog entry of the scheduled Pix grid (/PixShedulingPage; 4-pix-part-two.md §2 Scheduled
 * payments, §3, §7, §8, §9; issue 28).
 */
import { signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { apiErrorLike, internalError } from '../fixtures/api-errors.ts';
import { FAILED_SCHEDULE, PENDING_SCHEDULE } from './pix-schedule-sample-data.ts';
import {
  pixSchedulesMachine,
  type ListSchedulesOutput,
  type PixSchedulesEvent,
} from './pix-schedules.machine.ts';

const ev = (e: PixSchedulesEvent): PixSchedulesEvent => e;

/** Twenty-three schedules: a first page with one pending and one failed (the rest do not matter). */
const PAGE_WITH_ROWS: ListSchedulesOutput = {
  dataset: [PENDING_SCHEDULE, FAILED_SCHEDULE],
  recordCount: 23,
  totalPages: 2,
};

/** 422 PIXSCHED 110: the schedule ran (or failed) before the delete reached the bank. */
const NOT_PENDING = apiErrorLike({
  status: 422,
  code: 110,
  group: 'PIXSCHED',
  messageKey: 'ERRORS.PIXSCHED.110',
  serverMessage: 'Este agendamento já foi executado ou tentado e não pode mais ser excluído.',
  operation: 'deletePixSchedule',
});

export const pixSchedulesFlow = defineFlow({
  id: 'pix-schedules',
  title: 'Pix agendados',
  route: '/PixShedulingPage',
  entrySteps: signedInSteps('/PixShedulingPage'),
  spec: [
    '4-pix-part-two.md §2 Screens and routes (Scheduled payments)',
    '4-pix-part-two.md §3 Entities and their fields (Pix payment schedule)',
    '4-pix-part-two.md §7 The calls it makes (Scheduled payments)',
    '4-pix-part-two.md §8 The error catalogue',
    '4-pix-part-two.md §9 Business constants and limits (Scheduling grid)',
  ],
  machine: pixSchedulesMachine,
  events: [
    { event: ev({ type: 'page.change', pageNumber: 2 }), label: 'Vai para a página 2' },
    {
      event: ev({ type: 'page.change', pageNumber: 9 }),
      label: 'Pede a página 9, que não existe',
      valid: false,
    },
    { event: ev({ type: 'pageSize.change', pageSize: 5 }), label: 'Escolhe 5 por página' },
    { event: ev({ type: 'pageSize.change', pageSize: 7 }), label: 'Pede 7 por página', valid: false },
    {
      event: ev({ type: 'receipt.open', idPixPaymentSchedule: PENDING_SCHEDULE.idPixPaymentSchedule }),
      label: `Abre o comprovante do agendamento ${PENDING_SCHEDULE.idPixPaymentSchedule}`,
    },
    {
      event: ev({ type: 'receipt.open', idPixPaymentSchedule: 999 }),
      label: 'Pede o comprovante de um agendamento que não está na página',
      valid: false,
    },
    { event: ev({ type: 'receipt.close' }), label: 'Fecha o comprovante' },
    {
      event: ev({ type: 'delete.ask', idPixPaymentSchedule: PENDING_SCHEDULE.idPixPaymentSchedule }),
      label: `Clica em Excluir no agendamento ${PENDING_SCHEDULE.idPixPaymentSchedule}`,
    },
    {
      event: ev({ type: 'delete.ask', idPixPaymentSchedule: FAILED_SCHEDULE.idPixPaymentSchedule }),
      label: `Tenta excluir o agendamento ${FAILED_SCHEDULE.idPixPaymentSchedule}, que falhou`,
      valid: false,
    },
    { event: ev({ type: 'delete.confirm' }), label: 'Clica em Sim' },
    { event: ev({ type: 'delete.cancel' }), label: 'Clica em Não' },
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
    { event: ev({ type: 'back' }), label: 'Clica em Voltar' },
  ],
  outcomes: [
    {
      actor: 'listSchedules',
      kind: 'done',
      output: PAGE_WITH_ROWS,
      key: 'twentyThreeSchedules',
      label: 'Banco lista 23 agendamentos (um pendente e um que falhou nesta página)',
    },
    {
      actor: 'listSchedules',
      kind: 'done',
      output: { dataset: [], recordCount: 0, totalPages: 0 },
      key: 'noSchedules',
      label: 'Banco não tem agendamentos (Nenhum registro encontrado!)',
    },
    {
      actor: 'listSchedules',
      kind: 'done',
      output: { dataset: [], recordCount: 3, totalPages: 1 },
      key: 'pageGone',
      label: 'Banco responde a página sem linhas (a página já não existe)',
    },
    {
      actor: 'listSchedules',
      kind: 'error',
      error: internalError('listPixSchedulesPaged'),
      key: 'listServerError',
      label: 'Banco responde 500 ao listar os agendamentos',
    },
    {
      actor: 'getSchedule',
      kind: 'done',
      output: PENDING_SCHEDULE,
      key: 'receiptRead',
      label: 'Banco responde o agendamento',
    },
    {
      actor: 'getSchedule',
      kind: 'error',
      error: internalError('getPixSchedule'),
      key: 'receiptServerError',
      label: 'Banco responde 500 ao comprovante',
    },
    {
      actor: 'deleteSchedule',
      kind: 'done',
      output: { success: true, message: 'Agendamento excluído.' },
      key: 'deleted',
      label: 'Banco exclui o agendamento',
    },
    {
      actor: 'deleteSchedule',
      kind: 'error',
      error: NOT_PENDING,
      key: 'alreadyRan',
      label: 'Banco recusa: o agendamento já foi executado (PIXSCHED 110)',
    },
  ],
  // What the guards and the view read, kept coarse.
  contextKey: (c) => ({
    laterPage: c.pageNumber > 1,
    pageSize: c.pageSize,
    recordCount: c.recordCount,
    rows: c.rows.length,
    receiptFailed: c.receiptFailed,
    deleted: c.deleted,
    deleteError: c.deleteError !== null,
    error: c.error !== null,
  }),
  limits: { maxDepth: 8, maxPaths: 60 },
  operations: {
    listSchedules: 'listPixSchedulesPaged',
    getSchedule: 'getPixSchedule',
    deleteSchedule: 'deletePixSchedule',
  },
});
