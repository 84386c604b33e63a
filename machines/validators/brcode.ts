/**
 * Pix BR Code (EMV QRCPS-MPM TLV) as in the BCB "Manual de Padrões para Iniciação do Pix";
 * shared/domain/notes.md §c.
 *
 * Parsed here, strictly, rather than with `@brazilian-utils`' `getPixPayloadInfo`: checked
 * against shared/domain/vectors.json, the library accepts the `crc_ok_but_nonconformant` vector
 * (merchant city of 19 characters, txid with hyphens) because it deliberately leaves the
 * generator-side limits unchecked, and it drops the `***` txid and the unreserved templates
 * (80–99) from its result. It does agree with every CRC and TLV verdict of the vectors.
 *
 * CRC: CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no xorout) over everything
 * up to and including `6304`, written as 4 upper-case hex digits, zero-padded.
 */
import { removeAccents } from '@brazilian-utils/brazilian-utils/remove-accents';
import { EMPTY, MAX_LENGTH } from './input-keys.ts';
import { parseBrlToCents } from './money.ts';

/** Why a code is not a conformant BR Code. */
export type BrCodeInvalidReason =
  | 'empty'
  | 'characters'
  | 'tlv'
  | 'duplicate_id'
  | 'payload_format'
  | 'crc_position'
  | 'crc'
  | 'point_of_initiation'
  | 'merchant_account'
  | 'key'
  | 'url'
  | 'mcc'
  | 'currency'
  | 'amount'
  | 'country'
  | 'name'
  | 'city'
  | 'additional_data'
  | 'txid';

/** One TLV data object. */
export interface TlvField {
  id: string;
  value: string;
}

/** An unreserved template (IDs 80–99), e.g. the Pix Automático recurrence URL of a "QR composto". */
export interface UnreservedTemplate {
  id: string;
  /** Sub-field 00 (GUI), when present. */
  gui: string | null;
  /** Sub-field 25 (URL), when present. */
  url: string | null;
  raw: string;
}

/** A parsed, conformant BR Code. */
export interface BrCode {
  /** `'static'` when the Pix template carries a key, `'dynamic'` when it carries a URL. */
  type: 'static' | 'dynamic';
  /** ID 01: `'11'` reusable, `'12'` single use, `null` when absent. */
  pointOfInitiation: '11' | '12' | null;
  /** The Pix GUI as written (`br.gov.bcb.pix`, any case). */
  gui: string;
  /** Template ID that holds the Pix GUI (26 in practice, 26–51 allowed). */
  merchantAccountId: string;
  /** 26-01: the key (static). */
  key: string | null;
  /** 26-25: the PSP location without scheme (dynamic). */
  url: string | null;
  /** 26-02: free text for the payer. */
  infoAdicional: string | null;
  /** 26-03: ISPB of the withdrawal facilitator (Pix Saque/Troco). */
  withdrawalFacilitator: string | null;
  /** ID 52. */
  mcc: string;
  /** ID 53, always `'986'`. */
  currency: '986';
  /** ID 54 as written (`'100.50'`), `null` when the payer types it. */
  amount: string | null;
  /** ID 54 in centavos, `null` when absent. */
  amountCents: number | null;
  /** ID 58, always `'BR'`. */
  country: 'BR';
  /** ID 59, at most 25 characters. */
  name: string;
  /** ID 60, at most 15 characters. */
  city: string;
  /** ID 61, when present. */
  postalCode: string | null;
  /**
   * 62-05 as written: `***` or up to 25 `[A-Za-z0-9]` on a static code. On a dynamic code it is
   * ignored (the txid comes from the fetched payload) and kept as written.
   */
  txid: string;
  /** ID 63. */
  crc: string;
  /** Templates 80–99, kept and not rejected. */
  unreservedTemplates: UnreservedTemplate[];
  /** Every top-level data object, in order. */
  fields: TlvField[];
}

/** The result of `parseBrCode`. */
export type BrCodeParseResult = { ok: true; value: BrCode } | { ok: false; reason: BrCodeInvalidReason };

/** The Pix GUI (compare case-insensitively). */
export const PIX_GUI = 'br.gov.bcb.pix';

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * CRC-16/CCITT-FALSE of `payload` (UTF-8 bytes; BR Codes are ASCII), as 4 upper-case hex digits,
 * zero-padded: `crc16('123456789')` → `'29B1'`.
 */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Splits a TLV string into data objects; `undefined` when malformed (bad id/length, short value). */
export function parseTlv(s: string): TlvField[] | undefined {
  const out: TlvField[] = [];
  let i = 0;
  while (i < s.length) {
    const id = s.slice(i, i + 2);
    const len = s.slice(i + 2, i + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(len)) return undefined;
    const n = Number(len);
    const value = s.slice(i + 4, i + 4 + n);
    if (value.length !== n) return undefined;
    out.push({ id, value });
    i += 4 + n;
  }
  return out;
}

/**
 * The data objects of a template (the Pix account 26–51, the additional data 62); `undefined` when
 * malformed or when an ID repeats: an ID is unique within its template, as at the top level (a
 * second GUI or key inside the template would leave which one counts to the reader).
 */
function parseTemplate(s: string): TlvField[] | undefined {
  const out = parseTlv(s);
  return out && new Set(out.map((f) => f.id)).size === out.length ? out : undefined;
}

const tlv = (id: string, value: string): string => {
  if (value.length > 99) throw new RangeError(`BR Code field ${id} longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
};

function fail(reason: BrCodeInvalidReason): BrCodeParseResult {
  return { ok: false, reason };
}

/**
 * Parses and validates a BR Code ("Pix copia e cola"). Checks, in order: printable ASCII only;
 * the TLV structure; no repeated ID (nor within the Pix template and template 62); `000201` first; `6304` + CRC last; the CRC; ID 01 absent,
 * `11` or `12`; exactly one template 26–51 with the Pix GUI, holding a key (≤77) or a URL (≤77,
 * no scheme) but not both; MCC of 4 digits; currency 986; amount (if any) `d+(.dd?)`, ≤13
 * characters and above zero (zero only with a withdrawal facilitator); country BR; name 1–25;
 * city 1–15; template 62 with sub-field 05; a static txid `***` or 1–25 `[A-Za-z0-9]`.
 * Unknown IDs, in particular templates 80–99, are accepted.
 */
export function parseBrCode(code: string): BrCodeParseResult {
  if (code === '') return fail('empty');
  if (!PRINTABLE_ASCII.test(code)) return fail('characters');
  const fields = parseTlv(code);
  if (!fields) return fail('tlv');
  const byId = new Map<string, string>();
  for (const f of fields) {
    if (byId.has(f.id)) return fail('duplicate_id');
    byId.set(f.id, f.value);
  }
  if (fields[0]?.id !== '00' || fields[0].value !== '01') return fail('payload_format');
  const last = fields[fields.length - 1];
  if (last?.id !== '63' || !/^[0-9A-F]{4}$/.test(last.value)) return fail('crc_position');
  if (crc16(code.slice(0, -4)) !== last.value) return fail('crc');

  const poi = byId.get('01');
  if (poi !== undefined && poi !== '11' && poi !== '12') return fail('point_of_initiation');

  const pixTemplates = fields.filter((f) => {
    const n = Number(f.id);
    if (n < 26 || n > 51) return false;
    const sub = parseTemplate(f.value);
    return sub?.find((s) => s.id === '00')?.value.toLowerCase() === PIX_GUI;
  });
  if (pixTemplates.length !== 1) return fail('merchant_account');
  const template = pixTemplates[0] as TlvField;
  const sub = parseTemplate(template.value) ?? [];
  const subValue = (id: string): string | null => sub.find((s) => s.id === id)?.value ?? null;
  const key = subValue('01');
  const url = subValue('25');
  if ((key === null) === (url === null)) return fail('merchant_account');
  if (key !== null && (key.length === 0 || key.length > 77)) return fail('key');
  if (url !== null && (url.length === 0 || url.length > 77 || /^[a-z][a-z0-9+.-]*:\/\//i.test(url)))
    return fail('url');
  const withdrawalFacilitator = subValue('03');

  const mcc = byId.get('52');
  if (mcc === undefined || !/^\d{4}$/.test(mcc)) return fail('mcc');
  if (byId.get('53') !== '986') return fail('currency');

  const amount = byId.get('54') ?? null;
  let amountCents: number | null = null;
  if (amount !== null) {
    const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
    if (!m || amount.length > 13) return fail('amount');
    amountCents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
    if (amountCents === 0 && withdrawalFacilitator === null) return fail('amount');
  }
  if (byId.get('58') !== 'BR') return fail('country');
  const name = byId.get('59') ?? '';
  if (name.length < 1 || name.length > 25) return fail('name');
  const city = byId.get('60') ?? '';
  if (city.length < 1 || city.length > 15) return fail('city');

  const additional = byId.get('62');
  const additionalFields = additional === undefined ? undefined : parseTemplate(additional);
  const txid = additionalFields?.find((f) => f.id === '05')?.value;
  if (txid === undefined) return fail('additional_data');
  const type = key !== null ? 'static' : 'dynamic';
  if (type === 'static' && txid !== '***' && !/^[A-Za-z0-9]{1,25}$/.test(txid)) return fail('txid');

  const unreservedTemplates = fields
    .filter((f) => Number(f.id) >= 80 && Number(f.id) <= 99)
    .map((f) => {
      const s = parseTlv(f.value);
      return {
        id: f.id,
        gui: s?.find((x) => x.id === '00')?.value ?? null,
        url: s?.find((x) => x.id === '25')?.value ?? null,
        raw: f.value,
      };
    });

  return {
    ok: true,
    value: {
      type,
      pointOfInitiation: poi === undefined ? null : (poi as '11' | '12'),
      gui: subValue('00') ?? PIX_GUI,
      merchantAccountId: template.id,
      key,
      url,
      infoAdicional: subValue('02'),
      withdrawalFacilitator,
      mcc,
      currency: '986',
      amount,
      amountCents,
      country: 'BR',
      name,
      city,
      postalCode: byId.get('61') ?? null,
      txid,
      crc: last.value,
      unreservedTemplates,
      fields,
    },
  };
}

/** Minimum length of the pasted-code field (3-pix-part-one.md §5 Pasted code). */
export const PASTED_CODE_MIN_LENGTH = 30;

/** Message keys of the copy-and-paste field and of its new-value input. */
export const BRCODE_KEYS = {
  EMPTY,
  SHORT: 'PIX.PIX_COPY_PASTE.SHORT',
  INVALID: 'PIX.PIX_COPY_PASTE.INVALID',
  /**
   * A code whose structure is right but whose CRC does not match: a character was changed or lost
   * on the way (the spec asks "a clear message" for an altered code; said apart from a malformed one
   * so the payer knows to copy it again rather than to ask for another code).
   */
  ALTERED: 'PIX.PIX_COPY_PASTE.ALTERED',
  /** §5 Pasted code: the new value must be greater than zero. */
  VALUE_GREATER_THAN_ZERO: 'PIX.PIX_COPY_PASTE.VALUE_GREATER_THAN_ZERO',
} as const;

/**
 * The copy-and-paste field: blank → `ERRORS.INPUTS.EMPTY`; under 30 characters →
 * `PIX.PIX_COPY_PASTE.SHORT`; a CRC that does not match → `PIX.PIX_COPY_PASTE.ALTERED`; any other
 * non-conformance → `PIX.PIX_COPY_PASTE.INVALID`. Surrounding whitespace (a pasted line break) is
 * ignored.
 */
export function validatePastedBrCode(v: string): string | undefined {
  const t = v.trim();
  if (t === '') return BRCODE_KEYS.EMPTY;
  if (t.length < PASTED_CODE_MIN_LENGTH) return BRCODE_KEYS.SHORT;
  const parsed = parseBrCode(t);
  if (parsed.ok) return undefined;
  return parsed.reason === 'crc' ? BRCODE_KEYS.ALTERED : BRCODE_KEYS.INVALID;
}

/** §9: an amount is at most 13 characters as typed. */
export const NEW_VALUE_MAX_LENGTH = 13;

/**
 * The new-value input of a code without an amount (3-pix-part-one.md §2 Copy and paste, §5 Pasted
 * code): blank or not an amount → `ERRORS.INPUTS.EMPTY`; zero or negative →
 * `PIX.PIX_COPY_PASTE.VALUE_GREATER_THAN_ZERO`; more than 13 characters (§9) →
 * `ERRORS.INPUTS.MAX_LENGTH`.
 */
export function validatePixNewValue(v: string): string | undefined {
  if (v.trim().length > NEW_VALUE_MAX_LENGTH) return MAX_LENGTH;
  const cents = parseBrlToCents(v);
  if (v.trim() === '' || cents === undefined) return BRCODE_KEYS.EMPTY;
  return cents > 0 ? undefined : BRCODE_KEYS.VALUE_GREATER_THAN_ZERO;
}

/** What a static BR Code carries. */
export interface StaticBrCodeInput {
  /** The receiver's Pix key as registered (≤77 characters). */
  key: string;
  /** Receiver name; accents folded to ASCII, cut to 25 characters. */
  name: string;
  /** Receiver city; accents folded to ASCII, cut to 15 characters. */
  city: string;
  /** Amount in centavos (> 0); omitted → the payer types it. */
  amountCents?: number;
  /** 1–25 `[A-Za-z0-9]`; omitted → `***`. */
  txid?: string;
  /** 26-02 free text; accents folded, cut to what the template holds (≤72). */
  infoAdicional?: string;
  /** A Pix Automático recurrence URL (no scheme) written in template 80 ("QR composto"). */
  recurrenceUrl?: string;
}

/** Accents folded, anything outside printable ASCII dropped, cut to `max` characters. */
function toBrCodeText(s: string, max: number): string {
  return removeAccents(s)
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, max);
}

/**
 * Builds a static BR Code (no ID 01, so reusable), in the field order of the BCB manual:
 * 00, 26 (GUI, key, info), 52 `0000`, 53 `986`, 54, 58 `BR`, 59, 60, 62 (05 txid), 80, 63.
 * Throws `RangeError` on an empty or too long key, an empty name or city after folding, a bad
 * txid or amount. The result always satisfies `parseBrCode`.
 */
export function buildStaticBrCode(input: StaticBrCodeInput): string {
  const { key, amountCents, recurrenceUrl } = input;
  if (key.length === 0 || key.length > 77 || !PRINTABLE_ASCII.test(key))
    throw new RangeError('invalid Pix key');
  const name = toBrCodeText(input.name, 25);
  const city = toBrCodeText(input.city, 15);
  if (name === '' || city === '') throw new RangeError('name and city are required');
  const txid = input.txid ?? '***';
  if (txid !== '***' && !/^[A-Za-z0-9]{1,25}$/.test(txid))
    throw new RangeError('txid must be 1–25 [A-Za-z0-9]');
  if (amountCents !== undefined && (!Number.isSafeInteger(amountCents) || amountCents <= 0)) {
    throw new RangeError('amountCents must be a positive integer');
  }
  const head = tlv('00', PIX_GUI) + tlv('01', key);
  const room = 99 - head.length - 4;
  const info = input.infoAdicional === undefined ? '' : toBrCodeText(input.infoAdicional, Math.min(72, room));
  let amount = '';
  if (amountCents !== undefined) {
    amount = `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
    if (amount.length > 13) throw new RangeError('amount longer than 13 characters');
  }
  let payload =
    tlv('00', '01') +
    tlv('26', head + (info === '' ? '' : tlv('02', info))) +
    tlv('52', '0000') +
    tlv('53', '986') +
    (amount === '' ? '' : tlv('54', amount)) +
    tlv('58', 'BR') +
    tlv('59', name) +
    tlv('60', city) +
    tlv('62', tlv('05', txid));
  if (recurrenceUrl !== undefined) {
    if (recurrenceUrl === '' || recurrenceUrl.length > 77 || !PRINTABLE_ASCII.test(recurrenceUrl)) {
      throw new RangeError('invalid recurrence URL');
    }
    payload += tlv('80', tlv('00', PIX_GUI) + tlv('25', recurrenceUrl));
  }
  payload += '6304';
  return payload + crc16(payload);
}
