/**
 * Catalog entry of the MED list (/PixMEDPage; 4-pix-part-two.md §2 Infractions, §3, §4, §7, §8,
 * §9; issue 31; the self-service contest of Resolução BCB 493/2025).
 */
import { FIXTURE_IDS } from '../../demo/users.ts';
import { signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { apiErrorLike, internalError } from '../fixtures/api-errors.ts';
import { pixMedMachine, type PixMedEvent, type PixMedInput } from './pix-med.machine.ts';
import {
  CONTESTABLE_PIX,
  OPENED_OPEN,
  RECEIVED_AWAITING,
  RECEIVED_PIX,
  SAMPLE_NOW,
  SAMPLE_OWN_ISPB,
  SAMPLE_TRANSACTION,
  TWELVE_INFRACTIONS,
} from './pix-med-sample-data.ts';

const ev = (e: PixMedEvent): PixMedEvent => e;

const input: PixMedInput = {
  accountId: FIXTURE_IDS.maria.accountId,
  ownIspb: SAMPLE_OWN_ISPB,
  now: SAMPLE_NOW,
};

/** 404: the bank has no Pix with that end-to-end id on the account. */
const NOT_FOUND = apiErrorLike({
  status: 404,
  messageKey: 'ERRORS.API.404',
  operation: 'getPixTransactionByEndToEndId',
});

/** 422 PIXRECV 101: the infraction moved on before the cancel reached the bank. */
const NOT_OPEN = apiErrorLike({
  status: 422,
  code: 101,
  group: 'PIXRECV',
  messageKey: 'ERRORS.PIXRECV.101',
  operation: 'cancelInfraction',
});

export const pixMedFlow = defineFlow({
  id: 'pix-med',
  title: 'Infrações (MED)',
  route: '/PixMEDPage',
  entrySteps: signedInSteps('/PixMEDPage'),
  spec: [
    '4-pix-part-two.md §2 Screens and routes (Infractions)',
    '4-pix-part-two.md §3 Entities and their fields (Infraction)',
    '4-pix-part-two.md §4 States and transitions (Infraction statuses, origin)',
    '4-pix-part-two.md §7 The calls it makes (infractions list, cancel infraction, end-to-end transaction lookup)',
    '4-pix-part-two.md §8 The error catalogue (Infractions)',
    '4-pix-part-two.md §9 Business constants and limits (Infraction grid page size)',
  ],
  machine: pixMedMachine,
  input,
  events: [
    { event: ev({ type: 'page.change', pageNumber: 2 }), label: 'Vai para a página 2' },
    {
      event: ev({ type: 'page.change', pageNumber: 7 }),
      label: 'Pede a página 7, que não existe',
      valid: false,
    },
    {
      event: ev({ type: 'detail.open', idInfraction: OPENED_OPEN.idInfraction }),
      label: `Abre o detalhe da infração ${OPENED_OPEN.idInfraction}`,
    },
    {
      event: ev({ type: 'detail.open', idInfraction: 999 }),
      label: 'Pede o detalhe de uma infração que não está na lista',
      valid: false,
    },
    { event: ev({ type: 'detail.close' }), label: 'Fecha o detalhe' },
    {
      event: ev({ type: 'cancel.ask', idInfraction: OPENED_OPEN.idInfraction }),
      label: `Clica em Cancelar na infração ${OPENED_OPEN.idInfraction} (aberta por ela)`,
    },
    {
      event: ev({ type: 'cancel.ask', idInfraction: RECEIVED_AWAITING.idInfraction }),
      label: `Tenta cancelar a infração ${RECEIVED_AWAITING.idInfraction}, recebida de outra instituição`,
      valid: false,
    },
    { event: ev({ type: 'cancel.confirm' }), label: 'Confirma o cancelamento' },
    { event: ev({ type: 'cancel.dismiss' }), label: 'Desiste do cancelamento' },
    { event: ev({ type: 'contest.open' }), label: 'Clica em Contestar um Pix' },
    {
      event: ev({ type: 'contest.pick', transactionId: CONTESTABLE_PIX.transactionId }),
      label: 'Escolhe o Pix enviado à loja virtual',
    },
    {
      event: ev({ type: 'contest.pick', transactionId: RECEIVED_PIX.transactionId }),
      label: 'Tenta contestar um Pix recebido',
      valid: false,
    },
    { event: ev({ type: 'contest.dismiss' }), label: 'Fecha a escolha sem contestar' },
    { event: ev({ type: 'contest.done', reported: true }), label: 'Conclui a notificação de infração' },
    { event: ev({ type: 'contest.done', reported: false }), label: 'Fecha a notificação sem enviar' },
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
    { event: ev({ type: 'back' }), label: 'Clica em Voltar' },
  ],
  outcomes: [
    {
      actor: 'listInfractions',
      kind: 'done',
      output: TWELVE_INFRACTIONS,
      key: 'twelveInfractions',
      label: 'Banco lista 12 infrações (uma aberta por ela, uma recebida, dez encerradas)',
    },
    {
      actor: 'listInfractions',
      kind: 'done',
      output: [],
      key: 'noInfractions',
      label: 'Banco não tem infrações (Nenhuma infração encontrada.)',
    },
    {
      actor: 'listInfractions',
      kind: 'error',
      error: internalError('listInfractions'),
      key: 'listServerError',
      label: 'Banco responde 500 ao listar as infrações',
    },
    {
      actor: 'getTransaction',
      kind: 'done',
      output: SAMPLE_TRANSACTION,
      key: 'transactionRead',
      label: 'Banco responde a transação envolvida',
    },
    {
      actor: 'getTransaction',
      kind: 'error',
      error: NOT_FOUND,
      key: 'transactionNotFound',
      label: 'Banco não encontra a transação (Não foi possível recuperar a transação envolvida...)',
    },
    {
      actor: 'cancelInfraction',
      kind: 'done',
      output: { ...OPENED_OPEN, infractionStatus: 'CANCELLED', updatedAt: '2026-11-21T15:00:00.000Z' },
      key: 'cancelled',
      label: 'Banco cancela a infração',
    },
    {
      actor: 'cancelInfraction',
      kind: 'error',
      error: NOT_OPEN,
      key: 'notOpenAnymore',
      label: 'Banco recusa: a infração já não está aberta (PIXRECV 101)',
    },
    {
      actor: 'listContestable',
      kind: 'done',
      output: { statement: [CONTESTABLE_PIX, RECEIVED_PIX] },
      key: 'onePixToContest',
      label: 'Banco responde o extrato Pix: um Pix enviado que pode ser contestado',
    },
    {
      actor: 'listContestable',
      kind: 'error',
      error: internalError('getPixStatement'),
      key: 'statementServerError',
      label: 'Banco responde 500 ao extrato Pix',
    },
  ],
  // What the guards and the view read, kept coarse.
  contextKey: (c) => ({
    laterPage: c.pageNumber > 1,
    rows: c.rows.length,
    selected: c.selectedId !== null,
    transaction: c.transaction !== null,
    transactionFailed: c.transactionFailed,
    cancelled: c.cancelled,
    cancelError: c.cancelError !== null,
    candidates: c.candidates.length,
    contest: c.contest !== null,
    contestError: c.contestError !== null,
    reported: c.reported,
    error: c.error !== null,
  }),
  limits: { maxDepth: 8, maxPaths: 80 },
  operations: {
    listInfractions: 'listInfractions',
    getTransaction: 'getPixTransactionByEndToEndId',
    cancelInfraction: 'cancelInfraction',
    listContestable: 'getPixStatement',
  },
});
