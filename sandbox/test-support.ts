import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { projectContract } from './contract/contract.ts';
import { openDatabase } from './db/open.ts';
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
  const db = new Database(image);
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
  const body = (res.body === '' ? undefined : JSON.parse(res.body)) as T;
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
}

/** Signs in and returns the session data; fails the test if the login is refused. */
export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
): Promise<LoginData & { accountId: string }> {
  const res = await call<{ data: LoginData }>(app, 'login', { form: { username, password, cookie: '' } });
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
