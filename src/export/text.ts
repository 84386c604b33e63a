/**
 * Text that survives the 8-bit targets of the exports: windows-1252 (the OFX 1.02 CHARSET and the
 * WinAnsi encoding of the PDF standard fonts). Characters outside it are folded to their base
 * letter when they have one (ő → o) and become '?' otherwise; control and format characters go.
 */

/** windows-1252 bytes 0x80..0x9F, by code point (the rest of 0xA0..0xFF is Latin-1 itself). */
const CP1252_HIGH: ReadonlyMap<number, number> = new Map([
  [0x20ac, 0x80],
  [0x201a, 0x82],
  [0x0192, 0x83],
  [0x201e, 0x84],
  [0x2026, 0x85],
  [0x2020, 0x86],
  [0x2021, 0x87],
  [0x02c6, 0x88],
  [0x2030, 0x89],
  [0x0160, 0x8a],
  [0x2039, 0x8b],
  [0x0152, 0x8c],
  [0x017d, 0x8e],
  [0x2018, 0x91],
  [0x2019, 0x92],
  [0x201c, 0x93],
  [0x201d, 0x94],
  [0x2022, 0x95],
  [0x2013, 0x96],
  [0x2014, 0x97],
  [0x02dc, 0x98],
  [0x2122, 0x99],
  [0x0161, 0x9a],
  [0x203a, 0x9b],
  [0x0153, 0x9c],
  [0x017e, 0x9e],
  [0x0178, 0x9f],
]);

/** The windows-1252 byte of a code point, or undefined when it has none (controls included). */
export function cp1252Byte(cp: number): number | undefined {
  if (cp >= 0x20 && cp < 0x7f) return cp;
  if (cp >= 0xa0 && cp <= 0xff) return cp;
  return CP1252_HIGH.get(cp);
}

const whitespaceLike = /[\t\n\v\f\r\u0085\u2028\u2029\p{Zs}]/u;
const dropped = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/u;
const combining = /\p{M}/gu;
/** Text made only of printable windows-1252 characters (no-break space excluded) needs no work. */
const printable1252 = new RegExp(
  `^[\\x20-\\x7e\\xa1-\\xff${[...CP1252_HIGH.keys()].map((cp) => `\\u${cp.toString(16).padStart(4, '0')}`).join('')}]*$`,
);

/**
 * Printable one-line text made only of windows-1252 characters: line breaks, tabs and other
 * spaces become one plain space, controls and invisible format characters are removed, and
 * whatever windows-1252 lacks is folded or replaced by '?'. Not trimmed.
 */
export function toCp1252Line(text: string): string {
  const composed = text.normalize('NFC');
  if (printable1252.test(composed)) return composed;
  let out = '';
  for (const ch of composed) {
    const cp = ch.codePointAt(0) as number;
    if (cp1252Byte(cp) !== undefined && cp !== 0xa0) {
      out += ch;
    } else if (whitespaceLike.test(ch)) {
      out += ' ';
    } else if (dropped.test(ch)) {
      // Controls, zero-width and private-use characters carry nothing a reader could use.
    } else {
      const base = ch.normalize('NFKD').replace(combining, '');
      out +=
        base !== '' && [...base].every((c) => cp1252Byte(c.codePointAt(0) as number) !== undefined)
          ? base
          : '?';
    }
  }
  return out;
}

/** Collapses runs of spaces and trims: the form single-line fields are written in. */
export function squeezeSpaces(text: string): string {
  return text.replace(/ {2,}/g, ' ').trim();
}

/**
 * Encodes text as windows-1252 bytes. Call it on text already passed through `toCp1252Line`
 * (or plain ASCII); anything else is written as '?' rather than guessed.
 */
export function encodeCp1252(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length);
  let n = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    // CR and LF are the only controls the OFX file itself uses.
    bytes[n++] = cp === 0x0d || cp === 0x0a ? cp : (cp1252Byte(cp) ?? 0x3f);
  }
  return bytes.subarray(0, n);
}
