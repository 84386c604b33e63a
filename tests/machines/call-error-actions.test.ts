/**
 * The one idiom for a call's error (machines/kernel/call-error-actions.ts): `keepCallError` keeps
 * the CallError of the failed call's event, `clearCallError` clears it, and a machine whose context
 * has no `error` cannot list them (the `@ts-expect-error` below is checked by the typecheck).
 */
import { createActor, fromPromise, setup, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { CallError } from '../../machines/kernel/call-error';
import { clearCallError, keepCallError } from '../../machines/kernel/call-error-actions';

const refusal = {
  status: 422,
  code: 20,
  group: 'API',
  messageKey: 'ERRORS.API.20',
  serverMessage: 'Credenciais inválidas!',
  fieldMessages: [],
  display: 'server',
  silent: false,
  sessionExpired: false,
};

const machine = setup({
  types: { context: {} as { error: CallError | null }, events: {} as { type: 'retry' } },
  actors: {
    call: fromPromise<never>(async () => {
      throw refusal;
    }),
  },
  actions: { keepCallError: keepCallError(), clearCallError: clearCallError() },
}).createMachine({
  context: { error: null },
  initial: 'calling',
  states: {
    calling: { invoke: { src: 'call', onError: { target: 'failed', actions: 'keepCallError' } } },
    failed: { on: { retry: { target: 'idle', actions: 'clearCallError' } } },
    idle: {},
  },
});

describe('the kernel call-error actions', () => {
  it('keepCallError keeps the failed call as a CallError; clearCallError clears it', async () => {
    const actor = createActor(machine).start();
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toEqual(refusal);
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a thrown value that is not an API error is kept as the unexpected error', async () => {
    const odd = machine.provide({
      actors: {
        call: fromPromise<never>(async () => {
          throw 'boom';
        }),
      },
    });
    const failed = await waitFor(createActor(odd).start(), (s) => s.matches('failed'));
    expect(failed.context.error).toMatchObject({ status: -1, messageKey: 'ERRORS.UNEXPECTED' });
  });
});

/** Never run: the typecheck fails if a machine without `error` in its context could list them. */
export function refusedAtCompileTime(): void {
  setup({
    types: { context: {} as { other: string } },
    // @ts-expect-error: the context has no `error: CallError | null`
    actions: { keepCallError: keepCallError() },
  });
}
