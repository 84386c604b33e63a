/**
 * Windows-1252 text for the OFX writer. Kept apart from helpers.test.ts, which also runs in the clock
 * projects' zones (vitest.config.ts, CLOCK_SENSITIVE): nothing here reads a clock, so one run proves it.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodeCp1252, toCp1252Line } from '../../src/export/text';
import { decodeCp1252 } from './cp1252';

describe('windows-1252 text', () => {
  it('keeps Portuguese, folds what 1252 lacks, drops controls and format characters', () => {
    expect(toCp1252Line('Ação – “citação” € ½')).toBe('Ação – “citação” € ½');
    expect(toCp1252Line('a\u0301gua')).toBe('água'); // decomposed input is composed
    expect(toCp1252Line('Łódź ő ﬁ Ａ')).toBe('?ódz o fi A');
    expect(toCp1252Line('a\u0000b\u200bc\r\nd\te\u00a0f')).toBe('abc  d e f');
    expect(toCp1252Line('😀')).toBe('?');
  });

  it('encodes every 1252 character as its single byte (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        const line = toCp1252Line(s);
        const bytes = encodeCp1252(line);
        expect(bytes.length).toBe(line.length);
        expect(decodeCp1252(bytes)).toBe(line);
      }),
    );
  });
});
