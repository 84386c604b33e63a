import type Database from 'better-sqlite3';
import type { Reply } from '../http/replies.ts';
import type { Session } from '../sim/sessions.ts';

/** A request after the contract has validated (and coerced) it. */
export interface HandlerInput {
  operationId: string;
  params: Readonly<Record<string, unknown>>;
  query: Readonly<Record<string, unknown>>;
  headers: Readonly<Record<string, unknown>>;
  body: unknown;
  /** The caller's session; null on public operations called without a token. */
  session: Session | null;
  /**
   * The caller's network address (the socket's; forwarded headers are not trusted), for throttling
   * per address.
   */
  remoteAddress: string;
  /** A decline fault was asked for this call (POST /sandbox/faults { decline: true }). */
  declineFault?: boolean;
}

export interface SandboxContext {
  db: Database.Database;
  now: () => Date;
  tokenTtlSeconds: number;
  /**
   * scheme://host[:port] that links in e-mails start with, configured at start-up ('' writes
   * root-relative links). Never taken from a request: a forged Host header would otherwise put an
   * attacker's site into a customer's reset e-mail.
   */
  publicOrigin: string;
}

/**
 * One operation of the contract. Handlers are synchronous on purpose: the server runs each one
 * inside a single SQLite transaction, so a thrown error leaves nothing half-written.
 */
export type Handler = (input: HandlerInput, ctx: SandboxContext) => Reply;

/** operationId → handler, one map per contract tag (routes/<tag>.ts). */
export type Handlers = Readonly<Record<string, Handler>>;

/** A path or query parameter as a string (the contract has validated its presence). */
export function param(input: HandlerInput, name: string): string {
  const value = input.params[name] ?? input.query[name];
  return value === undefined || value === null ? '' : String(value);
}
