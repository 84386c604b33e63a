import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { randomToken } from './passwords.ts';

/** Who a bearer token belongs to. */
export interface Session {
  tokenHash: string;
  userId: number;
  holderId: string;
  /** The user name used to sign in (prefixed form). */
  username: string;
  /** Every user name of the user (e-mail, phone, tax id). */
  usernames: readonly string[];
  /** The holder's customer accounts, oldest first; the portal uses the first. */
  accountIds: readonly string[];
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The longest a session may be kept by refreshing its token (issue 32): 12 hours from sign-in. */
export const SESSION_MAX_SECONDS = 12 * 3600;

/**
 * Creates a bearer token valid for `ttlSeconds`; only its hash is stored. `signedInAt` is when the
 * session began (a refreshed token keeps its sign-in's time in `created_at`, so the ceiling of
 * {@link SESSION_MAX_SECONDS} holds across refreshes); its expiry never passes that ceiling.
 */
export function issueToken(
  db: Database.Database,
  userId: number,
  username: string,
  deviceCookieHash: string | null,
  now: Date,
  ttlSeconds: number,
  signedInAt: Date = now,
): { token: string; expiresInSeconds: number } {
  const token = randomToken(32);
  const expiresAt = Math.min(
    now.getTime() + ttlSeconds * 1000,
    signedInAt.getTime() + SESSION_MAX_SECONDS * 1000,
  );
  db.prepare(
    'INSERT INTO tokens (token_hash, user_id, username, device_cookie, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(
    hashToken(token),
    userId,
    username,
    deviceCookieHash,
    signedInAt.toISOString(),
    new Date(expiresAt).toISOString(),
  );
  return { token, expiresInSeconds: Math.max(1, Math.floor((expiresAt - now.getTime()) / 1000)) };
}

/**
 * Keeps a session (issue 32): a new token for the same user, user name and device, living
 * `ttlSeconds` but never past 12 hours from the sign-in, and the old one ended. Null when the
 * session has reached its ceiling (the customer signs in again).
 */
export function renewToken(
  db: Database.Database,
  session: Session,
  now: Date,
  ttlSeconds: number,
): { token: string; expiresInSeconds: number } | null {
  const row = db
    .prepare('SELECT device_cookie AS deviceCookie, created_at AS createdAt FROM tokens WHERE token_hash = ?')
    .get(session.tokenHash) as { deviceCookie: string | null; createdAt: string } | undefined;
  if (!row) return null;
  const signedInAt = new Date(row.createdAt);
  // Less than a minute left of the ceiling: nothing worth a new token.
  if (signedInAt.getTime() + SESSION_MAX_SECONDS * 1000 - now.getTime() < 60_000) return null;
  revokeToken(db, session.tokenHash, now);
  return issueToken(db, session.userId, session.username, row.deviceCookie, now, ttlSeconds, signedInAt);
}

/** The session of a token, or null when it is unknown, revoked or expired. */
export function resolveToken(db: Database.Database, token: string, now: Date): Session | null {
  const tokenHash = hashToken(token);
  const row = db
    .prepare(
      `SELECT t.user_id AS userId, t.username AS username, t.expires_at AS expiresAt, t.revoked_at AS revokedAt, u.holder_id AS holderId
       FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?`,
    )
    .get(tokenHash) as
    | { userId: number; username: string; expiresAt: string; revokedAt: string | null; holderId: string }
    | undefined;
  if (!row || row.revokedAt !== null || row.expiresAt <= now.toISOString()) return null;
  const usernames = (
    db.prepare('SELECT username FROM logins WHERE user_id = ?').all(row.userId) as { username: string }[]
  ).map((r) => r.username);
  const accountIds = (
    db
      .prepare("SELECT id FROM accounts WHERE holder_id = ? AND kind = 'CUSTOMER' ORDER BY created_at, id")
      .all(row.holderId) as { id: string }[]
  ).map((r) => r.id);
  return {
    tokenHash,
    userId: row.userId,
    holderId: row.holderId,
    username: row.username,
    usernames,
    accountIds,
  };
}

export function revokeToken(db: Database.Database, tokenHash: string, now: Date): void {
  db.prepare('UPDATE tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL').run(
    now.toISOString(),
    tokenHash,
  );
}
