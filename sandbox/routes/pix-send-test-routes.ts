import type Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { PROBLEM_JSON, badRequest } from '../http/replies.ts';

/**
 * Test route of the simulated SPI (issue 16), registered with the other test routes:
 * `POST /sandbox/spi/advance { seconds }` moves every answer the SPI still owes `seconds` earlier
 * (payments, and returns of received Pix since issue 17), as if that time had gone by for the SPI
 * alone: an e2e test reaches the time-out path (AB03, 10 minutes) or an ACSC without waiting,
 * while the bank's clock, sessions and limits stay where they are. The answers are applied at the
 * next API call, as always.
 */
export function registerSpiTestRoutes(app: FastifyInstance, db: Database.Database): void {
  app.post('/sandbox/spi/advance', async (request, reply) => {
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as {
      seconds?: unknown;
    };
    const seconds = body.seconds;
    if (!(typeof seconds === 'number' && Number.isInteger(seconds) && seconds > 0 && seconds <= 86_400)) {
      const out = badRequest('Pedido inválido.', [
        { field: 'seconds', message: 'must be an integer from 1 to 86400' },
      ]);
      return reply.code(out.status).type(PROBLEM_JSON).send(out.body);
    }
    const { changes } = db
      .prepare(
        `UPDATE pix_payments SET due_at = strftime('%Y-%m-%dT%H:%M:%fZ', due_at, '-${seconds} seconds')
         WHERE status = 'ACSP'`,
      )
      .run();
    // Returns of received Pix (issue 17) wait for the same SPI: their answers come forward too.
    const returns = db
      .prepare(
        `UPDATE pix_refunds SET due_at = strftime('%Y-%m-%dT%H:%M:%fZ', due_at, '-${seconds} seconds')
         WHERE status = 'ACSP'`,
      )
      .run().changes;
    return { data: { advanced: seconds, pending: changes + returns } };
  });
}

/**
 * The bank's clock as the test routes may move it: the given clock plus an offset, zero until
 * `POST /sandbox/clock` sets one and again after `/sandbox/reset`.
 */
export class ClockOffset {
  private offsetMs = 0;
  constructor(private readonly base: () => Date) {}
  /** The bank's `now` (every handler, the SPI's sweep, sessions and limits read it). */
  readonly now = (): Date => new Date(this.base().getTime() + this.offsetMs);
  /** Puts the clock at `at` from now on (it keeps running from there). */
  setAt(at: Date): number {
    this.offsetMs = at.getTime() - this.base().getTime();
    return this.offsetMs;
  }
  clear(): void {
    this.offsetMs = 0;
  }
}

/** An instant with its zone written out (`2026-11-24T22:30:00-03:00`, `…Z`): never the server's local time. */
export const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The `at` of a reset's body, when it is an instant with its zone; undefined when absent or not
 * one (the reset route answers 400 for the latter).
 */
export function resetInstant(body: unknown): Date | undefined {
  const at = typeof body === 'object' && body !== null ? (body as { at?: unknown }).at : undefined;
  return typeof at === 'string' && INSTANT.test(at) && !Number.isNaN(Date.parse(at))
    ? new Date(at)
    : undefined;
}

/**
 * Test route of the 2026 limits (issue 16): `POST /sandbox/clock { at }` puts the bank's clock at
 * the instant `at` (with its zone, e.g. 22:30 in São Paulo as `…T22:30:00-03:00`), so an e2e test
 * reaches the night cap (PIXSEND 81, 20h–6h São Paulo) at any hour of the real day. The clock
 * keeps running from there; sessions, limits and the SPI all read it, so a test sets it before
 * signing in. `POST /sandbox/reset` puts it back (the offset is cleared before the reset runs), or
 * at its `at` when it has one (the seed is then built for that day).
 */
export function registerClockTestRoute(app: FastifyInstance, clock: ClockOffset): void {
  // Before the reset's handler, once its body is read: `{ "at": instant }` puts the clock there
  // first, so the reset seeds the bank for that day (a QA plan's day, issue 27: its bill lines and
  // due dates are the seed of that day); without it the clock is back to the real time.
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'POST' || request.url.split('?')[0] !== '/sandbox/reset') return;
    clock.clear();
    const at = resetInstant(request.body);
    if (at !== undefined) clock.setAt(at);
  });
  app.post('/sandbox/clock', async (request, reply) => {
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as {
      at?: unknown;
    };
    const at = body.at;
    if (typeof at !== 'string' || !INSTANT.test(at) || Number.isNaN(Date.parse(at))) {
      const out = badRequest('Pedido inválido.', [
        { field: 'at', message: 'must be a date-time with its zone, e.g. 2026-11-24T22:30:00-03:00' },
      ]);
      return reply.code(out.status).type(PROBLEM_JSON).send(out.body);
    }
    const offsetMs = clock.setAt(new Date(at));
    return { data: { now: clock.now().toISOString(), offsetSeconds: Math.round(offsetMs / 1000) } };
  });
}
