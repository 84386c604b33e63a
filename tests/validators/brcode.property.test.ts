import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildStaticBrCode,
  crc16,
  parseBrCode,
  validatePastedBrCode,
  validatePixNewValue,
} from '../../machines/validators/brcode.ts';
import { RUNS, refCrc16 } from './reference.ts';

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 40,
});
const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const word = (min: number, max: number) =>
  fc.array(fc.constantFrom(...alnum), { minLength: min, maxLength: max }).map((a) => a.join(''));

/**
 * Where the value of the top-level field `id` starts, walking the TLVs from the start: a search
 * for the text `59NN` could find it inside an earlier value (the amount 79592200.00 holds "5922").
 */
function topLevelValueAt(code: string, id: string): number {
  for (let at = 0; at + 4 <= code.length;) {
    const length = Number(code.slice(at + 2, at + 4));
    if (code.slice(at, at + 2) === id) return at + 4;
    at += 4 + length;
  }
  throw new Error(`no top-level field ${id} in ${code}`);
}

const input = fc.record({
  key: fc.oneof(
    fc.uuid().map((u) => u.toLowerCase()),
    word(3, 20).map((w) => `${w.toLowerCase()}@exemplo.com.br`),
    fc.constant('+5511987654321'),
  ),
  name: fc.tuple(word(1, 12), word(1, 12)).map(([a, b]) => `${a} ${b}`),
  city: fc.constantFrom('SAO PAULO', 'BRASILIA', 'São Miguél do Oeste', 'Presidente Prudente', 'RIO'),
  amountCents: fc.option(fc.integer({ min: 1, max: 99_999_999_99 }), { nil: undefined }),
  txid: fc.option(word(1, 25), { nil: undefined }),
  infoAdicional: fc.option(word(1, 30), { nil: undefined }),
});

describe('Pix BR Code', () => {
  it('CRC-16/CCITT-FALSE agrees with a table-driven reference and is zero-padded upper-case hex', () => {
    fc.assert(
      fc.property(printable, (s) => {
        expect(crc16(s)).toBe(refCrc16(s));
        expect(crc16(s)).toMatch(/^[0-9A-F]{4}$/);
      }),
      { numRuns: 500 },
    );
    expect(crc16('123456789')).toBe('29B1');
  });

  it('a built static code parses back to what was put in', () => {
    fc.assert(
      fc.property(input, (i) => {
        const code = buildStaticBrCode(i);
        const r = parseBrCode(code);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.value.type).toBe('static');
        expect(r.value.key).toBe(i.key);
        expect(r.value.amountCents).toBe(i.amountCents ?? null);
        expect(r.value.txid).toBe(i.txid ?? '***');
        expect(r.value.name).toBe(i.name.slice(0, 25).trim());
        expect(r.value.city.length).toBeLessThanOrEqual(15);
        expect(r.value.city).toMatch(/^[\x20-\x7e]+$/);
        expect(r.value.infoAdicional).toBe(i.infoAdicional ?? null);
        expect(r.value.crc).toBe(refCrc16(code.slice(0, -4)));
      }),
      RUNS,
    );
  });

  it('rejects every single-character change of a valid code (CRC-16 catches any one-byte error)', () => {
    fc.assert(
      fc.property(
        input,
        fc.array(fc.integer({ min: 0x20, max: 0x7e }), { minLength: 8, maxLength: 8 }),
        (i, replacements) => {
          const code = buildStaticBrCode(i);
          for (let p = 0; p < code.length; p++) {
            for (const r of replacements) {
              const c = String.fromCharCode(r);
              if (c === code[p]) continue;
              expect(parseBrCode(code.slice(0, p) + c + code.slice(p + 1)).ok).toBe(false);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses to build non-conformant codes', () => {
    expect(() => buildStaticBrCode({ key: 'k', name: 'N', city: 'C', txid: 'Um-Id-Qualquer' })).toThrow(
      RangeError,
    );
    expect(() => buildStaticBrCode({ key: '', name: 'N', city: 'C' })).toThrow(RangeError);
    expect(() => buildStaticBrCode({ key: 'k', name: 'N', city: 'C', amountCents: 0 })).toThrow(RangeError);
    expect(() => buildStaticBrCode({ key: 'k', name: 'N', city: 'C', amountCents: 1.5 })).toThrow(RangeError);
  });

  it('copy-and-paste field: empty, short under 30, invalid', () => {
    expect(validatePastedBrCode('')).toBe('ERRORS.INPUTS.EMPTY');
    expect(validatePastedBrCode('000201')).toBe('PIX.PIX_COPY_PASTE.SHORT');
    expect(validatePastedBrCode('0'.repeat(40))).toBe('PIX.PIX_COPY_PASTE.INVALID');
    const code = buildStaticBrCode({ key: 'maria@exemplo.com.br', name: 'Maria', city: 'SAO PAULO' });
    expect(validatePastedBrCode(`${code}\n`)).toBeUndefined();
    expect(parseBrCode(code.slice(0, -4) + code.slice(-4).toLowerCase()).ok).toBe(
      /\d{4}/.test(code.slice(-4)),
    );
  });

  it('copy-and-paste field: a code whose CRC does not match is said to be altered, not malformed', () => {
    fc.assert(
      fc.property(input, fc.nat(), (i, at) => {
        const code = buildStaticBrCode(i);
        // Damage one character of the name (ID 59's value): the TLV stays well formed, so only the
        // CRC can tell.
        const nameAt = topLevelValueAt(code, '59');
        const p = nameAt + (at % Math.max(1, i.name.slice(0, 25).trim().length));
        const altered = code.slice(0, p) + (code[p] === 'X' ? 'Y' : 'X') + code.slice(p + 1);
        expect(validatePastedBrCode(altered)).toBe('PIX.PIX_COPY_PASTE.ALTERED');
      }),
      RUNS,
    );
  });

  it('new value of a code without amount: above zero, at most 13 characters', () => {
    expect(validatePixNewValue('')).toBe('ERRORS.INPUTS.EMPTY');
    expect(validatePixNewValue('abc')).toBe('ERRORS.INPUTS.EMPTY');
    expect(validatePixNewValue('0,00')).toBe('PIX.PIX_COPY_PASTE.VALUE_GREATER_THAN_ZERO');
    expect(validatePixNewValue('-1,00')).toBe('PIX.PIX_COPY_PASTE.VALUE_GREATER_THAN_ZERO');
    expect(validatePixNewValue('0,01')).toBeUndefined();
    expect(validatePixNewValue('1.234.567,89')).toBeUndefined();
    expect(validatePixNewValue('12.345.678,901')).toBe('ERRORS.INPUTS.MAX_LENGTH');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), (cents) => {
        const typed = `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
        expect(validatePixNewValue(typed)).toBeUndefined();
      }),
      RUNS,
    );
  });
});
