/** src/format/pix-key.ts: every kind of Pix key as people read it (issue 32). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPixKey } from '../../src/format/pix-key';

describe('formatPixKey', () => {
  it.each([
    ['52998224725', undefined, '529.982.247-25'],
    ['45281763000196', undefined, '45.281.763/0001-96'],
    ['12ABC34501DE35', undefined, '12.ABC.345/01DE-35'],
    ['12ABC34501DE35', 'CNPJ', '12.ABC.345/01DE-35'],
    ['+5521987651234', undefined, '+55 (21) 98765-1234'],
    ['+5521987651234', 'PHONE', '+55 (21) 98765-1234'],
    ['maria@exemplo.com.br', undefined, 'maria@exemplo.com.br'],
    ['123e4567-e89b-42d3-a456-426614174000', 'EVP', '123e4567-e89b-42d3-a456-426614174000'],
    // What the DICT already masked, or what is no key, comes as it is.
    ['***.982.247-**', 'CPF', '***.982.247-**'],
    ['conta 123', undefined, 'conta 123'],
  ] as const)('%s (%s) → %s', (key, type, shown) => {
    expect(formatPixKey(key, type)).toBe(shown);
  });

  it('keeps every character of the key: removing the mask gives it back (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\+55[1-9]{2}9\d{8}$/), (phone) => {
        expect(`+${formatPixKey(phone).replace(/\D/g, '')}`).toBe(phone);
      }),
    );
  });
});
