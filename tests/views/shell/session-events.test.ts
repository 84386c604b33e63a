import { describe, expect, it, vi } from 'vitest';
import { onSessionExpired, publishSessionExpired } from '../../../src/shell/session-events';

describe('the expired-session event', () => {
  it('reaches every listener', () => {
    const a = vi.fn();
    const b = vi.fn();
    const offA = onSessionExpired(a);
    const offB = onSessionExpired(b);
    publishSessionExpired();
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
    offA();
    offB();
  });

  it('published before the shell listens, is delivered once to the first listener', () => {
    // A flow's first call can be answered 401 before the shell's effect subscribes.
    publishSessionExpired();
    const first = vi.fn();
    const offFirst = onSessionExpired(first);
    expect(first).toHaveBeenCalledTimes(1);
    const second = vi.fn();
    const offSecond = onSessionExpired(second);
    expect(second).not.toHaveBeenCalled();
    offFirst();
    offSecond();
  });
});
