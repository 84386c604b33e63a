/**
 * Pix limits (/PixLimits; 4-pix-part-two.md §2 Pix limits, §3 Pix limit and Limit adjustment
 * request, §4 Limit request, §5 Limit fields, §7 get/post limits, §8 Limits, §9; the 2026 rules of
 * the domain notes §c; issue 28; the bank's side in docs/DESIGN.md "Pix limits").
 *
 * - `loading` reads the limits (day and night totals, the night window, what is pending); a failure
 *   is 'Ocorreu um erro!' with "Tentar novamente".
 * - `viewing`: 'Solicitar ajuste dos limites disponíveis' opens the adjust dialog and 'Alterar
 *   horário noturno' the night-window dialog, both only while nothing is pending (the spec's
 *   disabled button with 'Última solicitação pendente de aprovação.'; the bank refuses the same,
 *   PIXLIMIT 110).
 * - `adjusting`: the day and night fields (required, at most 13 characters, an amount above zero,
 *   at most the holder's ceiling, the night not above the day: machines/validators/pix-limits.ts);
 *   any broken rule keeps the dialog with 'Por favor, verificar dados inválidos.'. Saving posts
 *   both totals; the answer is the limits after it, and the view says 'Limite pendente por
 *   segurança, aguarde de 24 a 48 horas.' when an increase waits (a decrease is in force at once,
 *   the 2026 rule), 'Limites atualizados.' otherwise.
 * - `choosingWindow`: 20h–6h or 22h–6h (the only alternative the rules allow); the current one
 *   closes the dialog with nothing sent. 22h is an increase for the bank (pending 24 h).
 * - A failed save keeps its dialog with 'Ocorreu um erro!', the reason and "Tentar novamente";
 *   giving up reads the limits again (an unanswered request may have been recorded).
 */
import { assertEvent, assign, emit, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { type CallError } from '../kernel/call-error.ts';
import { keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput } from '../kernel/events.ts';
import { decimalToCents } from '../validators/money.ts';
import { validateLimitAdjustment } from '../validators/pix-limits.ts';

type Schemas = components['schemas'];

/** GET /account/{accountId}/pix-limits. */
export interface GetPixLimitsInput {
  accountId: string;
}
export type PixLimitsOutput = Schemas['PixLimits'];
/** POST /account/{accountId}/pix-limits. */
export interface RequestPixLimitsInput {
  accountId: string;
  body: Schemas['PixLimitAdjustmentRequest'];
}
/** PUT /account/{accountId}/pix-limits/night-window. */
export interface SetNightWindowInput {
  accountId: string;
  body: Schemas['PixNightWindowRequest'];
}
export type NightStartHour = Schemas['PixNightStartHour'];

export interface PixLimitsInput {
  accountId: string;
}

export interface PixLimitsContext {
  accountId: string;
  limits: PixLimitsOutput | null;
  /** §5's message key while the typed fields break a rule. */
  formError: string | null;
  invalidFields: ('day' | 'night')[];
  /** The request being saved (kept for "Tentar novamente"). */
  adjustment: Schemas['PixLimitAdjustmentRequest'] | null;
  nightStartHour: NightStartHour | null;
  error: CallError | null;
}

export type PixLimitsEvent =
  | { type: 'adjust.open' }
  | { type: 'adjust.submit'; day: string; night: string }
  | { type: 'adjust.cancel' }
  | { type: 'window.open' }
  | { type: 'window.submit'; startHour: NightStartHour }
  | { type: 'window.cancel' }
  | { type: 'retry' };

/** What the view says after a save: whether something now waits 24 to 48 hours. */
export type PixLimitsEmitted = { type: 'limits.saved'; pending: boolean };

type Tag = 'busy' | 'dialog';

const SPEC_PAGE = '4-pix-part-two.md §2 Pix limits';
const SPEC_PENDING =
  '4-pix-part-two.md §2, §4 Limit request (PENDENT, button disabled); 2026: increase in 24–48 h';
const SPEC_FIELDS = '4-pix-part-two.md §5 Limit fields, §9 (13 characters)';
const SPEC_CALLS = '4-pix-part-two.md §7 get limits / post limits';
const SPEC_ERRORS = "4-pix-part-two.md §8 Limits ('Ocorreu um erro!')";
const SPEC_WINDOW = 'domain notes §c: the night window 20h–6h or 22h–6h (IN BCB 185/2021)';

/** Whether a request still waits (a total or the night window PENDENT). */
export function hasPending(limits: PixLimitsOutput | null): boolean {
  if (!limits) return false;
  return limits.nightWindow.status === 'PENDENT' || limits.limits.some((l) => l.status === 'PENDENT');
}

/** The body of a valid adjustment (the guard has checked it), in reais. */
function adjustmentOf(values: { day: string; night: string }): Schemas['PixLimitAdjustmentRequest'] | null {
  const v = validateLimitAdjustment(values, Number.MAX_SAFE_INTEGER);
  return 'error' in v ? null : { daytimeValue: v.dayCents / 100, nighttimeValue: v.nightCents / 100 };
}

const ceilingOf = (c: PixLimitsContext) =>
  c.limits ? decimalToCents(c.limits.maximumAllowed) : Number.MAX_SAFE_INTEGER;

export const pixLimitsMachine = setup({
  types: {
    context: {} as PixLimitsContext,
    events: {} as PixLimitsEvent,
    input: {} as PixLimitsInput,
    emitted: {} as PixLimitsEmitted,
    tags: {} as Tag,
  },
  actors: {
    getPixLimits: mustProvide<PixLimitsOutput, GetPixLimitsInput>('getPixLimits'),
    requestPixLimitAdjustment: mustProvide<PixLimitsOutput, RequestPixLimitsInput>(
      'requestPixLimitAdjustment',
    ),
    setPixNightWindow: mustProvide<PixLimitsOutput, SetNightWindowInput>('setPixNightWindow'),
  },
  guards: {
    /** §2: the request button is disabled while a request is pending. */
    isNothingPending: ({ context }) => !hasPending(context.limits),
    /** §5 (and the bank's ceiling, the night not above the day). */
    isValidAdjustment: ({ context, event }) => {
      assertEvent(event, 'adjust.submit');
      return !('error' in validateLimitAdjustment(event, ceilingOf(context)));
    },
    isCurrentWindow: ({ context, event }) => {
      assertEvent(event, 'window.submit');
      return context.limits?.nightWindow.startHour === event.startHour;
    },
  },
  actions: {
    keepLimits: assign({
      limits: ({ event }) => doneOutput<PixLimitsOutput>(event),
      error: null,
    }),
    keepCallError: keepCallError(),
    reportSaved: emit(({ event }) => ({
      type: 'limits.saved' as const,
      pending: hasPending(doneOutput<PixLimitsOutput>(event)),
    })),
  },
}).createMachine({
  id: 'pix-limits',
  initial: 'loading',
  context: ({ input }) => ({
    accountId: input.accountId,
    limits: null,
    formError: null,
    invalidFields: [],
    adjustment: null,
    nightStartHour: null,
    error: null,
  }),
  states: {
    loading: {
      description: 'GET /account/{accountId}/pix-limits',
      meta: { spec: SPEC_CALLS, label: 'Carregando os limites' },
      tags: ['busy'],
      invoke: {
        id: 'getPixLimits',
        src: 'getPixLimits',
        input: ({ context }) => ({ accountId: context.accountId }),
        onDone: { target: 'viewing', actions: 'keepLimits' },
        onError: { target: 'loadError', actions: 'keepCallError' },
      },
    },
    loadError: {
      meta: { spec: SPEC_ERRORS, label: 'Ocorreu um erro! (tentar novamente)' },
      on: { retry: 'loading' },
    },
    viewing: {
      meta: { spec: `${SPEC_PAGE}; ${SPEC_PENDING}`, label: 'Limites diurno e noturno' },
      on: {
        'adjust.open': {
          guard: 'isNothingPending',
          target: 'adjusting',
          actions: assign({ formError: null, invalidFields: [], error: null }),
        },
        'window.open': {
          guard: 'isNothingPending',
          target: 'choosingWindow',
          actions: assign({ error: null }),
        },
      },
    },
    adjusting: {
      meta: { spec: `${SPEC_PAGE} (adjust dialog)`, label: 'Solicitar ajuste dos limites disponíveis' },
      tags: ['dialog'],
      initial: 'editing',
      states: {
        editing: {
          meta: { spec: SPEC_FIELDS, label: 'Limite diurno e limite noturno' },
          on: {
            'adjust.submit': [
              {
                guard: 'isValidAdjustment',
                target: 'saving',
                actions: assign({
                  formError: null,
                  invalidFields: [],
                  adjustment: ({ event }) => adjustmentOf(event),
                }),
              },
              {
                actions: assign(({ context, event }) => {
                  const v = validateLimitAdjustment(event, ceilingOf(context));
                  return 'error' in v
                    ? { formError: v.error, invalidFields: v.fields }
                    : { formError: null, invalidFields: [] };
                }),
              },
            ],
            'adjust.cancel': '#pix-limits.viewing',
          },
        },
        saving: {
          description: 'POST /account/{accountId}/pix-limits',
          meta: { spec: `${SPEC_CALLS}; ${SPEC_PENDING}`, label: 'Enviando a solicitação' },
          tags: ['busy'],
          invoke: {
            id: 'requestPixLimitAdjustment',
            src: 'requestPixLimitAdjustment',
            input: ({ context }) => ({
              accountId: context.accountId,
              body: context.adjustment ?? { daytimeValue: 0, nighttimeValue: 0 },
            }),
            onDone: { target: '#pix-limits.viewing', actions: ['keepLimits', 'reportSaved'] },
            onError: { target: 'failed', actions: 'keepCallError' },
          },
        },
        failed: {
          meta: { spec: SPEC_ERRORS, label: 'Ocorreu um erro! (tentar novamente)' },
          on: {
            retry: 'saving',
            // An unanswered request may have been recorded: the limits are read again.
            'adjust.cancel': '#pix-limits.loading',
          },
        },
      },
    },
    choosingWindow: {
      meta: { spec: SPEC_WINDOW, label: 'Horário noturno' },
      tags: ['dialog'],
      initial: 'editing',
      states: {
        editing: {
          meta: { spec: SPEC_WINDOW, label: '20h às 6h ou 22h às 6h' },
          on: {
            'window.submit': [
              { guard: 'isCurrentWindow', target: '#pix-limits.viewing' },
              { target: 'saving', actions: assign({ nightStartHour: ({ event }) => event.startHour }) },
            ],
            'window.cancel': '#pix-limits.viewing',
          },
        },
        saving: {
          description: 'PUT /account/{accountId}/pix-limits/night-window',
          meta: {
            spec: `${SPEC_WINDOW}; a later start is an increase (24 h)`,
            label: 'Alterando o horário noturno',
          },
          tags: ['busy'],
          invoke: {
            id: 'setPixNightWindow',
            src: 'setPixNightWindow',
            input: ({ context }) => ({
              accountId: context.accountId,
              body: { startHour: context.nightStartHour ?? 20 },
            }),
            onDone: { target: '#pix-limits.viewing', actions: ['keepLimits', 'reportSaved'] },
            onError: { target: 'failed', actions: 'keepCallError' },
          },
        },
        failed: {
          meta: { spec: SPEC_ERRORS, label: 'Ocorreu um erro! (tentar novamente)' },
          on: {
            retry: 'saving',
            'window.cancel': '#pix-limits.loading',
          },
        },
      },
    },
  },
});
