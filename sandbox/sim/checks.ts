import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type Database from 'better-sqlite3';

/**
 * Digital checks (issue #14, 2-money-movement.md §2 Receive by QR code). The spec does not say
 * what a digital check is on the bank's side; the sandbox decides:
 * - a check is drawn by the bank on an issuer's account for a fixed amount, single use, valid
 *   CHECK_VALID_DAYS days; the demo checks are issued by the seed (and by POST /sandbox/cheques
 *   with test routes on) and listed at /sandbox/cheques.json as the QR JSON to paste;
 * - its qrCodeData is `CHQ1.<id>.<cents>.<mac>`: the mac is an HMAC-SHA-256 (first 32 hex) with
 *   a key only the bank holds (meta.digital_check_key, drawn once per database) over the id, the
 *   amount and the issuer's account, so a forged or altered check does not verify;
 * - redeemed once: it debits the issuer and credits the receiver in one ledger transaction; used,
 *   expired, forged or altered, or not covered by the issuer's balance ("sem fundos"), it is
 *   refused with a clear message and nothing moves.
 */
export const CHECK_VALID_DAYS = 30;

function key(db: Database.Database): Buffer {
  db.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES ('digital_check_key', ?)").run(
    randomBytes(32).toString('hex'),
  );
  const row = db.prepare("SELECT value FROM meta WHERE key = 'digital_check_key'").get() as { value: string };
  return Buffer.from(row.value, 'hex');
}

function mac(db: Database.Database, id: string, cents: number, issuer: string): string {
  return createHmac('sha256', key(db)).update(`CHQ1|${id}|${cents}|${issuer}`).digest('hex').slice(0, 32);
}

export function checkQrData(db: Database.Database, id: string, cents: number, issuer: string): string {
  return `CHQ1.${id}.${cents}.${mac(db, id, cents, issuer)}`;
}

export interface CheckRow {
  id: string;
  issuer_account_id: string;
  amount_cents: number;
  issued_at: string;
  expires_at: string;
  redeemed_at: string | null;
  redeemed_by_account_id: string | null;
  transaction_id: string | null;
}

/** Writes a check; returns its qrCodeData. */
export function issueCheck(
  db: Database.Database,
  o: { id?: string; issuerAccountId: string; amountCents: number; at: Date },
): { id: string; qrCodeData: string } {
  const id = o.id ?? randomBytes(8).toString('hex').toUpperCase();
  const expires = new Date(o.at.getTime() + CHECK_VALID_DAYS * 86_400_000);
  db.prepare(
    'INSERT INTO digital_checks (id, issuer_account_id, amount_cents, issued_at, expires_at) VALUES (?, ?, ?, ?, ?)',
  ).run(id, o.issuerAccountId, o.amountCents, o.at.toISOString(), expires.toISOString());
  return { id, qrCodeData: checkQrData(db, id, o.amountCents, o.issuerAccountId) };
}

/** The check a qrCodeData names, when its mac verifies; undefined for anything forged or altered. */
export function verifyCheck(db: Database.Database, qrCodeData: string): CheckRow | undefined {
  const m = /^CHQ1\.([0-9A-Z]{1,32})\.([1-9][0-9]{0,14})\.([0-9a-f]{32})$/.exec(qrCodeData.trim());
  if (!m) return undefined;
  const [, id = '', cents = '', given = ''] = m;
  const row = db.prepare('SELECT * FROM digital_checks WHERE id = ?').get(id) as CheckRow | undefined;
  if (!row || row.amount_cents !== Number(cents)) return undefined;
  const expected = Buffer.from(mac(db, id, row.amount_cents, row.issuer_account_id));
  const got = Buffer.from(given);
  return expected.length === got.length && timingSafeEqual(expected, got) ? row : undefined;
}

/** Checks not yet redeemed (expired ones too, to try the refusal), with the QR JSON to paste. */
export function checkListing(db: Database.Database) {
  const rows = db
    .prepare('SELECT * FROM digital_checks WHERE redeemed_at IS NULL ORDER BY issued_at, id')
    .all() as CheckRow[];
  return rows.map((r) => {
    const qrCodeData = checkQrData(db, r.id, r.amount_cents, r.issuer_account_id);
    return {
      id: r.id,
      issuerAccountId: r.issuer_account_id,
      amount: r.amount_cents / 100,
      expiresAt: r.expires_at,
      qr: JSON.stringify({ value: r.amount_cents / 100, qrCodeData }),
    };
  });
}
