import type Database from 'better-sqlite3';
import { randomToken } from './passwords.ts';
import { sendMail } from './outbox.ts';

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

/** Creates a link hash and e-mails the link (seen at /sandbox/outbox). */
export function sendLink(
  db: Database.Database,
  userId: number,
  email: string,
  action: (typeof LINK_ACTIONS)[keyof typeof LINK_ACTIONS],
  origin: string,
  now: Date,
): string {
  const hash = randomToken(24);
  db.prepare(
    'INSERT INTO verification_hashes (hash, user_id, action, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
  ).run(hash, userId, action, now.toISOString(), new Date(now.getTime() + LINK_TTL_MS[action]).toISOString());
  const link = `${origin}/login?action=${encodeURIComponent(action)}&hash=${encodeURIComponent(hash)}`;
  const subject = action === LINK_ACTIONS.firstAccess ? 'Crie sua senha de acesso' : 'Redefinição de senha';
  const hours = Math.round(LINK_TTL_MS[action] / 3_600_000);
  const body =
    action === LINK_ACTIONS.firstAccess
      ? `Olá! Sua conta digital foi aberta.\n\nPara criar sua senha, acesse:\n${link}\n\nO link vale por ${hours} horas.`
      : `Recebemos um pedido para redefinir sua senha.\n\nPara criar uma nova senha, acesse:\n${link}\n\nO link vale por ${hours} horas. Se não foi você, ignore este e-mail.`;
  sendMail(db, email, subject, body, now);
  return hash;
}

/** A hash that exists, is unused and has not expired (and matches `action` when given). */
export function findValidLink(
  db: Database.Database,
  hash: string,
  now: Date,
  action?: string,
): VerificationRow | undefined {
  const row = db.prepare('SELECT * FROM verification_hashes WHERE hash = ?').get(hash) as
    VerificationRow | undefined;
  if (!row || row.used_at !== null || row.expires_at <= now.toISOString()) return undefined;
  if (action !== undefined && row.action !== action) return undefined;
  return row;
}

export function useLink(db: Database.Database, hash: string, now: Date): void {
  db.prepare('UPDATE verification_hashes SET used_at = ? WHERE hash = ?').run(now.toISOString(), hash);
}
