import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from '../../src/runtime/load-once';

describe('loadOnce', () => {
  it('fetches once for every caller, then answers what arrived at once', async () => {
    const fetch = vi.fn(async () => 'chunk');
    const chunk = loadOnce(fetch);
    expect(chunk.loaded()).toBeUndefined();
    await Promise.all([chunk.load(), chunk.load()]);
    expect(await chunk.load()).toBe('chunk');
    expect(chunk.loaded()).toBe('chunk');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed fetch, and from nothing after forget', async () => {
    const fetch = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('chunk');
    const chunk = loadOnce<string>(fetch);
    await expect(chunk.load()).rejects.toThrow('offline');
    expect(await chunk.load()).toBe('chunk');
    chunk.forget();
    expect(chunk.loaded()).toBeUndefined();
    await chunk.load();
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
