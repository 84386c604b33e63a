import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type Database from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { projectContract, type Contract } from './contract/contract.ts';
import { openDatabase } from './db/open.ts';
import { seedIfEmpty } from './db/seed.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerCompression } from './http/compression.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './http/errors.ts';
import { registerBodyParsers } from './http/parsing.ts';
import { registerOperations } from './http/operations.ts';
import { AnswerCache } from './http/answer-cache.ts';
import { registerDemoPages } from './http/demo-pages.ts';
import { loopbackOnly, registerTestRoutes, type TestRoutesAudience } from './http/test-routes.ts';
import { registerStatic, spaFolder } from './http/static.ts';
import { accessHandlers } from './routes/access.ts';
import { addressHandlers } from './routes/addresses.ts';
import { billHandlers } from './routes/bills.ts';
import { depositHandlers } from './routes/deposits.ts';
import { topupHandlers } from './routes/topup.ts';
import { pixKeyHandlers } from './routes/pix-keys.ts';
import { pixSendHandlers, spiSweep } from './routes/pix-send.ts';
import { pixCodeHandlers } from './routes/pix-codes.ts';
import { pixReceiveHandlers } from './routes/pix-receive.ts';
import { pixStatementHandlers } from './routes/pix-statement.ts';
import { pixRefundHandlers } from './routes/pix-refunds.ts';
import { pixScheduleHandlers } from './routes/pix-schedules.ts';
import { pixLimitHandlers } from './routes/pix-limits.ts';
import { pixCashHandlers } from './routes/pix-cash.ts';
import { vaultHandlers } from './routes/vaults.ts';
import { ATTACHMENT_BODY_LIMIT, infractionHandlers } from './routes/infractions.ts';
import { medSweep } from './routes/med-timeline.ts';
import { deviceHandlers } from './routes/devices.ts';
import { registerMultipart } from './http/multipart.ts';
import { settleRefundsDue } from './sim/pix-refunds.ts';
import { claimHandlers } from './routes/claims.ts';
import { sweepClaims } from './sim/claims.ts';
import { ClockOffset, registerClockTestRoute, registerSpiTestRoutes } from './routes/pix-send-test-routes.ts';
import { clientHandlers } from './routes/client.ts';
import { notificationHandlers } from './routes/notifications.ts';
import { passwordHandlers } from './routes/password.ts';
import { recipientHandlers } from './routes/recipients.ts';
import { securityHandlers } from './routes/security.ts';
import { transferHandlers } from './routes/transfers.ts';
import { checkHandlers } from './routes/checks.ts';
import { statementHandlers } from './routes/statement.ts';
import { contactHandlers } from './routes/contacts.ts';
import { depositPixHandlers } from './routes/deposit-pix.ts';
import { registerIncomingPixTestRoute } from './routes/deposit-pix-test-routes.ts';
import type { Handlers, SandboxContext } from './routes/types.ts';
import { FaultTable } from './sim/faults.ts';

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
  /** Who may call them: this machine only (the default) or, on purpose, every address. */
  testRoutes?: TestRoutesAudience;
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
   * answers 500 instead, 'off' skips the check. Defaults to 'throw' with the test routes on (every
   * unit and e2e run: a broken answer is refused, never sent) and to 'off' otherwise: checking
   * every answer of a 5,000-entry statement cost a fifth of its time (issue 26), so production
   * does not pay for it; `npm run dev` sets 'warn' (SANDBOX_CHECK_RESPONSES).
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
  /** Origins images may come from besides its own (the vault map's tile server: VITE_MAP_TILE_URL). */
  imgOrigins?: readonly string[];
  /**
   * Hooks that run before any of the bank's own (its faults, authentication, handlers): the e2e
   * call gate holds the browser's calls here (e2e/driver/bank-calls.ts), so that a fault posted
   * while a call is held is still taken by that call.
   */
  registerFirst?: (app: FastifyInstance) => void;
  /**
   * Bytes of statement answers kept until the account's ledger changes (issue 26,
   * http/answer-cache.ts); 0 keeps none. Defaults to DEFAULT_ANSWER_CACHE_BYTES (32 MiB).
   */
  answerCacheBytes?: number;
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
  ...pixSendHandlers,
  ...pixReceiveHandlers,
  ...pixStatementHandlers,
  ...pixRefundHandlers,
  ...pixScheduleHandlers,
  ...infractionHandlers,
  ...pixLimitHandlers,
  ...contactHandlers,
  ...depositPixHandlers,
  ...claimHandlers,
  ...pixCashHandlers,
  ...vaultHandlers,
  ...deviceHandlers,
  ...checkHandlers,
  ...pixCodeHandlers,
};

const ONE_MIB = 1024 * 1024;

/**
 * The sandbox bank: one Fastify app whose parts each have their own file under sandbox/http/ —
 * security headers, body parsers and error answers, the contract's operations (faults,
 * authentication, validation, the typed handlers of HANDLERS), the demo pages, the test routes
 * and the built portal.
 */
export function buildServer(opts: SandboxOptions = {}): FastifyInstance {
  // With the test routes on, POST /sandbox/clock may move the bank's clock (issue 16's night cap).
  const clock = new ClockOffset(opts.now ?? (() => new Date()));
  const now = opts.enableTestRoutes ? clock.now : (opts.now ?? (() => new Date()));
  const contract = opts.contract ?? projectContract();
  const db = opts.database ?? openDatabase(opts.dbFile ?? ':memory:');
  seedIfEmpty(db, { now: now(), bulkEntries: opts.bulkEntries });
  const faults = new FaultTable();
  const ctx: SandboxContext = {
    db,
    now,
    tokenTtlSeconds: opts.tokenTtlSeconds ?? 1800,
    publicOrigin: opts.publicOrigin ?? '',
  };

  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: ONE_MIB,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler,
  });
  app.decorate('sandbox', { db, contract, faults, now } satisfies SandboxState);
  opts.registerFirst?.(app);

  const spaRoot = spaFolder(opts.staticDir);
  // Headers on every answer (SPA, files, API); the inline blocks of the built index.html, if any,
  // are allowed by their hashes, read once here.
  registerSecurityHeaders(app, {
    indexHtml: spaRoot !== undefined ? readFileSync(resolve(spaRoot, 'index.html'), 'utf8') : undefined,
    connectOrigins: opts.connectOrigins ?? [],
    imgOrigins: opts.imgOrigins ?? [],
  });
  // Every JSON answer compressed when the client asks (issue 26), before any route is added.
  registerCompression(app);
  app.addHook('onClose', async () => {
    db.close();
  });
  registerBodyParsers(app);
  registerMultipart(app); // the infraction's files (issue 17)
  registerErrorHandler(app, opts.logger ?? false);
  // The contract's routes in a plugin of their own, loaded after the compression plugin, whose
  // per-route hook reaches only the routes added once it has loaded (issue 26).
  void app.register(async (api) => {
    registerOperations(api, {
      contract,
      handlers: { ...HANDLERS, ...opts.handlers },
      ctx,
      faults,
      checkResponses: opts.checkResponses ?? (opts.enableTestRoutes ? 'throw' : 'off'),
      logger: opts.logger ?? false,
      // The SPI's answers and scheduled Pix due by now (issue 16), the returns sent (issue 17),
      // the infractions' MED timeline (issue 31), the key claims' periods (issue 30).
      beforeCall: [spiSweep, settleRefundsDue, medSweep, sweepClaims],
      bodyLimits: { attachInfractionFile: ATTACHMENT_BODY_LIMIT },
      ...(opts.answerCacheBytes === 0 ? {} : { answerCache: new AnswerCache(db, opts.answerCacheBytes) }),
    });
  });

  // Liveness, outside the contract: the e2e web server waits for it.
  const health = async () => ({ status: 'ok' });
  app.get('/api/health', health);
  app.get('/sandbox/health', health);

  registerDemoPages(app, { db, now, outbox: opts.outbox });
  if (opts.enableTestRoutes) {
    const audience = opts.testRoutes ?? 'loopback';
    // One scope, so the guard (http/test-routes.ts) covers every test route and nothing else.
    void app.register(async (scope) => {
      if (audience === 'loopback') scope.addHook('onRequest', loopbackOnly);
      registerTestRoutes(scope, { db, now, contract, faults, bulkEntries: opts.bulkEntries });
      registerSpiTestRoutes(scope, db); // POST /sandbox/spi/advance (issue 16)
      registerClockTestRoute(scope, clock); // POST /sandbox/clock (issue 16)
      registerIncomingPixTestRoute(scope, db, now); // POST /sandbox/pix/incoming (issue 31)
    });
  }
  registerStatic(app, spaRoot);
  return app;
}
