/**
 * The signed-in session (1-access-shell-statement.md §3 "Session data kept", §4 Session): a tiny
 * store with `subscribe`/`getSnapshot` for React's `useSyncExternalStore`, kept in sessionStorage
 * so a reload does not sign the user out, and cleared on logout or on an expired session.
 *
 * The password is never kept here. The spec's session holds it for the forced first-access change
 * (code 313); that flow keeps it in its machine's context only, so no storage ever sees it. Only
 * the fields listed in {@link SessionData} are written, copied one by one, so an extra property on
 * an object passed in cannot leak into storage.
 */
import {
  array,
  boolean,
  create,
  nullable,
  number,
  optional,
  string,
  type,
  unknown as anyValue,
} from 'superstruct';
import type { components } from '../../openapi/portal';

type Schemas = components['schemas'];
/** The client record (getClient's `client`). */
export type SessionClient = Schemas['Client'];
/** Account number and branch (getClient's `account`). */
export type SessionAccountInfo = Schemas['AccountInfo'];
/** The Pix Saque/Troco agent, when the client is one. */
export type WithdrawAgent = Schemas['WithdrawAgent'];

/** The account part of the session, as login answers it. */
export interface SessionAccount {
  accountHolderId: string;
  /** The holder's accounts; the portal uses the first. */
  accounts: { accountId: string }[];
  /** From login: whether the device must be validated. */
  isValidateDevice: boolean;
}

/** Everything the session keeps. */
export interface SessionData {
  /** Bearer token of every call. */
  token: string;
  account: SessionAccount;
  /** The username with its sign-in prefix (e-mail as typed, +55 phone, BRA tax id). */
  username: string;
  /** Loaded after login with getClient; reloaded after an address edit. */
  client?: SessionClient;
  accountInfo?: SessionAccountInfo;
  withdrawAgent?: WithdrawAgent | null;
  /** Permission functionalities, e.g. 'PIX SAQUE', 'PIX TROCO'. */
  functionalities: string[];
  /**
   * When the token ends, in the browser's epoch milliseconds (the bank's `expiresInSeconds` from
   * the moment its answer arrived, so the two clocks need not agree); absent when the bank did not
   * say. The shell warns before it (issue 32).
   */
  expiresAt?: number;
}

/** sessionStorage key of the session. */
export const SESSION_STORAGE_KEY = 'portal.session';

/** A store of the session; `getSnapshot` returns the same object until something changes. */
export interface SessionStore {
  getSnapshot: () => SessionData | null;
  subscribe: (listener: () => void) => () => void;
  /** Starts a session (after login), replacing any previous one. */
  set: (data: SessionData) => void;
  /** Changes parts of the current session (client reload, /me data). No-op without a session. */
  update: (patch: Partial<Omit<SessionData, 'token'>>) => void;
  /** The same session with a new token (the bank's refreshSession), living until `expiresAt`. */
  renew: (token: string, expiresAt: number) => void;
  /** Ends the session (logout, 401): memory and storage. */
  clear: () => void;
  /** The current token, for the API client's Authorization header. */
  getToken: () => string | undefined;
  /** The account every screen uses: the first account of the session. */
  getAccountId: () => string | undefined;
}

/** Loose shape check of stored data: enough to trust it after a reload, ignoring extra fields. */
const StoredSession = type({
  token: string(),
  account: type({
    accountHolderId: string(),
    accounts: array(type({ accountId: string() })),
    isValidateDevice: boolean(),
  }),
  username: string(),
  client: optional(anyValue()),
  accountInfo: optional(anyValue()),
  withdrawAgent: optional(nullable(anyValue())),
  functionalities: optional(array(string())),
  expiresAt: optional(number()),
});

/** Copies exactly the fields of {@link SessionData}; nothing else reaches storage or memory. */
function pick(data: SessionData): SessionData {
  const out: SessionData = {
    token: data.token,
    account: {
      accountHolderId: data.account.accountHolderId,
      accounts: data.account.accounts.map((a) => ({ accountId: a.accountId })),
      isValidateDevice: data.account.isValidateDevice,
    },
    username: data.username,
    functionalities: [...(data.functionalities ?? [])],
  };
  if (data.client !== undefined) out.client = data.client;
  if (data.accountInfo !== undefined) out.accountInfo = data.accountInfo;
  if (data.withdrawAgent !== undefined) out.withdrawAgent = data.withdrawAgent;
  if (typeof data.expiresAt === 'number' && Number.isFinite(data.expiresAt)) out.expiresAt = data.expiresAt;
  return out;
}

function read(storage: Storage | undefined): SessionData | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = create(JSON.parse(raw) as unknown, StoredSession);
    return pick({
      ...parsed,
      client: parsed.client as SessionClient | undefined,
      accountInfo: parsed.accountInfo as SessionAccountInfo | undefined,
      withdrawAgent: parsed.withdrawAgent as WithdrawAgent | null | undefined,
      functionalities: parsed.functionalities ?? [],
    });
  } catch {
    // Corrupt or from an older build: start signed out rather than with a half session.
    storage.removeItem(SESSION_STORAGE_KEY);
    return null;
  }
}

function write(storage: Storage | undefined, data: SessionData | null): void {
  if (!storage) return;
  try {
    if (data) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(data));
    else storage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage full or disabled: the session still lives in memory until the tab closes.
  }
}

/**
 * Creates a session store backed by `storage` (sessionStorage in the app; none in pure tests). A
 * function is asked for the storage at each read and write, so the store follows the window it
 * runs in rather than the one it was created in (the view tests give each file a new jsdom window
 * while sharing this module).
 */
export function createSessionStore(storage: Storage | undefined | (() => Storage | undefined)): SessionStore {
  const storageNow = typeof storage === 'function' ? storage : () => storage;
  let current: SessionData | null = read(storageNow());
  const listeners = new Set<() => void>();

  const commit = (next: SessionData | null): void => {
    current = next;
    write(storageNow(), next);
    for (const l of [...listeners]) l();
  };

  return {
    getSnapshot: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    set: (data) => commit(pick(data)),
    update(patch) {
      if (!current) return;
      commit(pick({ ...current, ...patch, token: current.token, expiresAt: current.expiresAt }));
    },
    renew(token, expiresAt) {
      if (!current) return;
      commit(pick({ ...current, token, expiresAt }));
    },
    clear() {
      if (current === null) {
        write(storageNow(), null);
        return;
      }
      commit(null);
    },
    getToken: () => current?.token,
    getAccountId: () => current?.account.accounts[0]?.accountId,
  };
}

function browserSessionStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** The portal's session. */
export const session: SessionStore = createSessionStore(browserSessionStorage);

// ─────────────────────────────── device cookie ───────────────────────────────

/** Name of the cookie that identifies this browser as a device (sent as `cookie` at login). */
export const DEVICE_COOKIE_NAME = 'portal_device';
/** 1-access-shell-statement.md §9: lifetime once the device is validated. */
export const DEVICE_COOKIE_VALIDATED_DAYS = 1825;
/** 1-access-shell-statement.md §9: lifetime while the device is temporary. */
export const DEVICE_COOKIE_TEMPORARY_DAYS = 7;

const DAY_SECONDS = 86_400;

/**
 * Stores the device cookie: permanent (1825 days) when `validated`, temporary (7 days) otherwise
 * (1-access-shell-statement.md §4 Device trust). SameSite=Strict; Secure on https.
 */
export function setDeviceCookie(value: string, validated: boolean): void {
  if (typeof document === 'undefined') return;
  const days = validated ? DEVICE_COOKIE_VALIDATED_DAYS : DEVICE_COOKIE_TEMPORARY_DAYS;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    `${DEVICE_COOKIE_NAME}=${encodeURIComponent(value)}; Max-Age=${days * DAY_SECONDS}; Path=/; SameSite=Strict` +
    secure;
}

/** The device cookie's value, if this browser has one. */
export function getDeviceCookie(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== DEVICE_COOKIE_NAME) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Removes the device cookie. */
export function clearDeviceCookie(): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${DEVICE_COOKIE_NAME}=; Max-Age=0; Path=/; SameSite=Strict`;
}

/** A fresh random device cookie value (for a browser that has none yet). */
export function newDeviceCookieValue(): string {
  return crypto.randomUUID();
}
