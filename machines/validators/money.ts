/**
 * Money in BRL, kept as integer centavos so that no float arithmetic ever touches an amount.
 * Parsing goes through strings (never `parseFloat`), so `'0,07'` is exactly 7 cents.
 */
import { EMPTY, MIN_VALUE } from './input-keys.ts';

const THOUSANDS_COMMA_DECIMAL = /^(\d{1,3}(?:\.\d{3})+)(?:,(\d{1,2}))?$/;
const PLAIN_COMMA_DECIMAL = /^(\d+)(?:,(\d{1,2}))?$/;
const PLAIN_DOT_DECIMAL = /^(\d+)\.(\d{1,2})$/;

/**
 * Parses a pt-BR amount into centavos: `'1.234,56'` → 123456, `'R$ 1.234,56'` (with a normal or
 * non-breaking space) → 123456, `'1234,56'` → 123456, `'-R$ 0,50'` → −50, `'1.234'` → 123400
 * (the dot groups thousands in pt-BR), `'12,5'` → 1250. A dot followed by one or two final
 * digits is read as a decimal point (`'1234.56'`, the API's form). Anything else — letters,
 * misplaced separators, more than 2 decimals, beyond `Number.MAX_SAFE_INTEGER` centavos — gives
 * `undefined`.
 */
export function parseBrlToCents(input: string): number | undefined {
  let s = input.replace(/[\s\u00a0\u202f]/g, '');
  let negative = false;
  const sign = /^[-\u2212]/;
  if (sign.test(s)) {
    negative = true;
    s = s.slice(1);
  }
  s = s.replace(/^R\$/i, '');
  if (!negative && sign.test(s)) {
    negative = true;
    s = s.slice(1);
  }
  const m = THOUSANDS_COMMA_DECIMAL.exec(s) ?? PLAIN_COMMA_DECIMAL.exec(s) ?? PLAIN_DOT_DECIMAL.exec(s);
  if (!m) return undefined;
  const whole = (m[1] ?? '').replace(/\./g, '');
  const fraction = (m[2] ?? '').padEnd(2, '0');
  const cents = Number(`${whole}${fraction}`);
  if (!Number.isSafeInteger(cents)) return undefined;
  return negative && cents !== 0 ? -cents : cents;
}

/** Centavos to a number of reais for the API (`123456` → `1234.56`); exact to the cent. */
export function centsToDecimal(cents: number): number {
  assertCents(cents);
  return cents / 100;
}

/** Centavos to a dot-decimal string with two decimals (`123456` → `'1234.56'`, `-5` → `'-0.05'`). */
export function centsToDecimalString(cents: number): string {
  assertCents(cents);
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const frac = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${whole}.${frac}`;
}

/**
 * A number of reais (as the API sends it) to centavos, rounding half away from zero at the
 * cent: `0.1 + 0.2` → 30, `1.005` → 101 (the value the writer meant, not the binary
 * 1.00499…). Goes through 15 significant digits to remove the binary noise.
 */
export function decimalToCents(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite amount: ${value}`);
  const scaled = Math.abs(Number((value * 100).toPrecision(15)));
  const cents = Math.floor(scaled + 0.5);
  return value < 0 && cents !== 0 ? -cents : cents;
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`centavos must be a safe integer: ${cents}`);
}

/** Message keys of currency inputs (2-money-movement.md §5 Currency input). */
export const AMOUNT_KEYS = { EMPTY, MIN_VALUE } as const;

/**
 * A currency input: blank or unparseable → `ERRORS.INPUTS.EMPTY`; zero or negative →
 * `ERRORS.INPUTS.MIN_VALUE` (the value must be above 0).
 */
export function validateAmount(input: string): string | undefined {
  const cents = parseBrlToCents(input);
  if (input.trim() === '' || cents === undefined) return AMOUNT_KEYS.EMPTY;
  return cents > 0 ? undefined : AMOUNT_KEYS.MIN_VALUE;
}
