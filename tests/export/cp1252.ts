/**
 * windows-1252 decoding for the tests. Node 20's TextDecoder('windows-1252') decodes as
 * ISO-8859-1 (bytes 0x80..0x9F come out as C1 controls), so the tests carry the WHATWG index
 * for that range themselves, written as a string indexed by byte - 0x80 (undefined bytes as U+FFFD).
 */
const HIGH = '€\uFFFD‚ƒ„…†‡ˆ‰Š‹Œ\uFFFDŽ\uFFFD\uFFFD‘’“”•–—˜™š›œ\uFFFDžŸ';

export function decodeCp1252(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b >= 0x80 && b < 0xa0 ? HIGH[b - 0x80] : String.fromCharCode(b);
  return out;
}
