import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type Database from 'better-sqlite3';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { projectContract, type Contract, type Operation } from './contract/contract.ts';
import { openDatabase } from './db/open.ts';
import { PristineImages } from './db/image.ts';
import { seedIfEmpty } from './db/seed.ts';
import { findAccount } from './db/queries.ts';
import { checkListing, issueCheck } from './sim/checks.ts';
import { contentSecurityPolicy, policyHeader, registerSecurityHeaders } from './http/security-headers.ts';
import { apiError, badRequest, catalogueError, problem, PROBLEM_JSON, type Reply } from './http/replies.ts';
import { staticCacheHeaders } from './http/static-cache.ts';
import { accessHandlers } from './routes/access.ts';
import { addressHandlers } from './routes/addresses.ts';
import { billHandlers, registryListing } from './routes/bills.ts';
import { depositHandlers } from './routes/deposits.ts';
import { topupHandlers } from './routes/topup.ts';
import { pixKeyHandlers } from './routes/pix-keys.ts';
import { clientHandlers } from './routes/client.ts';
import { notificationHandlers } from './routes/notifications.ts';
import { passwordHandlers } from './routes/password.ts';
import { recipientHandlers } from './routes/recipients.ts';
import { securityHandlers } from './routes/security.ts';
import { transferHandlers } from './routes/transfers.ts';
import { statementHandlers } from './routes/statement.ts';
import type { Handler, HandlerInput, Handlers, SandboxContext } from './routes/types.ts';
import { FaultTable, type FaultRule } from './sim/faults.ts';
import { AUTHENTICATOR_HEAD, authenticatorEntries, authenticatorPage } from './sim/authenticator-page.ts';
import { listMail, OUTBOX_HEAD, outboxPage } from './sim/outbox.ts';
import { resolveToken, type Session } from './sim/sessions.ts';
import { normalizeUsername } from './sim/users.ts';

export interface SandboxOptions {
  /** SQLite file; ':memory:' (the default) for tests. */
  dbFile?: string;
  /**
   * An already open database instead of `dbFile` (tests: a copy of a seeded image, see
   * test-support.ts); seeded only if it holds no customer yet, closed with the server.
   */
  database?: Database.Database;
  /** The built SPA (dist/), served at / with a fallback to index.html. */
  staticDir?: string;
  /** POST /sandbox/reset and /sandbox/faults. */
  enableTestRoutes?: boolean;
  tokenTtlSeconds?: number;
  /** The bank's clock (seed dates, token expiry, notifications in force). */
  now?: () => Date;
  /** Extra statement entries for "Empresa Volume" (SANDBOX_BULK). */
  bulkEntries?: number;
  /** Another contract (tests); defaults to openapi/portal.yaml. */
  contract?: Contract;
  /** Extra or replacement handlers (tests). */
  handlers?: Handlers;
  /**
   * What to do when a handler's answer does not match the contract: 'warn' logs it, 'throw'
   * answers 500 instead (tests), 'off' skips the check.
   */
  checkResponses?: 'off' | 'warn' | 'throw';
  logger?: boolean;
  /**
   * scheme://host[:port] for links in e-mails (PUBLIC_ORIGIN); without it links are root-relative.
   * Never the request's Host header.
   */
  publicOrigin?: string;
  /**
   * Who may read /sandbox/outbox (every customer's links and codes): 'loopback' (the default) for
   * requests from this machine only, 'anyone' when SANDBOX_OUTBOX=anyone says so.
   */
  outbox?: 'loopback' | 'anyone';
  /** Origins the portal may connect to besides its own (an absolute VITE_API_BASE_URL's). */
  connectOrigins?: readonly string[];
}

/** What the running sandbox exposes to its routes and to tests. */
export interface SandboxState {
  db: Database.Database;
  contract: Contract;
  faults: FaultTable;
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    sandbox: SandboxState;
  }
  interface FastifyContextConfig {
    operationId?: string;
  }
}

/** Every handler of the sandbox, by operationId. */
export const HANDLERS: Handlers = {
  ...accessHandlers,
  ...passwordHandlers,
  ...clientHandlers,
  ...notificationHandlers,
  ...statementHandlers,
  ...addressHandlers,
  ...securityHandlers,
  ...recipientHandlers,
  ...transferHandlers,
  ...billHandlers,
  ...depositHandlers,
  ...topupHandlers,
  ...pixKeyHandlers,
};

/**
 * Operations the contract secures with a bearer token that the sandbox also accepts without one,
 * because the caller proves who it is in the body. changePassword is the forced change after a
 * first-access login (code 313), when the portal has no token yet.
 */
const CREDENTIAL_OPERATIONS: ReadonlySet<string> = new Set(['changePassword']);

const ONE_MIB = 1024 * 1024;
/** How deep a JSON body may nest (the contract's info.description). */
export const MAX_JSON_DEPTH = 32;

/** Whether a JSON text nests deeper than `max`, counted without parsing (strings skipped). */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 forms. */
export function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

function mediaType(header: string | undefined): string | undefined {
  return header?.split(';')[0]?.trim().toLowerCase() || undefined;
}

/** A token may only reach its own holder, accounts and user names (403 otherwise). */
function authorize(session: Session, params: Readonly<Record<string, unknown>>): boolean {
  const accountId = params.accountId;
  if (accountId !== undefined && !session.accountIds.includes(String(accountId))) return false;
  const holderId = params.accountHolderId;
  if (holderId !== undefined && String(holderId) !== session.holderId) return false;
  const username = params.username;
  if (username !== undefined) {
    const wanted = normalizeUsername(String(username)).toLowerCase();
    if (!session.usernames.some((u) => u.toLowerCase() === wanted)) return false;
  }
  return true;
}

function send(reply: FastifyReply, out: Reply): FastifyReply {
  reply.code(out.status);
  if (out.headers) reply.headers(out.headers);
  if (out.body === undefined) return reply.send();
  return reply.type(out.contentType ?? 'application/json; charset=utf-8').send(out.body);
}

function plainObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? { ...(value as Record<string, unknown>) } : {};
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export function buildServer(opts: SandboxOptions = {}): FastifyInstance {
  const now = opts.now ?? (() => new Date());
  const contract = opts.contract ?? projectContract();
  const db = opts.database ?? openDatabase(opts.dbFile ?? ':memory:');
  seedIfEmpty(db, { now: now(), bulkEntries: opts.bulkEntries });
  const faults = new FaultTable();
  const handlers: Handlers = { ...HANDLERS, ...opts.handlers };
  const ctx: SandboxContext = {
    db,
    now,
    tokenTtlSeconds: opts.tokenTtlSeconds ?? 1800,
    publicOrigin: opts.publicOrigin ?? '',
  };
  const checkResponses = opts.checkResponses ?? 'warn';

  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: ONE_MIB,
    routerOptions: { ignoreTrailingSlash: true },
    // Fastify's own refusals (a URL it cannot decode, a bad content type) answer problem+json too.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode ?? 400;
      void send(
        reply,
        problem(status, status === 400 ? 'Requisição inválida' : 'Requisição recusada', error.message),
      );
    },
    // Refusals of Node's HTTP parser (an oversize header is 431) happen before Fastify sees a
    // request: the answer is written on the socket, in the same problem+json form.
    clientErrorHandler: (error, socket) => {
      const code = (error as NodeJS.ErrnoException).code;
      const status = code === 'HPE_HEADER_OVERFLOW' ? 431 : code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      const titles: Record<number, string> = {
        400: 'Requisição malformada',
        408: 'Tempo da requisição esgotado',
        431: 'Cabeçalhos grandes demais',
      };
      const reasons: Record<number, string> = {
        400: 'Bad Request',
        408: 'Request Timeout',
        431: 'Request Header Fields Too Large',
      };
      const body = JSON.stringify({
        type: 'about:blank',
        title: titles[status],
        status,
        detail:
          status === 431
            ? 'The request headers exceed the size the bank accepts.'
            : 'The HTTP request could not be read.',
      });
      if (socket.writable) {
        socket.end(
          `HTTP/1.1 ${status} ${reasons[status]}\r\nContent-Type: ${PROBLEM_JSON}; charset=utf-8\r\n` +
            `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      } else socket.destroy(error);
    },
  });
  app.decorate('sandbox', { db, contract, faults, now } satisfies SandboxState);

  const staticDir = opts.staticDir ? resolve(opts.staticDir) : undefined;
  const spa = staticDir !== undefined && existsSync(resolve(staticDir, 'index.html'));
  // Headers on every answer (SPA, files, API); the inline blocks of the built index.html, if any,
  // are allowed by their hashes, read once here.
  registerSecurityHeaders(app, {
    indexHtml: spa ? readFileSync(resolve(staticDir, 'index.html'), 'utf8') : undefined,
    connectOrigins: opts.connectOrigins ?? [],
  });
  app.addHook('onClose', async () => {
    db.close();
  });

  // JSON: an empty body is "no body" (DELETE /logout may carry Content-Type: application/json).
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    // The parser and the proto-poisoning scan recurse: a deeply nested body would exhaust the
    // stack (a 500). No request of the contract nests anywhere near this deep.
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      const error = new Error(`the JSON body nests deeper than ${MAX_JSON_DEPTH} levels`) as FastifyError;
      error.statusCode = 400;
      error.code = 'FST_ERR_CTP_INVALID_JSON_BODY';
      done(error, undefined);
      return;
    }
    defaultJson(request, text, done);
  });
  // The login is form-encoded (1-access-shell-statement.md §7). Repeated keys keep the last value.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      const form: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(text)) form[key] = value;
      done(null, form);
    },
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      // The cause goes to the log only: its text (a stack overflow, a file path) tells an
      // attacker how the bank is built and tells a customer nothing.
      if (opts.logger) request.log.error({ err: error }, 'sandbox handler failed');
      else console.error('[sandbox] handler failed:', error);
      return send(reply, catalogueError(500, 'internal'));
    }
    if (status === 400) {
      const field =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? '(body)'
          : '(request)';
      return send(reply, badRequest(error.message, [{ field, message: error.message }]));
    }
    const titles: Record<number, string> = {
      413: 'Corpo da requisição grande demais',
      415: 'Tipo de conteúdo não aceito',
    };
    return send(reply, problem(status, titles[status] ?? 'Requisição recusada', error.message));
  });

  // Requests a decline fault was taken for (the handler answers success: false).
  const declined = new WeakSet<FastifyRequest>();
  // Faults apply to any contract route: wait, then maybe fail, before anything else runs.
  app.addHook('onRequest', async (request, reply) => {
    const operationId = request.routeOptions.config.operationId;
    if (!operationId) return;
    const fault = faults.take(operationId);
    if (!fault) return;
    if (fault.decline) declined.add(request);
    if (fault.delayMs > 0) await sleep(fault.delayMs);
    if (fault.status >= 400) {
      const out =
        fault.status === 400
          ? badRequest(`Falha simulada em ${operationId}.`, [
              { field: '(fault)', message: 'injected by /sandbox/faults' },
            ])
          : apiError(fault.status, 99, 'SANDBOX', `Falha simulada pelo sandbox em ${operationId}.`);
      send(reply, out);
      return reply;
    }
  });

  const handle = async (
    op: Operation,
    handler: Handler | undefined,
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

    const token = bearerToken(request.headers.authorization);
    const session = token ? resolveToken(db, token, now()) : null;
    const secured = op.requiresAuth || op.optionalAuth;
    if (secured && token && !session) return send(reply, catalogueError(401, 'unauthorized'));
    if (op.requiresAuth && !session && !CREDENTIAL_OPERATIONS.has(op.operationId))
      return send(reply, catalogueError(401, 'unauthorized'));

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

    const input: HandlerInput = {
      operationId: op.operationId,
      params,
      query,
      headers,
      body: request.body,
      session: secured ? session : null,
      remoteAddress: request.ip,
      declineFault: declined.has(request),
    };
    // One SQLite transaction per call: a handler that throws leaves nothing written.
    const out = db.transaction(() => handler(input, ctx))();

    // A handler may answer 501 for a kind of body it does not build yet (a Pix withdrawal), as an
    // absent handler does; the contract describes neither.
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
        if (opts.logger) request.log.warn(message);
        else console.warn(`[sandbox] ${message}`);
      }
    }
    return send(reply, out);
  };

  for (const op of contract.operations) {
    const handler = handlers[op.operationId];
    app.route({
      method: op.method.toUpperCase() as 'GET',
      url: `/api${op.routePath}`,
      config: { operationId: op.operationId },
      handler: (request, reply) => handle(op, handler, request, reply),
    });
  }

  // Liveness, outside the contract: the e2e web server waits for it.
  const health = async () => ({ status: 'ok' });
  app.get('/api/health', health);
  app.get('/sandbox/health', health);

  // The outbox shows every customer's reset links and codes: a demo mailbox for the person at this
  // machine, not for the network. Elsewhere it does not exist (404, like any unknown path).
  const outboxOpen = (request: FastifyRequest) => opts.outbox === 'anyone' || isLoopback(request.ip);
  const outboxClosed = (request: FastifyRequest, reply: FastifyReply) =>
    send(
      reply,
      problem(
        404,
        'Rota não encontrada',
        `GET ${request.url.split('?')[0]} does not exist`,
        undefined,
        '/sandbox/problems/not-found',
      ),
    );
  app.get('/sandbox/outbox', async (request, reply) =>
    outboxOpen(request)
      ? reply
          .type('text/html; charset=utf-8')
          // The page's own <style>, by hash: the portal's policy with nothing inline loosened.
          .header('content-security-policy', policyHeader(contentSecurityPolicy({ indexHtml: OUTBOX_HEAD })))
          .send(outboxPage(listMail(db)))
      : outboxClosed(request, reply),
  );
  app.get('/sandbox/outbox.json', async (request, reply) =>
    outboxOpen(request) ? { data: listMail(db) } : outboxClosed(request, reply),
  );
  // The bill registry (issue #14): every bill the bank can pay, with its lines and today's state,
  // so a tester (or an e2e test) can type a real line. The same guard as the outbox.
  app.get('/sandbox/bills.json', async (request, reply) =>
    outboxOpen(request) ? { data: registryListing(db, now()) } : outboxClosed(request, reply),
  );
  // Digital checks not yet redeemed, as the QR JSON a customer pastes at /Receive (issue #14).
  app.get('/sandbox/cheques.json', async (request, reply) =>
    outboxOpen(request) ? { data: checkListing(db) } : outboxClosed(request, reply),
  );
  // Every demo customer's security-code secret and QR (issue #13): the same guard as the outbox.
  app.get('/sandbox/autenticador', async (request, reply) =>
    outboxOpen(request)
      ? reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header(
            'content-security-policy',
            policyHeader(contentSecurityPolicy({ indexHtml: AUTHENTICATOR_HEAD })),
          )
          .send(await authenticatorPage(authenticatorEntries(db), now()))
      : outboxClosed(request, reply),
  );

  if (opts.enableTestRoutes) {
    const images = new PristineImages(db);
    // A fresh seed, restored from its pristine image after the first (sandbox/db/image.ts).
    // `{ "bulkEntries": n }` adds the "Empresa Volume" account with n entries to this seed only
    // (a performance test asks for it; the next plain reset goes back to the default).
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
      const bulk = (asked as number | undefined) ?? opts.bulkEntries;
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
          badRequest('Pedido inválido.', [
            { field: 'seconds', message: 'must be an integer from 1 to 86400' },
          ]),
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
      const amount = body.amount;
      const cents = typeof amount === 'number' ? Math.round(amount * 100) : NaN;
      if (
        !issuer ||
        issuer.kind !== 'CUSTOMER' ||
        !(cents > 0) ||
        Math.abs(cents - (amount as number) * 100) > 1e-6
      )
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
      if (errors.length > 0) return send(reply, badRequest('Regra de falha inválida.', errors));
      faults.add({
        operationId: String(body.operationId),
        status: typeof body.status === 'number' ? body.status : 0,
        times: typeof body.times === 'number' ? body.times : 1,
        delayMs: typeof body.delayMs === 'number' ? body.delayMs : 0,
        decline: body.decline === true,
      });
      return { data: faults.list() };
    });
  }

  if (spa) {
    // preCompressed: the build writes .br and .gz beside each script and stylesheet (vite.config.ts);
    // a browser that accepts them gets the compressed file, as from a CDN.
    app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      // Source maps give the whole source away; a build that made them still does not serve them.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      // Hashed files under assets/ for a year, everything else revalidated (http/static-cache.ts).
      setHeaders: staticCacheHeaders(staticDir),
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    const isSandbox = path === '/sandbox' || path.startsWith('/sandbox/');
    // A missing file (a source map, an old asset) is a 404, not the SPA: only routes fall back.
    const isFile = /\.[a-z0-9]+$/i.test(path) && !path.endsWith('.html');
    if (spa && !isApi && !isSandbox && !isFile && (request.method === 'GET' || request.method === 'HEAD')) {
      // Client-side routes (/Statement, /Pix...) get the SPA; the router draws them.
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    }
    return send(
      reply,
      problem(
        404,
        'Rota não encontrada',
        `${request.method} ${path} does not exist`,
        undefined,
        '/sandbox/problems/not-found',
      ),
    );
  });

  return app;
}
