/**
 * Pix end-to-end ids (shared/domain/notes.md §c End-to-end id; 3-pix-part-one.md §9):
 * `E` + 8-character ISPB + `yyyyMMddHHmm` in UTC + 11 characters `[a-zA-Z0-9]` = 32 characters,
 * case-sensitive. Return ids use the prefix `D`.
 *
 * The ISPB is `[0-9A-Z]{8}`, not `\d{8}`: Pix API 2.9.0 allows letters, since an ISPB may be
 * derived from an (alphanumeric) CNPJ.
 */
import { refine, string } from 'superstruct';

/** The shape of an id; the timestamp is checked separately. */
const E2E_PATTERN = /^([ED])([0-9A-Z]{8})(\d{12})([a-zA-Z0-9]{11})$/;

/** An ISPB: 8 characters `[0-9A-Z]`. */
export const ISPB_PATTERN = /^[0-9A-Z]{8}$/;

/** The parts of an end-to-end id. */
export interface EndToEndIdParts {
  /** `'E'` for a payment, `'D'` for a return (devolução). */
  prefix: 'E' | 'D';
  ispb: string;
  /** The embedded minute, UTC. */
  timestamp: Date;
  /** The 11 random characters. */
  sequence: string;
}

/** Splits an id into its parts; `undefined` when the shape or the timestamp is invalid. */
export function parseEndToEndId(id: string): EndToEndIdParts | undefined {
  const m = E2E_PATTERN.exec(id);
  if (!m) return undefined;
  const [, prefix, ispb, stamp, sequence] = m as unknown as [string, 'E' | 'D', string, string, string];
  const [y, mo, d, h, mi] = [
    stamp.slice(0, 4),
    stamp.slice(4, 6),
    stamp.slice(6, 8),
    stamp.slice(8, 10),
    stamp.slice(10, 12),
  ].map(Number) as [number, number, number, number, number];
  const timestamp = new Date(Date.UTC(y, mo - 1, d, h, mi));
  const roundTrip =
    timestamp.getUTCFullYear() === y &&
    timestamp.getUTCMonth() === mo - 1 &&
    timestamp.getUTCDate() === d &&
    timestamp.getUTCHours() === h &&
    timestamp.getUTCMinutes() === mi;
  if (!roundTrip || y < 2020) return undefined;
  return { prefix, ispb, timestamp, sequence };
}

/**
 * Whether `id` is a valid end-to-end id: 32 characters, prefix `E` (or `D` when
 * `allowReturn`), an ISPB of `[0-9A-Z]`, a real UTC minute not before 2020 (Pix launched in
 * November 2020), and 11 `[a-zA-Z0-9]`.
 */
export function isValidEndToEndId(id: string, options: { allowReturn?: boolean } = {}): boolean {
  const parts = parseEndToEndId(id);
  if (!parts) return false;
  return parts.prefix === 'E' || (options.allowReturn === true && parts.prefix === 'D');
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/**
 * Builds an end-to-end id from the payer institution's ISPB, the moment of the payment (written
 * in UTC, to the minute) and 11 random characters `[a-zA-Z0-9]` (supplied by the caller, so
 * that machines stay deterministic). Throws `RangeError` on a bad ISPB, date or random part.
 */
export function makeEndToEndId(ispb: string, date: Date, random: string, prefix: 'E' | 'D' = 'E'): string {
  if (!ISPB_PATTERN.test(ispb)) throw new RangeError(`invalid ISPB: ${ispb}`);
  if (Number.isNaN(date.getTime())) throw new RangeError('invalid date');
  if (!/^[a-zA-Z0-9]{11}$/.test(random)) throw new RangeError('random part must be 11 [a-zA-Z0-9]');
  const stamp =
    pad(date.getUTCFullYear(), 4) +
    pad(date.getUTCMonth() + 1, 2) +
    pad(date.getUTCDate(), 2) +
    pad(date.getUTCHours(), 2) +
    pad(date.getUTCMinutes(), 2);
  const id = `${prefix}${ispb}${stamp}${random}`;
  if (!parseEndToEndId(id)) throw new RangeError('date outside the range of end-to-end ids');
  return id;
}

/** superstruct: an end-to-end id with prefix `E` (see `isValidEndToEndId`). */
export const EndToEndIdStruct = refine(string(), 'EndToEndId', (v) => isValidEndToEndId(v));
