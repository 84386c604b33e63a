/**
 * The logout machine's two promises beyond its generated paths (machines/access/logout.machine.ts):
 * one call per sign-out, whatever repeats the request, and the 5 s bound on the bank's answer.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  LOGOUT_CALL_BOUND_MS,
  logoutMachine,
  type LogoutActorInput,
  type LogoutActorOutput,
} from '../../machines/access/logout.machine';

/** A logout actor that records its calls and answers only when `answer` is called. */
function heldLogout() {
  const calls: LogoutActorInput[] = [];
  let answer: (() => void) | undefined;
  const logout = fromPromise<LogoutActorOutput, LogoutActorInput>(({ input }) => {
    calls.push(input);
    return new Promise((resolve) => {
      answer = () => resolve({ success: true });
    });
  });
  return { calls, logout, answer: () => answer?.() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('logout machine', () => {
  it('calls DELETE /logout once with the token, however often the page asks to leave', async () => {
    const fake = heldLogout();
    const actor = createActor(logoutMachine.provide({ actors: { logout: fake.logout } })).start();
    actor.send({ type: 'logout.request', token: 'token-1' });
    actor.send({ type: 'logout.request', token: 'token-1' });
    actor.send({ type: 'logout.request', token: null });
    expect(actor.getSnapshot().value).toBe('calling');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(fake.calls).toEqual([{ token: 'token-1' }]);
    fake.answer();
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(actor.getSnapshot().output).toEqual({ kind: 'signedOut', call: 'confirmed' });
    expect(fake.calls).toHaveLength(1);
  });

  it('signs out locally when the bank has not answered in 5 s, and not before', () => {
    vi.useFakeTimers();
    const fake = heldLogout();
    const actor = createActor(logoutMachine.provide({ actors: { logout: fake.logout } })).start();
    actor.send({ type: 'logout.request', token: 'token-1' });
    vi.advanceTimersByTime(LOGOUT_CALL_BOUND_MS - 1);
    expect(actor.getSnapshot().value).toBe('calling');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ kind: 'signedOut', call: 'unanswered' });
  });

  it('without a token ends at once, calling nothing', () => {
    const fake = heldLogout();
    const actor = createActor(logoutMachine.provide({ actors: { logout: fake.logout } })).start();
    actor.send({ type: 'logout.request', token: null });
    expect(actor.getSnapshot().output).toEqual({ kind: 'signedOut', call: 'skipped' });
    expect(fake.calls).toHaveLength(0);
  });
});
