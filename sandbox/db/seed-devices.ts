import type Database from 'better-sqlite3';
import { DEMO_USERS, type DemoUserKey } from '../../demo/users.ts';
import { aliasKey, digest, TEMPORARY_COOKIE_DAYS, VALIDATED_COOKIE_DAYS } from '../sim/devices.ts';
import { findUserByHolder } from '../sim/users.ts';

const DAY = 86_400_000;

/**
 * Doce Sabor's devices of other browsers (the shop's machines), so her grid has a second page (5 a
 * page, 4-pix-part-two.md §9) and every state: validated, blocked, never validated (its temporary
 * cookie long gone). Their cookies are nobody's (hashes of a fixed text): whatever browser she signs
 * in from is still a device not registered, until she registers it.
 */
const DOCE_SABOR_DEVICES = [
  { alias: 'Celular antigo', daysAgo: 400, validated: true, blocked: true },
  { alias: 'Notebook do escritório', daysAgo: 200, validated: true, blocked: false },
  { alias: 'Tablet da vitrine', daysAgo: 90, validated: false, blocked: false },
  { alias: 'Computador da fábrica', daysAgo: 60, validated: false, blocked: true },
  { alias: 'Celular do gerente', daysAgo: 45, validated: true, blocked: false },
  { alias: 'Notebook do caixa', daysAgo: 20, validated: true, blocked: false },
] as const;

interface SeedDevice {
  accountId: string;
  userId: number;
  alias: string;
  cookieHash: string;
  createdAt: Date;
  validated: boolean;
  blocked: boolean;
}

function insert(db: Database.Database, d: SeedDevice): void {
  const created = d.createdAt.getTime();
  db.prepare(
    `INSERT INTO devices (account_id, user_id, alias, alias_key, cookie_hash, cookie_expires_at, created_at, validated_at, blocked_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    d.accountId,
    d.userId,
    d.alias,
    aliasKey(d.alias),
    d.cookieHash,
    new Date(created + (d.validated ? VALIDATED_COOKIE_DAYS : TEMPORARY_COOKIE_DAYS) * DAY).toISOString(),
    d.createdAt.toISOString(),
    d.validated ? new Date(created + 600_000).toISOString() : null,
    d.blocked ? new Date(created + DAY).toISOString() : null,
  );
}

/**
 * Issue 30: the demo customers' trusted devices (demo/users.ts `device`): each one validated a
 * month ago, its published cookie the one tests sign in from. Doce Sabor has none of those, so every
 * browser of hers is a device not registered for Pix ('Dispositivo não validado.', the R$ 200 cap)
 * until she registers one. No random draw.
 */
export function insertDevices(db: Database.Database, now: Date): void {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  for (const key of Object.keys(DEMO_USERS) as DemoUserKey[]) {
    const demo: { accountId: string; holderId: string; device?: { alias: string; cookie: string } } =
      DEMO_USERS[key];
    const user = findUserByHolder(db, demo.holderId);
    const account = db.prepare('SELECT 1 FROM accounts WHERE id = ?').get(demo.accountId);
    if (!user || !account) continue;
    const base = { accountId: demo.accountId, userId: user.id };
    if (demo.device)
      insert(db, {
        ...base,
        alias: demo.device.alias,
        cookieHash: digest(demo.device.cookie),
        createdAt: ago(30),
        validated: true,
        blocked: false,
      });
    if (key !== 'docesabor') continue;
    for (const d of DOCE_SABOR_DEVICES)
      insert(db, {
        ...base,
        alias: d.alias,
        cookieHash: digest(`seeded device ${key} ${d.alias}`),
        createdAt: ago(d.daysAgo),
        validated: d.validated,
        blocked: d.blocked,
      });
  }
}
