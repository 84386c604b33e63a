import type Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { PROBLEM_JSON, badRequest } from '../http/replies.ts';

/**
 * Test route of the simulated SPI (issue 16), registered with the other test routes:
 * `POST /sandbox/spi/advance { seconds }` moves every answer the SPI still owes `seconds` earlier,
 * as if that time had gone by for the SPI alone: an e2e test reaches the time-out path (AB03,
 * 10 minutes) or an ACSC without waiting, while the bank's clock, sessions and limits stay where
 * they are. The answers are applied at the next API call, as always.
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
    return { data: { advanced: seconds, pending: changes } };
  });
}
