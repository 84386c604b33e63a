import { createHash, randomInt } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Session } from './sessions.ts';
import { hashPassword, randomToken, verifyPassword } from './passwords.ts';
import { ACCOUNT_POLICY, codeSubjects, type Subject } from './throttle.ts';

/**
 * Trusted devices and their second factor (4-pix-part-two.md §2 Device list, §3 Device, §4 Device,
 * §5 Device alias, §9; issue 30). A device is a browser the holder registered: the bank draws a
 * random cookie for it and keeps only the cookie's SHA-256, as it does for bearer tokens. The
 * session remembers the hash of the cookie it signed in with (tokens.device_cookie), so whether a
 * session is on a validated device is read from the device's record at every call: validating it
 * lifts the unregistered-device Pix caps, blocking or deleting it brings them back at once.
 *
 * The cookie lives 7 days while the device is not validated and 1825 days once it is (§9); the
 * second factor rotates it, so the permanent cookie is a secret nobody saw before the e-mailed
 * link and code were used.
 */

const DAY_MS = 86_400_000;
/** §9: the temporary cookie of a device not validated. */
export const TEMPORARY_COOKIE_DAYS = 7;
/** §9: the cookie of a validated device. */
export const VALIDATED_COOKIE_DAYS = 1825;
/** §5 and §9: the device alias minimum. */
export const ALIAS_MIN_LENGTH = 5;
/**
 * How long the e-mailed link and its 6-digit code work. The spec is silent; a bank keeps an
 * enrolment code short-lived (the e-mailed password codes live 10 minutes), and 30 minutes leave
 * time to open the mailbox on another screen.
 */
export const CHALLENGE_TTL_MS = 30 * 60_000;
/** How long step 1's codeValidation waits for step 2 (ValidateDevice). */
export const CODE_VALIDATION_TTL_MS = 5 * 60_000;
/** Wrong codes that burn a link (as the e-mailed password codes: the fifth wrong one). */
export const CHALLENGE_MAX_ATTEMPTS = 5;

/** The catalogue codes of the devices area (group DEVICE). */
export const DEVICE_ERRORS = {
  aliasTooShort: { code: 150, description: 'O apelido deve ter pelo menos 5 caracteres.' },
  aliasTaken: { code: 151, description: 'Apelido já cadastrado.' },
  alreadyTrusted: {
    code: 152,
    description: 'Este navegador já é um dispositivo validado. Não é preciso cadastrá-lo de novo.',
  },
  tokenInvalid: {
    code: 153,
    description: 'Link de validação inválido, expirado ou já utilizado. Cadastre o dispositivo novamente.',
  },
  wrongCode: { code: 154, description: 'Código de verificação incorreto.' },
  codeExhausted: {
    code: 155,
    description: 'Código bloqueado após 5 tentativas erradas. Cadastre o dispositivo novamente.',
  },
  aliasMismatch: { code: 156, description: 'O apelido não confere com o dispositivo deste link.' },
  deviceBlocked: { code: 157, description: 'Dispositivo bloqueado. Desbloqueie-o antes de validar.' },
  deviceNotFound: { code: 158, description: 'Dispositivo não encontrado.' },
} as const;

export type DeviceErrorName = keyof typeof DEVICE_ERRORS;

export interface DeviceRow {
  id: number;
  account_id: string;
  user_id: number;
  alias: string;
  alias_key: string;
  cookie_hash: string;
  cookie_expires_at: string;
  created_at: string;
  validated_at: string | null;
  blocked_at: string | null;
  deleted_at: string | null;
}

export interface ChallengeRow {
  id: number;
  device_id: number;
  token_hash: string;
  code_hash: string;
  attempts: number;
  expires_at: string;
  used_at: string | null;
  validation_hash: string | null;
  validation_expires_at: string | null;
  validation_used_at: string | null;
}

/** SHA-256 of a cookie, token or codeValidation: the tables never hold a usable secret. */
export function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** §5: the alias as typed, without the spaces around it. */
export const trimAlias = (alias: string): string => alias.trim().replace(/\s+/g, ' ');

/**
 * What makes two aliases the same ('Apelido já cadastrado.'): spaces collapsed and case ignored,
 * so 'Notebook  Casa' and 'notebook casa' are one device name for the holder.
 */
export const aliasKey = (alias: string): string => trimAlias(alias).toLocaleLowerCase('pt-BR');

/** §5: the alias rule; null when the alias may be used. */
export function aliasProblem(alias: string): 'aliasTooShort' | null {
  return [...trimAlias(alias)].length < ALIAS_MIN_LENGTH ? 'aliasTooShort' : null;
}

/** Whether the device's record, at `now`, makes its cookie a validated device's. */
export function isTrusted(device: DeviceRow, now: Date): boolean {
  return (
    device.validated_at !== null &&
    device.blocked_at === null &&
    device.deleted_at === null &&
    device.cookie_expires_at > now.toISOString()
  );
}

/** The live (not deleted) device of a cookie hash, whoever it belongs to. */
export function deviceByCookieHash(db: Database.Database, cookieHash: string | null): DeviceRow | undefined {
  if (!cookieHash) return undefined;
  return db.prepare('SELECT * FROM devices WHERE cookie_hash = ? AND deleted_at IS NULL').get(cookieHash) as
    DeviceRow | undefined;
}

/** The device the session signed in with (or registered since), if it is the session user's. */
export function sessionDevice(db: Database.Database, session: Session): DeviceRow | undefined {
  const row = db
    .prepare('SELECT device_cookie AS cookieHash FROM tokens WHERE token_hash = ?')
    .get(session.tokenHash) as { cookieHash: string | null } | undefined;
  const device = deviceByCookieHash(db, row?.cookieHash ?? null);
  return device && device.user_id === session.userId ? device : undefined;
}

/**
 * Whether the session is on a validated device of its own user: the one answer the Pix caps
 * (R$ 200 a payment, R$ 1,000 a day on a device not registered, docs/domain-notes.md "Trusted
 * devices"), getMe's `deviceValidated` and the claims (4-pix-part-two.md §4: adding a
 * portability item requires a validated device) read. Read from the device's record at each call,
 * so a device blocked or deleted in another tab stops counting at once.
 */
export function isSessionDeviceValidated(db: Database.Database, session: Session, now: Date): boolean {
  const device = sessionDevice(db, session);
  return device !== undefined && isTrusted(device, now);
}

/** Whether a cookie (as sent at sign-in) is a validated device of that user (login's isValidateDevice). */
export function isCookieTrusted(
  db: Database.Database,
  userId: number,
  cookieHash: string | null,
  now: Date,
): boolean {
  const device = deviceByCookieHash(db, cookieHash);
  return device !== undefined && device.user_id === userId && isTrusted(device, now);
}

export interface NewDevice {
  accountId: string;
  userId: number;
  alias: string;
  now: Date;
  /** The session that registers it: it moves onto the new device's cookie. */
  tokenHash?: string;
}

/** Registers a device (not validated) with a temporary cookie; returns its row and the cookie. */
export function insertDevice(db: Database.Database, d: NewDevice): { device: DeviceRow; cookie: string } {
  const cookie = randomToken(32);
  const id = Number(
    db
      .prepare(
        `INSERT INTO devices (account_id, user_id, alias, alias_key, cookie_hash, cookie_expires_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        d.accountId,
        d.userId,
        trimAlias(d.alias),
        aliasKey(d.alias),
        digest(cookie),
        new Date(d.now.getTime() + TEMPORARY_COOKIE_DAYS * DAY_MS).toISOString(),
        d.now.toISOString(),
      ).lastInsertRowid,
  );
  if (d.tokenHash)
    db.prepare('UPDATE tokens SET device_cookie = ? WHERE token_hash = ?').run(digest(cookie), d.tokenHash);
  return { device: findDevice(db, id) as DeviceRow, cookie };
}

export function findDevice(db: Database.Database, id: number): DeviceRow | undefined {
  return db.prepare('SELECT * FROM devices WHERE id = ? AND deleted_at IS NULL').get(id) as
    DeviceRow | undefined;
}

/** Whether the account already has a live device of that alias. */
export function aliasTaken(db: Database.Database, accountId: string, alias: string): boolean {
  return (
    db
      .prepare('SELECT 1 FROM devices WHERE account_id = ? AND alias_key = ? AND deleted_at IS NULL')
      .get(accountId, aliasKey(alias)) !== undefined
  );
}

/**
 * Validates a device and rotates its cookie to a permanent one (1825 days). The sessions on the
 * old, temporary cookie (the browser that registered it) move to the new one, so the caps lift in
 * the session that is open; returns the new cookie, which is never stored in clear.
 */
export function validateDeviceRecord(db: Database.Database, device: DeviceRow, now: Date): string {
  const cookie = randomToken(32);
  const hash = digest(cookie);
  db.prepare('UPDATE tokens SET device_cookie = ? WHERE device_cookie = ?').run(hash, device.cookie_hash);
  db.prepare('UPDATE devices SET cookie_hash = ?, cookie_expires_at = ?, validated_at = ? WHERE id = ?').run(
    hash,
    new Date(now.getTime() + VALIDATED_COOKIE_DAYS * DAY_MS).toISOString(),
    now.toISOString(),
    device.id,
  );
  return cookie;
}

/** A random 6-digit code, leading zeros kept. */
export const newDeviceCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Opens the second factor of a device: a link token and a 6-digit code, both single-use and
 * expiring, stored as hashes (the token's SHA-256, the code's scrypt: six digits would fall to a
 * plain hash at once). Earlier open challenges of the device end.
 */
export function openChallenge(
  db: Database.Database,
  deviceId: number,
  now: Date,
  code: string = newDeviceCode(),
): { token: string; code: string } {
  const token = randomToken(24);
  db.prepare('UPDATE device_challenges SET used_at = ? WHERE device_id = ? AND used_at IS NULL').run(
    now.toISOString(),
    deviceId,
  );
  db.prepare(
    'INSERT INTO device_challenges (device_id, token_hash, code_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?)',
  ).run(
    deviceId,
    digest(token),
    hashPassword(code),
    new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
    now.toISOString(),
  );
  return { token, code };
}

/** The challenge of a link token that may still be answered (unused, unexpired, tries left). */
export function openChallengeOf(db: Database.Database, token: string, now: Date): ChallengeRow | undefined {
  const row = db.prepare('SELECT * FROM device_challenges WHERE token_hash = ?').get(digest(token)) as
    ChallengeRow | undefined;
  if (!row || row.used_at !== null || row.expires_at <= now.toISOString()) return undefined;
  if (row.attempts >= CHALLENGE_MAX_ATTEMPTS) return undefined;
  return row;
}

export type CodeCheck = 'valid' | 'wrong' | 'exhausted';

/** Checks the typed code, counting a wrong one; the fifth wrong one burns the link and code. */
export function checkChallengeCode(
  db: Database.Database,
  row: ChallengeRow,
  code: string,
  now: Date,
): CodeCheck {
  if (verifyPassword(code, row.code_hash)) return 'valid';
  const attempts = row.attempts + 1;
  db.prepare('UPDATE device_challenges SET attempts = ? WHERE id = ?').run(attempts, row.id);
  if (attempts < CHALLENGE_MAX_ATTEMPTS) return 'wrong';
  db.prepare('UPDATE device_challenges SET used_at = ? WHERE id = ?').run(now.toISOString(), row.id);
  return 'exhausted';
}

/** Step 1 passed: the link and code are spent, and a codeValidation waits 5 minutes for step 2. */
export function passChallenge(db: Database.Database, row: ChallengeRow, now: Date): string {
  const codeValidation = randomToken(24);
  db.prepare(
    'UPDATE device_challenges SET used_at = ?, validation_hash = ?, validation_expires_at = ? WHERE id = ?',
  ).run(
    now.toISOString(),
    digest(codeValidation),
    new Date(now.getTime() + CODE_VALIDATION_TTL_MS).toISOString(),
    row.id,
  );
  return codeValidation;
}

/** The challenge whose step 1 gave this codeValidation, for this link, still unused and in time. */
export function passedChallengeOf(
  db: Database.Database,
  token: string,
  codeValidation: string,
  now: Date,
): ChallengeRow | undefined {
  const row = db
    .prepare('SELECT * FROM device_challenges WHERE token_hash = ? AND validation_hash = ?')
    .get(digest(token), digest(codeValidation)) as ChallengeRow | undefined;
  if (!row || row.validation_used_at !== null) return undefined;
  if (!row.validation_expires_at || row.validation_expires_at <= now.toISOString()) return undefined;
  return row;
}

export function spendCodeValidation(db: Database.Database, row: ChallengeRow, now: Date): void {
  db.prepare('UPDATE device_challenges SET validation_used_at = ? WHERE id = ?').run(
    now.toISOString(),
    row.id,
  );
}

/**
 * Who a code guess counts against, throttled like the sign-in (sim/throttle.ts): the link itself
 * (two free tries, then 2 s, 4 s, and the fifth wrong one locks it for 15 minutes) and the address
 * across links.
 */
export function challengeSubjects(challengeId: number, remoteAddress: string): Subject[] {
  return [
    { scope: 'device-code', key: `challenge:${challengeId}`, policy: ACCOUNT_POLICY },
    ...codeSubjects(remoteAddress),
  ];
}
