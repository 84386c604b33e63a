// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearDraft,
  forgetWork,
  hasReturn,
  isSafeReturnPath,
  readDraft,
  rememberReturn,
  saveDraft,
  takeReturn,
} from '../../src/runtime/resume';

/** Issue 32: the page and the form's work an expired session leaves, for the same customer only. */
describe('resume after an expired session', () => {
  afterEach(() => sessionStorage.clear());

  it('accepts only a plain path of this portal: never another origin, a query, a fragment or the sign-in pages', () => {
    for (const ok of ['/Payment', '/Deposit/Ticket', '/Transfer/Recipient', '/PixExtractPage'])
      expect(isSafeReturnPath(ok), ok).toBe(true);
    for (const bad of [
      '//evil.example/Payment',
      '/\\evil.example',
      'https://evil.example/Payment',
      'javascript:alert(1)',
      '/Payment?next=https://evil.example',
      '/Payment#x',
      '/Payment/../..//evil',
      '/%2F%2Fevil.example',
      'Payment',
      '/',
      '/login',
      '/Logout',
      '',
      `/${'a'.repeat(120)}`,
      42,
      undefined,
    ])
      expect(isSafeReturnPath(bad), String(bad)).toBe(false);
  });

  it('returns the same holder to the page once; another holder goes nowhere and the drafts are dropped', () => {
    rememberReturn('holder-1', '/Payment');
    saveDraft('holder-1', '/Payment', { line: '0019' });
    expect(hasReturn()).toBe(true);
    expect(takeReturn('holder-1')).toBe('/Payment');
    expect(readDraft('holder-1', '/Payment')).toEqual({ line: '0019' });
    // Once: a later sign-in that no expiry led to starts clean.
    expect(takeReturn('holder-1')).toBeUndefined();
    expect(readDraft('holder-1', '/Payment')).toBeUndefined();
    saveDraft('holder-1', '/Payment', { line: '0019' });

    rememberReturn('holder-1', '/Payment');
    expect(takeReturn('holder-2')).toBeUndefined();
    expect(readDraft('holder-1', '/Payment')).toBeUndefined();
  });

  it('never stores an unsafe path', () => {
    rememberReturn('holder-1', '//evil.example');
    expect(hasReturn()).toBe(false);
    // A tampered storage entry is refused when read, too.
    sessionStorage.setItem('portal.resume', JSON.stringify({ holderId: 'holder-1', path: '//evil.example' }));
    expect(takeReturn('holder-1')).toBeUndefined();
  });

  it('a draft is per holder and route, keeps only strings, and is gone when emptied, done with or on a chosen logout', () => {
    saveDraft('holder-1', '/Payment', { line: '0019' });
    expect(readDraft('holder-2', '/Payment')).toBeUndefined();
    expect(readDraft('holder-1', '/payment')).toEqual({ line: '0019' });
    sessionStorage.setItem('portal.draft:holder-1:/x', JSON.stringify({ a: 'b', n: 1, o: {} }));
    expect(readDraft('holder-1', '/x')).toEqual({ a: 'b' });
    saveDraft('holder-1', '/Payment', { line: '' });
    expect(readDraft('holder-1', '/Payment')).toBeUndefined();
    saveDraft('holder-1', '/Payment', { line: '1' });
    clearDraft('holder-1', '/Payment');
    expect(readDraft('holder-1', '/Payment')).toBeUndefined();
    saveDraft('holder-1', '/Payment', { line: '1' });
    rememberReturn('holder-1', '/Payment');
    sessionStorage.setItem('portal.session', 'kept');
    forgetWork();
    expect(readDraft('holder-1', '/Payment')).toBeUndefined();
    expect(hasReturn()).toBe(false);
    expect(sessionStorage.getItem('portal.session')).toBe('kept');
  });
});
