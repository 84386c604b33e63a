import { createHash, randomInt } from 'node:crypto';
import type Database from 'better-sqlite3';
import { hashPassword, randomToken, verifyPassword } from './passwords.ts';
import { sendMail } from './outbox.ts';
import { countRequest, rateWaitSeconds, type RateLimit } from './throttle.ts';

/** Actions carried by e-mailed links (the login page's `action` query parameter). */
export const LINK_ACTIONS = { firstAccess: 'primeiro-acesso', reset: 'resetar-senha' } as const;

const LINK_TTL_MS = { 'primeiro-acesso': 7 * 86_400_000, 'resetar-senha': 86_400_000 } as const;

export interface VerificationRow {
  hash: string;
  user_id: number;
  action: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Links are looked up by the SHA-256 of their secret: the table never holds a usable link. */
export function linkDigest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * Ends every open link of the user. A new link, or a password set by any route, leaves only what
 * the user asked for last: an old e-mail someone else can read no longer opens a form.
 */
export function invalidateLinks(db: Database.Database, userId: number, now: Date): void {
  db.prepare('UPDATE verification_hashes SET used_at = ? WHERE user_id = ? AND used_at IS NULL').run(
    now.toISOString(),
    userId,
  );
}

/**
 * Creates a link secret, ends the user's earlier links and e-mails the new one (seen at
 * /sandbox/outbox). `origin` is the configured public origin ('' for a root-relative link).
 */
export function sendLink(
  db: Database.Database,
  userId: number,
  email: string,
  action: (typeof LINK_ACTIONS)[keyof typeof LINK_ACTIONS],
  origin: string,
  now: Date,
): string {
  const secret = randomToken(24);
  invalidateLinks(db, userId, now);
  db.prepare(
    'INSERT INTO verification_hashes (hash, user_id, action, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
  ).run(
    linkDigest(secret),
    userId,
    action,
    now.toISOString(),
    new Date(now.getTime() + LINK_TTL_MS[action]).toISOString(),
  );
  const link = `${origin}/login?action=${encodeURIComponent(action)}&hash=${encodeURIComponent(secret)}`;
  const subject = action === LINK_ACTIONS.firstAccess ? 'Crie sua senha de acesso' : 'Redefinição de senha';
  const hours = Math.round(LINK_TTL_MS[action] / 3_600_000);
  const body =
    action === LINK_ACTIONS.firstAccess
      ? `Olá! Sua conta digital foi aberta.\n\nPara criar sua senha, acesse:\n${link}\n\nO link vale por ${hours} horas.`
      : `Recebemos um pedido para redefinir sua senha.\n\nPara criar uma nova senha, acesse:\n${link}\n\nO link vale por ${hours} horas. Se não foi você, ignore este e-mail.`;
  sendMail(db, email, subject, body, now);
  return secret;
}

/** The link of a secret that exists, is unused and has not expired (and matches `action` when given). */
export function findValidLink(
  db: Database.Database,
  secret: string,
  now: Date,
  action?: string,
): VerificationRow | undefined {
  const row = db.prepare('SELECT * FROM verification_hashes WHERE hash = ?').get(linkDigest(secret)) as
    VerificationRow | undefined;
  if (!row || row.used_at !== null || row.expires_at <= now.toISOString()) return undefined;
  if (action !== undefined && row.action !== action) return undefined;
  return row;
}

export function useLink(db: Database.Database, secret: string, now: Date): void {
  db.prepare('UPDATE verification_hashes SET used_at = ? WHERE hash = ?').run(
    now.toISOString(),
    linkDigest(secret),
  );
}

// ───────────── password change by e-mailed code (4-pix-part-two.md §2, §4, §5, §7) ─────────────

/** A code lives 10 minutes. */
export const PASSWORD_CODE_TTL_MS = 10 * 60_000;
/** Wrong tries allowed on one code; the fifth wrong one burns it. */
export const PASSWORD_CODE_MAX_ATTEMPTS = 5;
/** Codes one user may ask for in {@link PASSWORD_CODE_SEND_WINDOW_MS}. */
export const PASSWORD_CODE_MAX_SENDS = 5;
export const PASSWORD_CODE_SEND_WINDOW_MS = 60 * 60_000;
/** Codes one requester may ask for, all customers together, in the same window. */
export const PASSWORD_CODE_MAX_SENDS_PER_REQUESTER = 20;

export interface PasswordCodeRow {
  id: number;
  user_id: number;
  code_hash: string;
  created_at: string;
  expires_at: string;
  attempts: number;
  used_at: string | null;
}

/** The newest code of the user that was not used (it may be expired or burnt). */
function latestOpenCode(db: Database.Database, userId: number): PasswordCodeRow | undefined {
  return db
    .prepare(
      'SELECT * FROM password_change_codes WHERE user_id = ? AND used_at IS NULL ORDER BY id DESC LIMIT 1',
    )
    .get(userId) as PasswordCodeRow | undefined;
}

/** The code that may still be typed: unused, unexpired, with tries left. */
export function activePasswordCode(
  db: Database.Database,
  userId: number,
  now: Date,
): PasswordCodeRow | undefined {
  const row = latestOpenCode(db, userId);
  if (!row || row.expires_at <= now.toISOString() || row.attempts >= PASSWORD_CODE_MAX_ATTEMPTS)
    return undefined;
  return row;
}

/** A random 6-digit code, leading zeros kept. */
export function newPasswordCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export type SendCodeResult = { sent: true; expiresAt: Date } | { sent: false; reason: 'throttled' };

/**
 * E-mails a new code (seen at /sandbox/outbox) and keeps only its scrypt hash. Earlier codes stop
 * working. At most {@link PASSWORD_CODE_MAX_SENDS} codes an hour for one user from one requester
 * (the signed-in user, or the network address of an anonymous caller), so the five tries per code
 * cannot be multiplied by asking again and again, and a stranger who knows someone's tax id and
 * e-mail cannot spend that person's own allowance.
 */
export function sendPasswordCode(
  db: Database.Database,
  userId: number,
  email: string,
  requester: string,
  now: Date,
  code: string = newPasswordCode(),
): SendCodeResult {
  const limits: RateLimit[] = [
    {
      scope: 'password-code',
      key: `${userId}|${requester}`,
      limit: PASSWORD_CODE_MAX_SENDS,
      windowMs: PASSWORD_CODE_SEND_WINDOW_MS,
    },
    // One requester spraying codes at many customers' mailboxes.
    {
      scope: 'password-code-requester',
      key: requester,
      limit: PASSWORD_CODE_MAX_SENDS_PER_REQUESTER,
      windowMs: PASSWORD_CODE_SEND_WINDOW_MS,
    },
  ];
  if (rateWaitSeconds(db, limits, now) > 0) return { sent: false, reason: 'throttled' };
  countRequest(db, limits, now);
  const at = now.toISOString();
  db.prepare('UPDATE password_change_codes SET used_at = ? WHERE user_id = ? AND used_at IS NULL').run(
    at,
    userId,
  );
  const expiresAt = new Date(now.getTime() + PASSWORD_CODE_TTL_MS);
  db.prepare(
    'INSERT INTO password_change_codes (user_id, code_hash, created_at, expires_at) VALUES (?, ?, ?, ?)',
  ).run(userId, hashPassword(code), at, expiresAt.toISOString());
  const minutes = Math.round(PASSWORD_CODE_TTL_MS / 60_000);
  sendMail(
    db,
    email,
    'Código para alterar sua senha',
    `Seu código para alterar a senha é: ${code}\n\nEle vale por ${minutes} minutos e só pode ser usado uma vez. Não compartilhe este código com ninguém.\nSe não foi você quem pediu, ignore este e-mail: sua senha continua a mesma.`,
    now,
  );
  return { sent: true, expiresAt };
}

/**
 * - `valid`: the code is the active one (it stays usable until the password is saved);
 * - `wrong`: another code was typed (one try used);
 * - `exhausted`: the tries are over (this one or an earlier one was the last), ask for a new code;
 * - `none`: no code was sent, or it expired or was already used.
 */
export type CodeCheck = 'valid' | 'wrong' | 'exhausted' | 'none';

/** Checks a typed code against the user's active code, counting wrong tries. */
export function checkPasswordCode(db: Database.Database, userId: number, code: string, now: Date): CodeCheck {
  const row = latestOpenCode(db, userId);
  if (!row || row.expires_at <= now.toISOString()) return 'none';
  if (row.attempts >= PASSWORD_CODE_MAX_ATTEMPTS) return 'exhausted';
  if (verifyPassword(code, row.code_hash)) return 'valid';
  const attempts = row.attempts + 1;
  db.prepare('UPDATE password_change_codes SET attempts = ? WHERE id = ?').run(attempts, row.id);
  return attempts >= PASSWORD_CODE_MAX_ATTEMPTS ? 'exhausted' : 'wrong';
}

/** Marks every open code of the user used (after the password was changed with one). */
export function usePasswordCodes(db: Database.Database, userId: number, now: Date): void {
  db.prepare('UPDATE password_change_codes SET used_at = ? WHERE user_id = ? AND used_at IS NULL').run(
    now.toISOString(),
    userId,
  );
}
