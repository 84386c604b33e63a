import type Database from 'better-sqlite3';
import { hashPassword, verifyPassword } from './passwords.ts';

export interface UserRow {
  id: number;
  holder_id: string;
  password_hash: string;
  must_change_password: number;
}

/**
 * The user names the portal sends: an e-mail as typed, a phone as +55DDNNNNNNNNN, a tax id as
 * BRA followed by the CPF digits or the (possibly alphanumeric) CNPJ. Tax ids are upper-cased
 * and stripped of punctuation so BRA12.abc.345/01de-35 finds the same user.
 */
export function normalizeUsername(username: string): string {
  const trimmed = username.trim();
  if (/^bra/i.test(trimmed))
    return `BRA${trimmed
      .slice(3)
      .replace(/[^0-9a-z]/gi, '')
      .toUpperCase()}`;
  if (trimmed.startsWith('+')) return `+${trimmed.slice(1).replace(/\D/g, '')}`;
  return trimmed;
}

export function findUserByUsername(db: Database.Database, username: string): UserRow | undefined {
  return db
    .prepare('SELECT u.* FROM logins l JOIN users u ON u.id = l.user_id WHERE l.username = ?')
    .get(normalizeUsername(username)) as UserRow | undefined;
}

export function findUserByHolder(db: Database.Database, holderId: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE holder_id = ? ORDER BY id LIMIT 1').get(holderId) as
    UserRow | undefined;
}

let dummyHash: string | undefined;

/**
 * Checks a password; for an unknown user it still runs scrypt on a dummy hash so the answer takes
 * the same time and does not reveal which user names exist.
 */
export function checkPassword(user: UserRow | undefined, password: string): boolean {
  if (!user) {
    dummyHash ??= hashPassword('not-a-password');
    verifyPassword(password, dummyHash);
    return false;
  }
  return verifyPassword(password, user.password_hash);
}

/**
 * Sets the password, by whatever route. Every open link of the user ends with it: a first-access
 * or reset link must not open a form again once the password was chosen another way.
 */
export function setPassword(db: Database.Database, userId: number, password: string, now: Date): void {
  db.prepare(
    'UPDATE users SET password_hash = ?, must_change_password = 0, password_changed_at = ? WHERE id = ?',
  ).run(hashPassword(password), now.toISOString(), userId);
  db.prepare('UPDATE verification_hashes SET used_at = ? WHERE user_id = ? AND used_at IS NULL').run(
    now.toISOString(),
    userId,
  );
}
