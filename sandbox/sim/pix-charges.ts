import { randomBytes, randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type Database from 'better-sqlite3';
import QRCode from 'qrcode';
import { addDays, fromLocal, localDate } from './dates.ts';
import { writeBrCode } from './brcode.ts';
import { LOCATION_SITE } from './charge-jws.ts';
import type { CashColumns, CashKind } from './pix-cash.ts';

/**
 * Pix charges the bank makes for its customers (issue 17; 3-pix-part-one.md §2 Receive, §3, §9;
 * domain notes §c; contract createImmediateCharge, createDueDateCharge, createStatic*,
 * getPixChargePayload): the BR Codes, the txids, the amount a due-date charge asks on a given day
 * and the QR image. Pure functions and the pix_charges / pix_static_codes rows; the calls are
 * routes/pix-receive.ts, the payment is routes/pix-send.ts (payPixQrCode).
 */

/** The bank's public name for its location server (template 26, sub-field 25, no scheme). */
export const LOCATION_HOST = `${LOCATION_SITE}/pix/v2`;

/** A COB lives this long after its creation (BCB API `calendario.expiracao` default). */
export const COB_EXPIRY_SECONDS = 86_400;
/** A COBV may be paid this many days after its due date (BCB `validadeAposVencimento` default). */
export const COBV_VALIDITY_DAYS = 30;
/** The interest percentage is per month, counted per calendar day over this many days. */
export const DAYS_PER_MONTH = 30;
/** Where a holder has no address on file: the city the bank writes in tag 60. */
export const DEFAULT_CITY = 'SAO PAULO';
/** QR image: the spec's 500 px with error level L (3-pix-part-one.md §9). */
export const QR_WIDTH = 500;

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomChars = (n: number) => Array.from({ length: n }, () => ALNUM[randomInt(ALNUM.length)]).join('');

/** A COB/COBV txid: 32 letters and digits (the BCB allows 26 to 35). */
export const newChargeTxid = (): string => randomChars(32);
/** A static code's txid: 25 letters and digits, the most a static 62-05 may hold. */
export const newStaticTxid = (): string => randomChars(25);
/** A location id, as PSPs write them: 32 hexadecimal digits. */
export const newLocationId = (): string => randomBytes(16).toString('hex');

/**
 * A name or city as the BR Code may carry it: accents stripped (so bytes equal characters and the
 * CRC is the same for every reader), only printable ASCII, spaces collapsed, cut to `max`.
 */
export function brCodeText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** Name (≤ 25) and city (≤ 15) of the receiver, from the holder's record and first address. */
export function merchantOf(
  db: Database.Database,
  holder: { id: string; name: string },
): { name: string; city: string } {
  const address = db
    .prepare('SELECT city FROM addresses WHERE holder_id = ? ORDER BY id LIMIT 1')
    .get(holder.id) as { city: string } | undefined;
  const city = brCodeText(address?.city ?? '', 15);
  return { name: brCodeText(holder.name, 25) || 'RECEBEDOR', city: city || DEFAULT_CITY };
}

export type ChargeKind = 'COB' | 'COBV';

export const locationOf = (kind: ChargeKind, locationId: string) =>
  `${LOCATION_HOST}/${kind === 'COB' ? 'cob' : 'cobv'}/${locationId}`;

/** The BR Code of a dynamic charge: a location, single use, no key and no amount. */
export function dynamicCode(location: string, merchant: { name: string; city: string }): string {
  return writeBrCode({ location, name: merchant.name, city: merchant.city });
}

/** The BR Code of a static code: the key, the optional amount and the recorded txid. */
export function staticCode(
  key: string,
  merchant: { name: string; city: string },
  txid: string,
  amountCents?: number,
): string {
  return writeBrCode({
    key,
    name: merchant.name,
    city: merchant.city,
    txid,
    ...(amountCents !== undefined ? { amountCents } : {}),
  });
}

// ───────────────────────────── due-date arithmetic ─────────────────────────────

/** A percentage with 2 decimals as an integer of hundredths (2.5 % → 250). */
export const toBasisHundredths = (percent: number): number => Math.round(percent * 100);

/** n / d rounded half up, for non-negative integers (exact for any size). */
function divideHalfUp(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/** Whole calendar days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export interface DueDateTerms {
  originalCents: number;
  dueDate: string;
  /** Fine in hundredths of a percent (modality 2), charged once after the due date. */
  fineHundredths: number;
  /** Interest in hundredths of a percent per month (BCB modality 3), per calendar day over 30. */
  interestHundredths: number;
}

/**
 * What a due-date charge asks on the São Paulo day `payDay`: the original up to the due date;
 * after it, plus the fine (original × % once) and the interest (original × %/30 per day late,
 * simple), each rounded half up to the cent (contract createDueDateCharge).
 */
export function amountDueCents(
  t: DueDateTerms,
  payDay: string,
): { total: number; fine: number; interest: number } {
  const late = daysBetween(t.dueDate, payDay);
  if (late <= 0) return { total: t.originalCents, fine: 0, interest: 0 };
  const original = BigInt(t.originalCents);
  const fine = Number(divideHalfUp(original * BigInt(t.fineHundredths), 10_000n));
  const interest = Number(
    divideHalfUp(original * BigInt(t.interestHundredths) * BigInt(late), 10_000n * BigInt(DAYS_PER_MONTH)),
  );
  return { total: t.originalCents + fine + interest, fine, interest };
}

/** The last instant a due-date charge may be paid: the end of due date + 30 days, São Paulo. */
export function dueDateChargeExpiry(dueDate: string): Date {
  return fromLocal(addDays(dueDate, COBV_VALIDITY_DAYS + 1));
}

// ───────────────────────────── rows ─────────────────────────────

export interface ChargeRow extends CashColumns {
  id: string;
  location: string;
  txid: string;
  key: string;
  amount_cents: number;
  description: string | null;
  additional_info: string | null;
  created_at: string;
  expires_at: string;
  kind: ChargeKind;
  account_id: string | null;
  emv: string | null;
  due_date: string | null;
  fine_hundredths: number | null;
  interest_hundredths: number | null;
  debtor_name: string | null;
  debtor_tax_id: string | null;
  merchant_name: string | null;
  merchant_city: string | null;
  revision: number;
}

export type ChargeStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_PSP';

export function chargeByLocation(db: Database.Database, location: string): ChargeRow | undefined {
  return db.prepare('SELECT * FROM pix_charges WHERE location = ?').get(location) as ChargeRow | undefined;
}

/**
 * The ledger id of the credit a charge received from another institution (issue 31): unique in
 * the ledger, so such a charge is credited once.
 */
export const chargeInExternalId = (chargeId: string): string => `pix-charge-in:${chargeId}`;

/** Paid by a customer of this bank (pix_payments) or from another institution (the ledger). */
export function chargePaid(db: Database.Database, chargeId: string): boolean {
  return (
    db.prepare("SELECT 1 FROM pix_payments WHERE charge_id = ? AND status <> 'RJCT'").get(chargeId) !==
      undefined ||
    db
      .prepare('SELECT 1 FROM ledger_transactions WHERE external_identifier = ?')
      .get(chargeInExternalId(chargeId)) !== undefined
  );
}

export function chargeStatus(db: Database.Database, c: ChargeRow, now: Date): ChargeStatus {
  if (chargePaid(db, c.id)) return 'CONCLUIDA';
  return c.expires_at <= now.toISOString() ? 'REMOVIDA_PELO_PSP' : 'ATIVA';
}

export interface NewCharge {
  kind: ChargeKind;
  id: string;
  locationId: string;
  txid: string;
  key: string;
  accountId: string;
  merchant: { name: string; city: string };
  amountCents: number;
  description?: string;
  additionalInfo?: { nome: string; valor: string }[];
  createdAt: Date;
  /** Instead of the kind's expiry (the seed's demo charges last longer; a Saque/Troco code's expiration). */
  expiresAt?: Date;
  /** Pix Saque / Pix Troco (sim/pix-cash.ts): `amountCents` is what the payer pays, cash included. */
  cash?: { kind: CashKind; cents: number; agentModality: string; serviceProviderIspb: string };
  /** COBV. */
  due?: {
    date: string;
    fineHundredths: number;
    interestHundredths: number;
    debtorName: string;
    debtorTaxId: string;
  };
}

/** Records a charge and returns it with its BR Code. */
export function insertCharge(db: Database.Database, c: NewCharge): ChargeRow {
  const location = locationOf(c.kind, c.locationId);
  const emv = dynamicCode(location, c.merchant);
  const expires =
    c.expiresAt ??
    (c.kind === 'COBV' && c.due
      ? dueDateChargeExpiry(c.due.date)
      : new Date(c.createdAt.getTime() + COB_EXPIRY_SECONDS * 1000));
  db.prepare(
    `INSERT INTO pix_charges (id, location, txid, key, amount_cents, description, additional_info, created_at,
       expires_at, kind, account_id, emv, due_date, fine_hundredths, interest_hundredths, debtor_name, debtor_tax_id,
       merchant_name, merchant_city, revision, cash_kind, cash_cents, agent_modality, service_provider_ispb)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)`,
  ).run(
    c.id,
    location,
    c.txid,
    c.key,
    c.amountCents,
    c.description ?? null,
    c.additionalInfo && c.additionalInfo.length > 0 ? JSON.stringify(c.additionalInfo) : null,
    c.createdAt.toISOString(),
    expires.toISOString(),
    c.kind,
    c.accountId,
    emv,
    c.due?.date ?? null,
    c.due?.fineHundredths ?? null,
    c.due?.interestHundredths ?? null,
    c.due?.debtorName ?? null,
    c.due?.debtorTaxId ?? null,
    c.merchant.name,
    c.merchant.city,
    c.cash?.kind ?? null,
    c.cash?.cents ?? null,
    c.cash?.agentModality ?? null,
    c.cash?.serviceProviderIspb ?? null,
  );
  return db.prepare('SELECT * FROM pix_charges WHERE id = ?').get(c.id) as ChargeRow;
}

/** The São Paulo day of an instant, for the due-date arithmetic. */
export const payDayOf = (at: Date): string => localDate(at);

// ───────────────────────────── the QR image ─────────────────────────────

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * The QR code of `text` as a PNG of `width` × `width` pixels (8-bit grey), black modules on white
 * with at least the 4-module quiet zone, at the error correction level asked. Synchronous (the
 * handlers run inside one SQLite transaction), so it draws the matrix of `qrcode` itself.
 */
export function qrPng(text: string, width: number, level: 'L' | 'M' | 'Q' | 'H'): Buffer {
  const qr = QRCode.create(text, { errorCorrectionLevel: level });
  const size = qr.modules.size;
  const scale = Math.max(1, Math.floor(width / (size + 8)));
  const side = Math.max(width, (size + 8) * scale);
  const offset = Math.floor((side - size * scale) / 2);
  const raw = Buffer.alloc((side + 1) * side, 0xff);
  for (let y = 0; y < side; y++) {
    raw[y * (side + 1)] = 0; // filter: none
    const my = Math.floor((y - offset) / scale);
    if (y < offset || my >= size) continue;
    for (let x = offset; x < offset + size * scale; x++) {
      const mx = Math.floor((x - offset) / scale);
      if (qr.modules.get(my, mx)) raw[y * (side + 1) + 1 + x] = 0;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
