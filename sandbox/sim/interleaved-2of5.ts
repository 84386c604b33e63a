/**
 * Interleaved 2 of 5, the symbology of the boleto barcode (FEBRABAN layout; domain notes §b): an
 * even number of digits, each pair encoded as five bars (the first digit) interleaved with five
 * spaces (the second), two of each five wide. Start: narrow bar, narrow space, narrow bar, narrow
 * space; stop: wide bar, narrow space, narrow bar. Written here from the standard, for the
 * deposit boleto's PDF.
 */

/** N narrow, W wide, for the digits 0-9. */
const PATTERNS = [
  'NNWWN',
  'WNNNW',
  'NWNNW',
  'WWNNN',
  'NNWNW',
  'WNWNN',
  'NWWNN',
  'NNNWW',
  'WNNWN',
  'NWNWN',
] as const;

export const START = [1, 1, 1, 1] as const;
export const STOP = [3, 1, 1] as const;

/**
 * The widths of the elements, bar first and alternating bar/space, in narrow units (wide = 3,
 * FEBRABAN's ratio 1:3).
 */
export function encodeI2of5(digits: string): number[] {
  if (!/^[0-9]*$/.test(digits) || digits.length % 2 !== 0)
    throw new RangeError('Interleaved 2 of 5 needs an even number of digits');
  const widths: number[] = [...START];
  for (let i = 0; i < digits.length; i += 2) {
    const bars = PATTERNS[Number(digits[i])] ?? '';
    const spaces = PATTERNS[Number(digits[i + 1])] ?? '';
    for (let k = 0; k < 5; k++) widths.push(bars[k] === 'W' ? 3 : 1, spaces[k] === 'W' ? 3 : 1);
  }
  widths.push(...STOP);
  return widths;
}

/**
 * Reads element widths back into digits (a scanner's last step): widths in any unit, wide told
 * from narrow by the midpoint between the thinnest and the thickest. Undefined when the start or
 * stop pattern or a digit's pattern (exactly two wide of five) is wrong.
 */
export function decodeI2of5(widths: readonly number[]): string | undefined {
  if (widths.length < 7 || (widths.length - 7) % 10 !== 0) return undefined;
  const threshold = (Math.min(...widths) + Math.max(...widths)) / 2;
  const kind = widths.map((w) => (w > threshold ? 'W' : 'N'));
  if (kind.slice(0, 4).join('') !== 'NNNN' || kind.slice(-3).join('') !== 'WNN') return undefined;
  let out = '';
  for (let i = 4; i < widths.length - 3; i += 10) {
    const bars = [0, 2, 4, 6, 8].map((k) => kind[i + k]).join('');
    const spaces = [1, 3, 5, 7, 9].map((k) => kind[i + k]).join('');
    const a = PATTERNS.indexOf(bars as (typeof PATTERNS)[number]);
    const b = PATTERNS.indexOf(spaces as (typeof PATTERNS)[number]);
    if (a < 0 || b < 0) return undefined;
    out += `${a}${b}`;
  }
  return out;
}
