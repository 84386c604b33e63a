import type Database from 'better-sqlite3';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Contract } from '../contract/contract.ts';
import { PristineImages } from '../db/image.ts';
import { findAccount } from '../db/queries.ts';
import { issueCheck } from '../sim/checks.ts';
import { wholeCents } from '../sim/money.ts';
import type { FaultRule, FaultTable } from '../sim/faults.ts';
import { isFaultReply } from './fault-replies.ts';
import { badRequest } from './replies.ts';
import { resetInstant } from '../routes/pix-send-test-routes.ts';
import { isLoopback } from './auth.ts';
import { notFound, plainObject, send } from './send.ts';

/** Who may call the test routes: this machine only (the default), or every address. */
export type TestRoutesAudience = 'loopback' | 'anyone';

/**
 * The guard of the test routes (issue 27): they draw checks on customer accounts, move the bank's
 * clock past the night cap, age the throttles and inject faults, so like the outbox
 * (demo-pages.ts) they answer this machine only; elsewhere they do not exist (404, like any
 * unknown path). e2e and its call gate reach them from 127.0.0.1. SANDBOX_TEST_ROUTES=anyone opens
 * them on purpose, and the start banner says so.
 */
export async function loopbackOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (isLoopback(request.ip)) return;
  await send(reply, notFound(request.method, request.url.split('?')[0] ?? ''));
}

/** The banner's word on the test routes (issue 27): whether they are on, and for whom. */
export function testRoutesBanner(state: 'off' | TestRoutesAudience): string {
  const routes =
    '/sandbox/reset, /sandbox/faults, /sandbox/clock, /sandbox/cheques, /sandbox/age-throttles, /sandbox/expire-tokens, /sandbox/spi/advance, /sandbox/pix/incoming';
  if (state === 'off') return '  rotas de teste: desligadas (SANDBOX_TEST_ROUTES=1 liga, só desta máquina)';
  return state === 'anyone'
    ? `  rotas de teste LIGADAS e ABERTAS a qualquer endereço (SANDBOX_TEST_ROUTES=anyone): ${routes}`
    : `  rotas de teste LIGADAS, só desta máquina (SANDBOX_TEST_ROUTES=1): ${routes}`;
}

export interface TestRoutes {
  db: Database.Database;
  now: () => Date;
  contract: Contract;
  faults: FaultTable;
  /** The bulk size of a plain reset (SANDBOX_BULK). */
  bulkEntries?: number;
}

/**
 * The routes tests drive the bank with: reset to the seed, expire tokens, age throttles, issue a
 * check, faults. Registered only with `enableTestRoutes` (SANDBOX_TEST_ROUTES=1 in sandbox/main.ts,
 * and every test's sandbox). A new test route is one more `app.<method>` here.
 */
export function registerTestRoutes(
  app: FastifyInstance,
  { db, now, contract, faults, bulkEntries }: TestRoutes,
): void {
  const images = new PristineImages(db);
  // Their answers carry redeemable checks and the bank's state: never kept by a cache (issue 27).
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  // A fresh seed, restored from its pristine image after the first (sandbox/db/image.ts).
  // `{ "bulkEntries": n }` adds the "Empresa Volume" account with n entries to this seed only
  // (a performance test asks for it; the next plain reset goes back to the default).
  // `{ "at": "2026-11-24T12:00:00-03:00" }` seeds the bank for that day, its clock running from
  // there (the day a QA plan's data assume; scripts/paths.ts prints it with each plan).
  app.post('/sandbox/reset', async (request, reply) => {
    const asked = plainObject(request.body).bulkEntries;
    if (
      asked !== undefined &&
      !(Number.isInteger(asked) && (asked as number) >= 0 && (asked as number) <= 20_000)
    ) {
      return send(
        reply,
        badRequest('Pedido de reset inválido.', [
          { field: 'bulkEntries', message: 'must be an integer from 0 to 20000' },
        ]),
      );
    }
    const at = plainObject(request.body).at;
    if (at !== undefined && resetInstant(request.body) === undefined) {
      return send(
        reply,
        badRequest('Pedido de reset inválido.', [
          { field: 'at', message: 'must be a date-time with its zone, e.g. 2026-11-24T12:00:00-03:00' },
        ]),
      );
    }
    const bulk = (asked as number | undefined) ?? bulkEntries;
    // `now()` is the bank's clock, already put at `at` when the body has one (registerClockTestRoute).
    images.reset(now(), bulk);
    // Everything else the bank keeps in memory between requests starts over with the data.
    faults.clear();
    return { data: { reset: true, bulkEntries: bulk ?? 0 } };
  });
  // Ends every live session now, as if SANDBOX_TOKEN_TTL had run out: the next authenticated
  // call answers 401 ('Login expirado.').
  app.post('/sandbox/expire-tokens', async () => {
    const at = now().toISOString();
    const { changes } = db
      .prepare('UPDATE tokens SET expires_at = ? WHERE revoked_at IS NULL AND expires_at > ?')
      .run(at, at);
    return { data: { expired: changes } };
  });
  // Moves every throttle of the bank (waits, locks, request windows) `seconds` into the past, as
  // if that time had gone by: an e2e test signs in after a lock has expired without waiting 15
  // minutes. The times live in the rows, so nothing else has to know.
  app.post('/sandbox/age-throttles', async (request, reply) => {
    const seconds = plainObject(request.body).seconds;
    if (!(typeof seconds === 'number' && Number.isInteger(seconds) && seconds > 0 && seconds <= 86_400)) {
      return send(
        reply,
        badRequest('Pedido inválido.', [{ field: 'seconds', message: 'must be an integer from 1 to 86400' }]),
      );
    }
    const shift = `-${seconds} seconds`;
    const iso = (column: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${column}, '${shift}')`;
    db.prepare(
      `UPDATE auth_failures SET last_failure_at = ${iso('last_failure_at')},
         blocked_until = CASE WHEN blocked_until IS NULL THEN NULL ELSE ${iso('blocked_until')} END`,
    ).run();
    db.prepare(`UPDATE rate_events SET at = ${iso('at')}`).run();
    return { data: { aged: seconds } };
  });
  // Issues a digital check drawn on a customer account: { issuerAccountId, amount } (reais).
  app.post('/sandbox/cheques', async (request, reply) => {
    const body = plainObject(request.body);
    const issuer =
      typeof body.issuerAccountId === 'string' ? findAccount(db, body.issuerAccountId) : undefined;
    const cents = wholeCents(body.amount);
    if (!issuer || issuer.kind !== 'CUSTOMER' || cents === undefined)
      return send(
        reply,
        badRequest('Pedido de cheque inválido.', [
          {
            field: '(body)',
            message: 'issuerAccountId of a customer account and amount > 0 with 2 decimals',
          },
        ]),
      );
    const check = db.transaction(() =>
      issueCheck(db, { issuerAccountId: issuer.id, amountCents: cents, at: now() }),
    )();
    return { data: { ...check, qr: JSON.stringify({ value: cents / 100, qrCodeData: check.qrCodeData }) } };
  });
  app.get('/sandbox/faults', async () => ({ data: faults.list() }));
  app.delete('/sandbox/faults', async () => {
    faults.clear();
    return { data: faults.list() };
  });
  app.post('/sandbox/faults', async (request, reply) => {
    const body = plainObject(request.body) as Partial<Record<keyof FaultRule, unknown>>;
    const errors = [];
    const known =
      body.operationId === '*' ||
      (typeof body.operationId === 'string' && contract.operation(body.operationId) !== undefined);
    if (!known)
      errors.push({ field: 'operationId', message: "must be an operationId of the contract or '*'" });
    if (body.decline !== undefined && typeof body.decline !== 'boolean')
      errors.push({ field: 'decline', message: 'must be a boolean' });
    for (const key of ['status', 'times', 'delayMs'] as const) {
      const v = body[key];
      if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v) || v < 0))
        errors.push({ field: key, message: 'must be a non-negative integer' });
    }
    if (typeof body.status === 'number' && body.status !== 0 && (body.status < 400 || body.status > 599)) {
      errors.push({ field: 'status', message: 'must be 0 (delay only) or an HTTP error status (400-599)' });
    }
    if (
      body.reply !== undefined &&
      (typeof body.reply !== 'string' || !isFaultReply(body.reply) || !body.status)
    )
      errors.push({ field: 'reply', message: 'must name an entry of the error catalogue, with a status' });
    if (errors.length > 0) return send(reply, badRequest('Regra de falha inválida.', errors));
    faults.add({
      operationId: String(body.operationId),
      status: typeof body.status === 'number' ? body.status : 0,
      times: typeof body.times === 'number' ? body.times : 1,
      delayMs: typeof body.delayMs === 'number' ? body.delayMs : 0,
      decline: body.decline === true,
      ...(typeof body.reply === 'string' ? { reply: body.reply } : {}),
    });
    return { data: faults.list() };
  });
}
