import { describe, expect, it } from 'vitest';
import { BRAZILIAN_STATES, isBrazilianState, validateAddress } from '../../machines/validators/address.ts';
import { isValidCep, normalizeCep, validateCep } from '../../machines/validators/cep.ts';
import { isValidTotpCode, normalizeTotpCode, validateTotpCode } from '../../machines/validators/totp-code.ts';

const address = {
  street: 'Avenida Paulista',
  number: '1578',
  complement: 'Apto 12',
  neighborhood: 'Bela Vista',
  postalCode: '01310-200',
  city: 'São Paulo',
  state: 'SP',
};

describe('address form (1-access §5)', () => {
  it('lists the 27 UFs with code and name', () => {
    expect(BRAZILIAN_STATES).toHaveLength(27);
    expect(new Set(BRAZILIAN_STATES.map((s) => s.code)).size).toBe(27);
    expect(BRAZILIAN_STATES).toContainEqual({ code: 'DF', name: 'Distrito Federal' });
    expect(BRAZILIAN_STATES.every((s) => /^[A-Z]{2}$/.test(s.code) && s.name.length > 0)).toBe(true);
    expect(Object.isFrozen(BRAZILIAN_STATES)).toBe(true);
    expect(isBrazilianState('SP')).toBe(true);
    expect(isBrazilianState('XX')).toBe(false);
  });

  it('accepts a complete address', () => {
    expect(validateAddress(address)).toEqual({});
    expect(validateAddress({ ...address, complement: undefined, postalCode: '01310200' })).toEqual({});
  });

  it('blank after trimming → EMPTY, for every required field', () => {
    const blank = { street: ' ', number: '', neighborhood: '\t', postalCode: ' ', city: '', state: '' };
    expect(validateAddress({ ...address, ...blank })).toEqual({
      street: 'ERRORS.INPUTS.EMPTY',
      number: 'ERRORS.INPUTS.EMPTY',
      neighborhood: 'ERRORS.INPUTS.EMPTY',
      postalCode: 'ERRORS.INPUTS.EMPTY',
      city: 'ERRORS.INPUTS.EMPTY',
      state: 'ERRORS.INPUTS.EMPTY',
    });
  });

  it('enforces the maximum lengths (street 50, number 5, neighbourhood 50, city 50) and a real UF', () => {
    expect(validateAddress({ ...address, street: 'a'.repeat(50), number: '12345' })).toEqual({});
    expect(
      validateAddress({
        ...address,
        street: 'a'.repeat(51),
        number: '123456',
        neighborhood: 'b'.repeat(51),
        city: 'c'.repeat(51),
        state: 'XX',
      }),
    ).toEqual({
      street: 'ERRORS.INPUTS.MAX_LENGTH',
      number: 'ERRORS.INPUTS.MAX_LENGTH',
      neighborhood: 'ERRORS.INPUTS.MAX_LENGTH',
      city: 'ERRORS.INPUTS.MAX_LENGTH',
      state: 'ADDRESS.ERRORS.STATE',
    });
  });
});

describe('CEP', () => {
  it('8 digits, masked 5-3 or bare, not below 01000-000', () => {
    expect(isValidCep('01310-200')).toBe(true);
    expect(isValidCep('01310200')).toBe(true);
    expect(normalizeCep('01310-200')).toBe('01310200');
    for (const bad of ['0131020', '013102000', '00000-000', '00999-999', '0131O-200', '01310_200'])
      expect(isValidCep(bad)).toBe(false);
    expect(validateCep('')).toBe('ERRORS.INPUTS.EMPTY');
    expect(validateCep('01310 - 200')).toBe('ADDRESS.ERRORS.POSTAL_CODE');
    expect(validateCep('01310-200')).toBeUndefined();
  });
});

describe('security code (TOTP)', () => {
  it('exactly 6 digits', () => {
    expect(isValidTotpCode('287082')).toBe(true);
    for (const bad of ['28708', '2870821', '28708a', ' 287082', '287 082', ''])
      expect(isValidTotpCode(bad)).toBe(false);
    expect(normalizeTotpCode('287 082 9')).toBe('287082');
    expect(validateTotpCode('')).toBe('ERRORS.INPUTS.EMPTY');
    expect(validateTotpCode('12345')).toBe('SECURITY_CODE.ERRORS.LENGTH');
    expect(validateTotpCode('123456')).toBeUndefined();
  });
});

describe('superstruct structs', () => {
  it('wrap the same predicates', async () => {
    const { is } = await import('superstruct');
    const { CpfStruct } = await import('../../machines/validators/cpf.ts');
    const { CnpjStruct } = await import('../../machines/validators/cnpj.ts');
    const { TaxIdStruct } = await import('../../machines/validators/tax-id.ts');
    const { EmailStruct } = await import('../../machines/validators/email.ts');
    const { MobilePhoneStruct } = await import('../../machines/validators/phone.ts');
    const { CepStruct } = await import('../../machines/validators/cep.ts');
    const { EndToEndIdStruct } = await import('../../machines/validators/end-to-end-id.ts');
    expect(is('529.982.247-25', CpfStruct)).toBe(true);
    expect(is('529.982.247-26', CpfStruct)).toBe(false);
    expect(is('12.ABC.345/01DE-35', CnpjStruct)).toBe(true);
    expect(is('12.ABC.345/01DE-35', TaxIdStruct)).toBe(true);
    expect(is(52998224725, TaxIdStruct)).toBe(false);
    expect(is('maria@exemplo.com.br', EmailStruct)).toBe(true);
    expect(is('(11) 98765-4321', MobilePhoneStruct)).toBe(true);
    expect(is('01310-200', CepStruct)).toBe(true);
    expect(is('E9040088820210128000800123873170', EndToEndIdStruct)).toBe(true);
    expect(is('E904008882021012800080012387317', EndToEndIdStruct)).toBe(false);
  });
});
