import type Database from 'better-sqlite3';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Contract, Operation } from '../contract/contract.ts';
import type { FaultTable } from '../sim/faults.ts';
import {
  handlerFor,
  serverRequest,
  type Handlers,
  type SandboxContext,
  type ValidatedCall,
} from '../routes/types.ts';
import { CachedAnswer, sendCached, type AnswerCache } from './answer-cache.ts';
import { authenticate, authorize } from './auth.ts';
import { faultReply, isFaultReply } from './fault-replies.ts';
import { apiError, badRequest, catalogueError, problem } from './replies.ts';
import { plainObject, send } from './send.ts';

export interface OperationRoutes {
  contract: Contract;
  handlers: Handlers;
  ctx: SandboxContext;
  faults: FaultTable;
  /**
   * What to do when a handler's answer does not match the contract: 'warn' logs it, 'throw'
   * answers 500 instead (tests), 'off' skips the check.
   */
  checkResponses: 'off' | 'warn' | 'throw';
  logger: boolean;
  /**
   * Work the bank owes by now, done before every call reads anything (the SPI's answers and the
   * scheduled Pix that are due: routes/pix-send.ts), in the call's own transaction.
   */
  beforeCall?: readonly ((db: Database.Database, now: Date) => void)[];
  /** Body limits of operations that take more than the server's (a file upload, issue 17). */
  bodyLimits?: Readonly<Record<string, number>>;
  /** The statement's answers kept until the account's ledger changes (issue 26; answer-cache.ts). */
  answerCache?: AnswerCache;
}

function mediaType(header: string | undefined): string | undefined {
  return header?.split(';')[0]?.trim().toLowerCase() || undefined;
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * A call a test makes to set itself up (e2e/support/session.ts signs in through the API) rather
 * than as the portal: it never takes a fault armed for the portal's next call. Faults exist only
 * while the test routes are on (/sandbox/faults), so outside tests the header changes nothing.
 */
export const SETUP_CALL_HEADER = 'x-sandbox-setup';

/**
 * Faults apply to any contract route: wait, then maybe fail, before anything else runs. Returns
 * the requests a decline fault was taken for (their handler answers success: false).
 */
function registerFaults(app: FastifyInstance, faults: FaultTable): WeakSet<FastifyRequest> {
  const declined = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (request, reply) => {
    const operationId = request.routeOptions.config.operationId;
    if (!operationId || request.headers[SETUP_CALL_HEADER] !== undefined) return;
    const fault = faults.take(operationId);
    if (!fault) return;
    if (fault.decline) declined.add(request);
    if (fault.delayMs > 0) await sleep(fault.delayMs);
    if (fault.status >= 400) {
      const out =
        fault.reply !== undefined && isFaultReply(fault.reply)
          ? faultReply(fault.status, fault.reply)
          : fault.status === 400
            ? badRequest(`Falha simulada em ${operationId}.`, [
                { field: '(fault)', message: 'injected by /sandbox/faults' },
              ])
            : apiError(fault.status, 99, 'SANDBOX', `Falha simulada pelo sandbox em ${operationId}.`);
      send(reply, out);
      return reply;
    }
  });
  return declined;
}

/**
 * One route per operation of the contract, under /api: faults, then authentication, the
 * contract's validation (which coerces the parameters the typed handler reads), authorisation,
 * the handler in one SQLite transaction, and the answer checked against the contract.
 */
export function registerOperations(app: FastifyInstance, o: OperationRoutes): void {
  const { contract, ctx, checkResponses } = o;
  const db: Database.Database = ctx.db;
  const declined = registerFaults(app, o.faults);

  const handle = async (
    op: Operation,
    handler: ValidatedCall | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    if (!handler) {
      return send(
        reply,
        problem(
          501,
          'Não implementado',
          `not implemented in the sandbox yet: ${op.operationId}`,
          undefined,
          '/sandbox/problems/not-implemented',
        ),
      );
    }

    const caller = authenticate(db, op, request.headers.authorization, ctx.now());
    if ('refusal' in caller) return send(reply, caller.refusal);
    const { session } = caller;

    const params = plainObject(request.params);
    const query = plainObject(request.query);
    const headers = plainObject(request.headers);
    const hasBody = request.body !== undefined;
    const contentType = mediaType(request.headers['content-type']);
    const validation = contract.validateRequest(op.operationId, {
      params,
      query,
      headers,
      body: request.body,
      contentType,
      hasBody,
    });
    if (!validation.valid) {
      return send(
        reply,
        badRequest(`A requisição de ${op.operationId} não atende ao contrato.`, validation.errors),
      );
    }
    if (session && !authorize(session, params)) return send(reply, catalogueError(403, 'forbidden'));

    const input = serverRequest({
      operationId: op.operationId,
      params,
      query,
      headers,
      body: request.body,
      session: op.requiresAuth || op.optionalAuth ? session : null,
      remoteAddress: request.ip,
      declineFault: declined.has(request),
    });
    // One SQLite transaction per call: a handler that throws leaves nothing written. A kept
    // answer is looked up once the work due by now is done (it may write the account's ledger).
    const cache = declined.has(request) ? undefined : o.answerCache;
    const slot = cache?.slot(op.operationId, params, query);
    const out = db.transaction(() => {
      for (const due of o.beforeCall ?? []) due(db, ctx.now());
      return slot?.hit() ?? handler(input, ctx);
    })();
    if (out instanceof CachedAnswer) return sendCached(request, reply, out);

    // A handler may answer 501 for a kind of body it does not build yet, as an absent handler does;
    // the contract describes neither. (Every withdrawType has its handler since issue 16.)
    if (checkResponses !== 'off' && out.status !== 501) {
      const check = contract.validateResponse(
        op.operationId,
        out.status,
        out.body,
        out.contentType ?? 'application/json',
      );
      if (!check.valid) {
        const message = `response of ${op.operationId} (${out.status}) does not match the contract: ${JSON.stringify(check.errors)}`;
        if (checkResponses === 'throw') throw new Error(message);
        // Without a logger the warning would vanish; a contract mismatch must be seen.
        if (o.logger) request.log.warn(message);
        else console.warn(`[sandbox] ${message}`);
      }
    }
    // The answer checked, it is kept and sent as every hit will be (the same bytes).
    const kept = slot?.keep(out);
    return kept ? sendCached(request, reply, kept) : send(reply, out);
  };

  for (const op of contract.operations) {
    const handler = handlerFor(o.handlers, op.operationId);
    app.route({
      method: op.method.toUpperCase() as 'GET',
      url: `/api${op.routePath}`,
      config: { operationId: op.operationId },
      ...(o.bodyLimits?.[op.operationId] ? { bodyLimit: o.bodyLimits[op.operationId] } : {}),
      handler: (request, reply) => handle(op, handler, request, reply),
    });
  }
}
