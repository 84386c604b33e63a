import type Database from 'better-sqlite3';
import type { Operation } from '../contract/contract.ts';
import { resolveToken, type Session } from '../sim/sessions.ts';
import { normalizeUsername } from '../sim/users.ts';
import { catalogueError, type Reply } from './replies.ts';

/**
 * Operations the contract secures with a bearer token that the sandbox also accepts without one,
 * because the caller proves who it is in the body. changePassword is the forced change after a
 * first-access login (code 313), when the portal has no token yet.
 */
const CREDENTIAL_OPERATIONS: ReadonlySet<string> = new Set(['changePassword']);

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * Who calls `op`: the live session of the bearer token (null without one), or the 401 to answer
 * (a token that is not live on a secured operation, or none where the contract requires one).
 */
export function authenticate(
  db: Database.Database,
  op: Operation,
  authorization: string | undefined,
  now: Date,
): { session: Session | null } | { refusal: Reply } {
  const token = bearerToken(authorization);
  const session = token ? resolveToken(db, token, now) : null;
  const secured = op.requiresAuth || op.optionalAuth;
  if (secured && token && !session) return { refusal: catalogueError(401, 'unauthorized') };
  if (op.requiresAuth && !session && !CREDENTIAL_OPERATIONS.has(op.operationId))
    return { refusal: catalogueError(401, 'unauthorized') };
  return { session };
}

/** A token may only reach its own holder, accounts and user names (403 otherwise). */
export function authorize(session: Session, params: Readonly<Record<string, unknown>>): boolean {
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

/** 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 forms. */
export function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}
