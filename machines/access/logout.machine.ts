/**
 * Signing out (/Logout, 1-access-shell-statement.md §2 Protected routes, §4 States and
 * transitions): the bank is asked to end the token (DELETE /logout, with the token still attached),
 * then the session ends and the user goes to /login. The call is best effort: whatever it answers,
 * and if it does not answer within {@link LOGOUT_CALL_BOUND_MS}, the user is signed out locally
 * anyway (a sign-out that waits on the network is not one). Without a token there is nothing to
 * end at the bank: the flow ends at once.
 *
 * Once the call has left, a second request to sign out (React running the page's effect twice, a
 * second trigger of the same page) is ignored: `calling` does not take `logout.request`, so the
 * bank gets one call per sign-out (the composition root's actor also joins the calls of one token
 * across page instances, src/app/actors/access-actors.ts).
 *
 * The machine never navigates: `signedOut`'s output tells the view that the session is over; the
 * view clears it, drops the cached reads and goes to /login.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { finalOutput } from '../kernel/events';

type Schemas = components['schemas'];

/** The logout call is best effort: after this long the user is signed out locally anyway. */
export const LOGOUT_CALL_BOUND_MS = 5_000;

export interface LogoutActorInput {
  /** The session's token, the one the bank must end. */
  token: string;
}
export type LogoutActorOutput = Schemas['Ack'];

/** What became of the call: answered, refused or failed, not answered in time, or not made. */
export type LogoutCall = 'confirmed' | 'failed' | 'unanswered' | 'skipped';

/** Output of `signedOut`: the session is over (the view clears it and goes to /login). */
export interface LogoutOutput {
  kind: 'signedOut';
  call: LogoutCall;
}

export interface LogoutContext {
  token: string | null;
  call: LogoutCall | null;
}

export type LogoutEvent = {
  /** The page asks to sign out, with the session's token (null: there is no session). */
  type: 'logout.request';
  token: string | null;
};

const SPEC_ROUTE = '1-access-shell-statement.md §2 Protected routes';
const SPEC_STATES = '1-access-shell-statement.md §4 States and transitions';

export const logoutMachine = setup({
  types: {
    context: {} as LogoutContext,
    events: {} as LogoutEvent,
    output: {} as LogoutOutput,
    tags: {} as 'busy',
  },
  actors: {
    logout: mustProvide<LogoutActorOutput, LogoutActorInput>('logout'),
  },
  guards: {
    hasToken: ({ event }) => {
      assertEvent(event, 'logout.request');
      return event.token !== null && event.token !== '';
    },
  },
  delays: {
    /** How long the bank has to answer before the user is signed out locally anyway. */
    logoutBound: LOGOUT_CALL_BOUND_MS,
  },
}).createMachine({
  id: 'logout',
  initial: 'idle',
  context: { token: null, call: null },
  output: finalOutput<LogoutOutput>,
  states: {
    idle: {
      description: 'A página /Logout pede a saída assim que abre',
      meta: { spec: SPEC_ROUTE, label: 'Sessão aberta: pedido de saída' },
      on: {
        'logout.request': [
          {
            guard: 'hasToken',
            target: 'calling',
            actions: assign({
              token: ({ event }) => {
                assertEvent(event, 'logout.request');
                return event.token;
              },
            }),
          },
          { target: 'signedOut', actions: assign({ call: 'skipped' }) },
        ],
      },
    },
    calling: {
      description: 'DELETE /logout com o token, no máximo 5 s; um segundo pedido é ignorado',
      meta: { spec: SPEC_ROUTE, label: 'Saindo: encerrando o token no banco' },
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        // Entered only with a token (hasToken).
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'signedOut', actions: assign({ call: 'confirmed' }) },
        // Best effort: a refusal (401: the token had already expired), a 5xx or no connection
        // end the session all the same.
        onError: { target: 'signedOut', actions: assign({ call: 'failed' }) },
      },
      after: {
        logoutBound: { target: 'signedOut', actions: assign({ call: 'unanswered' }) },
      },
    },
    signedOut: {
      description: 'Sessão encerrada: a página limpa a sessão e vai para /login',
      meta: { spec: SPEC_STATES, label: 'Sessão encerrada: ir para /login' },
      type: 'final',
      output: ({ context }): LogoutOutput => ({ kind: 'signedOut', call: context.call ?? 'skipped' }),
    },
  },
});
