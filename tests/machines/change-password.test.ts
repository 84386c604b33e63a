/**
 * machines/access/change-password.machine.ts serves two flows (issue 25): /password/change, whose
 * form carries the current password, and /password/first-login, started with `firstLogin`, where
 * the current password is the one typed at sign-in. Beyond the generated paths of each: the body
 * each sends, the output that tells the view where to go, and the temporary password forgotten
 * once the change succeeded.
 */
import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../machines/catalog';
import {
  changePasswordMachine,
  type ChangePasswordActorInput,
  type ChangePasswordActorOutput,
  type ChangePasswordInput,
} from '../../machines/access/change-password.machine';

function start(input: ChangePasswordInput) {
  const sent: ChangePasswordActorInput[] = [];
  const machine = changePasswordMachine.provide({
    actors: {
      changePassword: fromPromise<ChangePasswordActorOutput, ChangePasswordActorInput>(async ({ input }) => {
        sent.push(input);
        return { success: true };
      }),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, sent };
}

describe('change-password machine', () => {
  it('is the one machine of both flows', () => {
    const machineOf = (id: string) => catalog.find((e) => e.id === id)?.machine;
    expect(machineOf('change-password')).toBe(changePasswordMachine);
    expect(machineOf('first-login')).toBe(changePasswordMachine);
  });

  it('signed in: sends the current password of the form and sends the user to /home', async () => {
    const { actor, sent } = start({ username: 'PF:maria@example.com' });
    actor.send({ type: 'form.submit', current: 'senha123', newPassword: 'nova123', confirm: 'nova123' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([
      { username: 'PF:maria@example.com', currentPassword: 'senha123', newPassword: 'nova123' },
    ]);
    expect(actor.getSnapshot().output).toEqual({ kind: 'changed', firstLogin: false });
  });

  it('signed in: refuses a submit without the current password', () => {
    const { actor, sent } = start({ username: 'PF:maria@example.com' });
    actor.send({ type: 'form.submit', newPassword: 'nova123', confirm: 'nova123' });
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(sent).toEqual([]);
  });

  it('first login: sends the password typed at sign-in, forgets it after, and sends the user to /login', async () => {
    const { actor, sent } = start({
      username: 'PF:novo@example.com',
      firstLogin: { currentPassword: 'temp123' },
    });
    // A `current` in the event is not the sign-in's: the first-login form has no such field.
    actor.send({ type: 'form.submit', current: 'other1', newPassword: 'nova123', confirm: 'nova123' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([
      { username: 'PF:novo@example.com', currentPassword: 'temp123', newPassword: 'nova123' },
    ]);
    expect(actor.getSnapshot().output).toEqual({ kind: 'changed', firstLogin: true });
    expect(actor.getSnapshot().context.signInPassword).toBeNull();
  });

  it('first login: refuses the temporary password as the new one', () => {
    const { actor, sent } = start({
      username: 'PF:novo@example.com',
      firstLogin: { currentPassword: 'temp123' },
    });
    actor.send({ type: 'form.submit', newPassword: 'temp123', confirm: 'temp123' });
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(sent).toEqual([]);
  });
});
