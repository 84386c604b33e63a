/**
 * Small FIXTURE machines for the harness tests, shaped like the portal's flows: named actors
 * (fromPromise) invoked with onDone/onError and guards, a named delay, eventless transitions,
 * nested and parallel states, and final states with output.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { FlowEntry } from '../../machines/catalog-types';
import { DEMO_PASSWORD, DEMO_USERS } from '../../demo/users';

interface SignInContext {
  user: string;
  password: string;
  error: string | null;
  token: string | null;
}

type SignInEvent =
  | { type: 'form.change'; field: 'user' | 'password'; value: string }
  | { type: 'form.submit' }
  | { type: 'retry' };

const SPEC = 'fixture.md §1 Sign in';

/** Sign-in: editing → submitting (login) → loading (client) → signedIn; errors back or to failure → redirect. */
export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    output: {} as { kind: 'signedIn'; token: string } | { kind: 'home' },
  },
  actors: {
    login: fromPromise<{ token: string; accounts: string[] }, { user: string; password: string }>(
      async () => {
        throw new Error('provide login');
      },
    ),
    loadClient: fromPromise<{ name: string }, { token: string }>(async () => {
      throw new Error('provide loadClient');
    }),
  },
  guards: {
    isFilled: ({ context }) => context.user !== '' && context.password !== '',
    hasAccount: ({ event }) =>
      ((event as { output?: { accounts: string[] } }).output?.accounts.length ?? 0) > 0,
    isBadCredentials: ({ event }) => (event as { error?: { code?: number } }).error?.code === 20,
  },
  actions: {
    assignField: assign(({ event }) => {
      if (event.type !== 'form.change') return {};
      return event.field === 'user' ? { user: event.value } : { password: event.value };
    }),
    assignError: assign({ error: 'bad' }),
    clearError: assign({ error: null }),
  },
  delays: { redirect: 1800 },
}).createMachine({
  id: 'signIn',
  initial: 'editing',
  context: { user: '', password: '', error: null, token: null },
  states: {
    editing: {
      meta: { spec: SPEC, label: 'Preenchendo' },
      on: {
        'form.change': { actions: 'assignField' },
        'form.submit': { guard: 'isFilled', target: 'submitting', actions: 'clearError' },
      },
    },
    submitting: {
      meta: { spec: SPEC, label: 'Entrando' },
      tags: ['busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({ user: context.user, password: context.password }),
        onDone: [
          {
            guard: 'hasAccount',
            target: 'loading',
            actions: assign({ token: ({ event }) => event.output.token }),
          },
          { target: 'failure' },
        ],
        onError: [
          { guard: 'isBadCredentials', target: 'editing', actions: 'assignError' },
          { target: 'failure' },
        ],
      },
    },
    loading: {
      meta: { spec: SPEC, label: 'Carregando cliente' },
      invoke: {
        id: 'client',
        src: 'loadClient',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: 'signedIn',
        onError: 'failure',
      },
    },
    failure: {
      meta: { spec: 'fixture.md §2 Errors', label: 'Falha' },
      on: { retry: 'editing' },
      after: { redirect: 'home' },
    },
    signedIn: {
      type: 'final',
      meta: { spec: SPEC, label: 'Entrou' },
      output: ({ context }) => ({ kind: 'signedIn' as const, token: context.token ?? '' }),
    },
    home: {
      type: 'final',
      meta: { spec: 'fixture.md §2 Errors', label: 'Início' },
      output: { kind: 'home' as const },
    },
  },
});

export const signInEntry: FlowEntry = {
  id: 'sign-in',
  title: 'Entrar (fixture)',
  route: '/login',
  spec: [SPEC],
  machine: signInMachine,
  events: [
    {
      event: { type: 'form.change', field: 'user', value: DEMO_USERS.maria.email },
      label: 'Digita o usuário',
    },
    { event: { type: 'form.change', field: 'password', value: DEMO_PASSWORD }, label: 'Digita a senha' },
    { event: { type: 'form.submit' }, label: 'Clica em Entrar' },
    { event: { type: 'retry' }, label: 'Clica em Tentar de novo' },
  ],
  outcomes: [
    {
      actor: 'login',
      kind: 'done',
      output: { token: 'tok', accounts: ['1'] },
      key: 'accepted',
      label: 'Login aceito',
    },
    {
      actor: 'login',
      kind: 'done',
      output: { token: 'tok', accounts: [] },
      key: 'noAccount',
      label: 'Login sem conta',
    },
    {
      actor: 'login',
      kind: 'error',
      error: { status: 401, code: 20 },
      key: 'badCredentials',
      label: 'Credenciais inválidas',
    },
    { actor: 'login', kind: 'error', error: { status: 500 }, key: 'serverError', label: 'Erro no servidor' },
    {
      actor: 'client',
      kind: 'done',
      output: { name: 'Maria' },
      key: 'clientLoaded',
      label: 'Cliente carregado',
    },
    {
      actor: 'client',
      kind: 'error',
      error: { status: 503 },
      key: 'clientUnavailable',
      label: 'Cliente indisponível',
    },
  ],
  timers: [{ delay: 'redirect', label: 'Espera 1,8 s e volta ao início' }],
  operations: { login: 'login', loadClient: 'getClient' },
};

interface WizardContext {
  amount: number;
  recipient: string;
}
type WizardEvent =
  | { type: 'amount.set'; value: number }
  | { type: 'recipient.set'; value: string }
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'confirm.accept' };

/** A wizard: a parallel form (amount and recipient), a nested confirmation with an eventless check. */
export const wizardMachine = setup({
  types: { context: {} as WizardContext, events: {} as WizardEvent },
  actors: { send: fromPromise<{ id: string }, { amount: number }>(async () => ({ id: 'x' })) },
  guards: {
    amountOk: ({ event }) => event.type === 'amount.set' && event.value > 0,
    complete: ({ context }) => context.amount > 0 && context.recipient !== '',
    isLarge: ({ context }) => context.amount >= 1000,
  },
  actions: {
    assignAmount: assign({ amount: ({ event }) => (event.type === 'amount.set' ? event.value : 0) }),
  },
}).createMachine({
  id: 'wizard',
  initial: 'form',
  context: { amount: 0, recipient: '' },
  states: {
    form: {
      type: 'parallel',
      meta: { spec: 'fixture.md §3 Form' },
      on: { 'wizard.next': { guard: 'complete', target: 'confirm' } },
      states: {
        amount: {
          initial: 'empty',
          meta: { spec: 'fixture.md §3 Form' },
          states: {
            empty: { meta: { spec: 'fixture.md §3 Form', label: 'Sem valor' } },
            filled: { meta: { spec: 'fixture.md §3 Form', label: 'Com valor' } },
          },
          on: {
            'amount.set': [
              { guard: 'amountOk', target: '.filled', actions: 'assignAmount' },
              { target: '.empty', actions: 'assignAmount' },
            ],
          },
        },
        recipient: {
          initial: 'empty',
          meta: { spec: 'fixture.md §3 Form' },
          states: {
            empty: { meta: { spec: 'fixture.md §3 Form' } },
            filled: { meta: { spec: 'fixture.md §3 Form' } },
          },
          on: {
            'recipient.set': {
              target: '.filled',
              actions: assign({ recipient: ({ event }) => event.value }),
            },
          },
        },
      },
    },
    confirm: {
      initial: 'check',
      meta: { spec: 'fixture.md §4 Confirm', label: 'Confirmação' },
      on: { 'wizard.back': 'form' },
      states: {
        check: {
          meta: { spec: 'fixture.md §4 Confirm' },
          always: [{ guard: 'isLarge', target: 'large' }, { target: 'review' }],
        },
        review: {
          meta: { spec: 'fixture.md §4 Confirm', label: 'Revisão' },
          on: { 'confirm.accept': '#wizard.sending' },
        },
        large: {
          meta: { spec: 'fixture.md §4 Confirm', label: 'Valor alto' },
          on: { 'confirm.accept': '#wizard.sending' },
        },
      },
    },
    sending: {
      meta: { spec: 'fixture.md §5 Send' },
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ amount: context.amount }),
        onDone: 'sent',
        onError: 'confirm',
      },
    },
    sent: { type: 'final', meta: { spec: 'fixture.md §5 Send', label: 'Enviado' } },
  },
});

export const wizardEntry: FlowEntry = {
  id: 'wizard',
  title: 'Assistente (fixture)',
  spec: ['fixture.md §3 Form'],
  machine: wizardMachine,
  events: [
    { event: { type: 'amount.set', value: 50 }, label: 'Informa R$ 50,00' },
    { event: { type: 'amount.set', value: 5000 }, label: 'Informa R$ 5.000,00' },
    { event: { type: 'amount.set', value: 0 }, label: 'Informa R$ 0,00', valid: false },
    { event: { type: 'recipient.set', value: 'Ana' }, label: 'Escolhe Ana' },
    { event: { type: 'wizard.next' }, label: 'Avança' },
    { event: { type: 'wizard.back' }, label: 'Volta' },
    { event: { type: 'confirm.accept' }, label: 'Confirma' },
  ],
  outcomes: [
    { actor: 'send', kind: 'done', output: { id: 'x' }, key: 'sent', label: 'Envio aceito' },
    { actor: 'send', kind: 'error', error: { status: 500 }, key: 'sendFailed', label: 'Envio falhou' },
  ],
  operations: { send: 'createPayment' },
};
