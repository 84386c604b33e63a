/**
 * A small deterministic pseudo-random generator (mulberry32) so that the seed produces the same
 * customers, ids and history on every machine. Never used for secrets: tokens and password salts
 * come from node:crypto.
 */
export interface Prng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** A string of `length` characters drawn from `alphabet`. */
  chars(length: number, alphabet: string): string;
  /** A UUID v4 shaped string (lower case), reproducible from the seed. */
  uuid(): string;
}

export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[int(0, items.length - 1)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  const chars = (length: number, alphabet: string): string => {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet.charAt(int(0, alphabet.length - 1));
    return out;
  };
  const uuid = (): string => {
    const hex = '0123456789abcdef';
    const h = chars(32, hex).split('');
    h[12] = '4';
    h[16] = hex.charAt(8 + int(0, 3));
    const s = h.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  };
  return { next, int, pick, chars, uuid };
}
