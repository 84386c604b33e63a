/**
 * Catalog entry of the Pix limits (/PixLimits; 4-pix-part-two.md §2 Pix limits, §3, §4 Limit
 * request, §5 Limit fields, §7, §8 Limits, §9; the 2026 rules of the domain notes §c; issue 28).
 */
import { DEMO, signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { businessError, internalError, networkError } from '../fixtures/api-errors.ts';
import {
  pixLimitsMachine,
  type PixLimitsContext,
  type PixLimitsEvent,
  type PixLimitsOutput,
} from './pix-limits.machine.ts';

const ev = (e: PixLimitsEvent): PixLimitsEvent => e;

/** An individual's seeded limits (sandbox/sim/pix-limit-rules.ts DEFAULT_LIMITS). */
export const MARIA_LIMITS: PixLimitsOutput = {
  limits: [
    { typeLimit: 'DAY', maximumValue: 5_000, status: 'ACTIVE', requestedValue: null, effectiveAt: null },
    { typeLimit: 'NIGHT', maximumValue: 1_000, status: 'ACTIVE', requestedValue: null, effectiveAt: null },
  ],
  nightWindow: { startHour: 20, endHour: 6, status: 'ACTIVE', requestedStartHour: null, effectiveAt: null },
  maximumAllowed: 100_000,
};

/** After raising the day total: pending for 24 h. */
export const MARIA_LIMITS_PENDING: PixLimitsOutput = {
  ...MARIA_LIMITS,
  limits: [
    {
      typeLimit: 'DAY',
      maximumValue: 5_000,
      status: 'PENDENT',
      requestedValue: 8_000,
      effectiveAt: '2026-11-22T15:00:00.000Z',
    },
    { typeLimit: 'NIGHT', maximumValue: 1_000, status: 'ACTIVE', requestedValue: null, effectiveAt: null },
  ],
};

export const pixLimitsFlow = defineFlow({
  id: 'pix-limits',
  title: 'Pix: meus limites',
  route: '/PixLimits',
  entrySteps: signedInSteps('/PixLimits'),
  spec: [
    '4-pix-part-two.md §2 Screens and routes (Pix limits)',
    '4-pix-part-two.md §3 Entities and their fields (Pix limit, Limit adjustment request)',
    '4-pix-part-two.md §4 States and transitions (Limit request)',
    '4-pix-part-two.md §5 Validation rules (Limit fields)',
    '4-pix-part-two.md §7 The calls it makes (get limits, post limits)',
    '4-pix-part-two.md §8 Error catalogue (Limits)',
    '4-pix-part-two.md §9 Business constants and limits (máximo do campo de limite, prazo de aprovação, períodos)',
  ],
  machine: pixLimitsMachine,
  input: { accountId: DEMO.accountId },
  events: [
    { event: ev({ type: 'adjust.open' }), label: 'Clica em Solicitar ajuste dos limites disponíveis' },
    {
      event: ev({ type: 'adjust.submit', day: '5.000,00', night: '300,00' }),
      label: 'Informa limite diurno R$ 5.000,00 e noturno R$ 300,00 (reduz o noturno) e envia',
    },
    {
      event: ev({ type: 'adjust.submit', day: '8.000,00', night: '1.000,00' }),
      label: 'Informa limite diurno R$ 8.000,00 (aumento) e noturno R$ 1.000,00 e envia',
    },
    {
      event: ev({ type: 'adjust.submit', day: '', night: '300,00' }),
      label: 'Envia com o limite diurno vazio',
      valid: false,
    },
    {
      event: ev({ type: 'adjust.submit', day: '1.000,00', night: '2.000,00' }),
      label: 'Envia um limite noturno maior que o diurno',
      valid: false,
    },
    {
      event: ev({ type: 'adjust.submit', day: '10000000000,00', night: '300,00' }),
      label: 'Envia um limite com mais de 13 caracteres',
      valid: false,
    },
    { event: ev({ type: 'adjust.cancel' }), label: 'Clica em Cancelar no diálogo de ajuste' },
    { event: ev({ type: 'window.open' }), label: 'Clica em Alterar horário noturno' },
    { event: ev({ type: 'window.submit', startHour: 22 }), label: 'Escolhe 22h às 6h e confirma' },
    {
      event: ev({ type: 'window.submit', startHour: 20 }),
      label: 'Confirma o horário atual, 20h às 6h (nada é enviado)',
    },
    { event: ev({ type: 'window.cancel' }), label: 'Clica em Cancelar no diálogo do horário noturno' },
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
  ],
  outcomes: [
    {
      actor: 'getPixLimits',
      kind: 'done',
      output: MARIA_LIMITS,
      key: 'limitsLoaded',
      label: 'API devolve os limites (diurno R$ 5.000,00, noturno R$ 1.000,00, 20h às 6h)',
    },
    {
      actor: 'getPixLimits',
      kind: 'done',
      output: MARIA_LIMITS_PENDING,
      key: 'limitsPending',
      label: 'API devolve um aumento pendente (botão desabilitado)',
    },
    {
      actor: 'getPixLimits',
      kind: 'error',
      error: internalError('getPixLimits'),
      key: 'loadServerError',
      label: 'API responde 500 ao buscar os limites',
    },
    {
      actor: 'requestPixLimitAdjustment',
      kind: 'done',
      output: MARIA_LIMITS_PENDING,
      key: 'raisePending',
      label: 'API registra o aumento como pendente (24 a 48 horas; uma redução no mesmo pedido vale na hora)',
    },
    {
      actor: 'requestPixLimitAdjustment',
      kind: 'error',
      error: businessError('requestPixLimitAdjustment', 'Última solicitação pendente de aprovação.', 110),
      key: 'alreadyPending',
      label: 'API recusa: última solicitação pendente de aprovação (422 PIXLIMIT 110)',
    },
    {
      actor: 'requestPixLimitAdjustment',
      kind: 'error',
      error: networkError('requestPixLimitAdjustment'),
      key: 'saveOffline',
      label: 'Sem conexão ao enviar a solicitação',
    },
    {
      actor: 'setPixNightWindow',
      kind: 'done',
      output: {
        ...MARIA_LIMITS,
        nightWindow: {
          startHour: 20,
          endHour: 6,
          status: 'PENDENT',
          requestedStartHour: 22,
          effectiveAt: '2026-11-22T15:00:00.000Z',
        },
      } satisfies PixLimitsOutput,
      key: 'windowPending',
      label: 'API registra 22h às 6h como pendente (24 a 48 horas)',
    },
    {
      actor: 'setPixNightWindow',
      kind: 'error',
      error: internalError('setPixNightWindow'),
      key: 'windowServerError',
      label: 'API responde 500 ao alterar o horário noturno',
    },
  ],
  contextKey: (c: PixLimitsContext) => ({
    pending: c.limits === null ? null : c.limits.limits.map((l) => l.status).join(),
    window: c.limits?.nightWindow.status ?? null,
    formError: c.formError,
    error: c.error?.messageKey ?? null,
  }),
  operations: {
    getPixLimits: 'getPixLimits',
    requestPixLimitAdjustment: 'requestPixLimitAdjustment',
    setPixNightWindow: 'setPixNightWindow',
  },
});
