// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVOKE_AFTER_MS, downloadBlob } from '../../src/export/download';

describe('downloadBlob', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('clicks a temporary anchor with the file name, removes it, and revokes the URL later', () => {
    vi.useFakeTimers();
    const create = vi.fn(() => 'blob:test/1');
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const clicked: Array<{ href: string; download: string; attached: boolean }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: document.body.contains(this) });
    });

    const blob = new Blob(['x'], { type: 'application/x-ofx' });
    downloadBlob(blob, 'Export_2026-11-14_2026-11-21.ofx');

    expect(create).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([
      { href: 'blob:test/1', download: 'Export_2026-11-14_2026-11-21.ofx', attached: true },
    ]);
    expect(document.querySelector('a')).toBeNull();
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(REVOKE_AFTER_MS);
    expect(revoke).toHaveBeenCalledWith('blob:test/1');
  });
});
