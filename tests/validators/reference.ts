/**
 * Independent reference implementations and fast-check generators for the validator tests.
 * Written from shared/domain/notes.md, deliberately in a different style from
 * machines/validators (and from @brazilian-utils), so that a shared mistake is unlikely.
 */
import fc from 'fast-check';

export const DIGITS = '0123456789';
export const ALNUM_UPPER = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

const mod11Dv = (sum: number): number => {
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
};

/** CPF: DV1 over 9 digits with weights 10..2, DV2 over 10 digits with weights 11..2. */
export function refCpfDigits(base9: string): string {
  const nums = [...base9].map(Number);
  const d1 = mod11Dv(nums.reduce((acc, n, i) => acc + n * (10 - i), 0));
  const d2 = mod11Dv([...nums, d1].reduce((acc, n, i) => acc + n * (11 - i), 0));
  return `${d1}${d2}`;
}

export function refIsValidCpf(cpf: string): boolean {
  return /^\d{11}$/.test(cpf) && !/^(\d)\1{10}$/.test(cpf) && refCpfDigits(cpf.slice(0, 9)) === cpf.slice(9);
}

const W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
export const cnpjCharValue = (c: string): number => c.charCodeAt(0) - 48;

/** CNPJ (numeric and alphanumeric): ASCII − 48, weights W1 then W2, modulus 11. */
export function refCnpjDigits(base12: string): string {
  const vals = [...base12].map(cnpjCharValue);
  const d1 = mod11Dv(vals.reduce((acc, v, i) => acc + v * (W1[i] ?? 0), 0));
  const d2 = mod11Dv([...vals, d1].reduce((acc, v, i) => acc + v * (W2[i] ?? 0), 0));
  return `${d1}${d2}`;
}

export function refIsValidCnpj(cnpj: string): boolean {
  return (
    /^[0-9A-Z]{12}\d{2}$/.test(cnpj) &&
    !/^(.)\1{11}/.test(cnpj) &&
    refCnpjDigits(cnpj.slice(0, 12)) === cnpj.slice(12)
  );
}

const charsOf = (alphabet: string, n: number) =>
  fc.array(fc.constantFrom(...alphabet), { minLength: n, maxLength: n }).map((a) => a.join(''));

/** A valid CPF, 11 bare digits. */
export const validCpf = charsOf(DIGITS, 9)
  .filter((b) => !/^(\d)\1{8}$/.test(b))
  .map((b) => b + refCpfDigits(b));

/** A valid numeric CNPJ, 14 bare digits. */
export const validNumericCnpj = charsOf(DIGITS, 12)
  .filter((b) => !/^(\d)\1{11}$/.test(b))
  .map((b) => b + refCnpjDigits(b));

/** A valid alphanumeric CNPJ (at least one letter in the 12-character base). */
export const validAlnumCnpj = charsOf(ALNUM_UPPER, 12)
  .filter((b) => /[A-Z]/.test(b) && !/^(.)\1{11}$/.test(b))
  .map((b) => b + refCnpjDigits(b));

/** The DDDs in use (Anatel). */
export const DDDS = [
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46,
  47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85,
  86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
];

/** A valid mobile number, 11 national digits: DDD + 9 + 8 digits. */
export const validMobile = fc
  .tuple(fc.constantFrom(...DDDS), charsOf(DIGITS, 8))
  .map(([ddd, rest]) => `${ddd}9${rest}`);

const LOCAL = 'abcdefghijklmnopqrstuvwxyz0123456789';
const label = (min: number, max: number) =>
  fc.array(fc.constantFrom(...LOCAL), { minLength: min, maxLength: max }).map((a) => a.join(''));

/** A plain valid e-mail: dotted local part, dotted domain, alphabetic TLD. */
export const validEmail = fc
  .tuple(
    fc.array(label(1, 8), { minLength: 1, maxLength: 3 }).map((parts) => parts.join('.')),
    fc.constantFrom('', '+tag', '_x', '-y'),
    fc.array(label(1, 10), { minLength: 1, maxLength: 2 }).map((parts) => parts.join('.')),
    fc
      .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), { minLength: 2, maxLength: 6 })
      .map((a) => a.join('')),
    fc.boolean(),
  )
  .map(([local, suffix, domain, tld, upper]) => {
    const email = `${local}${suffix}@${domain}.${tld}`;
    return upper ? email.toUpperCase() : email;
  });

/** Every string obtained by replacing one character of `value` with another one of `alphabetAt(i)`. */
export function* singleSubstitutions(
  value: string,
  alphabetAt: (i: number) => string,
): Generator<{ i: number; from: string; to: string; mutated: string }> {
  for (let i = 0; i < value.length; i++) {
    const from = value[i] ?? '';
    for (const to of alphabetAt(i)) {
      if (to === from) continue;
      yield { i, from, to, mutated: value.slice(0, i) + to + value.slice(i + 1) };
    }
  }
}

/** CPF mask, written independently of src/format. */
export const refMaskCpf = (d: string): string =>
  `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
/** CNPJ mask, written independently of src/format. */
export const refMaskCnpj = (d: string): string =>
  `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;

/** Boleto mod 10 (from the right, weights 2,1; digits of products summed). */
export function refMod10(digits: string): number {
  const sum = [...digits]
    .reverse()
    .map((c, i) => Number(c) * (i % 2 === 0 ? 2 : 1))
    .reduce((acc, p) => acc + Math.floor(p / 10) + (p % 10), 0);
  return (10 - (sum % 10)) % 10;
}

const refWeighted = (digits: string): number =>
  [...digits].reverse().reduce((acc, c, i) => acc + Number(c) * (2 + (i % 8)), 0);

/** Bank-slip general DV: 11 − r, with 0, 10, 11 → 1. */
export function refMod11Bank(digits: string): number {
  const dv = 11 - (refWeighted(digits) % 11);
  return dv > 9 || dv === 0 ? 1 : dv;
}

/** Arrecadação mod 11: r 0/1 → 0, r 10 → 1, else 11 − r. */
export function refMod11Arrecadacao(digits: string): number {
  const r = refWeighted(digits) % 11;
  if (r <= 1) return 0;
  return r === 10 ? 1 : 11 - r;
}

/** Builds a bank-slip barcode from its parts (general DV computed) and its typeable line. */
export function refBankSlip(
  bank: string,
  currency: string,
  factor: string,
  amount: string,
  free: string,
): { barcode: string; line: string } {
  const without = bank + currency + factor + amount + free;
  const dv = refMod11Bank(without);
  const barcode = `${bank}${currency}${dv}${factor}${amount}${free}`;
  const f1 = bank + currency + free.slice(0, 5);
  const f2 = free.slice(5, 15);
  const f3 = free.slice(15, 25);
  const line = `${f1}${refMod10(f1)}${f2}${refMod10(f2)}${f3}${refMod10(f3)}${dv}${factor}${amount}`;
  return { barcode, line };
}

/** Builds an arrecadação barcode (general DV computed) and its 48-digit line. */
export function refArrecadacao(
  segment: string,
  valueId: '6' | '7' | '8' | '9',
  rest40: string,
): { barcode: string; line: string } {
  const dvOf = valueId === '6' || valueId === '7' ? refMod10 : refMod11Arrecadacao;
  const without = `8${segment}${valueId}${rest40}`;
  const barcode = `8${segment}${valueId}${dvOf(without)}${rest40}`;
  const line = [0, 11, 22, 33]
    .map((s) => barcode.slice(s, s + 11))
    .map((b) => `${b}${dvOf(b)}`)
    .join('');
  return { barcode, line };
}

/** CRC-16/CCITT-FALSE, table-driven (the validator computes it bit by bit). */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n << 8;
  for (let k = 0; k < 8; k++) c = (c & 0x8000 ? (c << 1) ^ 0x1021 : c << 1) & 0xffff;
  return c;
});
export function refCrc16(s: string): string {
  let crc = 0xffff;
  for (const b of Buffer.from(s, 'utf8'))
    crc = ((crc << 8) & 0xffff) ^ (CRC_TABLE[((crc >> 8) ^ b) & 0xff] ?? 0);
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** fast-check parameters shared by the suites (bounded for 2 cores). */
export const RUNS = { numRuns: 200 } as const;

const HEX = '0123456789abcdef';
const hex = (n: number) =>
  fc.array(fc.constantFrom(...HEX), { minLength: n, maxLength: n }).map((a) => a.join(''));
/** A lower-case UUID v4, as the DICT makes an EVP. */
export const validEvp = fc
  .tuple(hex(8), hex(4), hex(3), fc.constantFrom(...'89ab'), hex(3), hex(12))
  .map(([a, b, c, v, d, e]) => `${a}-${b}-4${c}-${v}${d}-${e}`);
