import type { Prng } from './prng.ts';

/**
 * Check digits for CPF and CNPJ (domain notes §a), used to generate valid seed documents from the
 * deterministic PRNG. The alphanumeric CNPJ uses each character's code minus 48.
 */
function cpfDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (digits.length + 1 - i);
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

export function cpfWithCheckDigits(base9: string): string {
  const d1 = cpfDigit(base9);
  const d2 = cpfDigit(base9 + d1);
  return `${base9}${d1}${d2}`;
}

const CNPJ_W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

function cnpjDigit(chars: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < chars.length; i++) sum += (chars.charCodeAt(i) - 48) * (weights[i] ?? 0);
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

export function cnpjWithCheckDigits(base12: string): string {
  const upper = base12.toUpperCase();
  const d1 = cnpjDigit(upper, CNPJ_W1);
  const d2 = cnpjDigit(upper + d1, CNPJ_W2);
  return `${upper}${d1}${d2}`;
}

export function randomCpf(prng: Prng): string {
  let base = prng.chars(9, '0123456789');
  // A repeated digit passes the arithmetic but is never issued.
  while (/^(\d)\1{8}$/.test(base)) base = prng.chars(9, '0123456789');
  return cpfWithCheckDigits(base);
}

export function randomCnpj(prng: Prng): string {
  return cnpjWithCheckDigits(`${prng.chars(8, '0123456789')}0001`);
}
