/**
 * Boletos: bank slips ("cobrança", typeable line of 47 digits, barcode of 44) and utility/tax
 * slips ("arrecadação", line of 48 digits, barcode of 44, starting with 8).
 * Layouts and check digits: shared/domain/notes.md §b (FEBRABAN; Carta-Circular BCB 2.926/2000).
 *
 * Implemented here rather than delegated to `@brazilian-utils` because, checked against
 * shared/domain/vectors.json, the library (2.4.0):
 * - accepts a bank slip whose currency code is not 9 (`isValidBoleto` documents this leniency;
 *   vector `check_digits_ok_but_semantically_invalid`), which a payment portal must reject;
 * - rejects the 44-digit barcode of a bank slip (it only reads barcodes of arrecadação slips);
 * - resolves the due-date factor with its own "safety windows", not the FEBRABAN rule of
 *   3,000 days before / 5,500 days after the reference date: for `0019…02656` on 2026-11-21 it
 *   answers 2018-07-15, where the rule says neither candidate is payable.
 * The library still agrees on every check-digit verdict of the vectors; the tests compare the two.
 *
 * Dates are calendar days `YYYY-MM-DD`, computed in UTC day numbers (no time-zone drift).
 */

/** Why a code is not a valid boleto. */
export type BoletoInvalidReason =
  | 'empty'
  | 'characters'
  | 'length'
  | 'field1_dv'
  | 'field2_dv'
  | 'field3_dv'
  | 'general_dv'
  | 'currency'
  | 'block1_dv'
  | 'block2_dv'
  | 'block3_dv'
  | 'block4_dv'
  | 'segment'
  | 'value_identifier';

/** A bank slip (boleto de cobrança). */
export interface BankSlip {
  kind: 'bank-slip';
  /** 44 digits. */
  barcode: string;
  /** 47 digits, unformatted. */
  typeableLine: string;
  /** COMPE code of the issuing bank (3 digits). */
  bankCode: string;
  /** Always '9' (real): any other currency is rejected. */
  currency: '9';
  /** General check digit (barcode position 5). */
  generalDv: string;
  /** Due-date factor; 0 means no due date. */
  factor: number;
  /** Every date the factor can denote, oldest first (empty for factor 0). */
  dueDateCandidates: string[];
  /**
   * The candidate within 3,000 days before and 5,500 days after the reference date (the
   * FEBRABAN rule after the 2025-02-22 reset); `null` when there is no due date or no candidate
   * is in that window (see `dueDateStatus`).
   */
  dueDate: string | null;
  /** `'none'`: factor 0; `'resolved'`: `dueDate` set; `'out-of-window'`: not payable on the reference date. */
  dueDateStatus: 'none' | 'resolved' | 'out-of-window';
  /** Amount in centavos; 0 means the payer types the amount. */
  amountCents: number;
  /** Campo livre (barcode positions 20–44), bank-defined. */
  freeField: string;
}

/** A utility or tax slip (arrecadação). */
export interface ArrecadacaoSlip {
  kind: 'arrecadacao';
  /** 44 digits. */
  barcode: string;
  /** 48 digits (4 blocks of 11 digits, each followed by its check digit), unformatted. */
  typeableLine: string;
  /** Segment: 1 prefeituras, 2 saneamento, 3 energia/gás, 4 telecom, 5 órgãos governamentais, 6 empresas (CNPJ), 7 multas de trânsito, 9 uso interno. */
  segment: number;
  /** Value identifier (barcode position 3). */
  valueIdentifier: '6' | '7' | '8' | '9';
  /** Modulus of every check digit: 10 for identifiers 6/7, 11 for 8/9. */
  modulus: 10 | 11;
  /** Amount (11 digits with 2 decimals) in centavos. */
  amountCents: number;
  /** True for identifiers 6/8 (effective amount in reais), false for 7/9 (reference quantity). */
  amountIsCurrency: boolean;
  /** Company/agency id: barcode 16–19, or 16–23 (CNPJ root) for segment 6. */
  companyId: string;
  /** Arrecadação slips have no due-date field. */
  dueDate: null;
}

/** A parsed boleto. */
export type Boleto = BankSlip | ArrecadacaoSlip;

/** The result of `parseBoleto`. */
export type BoletoParseResult = { ok: true; value: Boleto } | { ok: false; reason: BoletoInvalidReason };

/** Message keys of the bill-payment code input (2-money-movement.md §5 Barcode). */
export const BOLETO_KEYS = {
  INVALID: 'PAYMENT.PAYMENT_BILL.CODEINPUT.ERROR_ANY_BLOCK',
  DUE_DATE_WINDOW: 'PAYMENT.PAYMENT_BILL.CODEINPUT.ERROR_DUE_DATE_WINDOW',
} as const;

const DAY_MS = 86_400_000;
/** Factor base date: 1997-10-07 (factor 0 would be this day). */
const FACTOR_BASE = Date.UTC(1997, 9, 7) / DAY_MS;
/** Days of one factor cycle after the reset: factors 1000..9999. */
const CYCLE_DAYS = 9000;
/** Payable window around the reference date (CENEGESC/FEBRABAN, brcobranca 8.0). */
export const DUE_DATE_WINDOW = { before: 3000, after: 5500 } as const;

const dayToIso = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

function isoToDay(iso: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return undefined;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return dayToIso(ms / DAY_MS) === iso ? ms / DAY_MS : undefined;
}

/** The calendar day of a reference date: a `Date` (its local day) or `YYYY-MM-DD`. */
function referenceDay(ref: Date | string): number {
  // Its local day written by hand (date-fns's `format` weighed 5.4 KB gzipped; issue 26).
  const fields = (d: Date) =>
    [d.getFullYear(), d.getMonth() + 1, d.getDate()].map((n, i) => String(n).padStart(i ? 2 : 4, '0'));
  const iso = ref instanceof Date ? (Number.isNaN(ref.getTime()) ? '' : fields(ref).join('-')) : ref;
  const day = isoToDay(iso);
  if (day === undefined) throw new RangeError(`invalid reference date: ${String(ref)}`);
  return day;
}

/**
 * Every date a due-date factor can denote, oldest first: 1997-10-07 + factor in the first cycle
 * and, for factors 1000–9999, the same factor counted again from the 2025-02-22 reset (and from
 * each later reset, 9,000 days apart) as long as that cycle starts no later than
 * `until` (default: the second cycle only). Factor 0 → `[]`.
 */
export function dueDateCandidates(factor: number, until?: Date | string): string[] {
  if (!Number.isInteger(factor) || factor < 0 || factor > 9999)
    throw new RangeError(`invalid factor: ${factor}`);
  if (factor === 0) return [];
  const days = [FACTOR_BASE + factor];
  if (factor >= 1000) {
    const last = until === undefined ? undefined : referenceDay(until);
    for (let k = 1; ; k++) {
      const cycleStart = FACTOR_BASE + 1000 + k * CYCLE_DAYS;
      if (k > 1 && (last === undefined || cycleStart > last)) break;
      days.push(FACTOR_BASE + factor + k * CYCLE_DAYS);
    }
  }
  return days.map(dayToIso);
}

/**
 * The due date a factor denotes on `referenceDate`: the candidate within 3,000 days before and
 * 5,500 days after it, or `null` when none is (or the factor is 0).
 */
export function factorToDueDate(factor: number, referenceDate: Date | string): string | null {
  const ref = referenceDay(referenceDate);
  const candidates = dueDateCandidates(factor, dayToIso(ref + DUE_DATE_WINDOW.after));
  const hit = candidates.find((c) => {
    const d = isoToDay(c) ?? Number.NaN;
    return d >= ref - DUE_DATE_WINDOW.before && d <= ref + DUE_DATE_WINDOW.after;
  });
  return hit ?? null;
}

/**
 * The factor of a due date (`YYYY-MM-DD`): days since 1997-10-07, restarting at 1000 on
 * 2025-02-22 and every 9,000 days after. Dates before 1997-10-08 throw.
 */
export function dueDateToFactor(dueDate: string): number {
  const day = isoToDay(dueDate);
  if (day === undefined || day <= FACTOR_BASE) throw new RangeError(`invalid due date: ${dueDate}`);
  const n = day - FACTOR_BASE;
  if (n <= 9999) return n;
  return 1000 + ((n - 10000) % CYCLE_DAYS);
}

/** Mod 10 (weights 2,1,2,1… from the right, digits of products summed). */
function mod10(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, w = 2; i >= 0; i--, w = w === 2 ? 1 : 2) {
    const p = Number(digits[i]) * w;
    sum += p > 9 ? p - 9 : p;
  }
  return (10 - (sum % 10)) % 10;
}

/** Sum of digits × weights 2..9 cycling from the right. */
function weightedSum(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, w = 2; i >= 0; i--, w = w === 9 ? 2 : w + 1) sum += Number(digits[i]) * w;
  return sum;
}

/** Bank-slip general DV: 11 − (sum mod 11); 0, 10 and 11 become 1. */
function mod11Bank(digits: string): number {
  const dv = 11 - (weightedSum(digits) % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/** Arrecadação mod 11: remainder 0 or 1 → 0, remainder 10 → 1, otherwise 11 − remainder. */
function mod11Arrecadacao(digits: string): number {
  const r = weightedSum(digits) % 11;
  return r === 0 || r === 1 ? 0 : r === 10 ? 1 : 11 - r;
}

/** The digits of a typed or pasted code (spaces, dots and hyphens removed). */
export function normalizeBoleto(input: string): string {
  return input.replace(/[\s.-]/g, '');
}

/** The 44-digit barcode of a 47-digit bank-slip line (no check performed). */
function bankLineToBarcode(line: string): string {
  return (
    line.slice(0, 4) +
    line.slice(32, 33) +
    line.slice(33, 47) +
    line.slice(4, 9) +
    line.slice(10, 20) +
    line.slice(21, 31)
  );
}

/** The 47-digit line of a 44-digit bank-slip barcode, with its field check digits. */
function bankBarcodeToLine(barcode: string): string {
  const f1 = barcode.slice(0, 4) + barcode.slice(19, 24);
  const f2 = barcode.slice(24, 34);
  const f3 = barcode.slice(34, 44);
  return `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${barcode[4]}${barcode.slice(5, 19)}`;
}

function arrecadacaoDv(modulus: 10 | 11, digits: string): number {
  return modulus === 10 ? mod10(digits) : mod11Arrecadacao(digits);
}

/** The 48-digit line of a 44-digit arrecadação barcode; `undefined` for an unknown value identifier. */
function arrecadacaoBarcodeToLine(barcode: string): string | undefined {
  const modulus = modulusOf(barcode[2] ?? '');
  if (modulus === undefined) return undefined;
  return [0, 1, 2, 3]
    .map((i) => barcode.slice(i * 11, i * 11 + 11))
    .map((b) => `${b}${arrecadacaoDv(modulus, b)}`)
    .join('');
}

function modulusOf(valueIdentifier: string): 10 | 11 | undefined {
  if (valueIdentifier === '6' || valueIdentifier === '7') return 10;
  if (valueIdentifier === '8' || valueIdentifier === '9') return 11;
  return undefined;
}

function parseBankSlip(line: string, barcode: string, ref: number | undefined): BoletoParseResult {
  const general = mod11Bank(barcode.slice(0, 4) + barcode.slice(5));
  if (String(general) !== barcode[4]) return { ok: false, reason: 'general_dv' };
  if (barcode[3] !== '9') return { ok: false, reason: 'currency' };
  const factor = Number(barcode.slice(5, 9));
  const candidates = dueDateCandidates(
    factor,
    ref === undefined ? undefined : dayToIso(ref + DUE_DATE_WINDOW.after),
  );
  const dueDate = factor === 0 || ref === undefined ? null : factorToDueDate(factor, dayToIso(ref));
  return {
    ok: true,
    value: {
      kind: 'bank-slip',
      barcode,
      typeableLine: line,
      bankCode: barcode.slice(0, 3),
      currency: '9',
      generalDv: barcode[4] ?? '',
      factor,
      dueDateCandidates: candidates,
      dueDate,
      dueDateStatus: factor === 0 ? 'none' : dueDate === null ? 'out-of-window' : 'resolved',
      amountCents: Number(barcode.slice(9, 19)),
      freeField: barcode.slice(19),
    },
  };
}

function parseArrecadacao(line: string | undefined, barcode: string): BoletoParseResult {
  const segment = Number(barcode[1]);
  const valueIdentifier = barcode[2] ?? '';
  const modulus = modulusOf(valueIdentifier);
  if (modulus === undefined) return { ok: false, reason: 'value_identifier' };
  if (segment === 0 || segment === 8) return { ok: false, reason: 'segment' };
  const builtLine = arrecadacaoBarcodeToLine(barcode) ?? '';
  if (line !== undefined) {
    for (let i = 0; i < 4; i++) {
      if (line[i * 12 + 11] !== builtLine[i * 12 + 11])
        return { ok: false, reason: `block${i + 1}_dv` as BoletoInvalidReason };
    }
  }
  if (String(arrecadacaoDv(modulus, barcode.slice(0, 3) + barcode.slice(4))) !== barcode[3]) {
    return { ok: false, reason: 'general_dv' };
  }
  return {
    ok: true,
    value: {
      kind: 'arrecadacao',
      barcode,
      typeableLine: builtLine,
      segment,
      valueIdentifier: valueIdentifier as ArrecadacaoSlip['valueIdentifier'],
      modulus,
      amountCents: Number(barcode.slice(4, 15)),
      amountIsCurrency: valueIdentifier === '6' || valueIdentifier === '8',
      companyId: segment === 6 ? barcode.slice(15, 23) : barcode.slice(15, 19),
      dueDate: null,
    },
  };
}

/**
 * Parses a boleto given as a typeable line (47 digits for a bank slip, 48 for arrecadação) or a
 * barcode (44 digits; arrecadação when it starts with 8), formatted or not.
 *
 * Bank slips: the three field DVs (mod 10), the general DV (mod 11, 0/10/11 → 1) and the
 * currency (must be 9) are checked, in that order; the due date is resolved against
 * `referenceDate` (a `Date`, its local day, or `YYYY-MM-DD`; omitted → `dueDate` stays `null`).
 * Arrecadação: value identifier 6/7 (mod 10) or 8/9 (mod 11), segment not 0 or 8, each block's
 * DV, then the general DV.
 */
export function parseBoleto(input: string, referenceDate?: Date | string): BoletoParseResult {
  const digits = normalizeBoleto(input);
  if (digits === '') return { ok: false, reason: 'empty' };
  if (!/^\d+$/.test(digits)) return { ok: false, reason: 'characters' };
  const ref = referenceDate === undefined ? undefined : referenceDay(referenceDate);

  if (digits.length === 48 && digits.startsWith('8')) {
    const barcode = [0, 1, 2, 3].map((i) => digits.slice(i * 12, i * 12 + 11)).join('');
    return parseArrecadacao(digits, barcode);
  }
  if (digits.length === 44 && digits.startsWith('8')) return parseArrecadacao(undefined, digits);
  if (digits.length === 47) {
    const fields: Array<[string, string, BoletoInvalidReason]> = [
      [digits.slice(0, 9), digits.slice(9, 10), 'field1_dv'],
      [digits.slice(10, 20), digits.slice(20, 21), 'field2_dv'],
      [digits.slice(21, 31), digits.slice(31, 32), 'field3_dv'],
    ];
    for (const [body, dv, reason] of fields) if (String(mod10(body)) !== dv) return { ok: false, reason };
    return parseBankSlip(digits, bankLineToBarcode(digits), ref);
  }
  if (digits.length === 44) return parseBankSlip(bankBarcodeToLine(digits), digits, ref);
  return { ok: false, reason: 'length' };
}

/**
 * The bill-payment code (2-money-movement.md §5 Barcode): not a valid boleto →
 * `PAYMENT.PAYMENT_BILL.CODEINPUT.ERROR_ANY_BLOCK`; a bank slip whose due-date factor has no
 * date within the payable window of `referenceDate` →
 * `PAYMENT.PAYMENT_BILL.CODEINPUT.ERROR_DUE_DATE_WINDOW`.
 */
export function validateBoleto(input: string, referenceDate: Date | string): string | undefined {
  const r = parseBoleto(input, referenceDate);
  if (!r.ok) return BOLETO_KEYS.INVALID;
  if (r.value.kind === 'bank-slip' && r.value.dueDateStatus === 'out-of-window')
    return BOLETO_KEYS.DUE_DATE_WINDOW;
  return undefined;
}

/**
 * The typeable line in its printed form: bank slip
 * `AAABC.CCCCX DDDDD.DDDDDY EEEEE.EEEEEZ K UUUUVVVVVVVVVV`; arrecadação
 * `NNNNNNNNNNN-D NNNNNNNNNNN-D NNNNNNNNNNN-D NNNNNNNNNNN-D`. Other lengths are returned as digits.
 */
export function formatBoletoLine(input: string): string {
  return splitBoletoBlocks(input).join(' ');
}

/**
 * The blocks the bill-payment screen shows: 5 for a bank slip (formatted lengths 11, 12, 12, 1
 * and 14) or 4 of 12 for arrecadação (2-money-movement.md §5 Barcode). A barcode is converted
 * to its line first. Codes of another length come back as one block of digits.
 */
export function splitBoletoBlocks(input: string): string[] {
  let d = normalizeBoleto(input);
  if (d.length === 44 && /^\d+$/.test(d))
    d = d.startsWith('8') ? (arrecadacaoBarcodeToLine(d) ?? d) : bankBarcodeToLine(d);
  if (d.length === 48 && d.startsWith('8')) {
    return [0, 1, 2, 3].map((i) => `${d.slice(i * 12, i * 12 + 11)}-${d.slice(i * 12 + 11, i * 12 + 12)}`);
  }
  if (d.length === 47) {
    return [
      `${d.slice(0, 5)}.${d.slice(5, 10)}`,
      `${d.slice(10, 15)}.${d.slice(15, 21)}`,
      `${d.slice(21, 26)}.${d.slice(26, 32)}`,
      d.slice(32, 33),
      d.slice(33),
    ];
  }
  return [d];
}

/** The unformatted typeable line (47 or 48 digits) of a valid line or barcode; `undefined` when invalid. */
export function boletoToTypeableLine(input: string): string | undefined {
  const r = parseBoleto(input);
  return r.ok ? r.value.typeableLine : undefined;
}
