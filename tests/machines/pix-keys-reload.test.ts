/**
 * The key list's reloads (3-pix-part-one.md §2 Key management, §9; issue 31): 50 ms after a key is
 * removed and 3 s after the register dialog closes, not at once and not never.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sequentialIds } from '../../machines/kernel/ids';
import { MARIA_EVP, MARIA_KEYS, MARIA_TAX_ID } from '../../machines/pix/pix-key-sample-data';
import {
  pixKeysMachine,
  type DeletePixKeyInput,
  type DeletePixKeyOutput,
  type ListAliasesInput,
  type ListAliasesOutput,
} from '../../machines/pix/pix-keys.machine';

afterEach(() => {
  vi.useRealTimers();
});

function started() {
  let lists = 0;
  const actor = createActor(
    pixKeysMachine.provide({
      actors: {
        listAliases: fromPromise<ListAliasesOutput, ListAliasesInput>(async () => {
          lists++;
          return MARIA_KEYS;
        }),
        deletePixKey: fromPromise<DeletePixKeyOutput, DeletePixKeyInput>(async () => ({ statusCode: 200 })),
      },
    }),
    { input: { accountId: 'acc-1', taxId: MARIA_TAX_ID, newId: sequentialIds('key') } },
  ).start();
  return { actor, lists: () => lists };
}

describe('pix-keys reloads', () => {
  it('reloads the list 50 ms after a key is removed', async () => {
    vi.useFakeTimers();
    const { actor, lists } = started();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ browsing: 'idle' })).toBe(true);
    actor.send({ type: 'key.delete', key: MARIA_EVP });
    actor.send({ type: 'delete.confirm' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ browsing: 'keyRemoved' })).toBe(true);
    await vi.advanceTimersByTimeAsync(49);
    expect(lists()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(lists()).toBe(2);
  });

  it('reloads the list 3 s after the register dialog closes', async () => {
    vi.useFakeTimers();
    const { actor, lists } = started();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'key.add' });
    // The register dialog (the real child) closed before anything was registered.
    actor.getSnapshot().children.registerKey?.send({ type: 'dialog.close' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ browsing: 'dialogClosed' })).toBe(true);
    await vi.advanceTimersByTimeAsync(2999);
    expect(lists()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(lists()).toBe(2);
    expect(actor.getSnapshot().matches({ browsing: 'idle' })).toBe(true);
  });
});
