import type Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { PROBLEM_JSON, badRequest, problem } from '../http/replies.ts';
import { plainObject } from '../http/send.ts';
import { receiveExternalPix } from './deposit-pix.ts';

/**
 * Test route of a Pix arriving from another institution (issue 31): `POST /sandbox/pix/incoming
 * { "emv": "<BR Code>" }` plays the SPI crediting a payment that a customer of another bank made
 * to one of this bank's dynamic codes (a deposit by Pix, or any immediate or due-date charge), as
 * routes/deposit-pix.ts receiveExternalPix does: 200 with the transaction, or 422 when the code is
 * not a payable charge of this bank (unknown, expired or already paid). Nothing else may credit
 * an account from outside, so the route exists only with the other test routes.
 */
export function registerIncomingPixTestRoute(
  app: FastifyInstance,
  db: Database.Database,
  now: () => Date,
): void {
  app.post('/sandbox/pix/incoming', async (request, reply) => {
    const emv = plainObject(request.body).emv;
    if (typeof emv !== 'string' || emv.trim() === '' || emv.length > 512) {
      const out = badRequest('Pedido inválido.', [
        { field: 'emv', message: 'a BR Code of up to 512 characters' },
      ]);
      return reply.code(out.status).type(PROBLEM_JSON).send(out.body);
    }
    const paid = db.transaction(() => receiveExternalPix(db, emv, now()))();
    if ('refusal' in paid) {
      const out = problem(422, 'Pix não creditado', paid.refusal);
      return reply.code(out.status).type(PROBLEM_JSON).send(out.body);
    }
    return { data: paid };
  });
}
