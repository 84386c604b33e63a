// @vitest-environment jsdom
/** src/runtime/session.ts: persistence across reloads, clear, no password in storage, device cookie. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEVICE_COOKIE_NAME,
  SESSION_STORAGE_KEY,
  clearDeviceCookie,
  createSessionStore,
  getDeviceCookie,
  setDeviceCookie,
  type SessionData,
} from '../../src/runtime/session';

const PASSWORD = 'S3nh@-Sup3r-Secr3ta';

const sample: SessionData = {
  token: 'tok-abc',
  account: { accountHolderId: '5001', accounts: [{ accountId: '1001' }], isValidateDevice: true },
  username: 'BRA12345678909',
  client: {
    name: 'Ana Souza',
    accountHolderId: '5001',
    taxIdentifier: { taxId: '12345678909', country: 'BRA' },
    hasPixPermission: true,
  },
  withdrawAgent: { modality: 'AGTEC', serviceProvider: '12AB34CD' },
  functionalities: ['PIX SAQUE', 'PIX TROCO'],
};

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('session store', () => {
  it('persists in sessionStorage under portal.session and survives a reload', () => {
    const store = createSessionStore(sessionStorage);
    store.set(sample);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
    const afterReload = createSessionStore(sessionStorage);
    expect(afterReload.getSnapshot()).toEqual(sample);
    expect(afterReload.getToken()).toBe('tok-abc');
    expect(afterReload.getAccountId()).toBe('1001');
  });

  it('never writes the password to any storage', () => {
    const store = createSessionStore(sessionStorage);
    // A caller passing more than SessionData (the login form's values) must not leak it.
    const withPassword = {
      ...sample,
      password: PASSWORD,
      account: { ...sample.account, password: PASSWORD },
    };
    store.set(withPassword as SessionData);
    store.update({ username: 'ana@exemplo.com.br' });
    const everything = [sessionStorage, localStorage]
      .flatMap((s) => Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i) ?? '')}`))
      .join('\n');
    expect(everything).toContain('tok-abc'); // the assertion below is about something that was written
    expect(everything).not.toContain(PASSWORD);
    expect(JSON.stringify(store.getSnapshot())).not.toContain(PASSWORD);
  });

  it('clear() empties memory and storage and notifies subscribers', () => {
    const store = createSessionStore(sessionStorage);
    store.set(sample);
    const listener = vi.fn();
    store.subscribe(listener);
    store.clear();
    expect(store.getSnapshot()).toBeNull();
    expect(store.getToken()).toBeUndefined();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(createSessionStore(sessionStorage).getSnapshot()).toBeNull();
  });

  it('getSnapshot is stable between changes (useSyncExternalStore) and update keeps the token', () => {
    const store = createSessionStore(sessionStorage);
    store.set(sample);
    const first = store.getSnapshot();
    expect(store.getSnapshot()).toBe(first);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.update({ functionalities: [] });
    expect(store.getSnapshot()).not.toBe(first);
    expect(store.getSnapshot()?.token).toBe('tok-abc');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.update({ functionalities: ['PIX SAQUE'] });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('update without a session does nothing', () => {
    const store = createSessionStore(sessionStorage);
    store.update({ username: 'x' });
    expect(store.getSnapshot()).toBeNull();
  });

  it('ignores and removes corrupt stored data', () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, '{"token": 42}');
    expect(createSessionStore(sessionStorage).getSnapshot()).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe('device cookie', () => {
  let writes: string[];
  afterEach(() => {
    vi.restoreAllMocks();
    clearDeviceCookie();
  });
  beforeEach(() => {
    writes = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    vi.spyOn(document, 'cookie', 'set').mockImplementation(function (this: Document, v: string) {
      writes.push(v);
      descriptor?.set?.call(this, v);
    });
  });

  it('is permanent (1825 days) once validated', () => {
    setDeviceCookie('dev-1', true);
    expect(writes[0]).toContain(`Max-Age=${1825 * 86400}`);
    expect(writes[0]).toContain('SameSite=Strict');
    expect(getDeviceCookie()).toBe('dev-1');
  });

  it('is temporary (7 days) otherwise', () => {
    setDeviceCookie('dev 2;x', false);
    expect(writes[0]).toContain(`Max-Age=${7 * 86400}`);
    expect(writes[0]?.startsWith(`${DEVICE_COOKIE_NAME}=`)).toBe(true);
    expect(getDeviceCookie()).toBe('dev 2;x');
  });

  it('is absent until set', () => {
    expect(getDeviceCookie()).toBeUndefined();
  });
});
