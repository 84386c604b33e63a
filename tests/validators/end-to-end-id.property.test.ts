import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isValidEndToEndId,
  makeEndToEndId,
  parseEndToEndId,
} from '../../machines/validators/end-to-end-id.ts';
import { RUNS } from './reference.ts';

const chars = (alphabet: string, n: number) =>
  fc.array(fc.constantFrom(...alphabet), { minLength: n, maxLength: n }).map((a) => a.join(''));
const ispb = chars('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', 8);
const random = chars('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 11);
const moment = fc.date({
  min: new Date('2020-11-16T00:00:00Z'),
  max: new Date('2099-12-31T23:59:59Z'),
  noInvalidDate: true,
});

describe('Pix end-to-end id', () => {
  it('makes 32-character ids that validate and parse back (ISPB may be alphanumeric, time in UTC)', () => {
    fc.assert(
      fc.property(ispb, moment, random, (i, d, r) => {
        const id = makeEndToEndId(i, d, r);
        expect(id).toHaveLength(32);
        expect(isValidEndToEndId(id)).toBe(true);
        const p = parseEndToEndId(id);
        expect(p?.ispb).toBe(i);
        expect(p?.sequence).toBe(r);
        expect(p?.timestamp.getTime()).toBe(Math.floor(d.getTime() / 60_000) * 60_000);
        expect(id.slice(9, 21)).toBe(d.toISOString().replace(/\D/g, '').slice(0, 12));
      }),
      RUNS,
    );
  });

  it('rejects a lower-case ISPB, an impossible minute, a wrong prefix or length', () => {
    expect(isValidEndToEndId('E9040088820210128000800123873170')).toBe(true);
    expect(isValidEndToEndId('E9040088820210128000800123873170'.toLowerCase())).toBe(false);
    expect(isValidEndToEndId('E9040088820211328000800123873170')).toBe(false);
    expect(isValidEndToEndId('E9040088820210128246000123873170')).toBe(false);
    expect(isValidEndToEndId('X9040088820210128000800123873170')).toBe(false);
    expect(isValidEndToEndId('E904008882021012800080012387317')).toBe(false);
    expect(isValidEndToEndId('D9040088820210128000800123873170')).toBe(false);
    expect(isValidEndToEndId('D9040088820210128000800123873170', { allowReturn: true })).toBe(true);
    expect(isValidEndToEndId('E12AB34CD202611211430abcDEF12345')).toBe(true);
    expect(() => makeEndToEndId('1234567', new Date(), 'abcdefghijk')).toThrow(RangeError);
    expect(() => makeEndToEndId('12345678', new Date(), 'abc-efghijk')).toThrow(RangeError);
  });
});
