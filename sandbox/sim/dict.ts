import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { sendMail } from './outbox.ts';
import { hashPassword, randomToken, verifyPassword } from './passwords.ts';
import {
  KEY_CODE_MAX_ATTEMPTS,
  KEY_CODE_MAX_SENDS,
  KEY_CODE_SEND_WINDOW_MS,
  KEY_CODE_TTL_MS,
  type DictKeyType,
  type PixKeyStatus,
} from './pix-keys.ts';
import { countRequest, rateWaitSeconds, type RateLimit } from './throttle.ts';

/**
 * The sandbox DICT (issue #15): the directory of Pix keys, this bank's and other institutions',
 * and the ownership codes of phone and e-mail keys. The format and status rules are in
 * ./pix-keys.ts; the calls in ../routes/pix-keys.ts.
 */

export interface PixKeyRow {
  id: number;
  key: string;
  key_type: DictKeyType;
  status: PixKeyStatus;
  account_id: string | null;
  participant: string | null;
  branch: string;
  account_number: string;
  account_type: 'CACC' | 'SVGS' | 'SLRY' | 'TRAN';
  opening_date: string;
  owner_type: 'NATURAL_PERSON' | 'LEGAL_PERSON';
  owner_tax_id: string;
  owner_name: string;
  created_at: string;
  ownership_date: string;
  removed_at: string | null;
  removal_reason: string | null;
  external_identifier: string | null;
}

// ───────────────────────────── participants ─────────────────────────────

const BANKS_FILE = fileURLToPath(new URL('../../machines/data/banks.json', import.meta.url));

export interface Participant {
  ispb: string;
  name: string;
  shortName: string | null;
  pixType: 'DRCT' | 'IDRT';
}

/**
 * The Pix participants of machines/data/banks.json (npm bancos-brasileiros, compiled from the
 * Banco Central do Brasil's list of Pix participants; that file gives the version and the date of
 * the data): every institution whose Pix participation is direct (DRCT) or indirect (IDRT). Read
 * once per process (every reseed uses it).
 */
let participants: readonly Participant[] | undefined;

export function pixParticipants(): readonly Participant[] {
  if (participants) return participants;
  const data = JSON.parse(readFileSync(BANKS_FILE, 'utf8')) as {
    banks: { ispb: string; name: string; shortName?: string | null; pix?: string | null }[];
  };
  const seen = new Set<string>();
  const out: Participant[] = [];
  for (const b of data.banks) {
    if ((b.pix !== 'DRCT' && b.pix !== 'IDRT') || seen.has(b.ispb)) continue;
    seen.add(b.ispb);
    out.push({ ispb: b.ispb, name: b.name, shortName: b.shortName ?? null, pixType: b.pix });
  }
  participants = out;
  return out;
}

export function insertParticipants(db: Database.Database): number {
  const insert = db.prepare(
    'INSERT OR IGNORE INTO pix_participants (ispb, name, short_name, pix_type) VALUES (?, ?, ?, ?)',
  );
  let n = 0;
  for (const p of pixParticipants()) n += insert.run(p.ispb, p.name, p.shortName, p.pixType).changes;
  return n;
}

// ───────────────────────────── keys ─────────────────────────────

/** The entry of a key in DICT (any status but removed), whoever holds it. */
export function liveKey(db: Database.Database, key: string): PixKeyRow | undefined {
  return db.prepare("SELECT * FROM pix_keys WHERE key = ? AND status <> 'DELETED'").get(key) as
    PixKeyRow | undefined;
}

/** The account's keys not removed, oldest first. */
export function accountKeys(db: Database.Database, accountId: string): PixKeyRow[] {
  return db
    .prepare("SELECT * FROM pix_keys WHERE account_id = ? AND status <> 'DELETED' ORDER BY created_at, id")
    .all(accountId) as PixKeyRow[];
}

/** The keys not removed of every account of a holder, oldest first. */
export function holderKeys(db: Database.Database, holderId: string): PixKeyRow[] {
  return db
    .prepare(
      `SELECT k.* FROM pix_keys k JOIN accounts a ON a.id = k.account_id
       WHERE a.holder_id = ? AND k.status <> 'DELETED' ORDER BY k.created_at, k.id`,
    )
    .all(holderId) as PixKeyRow[];
}

export function countAccountKeys(db: Database.Database, accountId: string): number {
  return (
    db
      .prepare("SELECT COUNT(*) AS n FROM pix_keys WHERE account_id = ? AND status <> 'DELETED'")
      .get(accountId) as { n: number }
  ).n;
}

export interface KeyHolder {
  accountId: string;
  branch: string;
  number: string;
  openedAt: string;
  personType: 'PERSON' | 'CORPORATE';
  taxId: string;
  name: string;
}

/** A customer account with its holder, as a key registered to it shows them. */
export function keyHolderOf(db: Database.Database, accountId: string): KeyHolder | undefined {
  const row = db
    .prepare(
      `SELECT a.id AS accountId, a.branch, a.number, a.created_at AS openedAt, h.person_type AS personType,
              h.tax_id AS taxId, h.name
       FROM accounts a JOIN account_holders h ON h.id = a.holder_id
       WHERE a.id = ? AND a.kind = 'CUSTOMER' AND h.person_type IN ('PERSON', 'CORPORATE')`,
    )
    .get(accountId) as (Omit<KeyHolder, 'taxId'> & { taxId: string | null }) | undefined;
  if (!row || row.taxId === null) return undefined;
  return { ...row, taxId: row.taxId };
}

export interface NewKey {
  key: string;
  type: DictKeyType;
  status: PixKeyStatus;
  at: Date;
  externalIdentifier?: string;
}

/** Registers a key to an account of this bank (a payment account, TRAN). */
export function insertOwnKey(db: Database.Database, holder: KeyHolder, k: NewKey): PixKeyRow {
  const at = k.at.toISOString();
  const id = Number(
    db
      .prepare(
        `INSERT INTO pix_keys (key, key_type, status, account_id, participant, branch, account_number, account_type,
           opening_date, owner_type, owner_tax_id, owner_name, created_at, ownership_date, external_identifier)
         VALUES (?, ?, ?, ?, NULL, ?, ?, 'TRAN', ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        k.key,
        k.type,
        k.status,
        holder.accountId,
        holder.branch,
        holder.number,
        holder.openedAt,
        holder.personType === 'PERSON' ? 'NATURAL_PERSON' : 'LEGAL_PERSON',
        holder.taxId,
        holder.name,
        at,
        at,
        k.externalIdentifier ?? null,
      ).lastInsertRowid,
  );
  return db.prepare('SELECT * FROM pix_keys WHERE id = ?').get(id) as PixKeyRow;
}

export interface ExternalKey {
  key: string;
  type: DictKeyType;
  participant: string;
  branch: string;
  accountNumber: string;
  accountType: 'CACC' | 'SVGS' | 'SLRY' | 'TRAN';
  ownerType: 'NATURAL_PERSON' | 'LEGAL_PERSON';
  ownerTaxId: string;
  ownerName: string;
  openedAt: Date;
  registeredAt: Date;
}

/** A key registered at another institution (seed data of the directory). */
export function insertExternalKey(db: Database.Database, k: ExternalKey): void {
  db.prepare(
    `INSERT INTO pix_keys (key, key_type, status, account_id, participant, branch, account_number, account_type,
       opening_date, owner_type, owner_tax_id, owner_name, created_at, ownership_date)
     VALUES (?, ?, 'ACTIVE', NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    k.key,
    k.type,
    k.participant,
    k.branch,
    k.accountNumber,
    k.accountType,
    k.openedAt.toISOString(),
    k.ownerType,
    k.ownerTaxId,
    k.ownerName,
    k.registeredAt.toISOString(),
    k.registeredAt.toISOString(),
  );
}

/** A new EVP: a lower-case UUID v4, made by DICT (never the customer). */
export function newEvp(db: Database.Database): string {
  for (;;) {
    const evp = randomUUID();
    if (!db.prepare('SELECT 1 FROM pix_keys WHERE key = ?').get(evp)) return evp;
  }
}

export function setKeyStatus(db: Database.Database, id: number, status: PixKeyStatus, at: Date): void {
  db.prepare('UPDATE pix_keys SET status = ?, ownership_date = ? WHERE id = ?').run(
    status,
    at.toISOString(),
    id,
  );
}

/** Removes a key from DICT: it leaves every list, and its codes stop working. */
export function removeKey(db: Database.Database, id: number, reason: string, at: Date): void {
  const iso = at.toISOString();
  db.prepare("UPDATE pix_keys SET status = 'DELETED', removed_at = ?, removal_reason = ? WHERE id = ?").run(
    iso,
    reason,
    id,
  );
  db.prepare('UPDATE pix_key_codes SET voided_at = ? WHERE key_id = ? AND voided_at IS NULL').run(iso, id);
}

// ───────────────────────────── ownership codes ─────────────────────────────

export interface KeyCodeRow {
  id: number;
  key_id: number;
  protocol_id: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  attempts: number;
  voided_at: string | null;
  used_at: string | null;
  validation_external_identifier: string | null;
}

function sendLimits(accountId: string): RateLimit[] {
  return [
    { scope: 'pix-key-code', key: accountId, limit: KEY_CODE_MAX_SENDS, windowMs: KEY_CODE_SEND_WINDOW_MS },
  ];
}

/** Seconds before the account may have another code sent, or 0. */
export function codeSendWait(db: Database.Database, accountId: string, now: Date): number {
  return rateWaitSeconds(db, sendLimits(accountId), now);
}

/** A random 6-digit code, leading zeros kept. */
export function newKeyCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Sends a new 'Código de Chave' to the key (the outbox: an SMS to a phone, an e-mail to an
 * address), keeps its hash, voids the key's earlier codes, and answers the protocolId. The caller
 * has checked {@link codeSendWait}.
 */
export function sendKeyCode(
  db: Database.Database,
  key: PixKeyRow,
  now: Date,
  code: string = newKeyCode(),
): { protocolId: string; expiresAt: Date } {
  if (!key.account_id) throw new Error('only this bank sends ownership codes');
  countRequest(db, sendLimits(key.account_id), now);
  const at = now.toISOString();
  db.prepare('UPDATE pix_key_codes SET voided_at = ? WHERE key_id = ? AND voided_at IS NULL').run(at, key.id);
  const protocolId = randomToken(18);
  const expiresAt = new Date(now.getTime() + KEY_CODE_TTL_MS);
  db.prepare(
    'INSERT INTO pix_key_codes (key_id, protocol_id, code_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
  ).run(key.id, protocolId, hashPassword(code), at, expiresAt.toISOString());
  const minutes = Math.round(KEY_CODE_TTL_MS / 60_000);
  const what = key.key_type === 'PHONE' ? 'celular' : 'e-mail';
  sendMail(
    db,
    key.key,
    key.key_type === 'PHONE' ? 'SMS: Código de Chave Pix' : 'Código de Chave Pix',
    `Banco Sandbox: seu Código de Chave para cadastrar o ${what} ${key.key} como chave Pix é ${code}.\n\n` +
      `Ele vale por ${minutes} minutos. Não compartilhe este código com ninguém. Se não foi você quem pediu, ignore esta mensagem.`,
    now,
  );
  return { protocolId, expiresAt };
}

/** The key's newest code (it may be expired, burnt, voided or used). */
export function latestKeyCode(db: Database.Database, keyId: number): KeyCodeRow | undefined {
  return db.prepare('SELECT * FROM pix_key_codes WHERE key_id = ? ORDER BY id DESC LIMIT 1').get(keyId) as
    KeyCodeRow | undefined;
}

/** The key's first code: the one answered to its registration. */
export function firstKeyCode(db: Database.Database, keyId: number): KeyCodeRow | undefined {
  return db.prepare('SELECT * FROM pix_key_codes WHERE key_id = ? ORDER BY id LIMIT 1').get(keyId) as
    KeyCodeRow | undefined;
}

/**
 * - `valid`: the newest open code, with its protocolId (it is now used);
 * - `wrong`: another code or protocolId (one try used);
 * - `exhausted`: the tries are over;
 * - `expired`: no open code (never sent, voided, used or past its time).
 */
export type KeyCodeCheck = 'valid' | 'wrong' | 'exhausted' | 'expired';

export function checkKeyCode(
  db: Database.Database,
  keyId: number,
  protocolId: string,
  code: string,
  externalIdentifier: string,
  now: Date,
): KeyCodeCheck {
  const row = latestKeyCode(db, keyId);
  if (!row || row.voided_at !== null || row.used_at !== null || row.expires_at <= now.toISOString())
    return 'expired';
  if (row.attempts >= KEY_CODE_MAX_ATTEMPTS) return 'exhausted';
  if (row.protocol_id === protocolId && verifyPassword(code, row.code_hash)) {
    db.prepare('UPDATE pix_key_codes SET used_at = ?, validation_external_identifier = ? WHERE id = ?').run(
      now.toISOString(),
      externalIdentifier,
      row.id,
    );
    return 'valid';
  }
  const attempts = row.attempts + 1;
  db.prepare('UPDATE pix_key_codes SET attempts = ? WHERE id = ?').run(attempts, row.id);
  return attempts >= KEY_CODE_MAX_ATTEMPTS ? 'exhausted' : 'wrong';
}

/** Whether the key was validated by a call with this idempotency id (a repeat). */
export function validatedBy(db: Database.Database, keyId: number, externalIdentifier: string): boolean {
  return (
    db
      .prepare(
        'SELECT 1 FROM pix_key_codes WHERE key_id = ? AND used_at IS NOT NULL AND validation_external_identifier = ?',
      )
      .get(keyId, externalIdentifier) !== undefined
  );
}

// ───────────────────────────── tutorial ─────────────────────────────

export function tutorialClosed(db: Database.Database, accountId: string): boolean {
  return db.prepare('SELECT 1 FROM pix_tutorials WHERE account_id = ?').get(accountId) !== undefined;
}

export function closeTutorial(db: Database.Database, accountId: string, now: Date): void {
  db.prepare('INSERT OR IGNORE INTO pix_tutorials (account_id, closed_at) VALUES (?, ?)').run(
    accountId,
    now.toISOString(),
  );
}
