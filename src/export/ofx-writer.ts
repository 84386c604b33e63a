/**
 * OFX statement (1-access-shell-statement.md §2 Export dialog: currency BRL; the bank's code as
 * BANKID, see src/format/bank.ts for why it is not the spec's 0001; shared/domain/notes.md §d).
 * Pure: no dependencies, no DOM beyond `Blob`.
 *
 * Version: OFX 1.02, SGML. Itaú, Bradesco and Banco do Brasil export 1.02, so it is the dialect
 * every Brazilian accounting and personal-finance tool reads; readers of 2.x (XML) nearly all read
 * 1.02 too, while the reverse does not hold. The file follows the 1.02 DTD order and lengths:
 * plain-text header, leaf elements without end tags, every aggregate closed, CRLF line ends.
 *
 * Characters: the header says ENCODING:USASCII with CHARSET:1252, so the bytes are windows-1252.
 * `writeOfx` returns text already reduced to windows-1252 characters (accents kept, the rest
 * folded or '?'), and `ofxBlob` encodes it byte for byte; it is never sent as UTF-8.
 *
 * Content: posted items only (rows dated after `generatedAt` are left out) and balance lines
 * (type SALDO) never become STMTTRN. Mixing balances or future items into the transaction list
 * breaks reconciliation (notes.md §d), and so does a LEDGERBAL that is not the sum of the list:
 * LEDGERBAL is the opening balance plus every exported TRNAMT, as of the end of the period or the
 * export, whichever is earlier (`ledgerBalance`).
 */
import type { ExportedStatementRow, StatementExport } from './types';
import { fromSaoPauloWallTime, parseCalendarDate, zonedParts } from './datetime';
import { type PreparedRow, paddedAccount, prepareRows, toCents } from './rows';
import { encodeCp1252, squeezeSpaces, toCp1252Line } from './text';
import { BANK_CODE } from '../format/bank';

/** BANKID: the bank's COMPE code, as its receipts print it (src/format/bank.ts says why). */
export const OFX_BANK_ID = BANK_CODE;
/** The financial institution in SONRS.FI: the same bank, by the same code. */
export const OFX_FI = { org: 'CONTA DIGITAL', fid: BANK_CODE } as const;
/** MIME type of the downloaded file. */
export const OFX_MIME = 'application/x-ofx';

/** Field lengths of the OFX 1.02 DTD (A-n). */
const MAX = { name: 32, memo: 255, fitid: 255, acctid: 22 } as const;

/** Raised when the rows carry no balance line from which the opening balance (and LEDGERBAL) is known. */
export class OfxMissingBalanceError extends Error {
  constructor() {
    super('OFX export needs a balance line (transactionType SALDO) for LEDGERBAL');
    this.name = 'OfxMissingBalanceError';
  }
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * `YYYYMMDDHHMMSS[-3:BRT]`: São Paulo time with its offset (BRST for the old summer time).
 * An offset that is not a whole hour (local mean time before 1914) is written in UTC instead.
 */
export function ofxDateTime(date: Date): string {
  let p = zonedParts(date);
  let zone: string;
  if (p.offsetMinutes % 60 === 0) {
    const hours = p.offsetMinutes / 60;
    zone = `[${hours}:${hours === -3 ? 'BRT' : hours === -2 ? 'BRST' : 'GMT'}]`;
  } else {
    const utc = new Date(date.getTime());
    p = {
      year: utc.getUTCFullYear(),
      month: utc.getUTCMonth() + 1,
      day: utc.getUTCDate(),
      hour: utc.getUTCHours(),
      minute: utc.getUTCMinutes(),
      second: utc.getUTCSeconds(),
      offsetMinutes: 0,
    };
    zone = '[0:GMT]';
  }
  return `${pad(p.year, 4)}${pad(p.month)}${pad(p.day)}${pad(p.hour)}${pad(p.minute)}${pad(p.second)}${zone}`;
}

/** Signed amount with '.' as the decimal separator and no grouping: `-1234.56`. */
export function ofxAmount(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${pad(abs % 100)}`;
}

/** SGML character data: windows-1252, one line, trimmed, cut to `max`, then `& < >` escaped. */
export function ofxText(text: string, max: number): string {
  const clean = squeezeSpaces(toCp1252Line(text));
  // Cut before escaping, so an entity is never split; never leave a trailing space after the cut.
  // windows-1252 lies in the BMP, so UTF-16 units are characters and `slice` cuts none in two.
  return (clean.length > max ? clean.slice(0, max).trimEnd() : clean)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * NAME: the description cut at the last word boundary that fits, so no word is broken in
 * two ("Pix recebido - Fernanda" rather than "Pix recebido - Fernanda Rodrigue"); a single word
 * longer than the field is cut where it must be. Lengths count characters before `& < >` become
 * entities, as `ofxText` does. MEMO always carries the whole text.
 */
export function ofxName(text: string, max = MAX.name): string {
  const clean = squeezeSpaces(toCp1252Line(text));
  if (clean.length <= max) return ofxText(clean, max);
  let cut = '';
  for (const word of clean.split(' ')) {
    const next = cut === '' ? word : `${cut} ${word}`;
    if (next.length > max) break;
    cut = next;
  }
  // Trailing separators ("Pix recebido -") read as a dangling fragment; drop them.
  cut = cut.replace(/[\s\-–—:;,./|]+$/u, '');
  return cut === '' ? ofxText(clean, max) : ofxText(cut, max);
}

/** 64-bit FNV-1a-style hash over UTF-16 code units, as 16 hex digits. Deterministic, not secret. */
export function stableHash(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b) ^ Math.imul(h2 ^ (h2 >>> 13), 0xc2b2ae35);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 0x85ebca6b) ^ Math.imul(h1 ^ (h1 >>> 13), 0xc2b2ae35);
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}

function fitidBase(item: PreparedRow): string {
  const id = ofxText(item.row.transactionId ?? '', MAX.fitid + 1);
  if (id !== '' && id.length <= MAX.fitid) return id;
  // No id from the bank: derive one from what identifies the entry, so re-exports agree.
  const key = `${item.date.toISOString()}|${toCents(item.amount)}|${squeezeSpaces(item.row.description ?? '')}`;
  return `H${stableHash(key)}`;
}

/**
 * FITIDs in row order: the bank's transactionId, or a hash of date, amount and description when
 * there is none. A repeated id gets `-2`, `-3`... so that no importer drops an entry as a duplicate;
 * the suffix depends only on the rows, so two exports of the same data agree.
 */
function assignFitids(items: readonly PreparedRow[]): Map<PreparedRow, string> {
  const used = new Set<string>();
  const out = new Map<PreparedRow, string>();
  for (const item of items) {
    const base = fitidBase(item);
    let id = base;
    for (let n = 2; used.has(id); n++) {
      const suffix = `-${n}`;
      id = base.length + suffix.length <= MAX.fitid ? base + suffix : `H${stableHash(base)}${suffix}`;
    }
    used.add(id);
    out.set(item, id);
  }
  return out;
}

function plain(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
}

/**
 * TRNTYPE. The sign of TRNAMT is what importers book; the type only refines it where the text
 * leaves no doubt: fees (TARIFA), transfers (Pix, TED, DOC, TEF, TRANSF...) and bill payments
 * (BOLETO, PAGAMENTO DE CONTA/TITULO). Refunds (ESTORNO) stay plain CREDIT/DEBIT.
 */
export function ofxTransactionType(item: PreparedRow): 'CREDIT' | 'DEBIT' | 'FEE' | 'XFER' | 'PAYMENT' {
  const text = plain(`${item.row.transactionType} ${item.row.description ?? ''}`);
  const debit = toCents(item.amount) < 0;
  const fallback = debit ? 'DEBIT' : 'CREDIT';
  if (/\bESTORNO\b|\bDEVOLUCAO\b/.test(text)) return fallback;
  if (debit && /\bTARIFAS?\b/.test(text)) return 'FEE';
  if (/\b(PIX|TED|DOC|TEF)\b|\bTRANSF/.test(text)) return 'XFER';
  if (debit && /\bBOLETO\b|\bPAGAMENTO DE (CONTA|TITULO)\b/.test(text)) return 'PAYMENT';
  return fallback;
}

/**
 * LEDGERBAL in centavos: the opening balance plus the exported transactions, so that
 * opening + Σ TRNAMT = LEDGERBAL holds for every file, whatever day-end lines the report carries.
 *
 * The opening balance is read from the first balance line in row order (the report lists its
 * rows oldest first, and a balance line sums every movement listed before it): that line's amount
 * less the movements above it. A later day-end line is not taken as LEDGERBAL: the one closing
 * today is dated 23:59:59, after the export, and would be dropped while today's movements stay.
 *
 * @throws OfxMissingBalanceError when the rows have no balance line at all.
 */
export function ledgerBalance(
  rows: readonly ExportedStatementRow[],
  exported: readonly PreparedRow[],
): number {
  const all = prepareRows(rows);
  const first = all.findIndex((r) => r.isBalance);
  if (first < 0) throw new OfxMissingBalanceError();
  let opening = toCents((all[first] as PreparedRow).amount);
  for (const r of all.slice(0, first)) if (!r.isBalance) opening -= toCents(r.amount);
  return exported.reduce((sum, r) => sum + toCents(r.amount), opening);
}

/**
 * The statement as OFX 1.02 SGML text (CRLF line ends, windows-1252 characters only).
 *
 * @throws OfxMissingBalanceError when no SALDO row gives the opening balance.
 * @throws RangeError on an unreadable date or a non-finite amount.
 */
export function writeOfx(data: StatementExport): string {
  const generatedAt = data.generatedAt.getTime();
  const prepared = prepareRows(data.rows).filter((r) => r.date.getTime() <= generatedAt);

  const transactions = prepared.filter((r) => !r.isBalance);
  const fitids = assignFitids(transactions);
  // Chronological, stable for equal instants: the order importers list them in.
  const ordered = [...transactions].sort((a, b) => a.date.getTime() - b.date.getTime());

  const ledgerCents = ledgerBalance(data.rows, ordered);

  const s = parseCalendarDate(data.period.start);
  const e = parseCalendarDate(data.period.end);
  const dtStart = fromSaoPauloWallTime(s.year, s.month, s.day);
  const endOfPeriod = fromSaoPauloWallTime(e.year, e.month, e.day, 23, 59, 59);
  // The end of the period or the export, whichever is earlier; LEDGERBAL is as of this instant.
  const dtEnd = new Date(Math.max(dtStart.getTime(), Math.min(endOfPeriod.getTime(), generatedAt)));

  const account = ofxText(paddedAccount(data.account), MAX.acctid);
  const trnuid = stableHash(
    `${account}|${data.period.start}|${data.period.end}|${data.generatedAt.toISOString()}`,
  );

  const lines: string[] = [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    'CHARSET:1252',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX>',
    '<SIGNONMSGSRSV1>',
    '<SONRS>',
    '<STATUS>',
    '<CODE>0',
    '<SEVERITY>INFO',
    '</STATUS>',
    `<DTSERVER>${ofxDateTime(data.generatedAt)}`,
    '<LANGUAGE>POR',
    '<FI>',
    `<ORG>${OFX_FI.org}`,
    `<FID>${OFX_FI.fid}`,
    '</FI>',
    '</SONRS>',
    '</SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1>',
    '<STMTTRNRS>',
    `<TRNUID>${trnuid}`,
    '<STATUS>',
    '<CODE>0',
    '<SEVERITY>INFO',
    '</STATUS>',
    '<STMTRS>',
    '<CURDEF>BRL',
    '<BANKACCTFROM>',
    `<BANKID>${OFX_BANK_ID}`,
    `<BRANCHID>${ofxText(data.account.branch, 22)}`,
    `<ACCTID>${account}`,
    '<ACCTTYPE>CHECKING',
    '</BANKACCTFROM>',
    '<BANKTRANLIST>',
    `<DTSTART>${ofxDateTime(dtStart)}`,
    `<DTEND>${ofxDateTime(dtEnd)}`,
  ];

  for (const item of ordered) {
    lines.push(
      '<STMTTRN>',
      `<TRNTYPE>${ofxTransactionType(item)}`,
      `<DTPOSTED>${ofxDateTime(item.date)}`,
      `<TRNAMT>${ofxAmount(toCents(item.amount))}`,
      `<FITID>${fitids.get(item) as string}`,
    );
    const name = ofxName(item.row.description ?? '');
    if (name !== '') lines.push(`<NAME>${name}`);
    const memo = ofxText(item.row.description ?? '', MAX.memo);
    if (memo !== '') lines.push(`<MEMO>${memo}`);
    lines.push('</STMTTRN>');
  }

  lines.push(
    '</BANKTRANLIST>',
    '<LEDGERBAL>',
    `<BALAMT>${ofxAmount(ledgerCents)}`,
    `<DTASOF>${ofxDateTime(dtEnd)}`,
    '</LEDGERBAL>',
    '</STMTRS>',
    '</STMTTRNRS>',
    '</BANKMSGSRSV1>',
    '</OFX>',
    '',
  );
  return lines.join('\r\n');
}

/** `writeOfx` as a windows-1252 file, matching its CHARSET:1252 header. */
export function ofxBlob(data: StatementExport): Blob {
  return new Blob([encodeCp1252(writeOfx(data))], { type: OFX_MIME });
}
