/**
 * The head of the statement screen (1-access-shell-statement.md §2 Statement screen: "Statement
 * header shows account number, branch 0001, client name and tax id"; "A balance with a show/hide
 * toggle"; §3 Balance: REAL is the one used).
 *
 * Loads the client (name, tax id, account number), then the balance; keeps the balance shown or
 * hidden. It runs as a child of the statement machine (invoked with the system id `account`), so
 * the header and the list load side by side and a failure of one never holds the other; each
 * failure offers `retry` of the call that failed.
 */
import { assign, setup } from 'xstate';
import { mustProvide } from '../kernel/actors.ts';
import type { components } from '../../openapi/portal';
import { type CallError } from '../kernel/call-error.ts';
import { clearCallError, keepCallError } from '../kernel/call-error-actions.ts';

type Schemas = components['schemas'];

/** The client call: name, tax id and the account number of the header. */
export interface LoadClientInput {
  accountId: string;
}
export type LoadClientOutput = Schemas['ClientWithAccount'];

/** The balance call: the account's balances. */
export interface LoadBalanceInput {
  accountId: string;
}
export type LoadBalanceOutput = Schemas['Balances'];

export interface AccountSummaryInput {
  accountId: string;
}

export interface AccountSummaryContext {
  accountId: string;
  client: Schemas['ClientWithAccount'] | null;
  /** The REAL balance; null until loaded or when the bank sends none. */
  balance: number | null;
  error: CallError | null;
}

export type AccountSummaryEvent = { type: 'balance.toggle' } | { type: 'retry' };

/** The balance type the portal shows (§3 Balance). */
export const REAL_BALANCE = 'REAL';

const SPEC_SCREEN = '1-access-shell-statement.md §2 Statement screen';
const SPEC_ERRORS = '1-access-shell-statement.md §8 The error catalogue';

export const accountSummaryMachine = setup({
  types: {
    context: {} as AccountSummaryContext,
    events: {} as AccountSummaryEvent,
    input: {} as AccountSummaryInput,
    tags: {} as 'busy',
  },
  actors: {
    loadClient: mustProvide<LoadClientOutput, LoadClientInput>('loadClient'),
    loadBalance: mustProvide<LoadBalanceOutput, LoadBalanceInput>('loadBalance'),
  },
  actions: {
    keepCallError: keepCallError(),
    clearCallError: clearCallError(),
  },
}).createMachine({
  id: 'account-summary',
  initial: 'loadingClient',
  context: ({ input }) => ({ accountId: input.accountId, client: null, balance: null, error: null }),
  states: {
    loadingClient: {
      meta: {
        spec: '1-access-shell-statement.md §7 The calls it makes (GET client/{accountId})',
        label: 'Carregando dados da conta',
      },
      tags: ['busy'],
      entry: 'clearCallError',
      invoke: {
        id: 'loadClient',
        src: 'loadClient',
        input: ({ context }) => ({ accountId: context.accountId }),
        onDone: { target: 'loadingBalance', actions: assign({ client: ({ event }) => event.output }) },
        onError: { target: 'clientFailed', actions: 'keepCallError' },
      },
    },
    clientFailed: {
      meta: { spec: SPEC_ERRORS, label: 'Dados da conta indisponíveis: tentar novamente' },
      on: { retry: 'loadingClient' },
    },
    loadingBalance: {
      meta: { spec: `${SPEC_SCREEN} (GET /client/{accountId}/balance)`, label: 'Carregando saldo' },
      tags: ['busy'],
      entry: 'clearCallError',
      invoke: {
        id: 'loadBalance',
        src: 'loadBalance',
        input: ({ context }) => ({ accountId: context.accountId }),
        onDone: {
          target: 'ready',
          actions: assign({
            balance: ({ event }) =>
              event.output.balances.find((b) => b.balanceType === REAL_BALANCE)?.amount ?? null,
          }),
        },
        onError: { target: 'balanceFailed', actions: 'keepCallError' },
      },
    },
    balanceFailed: {
      meta: { spec: SPEC_ERRORS, label: 'Saldo indisponível: tentar novamente' },
      on: { retry: 'loadingBalance' },
    },
    ready: {
      meta: { spec: SPEC_SCREEN, label: 'Cabeçalho e saldo carregados' },
      initial: 'balanceVisible',
      states: {
        balanceVisible: {
          meta: { spec: `${SPEC_SCREEN} (mostrar/ocultar saldo)`, label: 'Saldo visível' },
          on: { 'balance.toggle': 'balanceHidden' },
        },
        balanceHidden: {
          meta: { spec: `${SPEC_SCREEN} (mostrar/ocultar saldo)`, label: 'Saldo oculto' },
          on: { 'balance.toggle': 'balanceVisible' },
        },
      },
    },
  },
});
