// @vitest-environment jsdom
/**
 * The moment a Pix receipt shows (issue 32: 00:01:47 in the success dialog, 00:01:32 in the
 * statement's receipt): the bank's instant when the answer gave it, else the moment the result was
 * learnt, taken once.
 */
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReceiptInstant } from '../../../src/features/pix/send/receipt-instant';

afterEach(() => {
  vi.useRealTimers();
});

describe('useReceiptInstant', () => {
  it('is the bank’s instant, not the time the dialog draws', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T03:01:47Z') });
    const { result } = renderHook(() => useReceiptInstant('settled', { madeAt: '2026-11-24T03:01:32.000Z' }));
    expect(result.current).toBe('2026-11-24T03:01:32.000Z');
  });

  it('without one, the moment the result came, kept across draws; nothing while settling', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T03:01:47Z') });
    const { result, rerender } = renderHook(({ view }) => useReceiptInstant(view, null), {
      initialProps: { view: 'settling' as string | null },
    });
    expect(result.current).toBeNull();
    rerender({ view: 'settled' });
    expect(result.current).toBe('2026-11-24T03:01:47.000Z');
    vi.setSystemTime(new Date('2026-11-24T03:02:30Z'));
    rerender({ view: 'settled' });
    expect(result.current).toBe('2026-11-24T03:01:47.000Z');
  });
});
