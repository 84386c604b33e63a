import type Database from 'better-sqlite3';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registryListing } from '../routes/bills.ts';
import { checkListing } from '../sim/checks.ts';
import { AUTHENTICATOR_HEAD, authenticatorEntries, authenticatorPage } from '../sim/authenticator-page.ts';
import { listMail, OUTBOX_HEAD, outboxPage } from '../sim/outbox.ts';
import { isLoopback } from './auth.ts';
import { contentSecurityPolicy, policyHeader } from './security-headers.ts';
import { notFound, send } from './send.ts';

export interface DemoPages {
  db: Database.Database;
  now: () => Date;
  /**
   * Who may read them (every customer's links and codes): 'loopback' (the default) for requests
   * from this machine only, 'anyone' when SANDBOX_OUTBOX=anyone says so.
   */
  outbox?: 'loopback' | 'anyone';
}

/** The paths of the demo pages, each answered with `Cache-Control: no-store`. */
const DEMO_PAGES: ReadonlySet<string> = new Set([
  '/sandbox/outbox',
  '/sandbox/outbox.json',
  '/sandbox/bills.json',
  '/sandbox/cheques.json',
  '/sandbox/autenticador',
]);

/**
 * The demo mailbox and the pages beside it (bills, checks, security-code secrets): for the person
 * at this machine, not for the network. Elsewhere they do not exist (404, like any unknown path).
 */
export function registerDemoPages(app: FastifyInstance, { db, now, outbox }: DemoPages): void {
  const open = (request: FastifyRequest) => outbox === 'anyone' || isLoopback(request.ip);
  // Reset links, codes, redeemable checks, secrets: no browser or proxy keeps a copy (issue 27).
  app.addHook('onSend', async (request, reply, payload) => {
    if (DEMO_PAGES.has(request.url.split('?')[0] ?? '')) {
      reply.header('cache-control', 'no-store');
      reply.header('pragma', 'no-cache');
    }
    return payload;
  });
  const closed = (request: FastifyRequest, reply: FastifyReply) =>
    send(reply, notFound('GET', request.url.split('?')[0] ?? ''));

  app.get('/sandbox/outbox', async (request, reply) =>
    open(request)
      ? reply
          .type('text/html; charset=utf-8')
          // The page's own <style>, by hash: the portal's policy with nothing inline loosened.
          .header('content-security-policy', policyHeader(contentSecurityPolicy({ indexHtml: OUTBOX_HEAD })))
          .send(outboxPage(listMail(db)))
      : closed(request, reply),
  );
  app.get('/sandbox/outbox.json', async (request, reply) =>
    open(request) ? { data: listMail(db) } : closed(request, reply),
  );
  // The bill registry (issue #14): every bill the bank can pay, with its lines and today's state,
  // so a tester (or an e2e test) can type a real line. The same guard as the outbox.
  app.get('/sandbox/bills.json', async (request, reply) =>
    open(request) ? { data: registryListing(db, now()) } : closed(request, reply),
  );
  // Digital checks not yet redeemed, as the QR JSON a customer pastes at /Receive (issue #14).
  app.get('/sandbox/cheques.json', async (request, reply) =>
    open(request) ? { data: checkListing(db) } : closed(request, reply),
  );
  // Every demo customer's security-code secret and QR (issue #13): the same guard as the outbox.
  app.get('/sandbox/autenticador', async (request, reply) =>
    open(request)
      ? reply
          .type('text/html; charset=utf-8')
          .header(
            'content-security-policy',
            policyHeader(contentSecurityPolicy({ indexHtml: AUTHENTICATOR_HEAD })),
          )
          .send(await authenticatorPage(authenticatorEntries(db), now()))
      : closed(request, reply),
  );
}
