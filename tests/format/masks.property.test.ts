import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeCep } from '../../machines/validators/cep.ts';
import { normalizeCnpj } from '../../machines/validators/cnpj.ts';
import { normalizeCpf } from '../../machines/validators/cpf.ts';
import { normalizePhone } from '../../machines/validators/phone.ts';
import {
  hideCpf,
  hideTaxId,
  maskCep,
  maskCnpj,
  maskCpf,
  maskPhone,
  maskTaxId,
} from '../../src/format/masks.ts';

const typed = fc.oneof(
  fc.string({ maxLength: 25 }),
  fc.string({ unit: fc.constantFrom(...'0123456789.-/() +ABCxyz'), maxLength: 25 }),
);
const digits = (max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: max });
const alnum = (max: number) =>
  fc.string({
    unit: fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'),
    maxLength: max,
  });

describe('masks', () => {
  it('are idempotent on anything typed', () => {
    fc.assert(
      fc.property(typed, (s) => {
        for (const mask of [maskCpf, maskCnpj, maskTaxId, maskPhone, maskCep, hideCpf, hideTaxId]) {
          const once = mask(s);
          expect(mask(once)).toBe(once);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('round-trip: normalize(mask(x)) = normalize(x) while x fits the mask', () => {
    fc.assert(
      fc.property(digits(11), alnum(14), digits(8), (d11, a14, d8) => {
        expect(normalizeCpf(maskCpf(d11))).toBe(normalizeCpf(d11));
        expect(normalizeCnpj(maskCnpj(a14))).toBe(normalizeCnpj(a14));
        expect(normalizeCnpj(maskTaxId(a14))).toBe(normalizeCnpj(a14));
        expect(normalizePhone(maskPhone(d11))).toBe(normalizePhone(d11));
        expect(normalizeCep(maskCep(d8))).toBe(normalizeCep(d8));
      }),
      { numRuns: 300 },
    );
  });

  it('never exceed the field lengths', () => {
    fc.assert(
      fc.property(typed, (s) => {
        expect(maskCpf(s).length).toBeLessThanOrEqual(14);
        expect(maskCnpj(s).length).toBeLessThanOrEqual(18);
        expect(maskPhone(s).length).toBeLessThanOrEqual(15);
        expect(maskCep(s).length).toBeLessThanOrEqual(9);
      }),
      { numRuns: 300 },
    );
  });

  it('format the documented examples, progressively while typing', () => {
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('5299')).toBe('529.9');
    expect(maskCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCnpj('12AB')).toBe('12.AB');
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('+55 11 98765-4321')).toBe('(11) 98765-4321');
    expect(maskPhone('1130000000')).toBe('(11) 3000-0000');
    expect(maskPhone('119')).toBe('(11) 9');
    expect(maskCep('01310200')).toBe('01310-200');
    expect(maskCep('0131')).toBe('0131');
    expect(hideCpf('529.982.247-25')).toBe('***.982.247-**');
    expect(hideCpf('52998224725')).toBe('***.982.247-**');
    expect(hideCpf('123')).toBe('***.***.***-**');
    expect(hideTaxId('52998224725')).toBe('***.982.247-**');
    expect(hideTaxId('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
  });
});
