import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { DEMO_USERS } from '../demo/users.ts';
import { projectContract } from './contract/contract.ts';
import { BANK_ACCOUNTS, balanceCents, post } from './db/ledger.ts';
import { totpCode } from './sim/totp.ts';
import { openDatabase } from './db/open.ts';
import { keepPreparedStatements } from './db/statement-cache.ts';
import { seedIfEmpty } from './db/seed.ts';
import { buildServer, type SandboxOptions } from './server.ts';
import { useTestScryptCost } from './sim/passwords.ts';

/**
 * Helpers for the sandbox's own tests: a server on an in-memory database with a settable clock,
 * and `call`, which reaches an operation by its operationId and checks the answer against the
 * contract's response schema for that status.
 */

export const contract = projectContract();

// 2^10 instead of 2^14: the same code paths (hash, verify, the dummy check for unknown users) at a
// sixteenth of the cost; sim/passwords.test.ts checks the production cost without this file.
useTestScryptCost(1 << 10);

/** 12:00 in São Paulo: far from midnight, so "today" is stable whatever the test's duration. */
export const FIXED_NOW = new Date('2026-11-21T15:00:00Z');

export interface TestSandbox {
  app: FastifyInstance;
  clock: { now: Date };
}

/**
 * Seeded databases, serialized, by seed time and bulk entries (issue 8). A seed hashes the demo
 * passwords and draws 120 days of history: about a second on a loaded machine, paid by every test
 * of a file that starts a sandbox per test. Each process seeds once per key and every sandbox gets
 * its own in-memory copy of those bytes, so tests stay as independent as with a fresh seed.
 */
const seededImages = new Map<string, Buffer>();

function seededDatabase(now: Date, bulkEntries: number | undefined): Database.Database {
  const key = `${now.toISOString()}|${bulkEntries ?? 0}`;
  let image = seededImages.get(key);
  if (!image) {
    const seeded = openDatabase(':memory:');
    seedIfEmpty(seeded, { now, bulkEntries });
    image = seeded.serialize();
    seeded.close();
    seededImages.set(key, image);
  }
  const db = keepPreparedStatements(new Database(image));
  db.pragma('foreign_keys = ON');
  return db;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<TestSandbox> {
  const clock = { now: FIXED_NOW };
  const now = opts.now ?? (() => clock.now);
  const app = buildServer({
    dbFile: ':memory:',
    ...(opts.dbFile === undefined || opts.dbFile === ':memory:'
      ? { database: seededDatabase(now(), opts.bulkEntries) }
      : {}),
    enableTestRoutes: true,
    checkResponses: 'throw',
    now: () => clock.now,
    ...opts,
  });
  await app.ready();
  return { app, clock };
}

/** The statuses each operation answered through `call` in this test file (coverage checks). */
export const answered = new Map<string, Set<number>>();

/** operationIds whose `x-spec` names the given document (e.g. '1-access-shell-statement.md §7'). */
export function operationsOfSpec(spec: string): string[] {
  const paths = contract.document.paths;
  const ids: string[] = [];
  if (typeof paths !== 'object' || paths === null || Array.isArray(paths)) return ids;
  for (const item of Object.values(paths)) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
    for (const op of Object.values(item)) {
      if (typeof op !== 'object' || op === null || Array.isArray(op)) continue;
      if (op['x-spec'] === spec && typeof op.operationId === 'string') ids.push(op.operationId);
    }
  }
  return ids;
}

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | boolean>;
  json?: unknown;
  form?: Record<string, string>;
  /** A raw payload with its content type (robustness tests). */
  raw?: { payload: string | Buffer; contentType: string };
  token?: string;
  headers?: Record<string, string>;
  /** Leave out the deviceId header. */
  noDevice?: boolean;
  /** Skip the contract check (for answers the contract does not describe, e.g. 403). */
  unchecked?: boolean;
  /** The caller's IP address (throttling per address); inject's default is 127.0.0.1. */
  remoteAddress?: string;
}

export interface CallResult<T = unknown> {
  status: number;
  contentType: string;
  body: T;
}

export function operationUrl(
  operationId: string,
  params: Record<string, string | number> = {},
  query: Record<string, string | boolean> = {},
): string {
  const op = contract.operation(operationId);
  if (!op) throw new Error(`unknown operation ${operationId}`);
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

/** Asserts that an answer matches what the contract declares for its status and media type. */
export function expectContract(operationId: string, res: CallResult): void {
  const check = contract.validateResponse(
    operationId,
    res.status,
    res.body,
    res.contentType || 'application/json',
  );
  expect(check.errors, `${operationId} ${res.status} against the contract`).toEqual([]);
}

export async function call<T = unknown>(
  app: FastifyInstance,
  operationId: string,
  o: CallOptions = {},
): Promise<CallResult<T>> {
  const op = contract.operation(operationId);
  if (!op) throw new Error(`unknown operation ${operationId}`);
  const headers: Record<string, string> = { ...(o.noDevice ? {} : { deviceId: 'web' }), ...o.headers };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  let payload: string | Buffer | undefined;
  if (o.json !== undefined) {
    payload = JSON.stringify(o.json);
    headers['content-type'] = 'application/json';
  } else if (o.form) {
    payload = new URLSearchParams(o.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (o.raw) {
    payload = o.raw.payload;
    headers['content-type'] = o.raw.contentType;
  }
  const res = await app.inject({
    method: op.method.toUpperCase() as 'GET',
    url: operationUrl(operationId, o.params, o.query),
    headers,
    ...(payload !== undefined ? { payload } : {}),
    ...(o.remoteAddress ? { remoteAddress: o.remoteAddress } : {}),
  });
  const contentType = String(res.headers['content-type'] ?? '');
  // A JSON answer parsed; another (a location's application/jose JWS) as the text it is.
  const json = contentType === '' || /[/+]json\b/.test(contentType);
  const body = (res.body === '' ? undefined : json ? JSON.parse(res.body) : res.body) as T;
  const result: CallResult<T> = { status: res.statusCode, contentType, body };
  if (!o.unchecked) expectContract(operationId, result);
  const statuses = answered.get(operationId) ?? new Set<number>();
  statuses.add(res.statusCode);
  answered.set(operationId, statuses);
  return result;
}

export interface LoginData {
  token: string;
  accountHolderId: string;
  accounts: { accountId: string; accountHolderId?: string }[];
  expiresInSeconds?: number;
}

/**
 * The trusted-device cookie of the demo customer with this user name (demo/users.ts `device`), as
 * their browser would send it at sign-in; '' for anyone else (a browser not registered for Pix).
 */
export function demoDeviceCookie(username: string): string {
  const wanted = username.trim().toLowerCase();
  for (const demo of Object.values(DEMO_USERS) as readonly {
    logins: readonly { username: string; typed: string }[];
    device?: { cookie: string };
  }[]) {
    const own = demo.logins.some(
      (l) => l.username.toLowerCase() === wanted || l.typed.toLowerCase() === wanted,
    );
    if (own) return demo.device?.cookie ?? '';
  }
  return '';
}

/**
 * Signs in and returns the session data; fails the test if the login is refused. The demo
 * customer's trusted device is the browser unless `cookie` says otherwise ('' for none).
 */
export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
  cookie: string = demoDeviceCookie(username),
): Promise<LoginData & { accountId: string }> {
  const res = await call<{ data: LoginData }>(app, 'login', { form: { username, password, cookie } });
  expect(res.status).toBe(200);
  const accountId = res.body.data.accounts[0]?.accountId;
  if (!accountId) throw new Error('login returned no account');
  return { ...res.body.data, accountId };
}

/** Every row of every table, to prove that a refused request wrote nothing (not even an update). */
export function databaseSnapshot(app: FastifyInstance): string {
  const db = app.sandbox.db;
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as { name: string }[];
  return JSON.stringify(
    tables.map((t) => [t.name, db.prepare(`SELECT * FROM "${t.name}" ORDER BY rowid`).all()]),
  );
}

// ───────────── what the money-movement test files share (setup, ledger counts, faults, codes) ─────────────

/** A signed-in customer of a test: login's data and its first account. */
export type Session = LoginData & { accountId: string };

/** The catalogue body of a refused request (1-access-shell-statement.md §8). */
export interface Failure {
  error: { code: number; group: string; description?: string };
  messages?: string[];
}

/**
 * One sandbox for a test file, as every test starts it: registers the file's hooks (the server
 * starts before all, closes after all; before each test the clock is back at FIXED_NOW and
 * POST /sandbox/reset restores the seed) and returns it. Its `app` and `clock` are read when the
 * tests run, so a file keeps `const sb = useSandbox()` at its top.
 */
export function useSandbox(opts: SandboxOptions = {}): TestSandbox {
  let started: TestSandbox | undefined;
  const get = (): TestSandbox => {
    if (!started) throw new Error('useSandbox: the sandbox starts in beforeAll');
    return started;
  };
  beforeAll(async () => {
    started = await startSandbox(opts);
  });
  afterAll(async () => {
    await started?.app.close();
  });
  beforeEach(async () => {
    get().clock.now = FIXED_NOW;
    await get().app.inject({ method: 'POST', url: '/sandbox/reset' });
  });
  return {
    get app() {
      return get().app;
    },
    get clock() {
      return get().clock;
    },
  };
}

/** A demo customer who signs in with e-mail and password (demo/users.ts). */
export type DemoCustomer = {
  [K in keyof typeof DEMO_USERS]: (typeof DEMO_USERS)[K] extends { email: string; password: string }
    ? K
    : never;
}[keyof typeof DEMO_USERS];

/** A session that `signedIn` renews before each test; `signIn()` renews it now (after moving the clock). */
export interface LiveSession extends Session {
  signIn(): Promise<void>;
}

/**
 * `who` signed in afresh before each test, after useSandbox's reset (hooks run in the order they
 * are registered, so call it after useSandbox). The returned session reads the current login.
 */
export function signedIn(sb: TestSandbox, who: DemoCustomer): LiveSession {
  let current: Session | undefined;
  const get = (): Session => {
    if (!current) throw new Error(`signedIn: ${who} signs in before each test`);
    return current;
  };
  const signIn = async (): Promise<void> => {
    current = await login(sb.app, DEMO_USERS[who].email, DEMO_USERS[who].password);
  };
  beforeEach(signIn);
  return {
    signIn,
    get token() {
      return get().token;
    },
    get accountHolderId() {
      return get().accountHolderId;
    },
    get accounts() {
      return get().accounts;
    },
    get accountId() {
      return get().accountId;
    },
  };
}

/** How many transactions the ledger holds: a movement adds one; a refusal or a replay, none. */
export function ledgerTransactionCount(sb: TestSandbox): number {
  return (sb.app.sandbox.db.prepare('SELECT COUNT(*) AS n FROM ledger_transactions').get() as { n: number })
    .n;
}

/** Switches a fault on (POST /sandbox/faults): `{ operationId, delayMs, times }`, `{ decline: true }`... */
export async function fault(sb: TestSandbox, rule: Record<string, unknown>): Promise<void> {
  const res = await sb.app.inject({ method: 'POST', url: '/sandbox/faults', payload: rule });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

/** The next two calls of `operationId` wait 50 ms in the server, so that they meet there. */
export const holdTwoCalls = (sb: TestSandbox, operationId: string): Promise<void> =>
  fault(sb, { operationId, delayMs: 50, times: 2 });

/** The exact movement a security code confirms (validateTotp's `movement`, issue 27). */
export interface TotpMovement {
  amount: number;
  externalIdentifier: string;
}

/**
 * A right security code for `signature` and `movement`, in a new time step (a step confirms once):
 * the clock moves 30 s, validateTotp must accept the code, and its confirmation token (for
 * S-Confirmation) is returned.
 */
export async function confirmationToken(
  sb: TestSandbox,
  who: Session,
  secret: string,
  signature: string,
  movement: TotpMovement,
): Promise<string> {
  sb.clock.now = new Date(sb.clock.now.getTime() + 30_000);
  const res = await call<{ data: { result: boolean; confirmationToken?: string } }>(sb.app, 'validateTotp', {
    token: who.token,
    params: { accountId: who.accountId },
    json: { totpCode: totpCode(secret, sb.clock.now), transactionSignature: signature, movement },
  });
  expect(res.body.data.result).toBe(true);
  return res.body.data.confirmationToken ?? '';
}

/**
 * Empties `accountId` down to `leaveCents` (a TED out to the bank's clearing account, balanced in
 * the ledger), for the refusals that need a balance too low: 16, CHECK 68.
 */
export function drainTo(sb: TestSandbox, accountId: string, leaveCents: number): void {
  const db = sb.app.sandbox.db;
  const drained = balanceCents(db, accountId) - leaveCents;
  post(db, {
    id: 'drain',
    kind: 'TED_OUT',
    description: 'test: drain',
    createdAt: sb.clock.now,
    externalIdentifier: 'test-drain',
    entries: [
      { accountId, amountCents: -drained },
      { accountId: BANK_ACCOUNTS.clearing, amountCents: drained },
    ],
  });
}
