import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { findHolder, functionalitiesOf, withdrawAgentOf } from '../db/queries.ts';
import { ack, catalogueError, ok, tooManyAttempts } from '../http/replies.ts';
import { noteCredentialsChecked } from '../sim/claims.ts';
import { digest, isCookieTrusted, isSessionDeviceValidated } from '../sim/devices.ts';
import { clearFailures, passwordSubjects, recordFailure, waitSeconds } from '../sim/throttle.ts';
import { issueToken, renewToken, revokeToken } from '../sim/sessions.ts';
import { checkPassword, findUserByUsername, normalizeUsername } from '../sim/users.ts';
import { findValidLink } from '../sim/verification.ts';
import type { Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

function accountsOf(db: Database.Database, holderId: string): Schemas['Account'][] {
  const rows = db
    .prepare("SELECT id FROM accounts WHERE holder_id = ? AND kind = 'CUSTOMER' ORDER BY created_at, id")
    .all(holderId) as { id: string }[];
  return rows.map((r) => ({ accountId: r.id, accountHolderId: holderId }));
}

/**
 * Sign-in (1-access-shell-statement.md §4, §7). Failures are 422 with the catalogue code, never
 * 401, because the portal treats any 401 as an expired session.
 */
function login(
  { body, remoteAddress }: OperationInput<'login'>,
  { db, now, tokenTtlSeconds }: SandboxContext,
) {
  const req = body;
  const user = findUserByUsername(db, req.username);
  const username = normalizeUsername(req.username);
  // Throttled before the password is looked at: during a wait even the right password is refused,
  // so a guess made then tells nothing.
  const subjects = passwordSubjects(user, username, remoteAddress);
  const wait = waitSeconds(db, subjects, now());
  if (wait > 0) return tooManyAttempts(wait);
  if (!checkPassword(user, req.password) || !user) {
    recordFailure(db, subjects, now());
    return catalogueError(422, 'badCredentials');
  }
  // The account starts again; the address keeps its count (it may be spraying other accounts).
  clearFailures(db, subjects.slice(0, 1));
  if (user.must_change_password === 1) return catalogueError(422, 'firstAccess');
  // The session keeps the hash of the device cookie it signed in with (sim/devices.ts), never the cookie.
  const cookieHash = req.cookie ? digest(req.cookie) : null;
  const { token, expiresInSeconds } = issueToken(db, user.id, username, cookieHash, now(), tokenTtlSeconds);
  const data: Schemas['LoginData'] = {
    token,
    expiresInSeconds,
    accounts: accountsOf(db, user.holder_id),
    // §4: a validated device's cookie is kept 1825 days by the portal, any other 7 days.
    isValidateDevice: isCookieTrusted(db, user.id, cookieHash, now()),
    accountHolderId: user.holder_id,
  };
  return ok(data);
}

function logout({ session }: OperationInput<'logout'>, { db, now }: SandboxContext) {
  if (session) revokeToken(db, session.tokenHash, now());
  return ack('Sessão encerrada.');
}

/**
 * Keeps the session (issue 32; contract refreshSession): a new token, the old one ended. Past the
 * session's ceiling (12 hours from sign-in) the answer is 401, as for an expired token.
 */
function refreshSession(
  { session }: OperationInput<'refreshSession'>,
  { db, now, tokenTtlSeconds }: SandboxContext,
) {
  if (!session) return catalogueError(401, 'unauthorized');
  const renewed = renewToken(db, session, now(), tokenTtlSeconds);
  if (!renewed) return catalogueError(401, 'unauthorized');
  return ok<Schemas['SessionRenewal']>(renewed);
}

function getMe({ session }: OperationInput<'getMe'>, { db, now }: SandboxContext) {
  if (!session) return catalogueError(401, 'unauthorized');
  const holder = findHolder(db, session.holderId);
  const data: Schemas['Me'] = {
    username: session.username,
    accountHolderId: session.holderId,
    accounts: accountsOf(db, session.holderId),
    isValidateDevice: isSessionDeviceValidated(db, session, now()),
    deviceValidated: isSessionDeviceValidated(db, session, now()),
    withdrawAgent: holder ? withdrawAgentOf(holder) : null,
    functionalities: holder ? functionalitiesOf(holder) : [],
  };
  return ok(data);
}

/** Checks an e-mailed link; an unknown, used or expired hash is `valid: false`, not an error. */
function verifyAction(input: OperationInput<'verifyAction'>, { db, now }: SandboxContext) {
  const action = input.params.action;
  const { hash } = input.body;
  const link = findValidLink(db, hash, now(), action);
  if (!link) return ok<Schemas['VerifyActionResult']>({ action, valid: false });
  const holder = db
    .prepare(
      "SELECT h.tax_id AS taxId, h.email AS email, a.id AS accountId FROM users u JOIN account_holders h ON h.id = u.holder_id LEFT JOIN accounts a ON a.holder_id = h.id AND a.kind = 'CUSTOMER' WHERE u.id = ? ORDER BY a.created_at LIMIT 1",
    )
    .get(link.user_id) as
    { taxId: string | null; email: string | null; accountId: string | null } | undefined;
  const data: Schemas['VerifyActionResult'] = {
    action,
    valid: true,
    ...(holder?.accountId ? { accountId: holder.accountId } : {}),
    ...(holder?.taxId ? { taxId: holder.taxId } : {}),
    ...(holder?.email ? { email: holder.email } : {}),
  };
  return ok(data);
}

/** Re-checks credentials of the signed-in user; another user's credentials are `valid: false`. */
function checkLogin(
  { body, session, remoteAddress }: OperationInput<'checkLogin'>,
  { db, now }: SandboxContext,
) {
  const req = body;
  const user = findUserByUsername(db, req.username);
  // A stolen session must not become a password oracle: the same throttle as the sign-in.
  const subjects = passwordSubjects(user, normalizeUsername(req.username), remoteAddress);
  const wait = waitSeconds(db, subjects, now());
  if (wait > 0) return tooManyAttempts(wait);
  const valid =
    checkPassword(user, req.password) && user !== undefined && session !== null && user.id === session.userId;
  if (valid) clearFailures(db, subjects.slice(0, 1));
  else recordFailure(db, subjects, now());
  // A claim decision needs a recent successful check of this session (issue 30, sim/claims.ts).
  if (valid) noteCredentialsChecked(db, session, now());
  return ok<Schemas['ValidResult']>({ valid });
}

export const accessHandlers = {
  login,
  logout,
  refreshSession,
  getMe,
  verifyAction,
  checkLogin,
} satisfies Handlers;
