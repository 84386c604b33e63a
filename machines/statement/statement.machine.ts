/**
 * The statement screen, /Statement (1-access-shell-statement.md §2 Statement screen, §3, §5
 * Statement period and export, §8).
 *
 * The screen is two actors side by side, so a slow or failed call never holds the other part: a
 * child, machines/statement/account-summary.machine.ts (invoked with the system id `account`:
 * client for the header, then the REAL balance with its show/hide toggle), and this machine's
 * own states, the entries of the chosen period. Changing the period reloads the entries only; the
 * free-text search is kept here but filters in the view (a pure function over the loaded
 * entries), so typing never calls the bank. Every failure ends in a `failed` state that offers
 * `retry`; the API layer bounds every call at 120 s, so no wait is endless.
 *
 * `today` comes from the input (YYYY-MM-DD): guards never read the clock, so a test fixes it.
 */
import { assertEvent, assign, setup } from 'xstate';
import { mustProvide } from '../kernel/actors.ts';
import type { components } from '../../openapi/portal';
import {
  DEFAULT_PERIOD_TYPE,
  periodRange,
  validateCustomPeriod,
  validateMonth,
  type DateRange,
  type PeriodType,
} from '../validators/period.ts';
import { accountSummaryMachine } from './account-summary.machine.ts';
import { type CallError } from '../kernel/call-error.ts';
import { keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput } from '../kernel/events';

type Schemas = components['schemas'];

/** The period filter: the four types of §5 plus the custom period (two dates). */
export type StatementPeriodType = PeriodType | 'custom';

/** The statement call: days YYYY-MM-DD, both inclusive. */
export interface LoadStatementInput {
  accountId: string;
  start: string;
  ending: string;
}
export type LoadStatementOutput = Schemas['Statement'];

export interface StatementInput {
  /** The calendar day the screen was opened (YYYY-MM-DD, local time). */
  today: string;
  /** The session's first account. */
  accountId: string;
}

export interface StatementContext {
  today: string;
  accountId: string;
  periodType: StatementPeriodType;
  /** The period loaded (or being loaded). */
  range: DateRange;
  /** The custom dates last applied (YYYY-MM-DD or ''), for the form. */
  customStart: string;
  customEnd: string;
  /** The month of type 4 (YYYY-MM). */
  month: string;
  /** Message key of a refused custom period or month (STATEMENT_EXPORT.*, STATEMENT_SCREEN.*). */
  periodError: string | null;
  /** The free-text search as typed. */
  search: string;
  entries: Schemas['StatementEntry'][];
  error: CallError | null;
}

export type StatementEvent =
  | { type: 'period.select'; periodType: StatementPeriodType }
  | { type: 'period.apply'; start: string; end: string }
  | { type: 'period.month'; month: string }
  | { type: 'search.change'; text: string }
  /** The Pix statement: a row action (refund) changed an entry; the period loads again. */
  | { type: 'entries.reload' }
  | { type: 'retry' };

const SPEC_SCREEN = '1-access-shell-statement.md §2 Statement screen';
const SPEC_PERIOD = '1-access-shell-statement.md §5 Statement period and export';
const SPEC_ERRORS = '1-access-shell-statement.md §8 The error catalogue';

const ROLLING: readonly StatementPeriodType[] = [1, 2, 3];

/** The month (YYYY-MM) of a day (YYYY-MM-DD). */
const monthOf = (day: string): string => day.slice(0, 7);

export const statementMachine = setup({
  types: {
    context: {} as StatementContext,
    events: {} as StatementEvent,
    input: {} as StatementInput,
    tags: {} as 'busy',
  },
  actors: {
    /** The header; its own actors are provided to it at the composition root. */
    accountSummary: accountSummaryMachine,
    loadStatement: mustProvide<LoadStatementOutput, LoadStatementInput>('loadStatement'),
  },
  guards: {
    /** Types 1, 2 and 3: the last 1, 7 or 15 days, loaded at once. */
    isRollingPeriod: ({ event }) => {
      assertEvent(event, 'period.select');
      return ROLLING.includes(event.periodType);
    },
    /** Type 4: a month; the month picker is enabled. */
    isMonthPeriod: ({ event }) => {
      assertEvent(event, 'period.select');
      return event.periodType === 4;
    },
    /** The custom period: the two date fields are shown, nothing loads until they are applied. */
    isCustomPeriod: ({ event }) => {
      assertEvent(event, 'period.select');
      return event.periodType === 'custom';
    },
    inCustomPeriod: ({ context }) => context.periodType === 'custom',
    inMonthPeriod: ({ context }) => context.periodType === 4,
    /** §5: both dates, start not after end, start not after yesterday, end not after today. */
    isValidCustomPeriod: ({ context, event }) => {
      assertEvent(event, 'period.apply');
      return (
        context.periodType === 'custom' &&
        validateCustomPeriod({ start: event.start, end: event.end, today: context.today }) === undefined
      );
    },
    /** §5: a month from January 2020 up to the current one. */
    isValidMonth: ({ context, event }) => {
      assertEvent(event, 'period.month');
      return context.periodType === 4 && validateMonth(event.month, context.today) === undefined;
    },
    hasEntries: ({ event }) => {
      const out = doneOutput<LoadStatementOutput>(event, 'loadStatement');
      return Array.isArray(out.statement) && out.statement.length > 0;
    },
  },
  actions: {
    keepCallError: keepCallError(),
    selectRolling: assign(({ context, event }) => {
      assertEvent(event, 'period.select');
      if (!ROLLING.includes(event.periodType)) return {};
      const type = event.periodType as PeriodType;
      return {
        periodType: type,
        range: periodRange(type, context.today),
        periodError: null,
        customStart: '',
        customEnd: '',
      };
    }),
    selectMonth: assign(({ context }) => {
      const month = monthOf(context.today);
      return {
        periodType: 4 as const,
        month,
        range: periodRange(4, context.today, month),
        periodError: null,
        customStart: '',
        customEnd: '',
      };
    }),
    selectCustom: assign({ periodType: 'custom' as const, periodError: null }),
    applyCustom: assign(({ event }) => {
      assertEvent(event, 'period.apply');
      return {
        customStart: event.start,
        customEnd: event.end,
        range: { start: event.start, end: event.end },
        periodError: null,
      };
    }),
    refuseCustom: assign(({ context, event }) => {
      assertEvent(event, 'period.apply');
      return {
        customStart: event.start,
        customEnd: event.end,
        periodError:
          validateCustomPeriod({ start: event.start, end: event.end, today: context.today }) ?? null,
      };
    }),
    applyMonth: assign(({ context, event }) => {
      assertEvent(event, 'period.month');
      return { month: event.month, range: periodRange(4, context.today, event.month), periodError: null };
    }),
    refuseMonth: assign(({ context, event }) => {
      assertEvent(event, 'period.month');
      return { periodError: validateMonth(event.month, context.today) ?? null };
    }),
    assignSearch: assign(({ event }) => {
      assertEvent(event, 'search.change');
      return { search: event.text };
    }),
  },
}).createMachine({
  id: 'statement',
  invoke: {
    id: 'account',
    systemId: 'account',
    src: 'accountSummary',
    input: ({ context }) => ({ accountId: context.accountId }),
  },
  initial: 'entries',
  context: ({ input }) => ({
    today: input.today,
    accountId: input.accountId,
    periodType: DEFAULT_PERIOD_TYPE,
    range: periodRange(DEFAULT_PERIOD_TYPE, input.today),
    customStart: '',
    customEnd: '',
    month: monthOf(input.today),
    periodError: null,
    search: '',
    entries: [],
    error: null,
  }),
  on: {
    // §5: filters the loaded entries in the view; never reloads.
    'search.change': { actions: 'assignSearch' },
  },
  states: {
    entries: {
      meta: { spec: SPEC_PERIOD, label: 'Lançamentos do período' },
      initial: 'loading',
      on: {
        'period.select': [
          { guard: 'isRollingPeriod', target: '.loading', reenter: true, actions: 'selectRolling' },
          { guard: 'isMonthPeriod', target: '.loading', reenter: true, actions: 'selectMonth' },
          // The list keeps the last period's entries until the two dates are applied.
          { guard: 'isCustomPeriod', actions: 'selectCustom' },
        ],
        'period.apply': [
          { guard: 'isValidCustomPeriod', target: '.loading', reenter: true, actions: 'applyCustom' },
          { guard: 'inCustomPeriod', actions: 'refuseCustom' },
        ],
        'period.month': [
          { guard: 'isValidMonth', target: '.loading', reenter: true, actions: 'applyMonth' },
          { guard: 'inMonthPeriod', actions: 'refuseMonth' },
        ],
        // 3-pix-part-one.md §5: a refund changes its entry's amountRefund (the refund icon leaves
        // once fully refunded) and adds the refund's own entry, so the period loads again.
        'entries.reload': { target: '.loading', reenter: true },
      },
      states: {
        loading: {
          meta: {
            spec: '1-access-shell-statement.md §7 The calls it makes (GET /accounts/{accountId}/statement)',
            label: 'Carregando extrato',
          },
          tags: ['busy'],
          invoke: {
            id: 'loadStatement',
            src: 'loadStatement',
            input: ({ context }) => ({
              accountId: context.accountId,
              start: context.range.start,
              ending: context.range.end,
            }),
            onDone: [
              {
                guard: 'hasEntries',
                target: 'listed',
                actions: assign({ entries: ({ event }) => event.output.statement, error: null }),
              },
              { target: 'empty', actions: assign({ entries: [], error: null }) },
            ],
            onError: {
              target: 'failed',
              actions: ['keepCallError', assign({ entries: [] })],
            },
          },
        },
        listed: {
          meta: {
            spec: `${SPEC_SCREEN} (lista agrupada por data de crédito, mais recente primeiro)`,
            label: 'Extrato listado',
          },
        },
        empty: {
          meta: {
            spec: `${SPEC_SCREEN} (imagem de vazio e 'Nenhum registro encontrado!')`,
            label: 'Nenhum registro encontrado!',
          },
        },
        failed: {
          meta: { spec: SPEC_ERRORS, label: 'Extrato indisponível: tentar novamente' },
          on: { retry: 'loading' },
        },
      },
    },
  },
});
