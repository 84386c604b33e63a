/**
 * The verification link of an e-mail (1-access-shell-statement.md §2 Public routes): /login with
 * `action` and `hash` checks them with the bank; action 'primeiro-acesso' leads to /FirstAcess, any
 * other to /ResetPassword, each receiving the result and the hash. A failure ends in `failed`: the
 * view shows a warning toast and clears the query string (§8).
 */
import { assign, setup } from 'xstate';
import { mustProvide } from '../kernel/actors.ts';
import type { components } from '../../openapi/portal';
import { catalogueError, toCallError, type CallError } from '../kernel/call-error.ts';
import { doneOutput, finalOutput } from '../kernel/events';

type Schemas = components['schemas'];

/** The link's action that means first access; any other means a password reset. */
export const FIRST_ACCESS_ACTION = 'primeiro-acesso';

/** Catalogue key shown when the bank answers that the link is not valid (expired or used). */
export const INVALID_LINK_KEY = 'ERRORS.API.410';

export interface VerifyLinkInput {
  action: string;
  hash: string;
}

export type VerifyActionActorInput = VerifyLinkInput;
export type VerifyActionActorOutput = Schemas['VerifyActionResult'];

/** Where the link leads. */
export type LinkDestination = 'firstAccess' | 'reset';

/** Output of `verified`: what /FirstAcess or /ResetPassword receive (in memory). */
export interface VerifiedLinkOutput {
  kind: 'verified';
  destination: LinkDestination;
  result: Schemas['VerifyActionResult'];
  hash: string;
}

/** Output of `failed`: the warning to show. */
export interface FailedLinkOutput {
  kind: 'failed';
  error: CallError;
}

export type VerifyLinkOutput = VerifiedLinkOutput | FailedLinkOutput;

export interface VerifyLinkContext {
  action: string;
  hash: string;
  result: Schemas['VerifyActionResult'] | null;
  error: CallError | null;
}

const SPEC = '1-access-shell-statement.md §2 Public routes';

/** The destination of a link's action. */
export function linkDestination(action: string): LinkDestination {
  return action === FIRST_ACCESS_ACTION ? 'firstAccess' : 'reset';
}

export const verifyLinkMachine = setup({
  types: {
    context: {} as VerifyLinkContext,
    input: {} as VerifyLinkInput,
    output: {} as VerifyLinkOutput,
    tags: {} as 'busy',
  },
  actors: {
    verifyAction: mustProvide<VerifyActionActorOutput, VerifyActionActorInput>('verifyAction'),
  },
  guards: {
    isValidLink: ({ event }) => doneOutput<VerifyActionActorOutput>(event, 'verifyAction').valid === true,
  },
}).createMachine({
  id: 'verify-link',
  initial: 'verifying',
  context: ({ input }) => ({ action: input.action, hash: input.hash, result: null, error: null }),
  output: finalOutput<VerifyLinkOutput>,
  states: {
    verifying: {
      description: 'POST /VerifyAction/{action}',
      meta: { spec: '1-access-shell-statement.md §7 The calls it makes', label: 'Verificando o link' },
      tags: ['busy'],
      invoke: {
        id: 'verifyAction',
        src: 'verifyAction',
        input: ({ context }) => ({ action: context.action, hash: context.hash }),
        onDone: [
          {
            guard: 'isValidLink',
            target: 'verified',
            actions: assign({ result: ({ event }) => event.output }),
          },
          { target: 'failed', actions: assign({ error: () => catalogueError(INVALID_LINK_KEY) }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => toCallError(event.error) }),
        },
      },
    },
    verified: {
      meta: { spec: SPEC, label: 'Link válido: ir para /FirstAcess ou /ResetPassword' },
      type: 'final',
      output: ({ context }): VerifiedLinkOutput => ({
        kind: 'verified',
        destination: linkDestination(context.action),
        // Reached only with a result (see onDone).
        result: context.result as Schemas['VerifyActionResult'],
        hash: context.hash,
      }),
    },
    failed: {
      description: 'Falha do link de verificação: aviso e URL sem a query string',
      meta: {
        spec: '1-access-shell-statement.md §8 The error catalogue',
        label: 'Link inválido: aviso e limpar a URL',
      },
      type: 'final',
      output: ({ context }): FailedLinkOutput => ({
        kind: 'failed',
        error: context.error ?? catalogueError(INVALID_LINK_KEY),
      }),
    },
  },
});
