/**
 * The address mapping of the profile (1-access-shell-statement.md §3 Address as shown / in the API
 * form, §4 and §7 the client update after an edit, §5 Address form rules).
 */
import { describe, expect, it } from 'vitest';
import {
  addressFormErrors,
  addressesOf,
  buildClientUpdate,
  formValuesOf,
  toApiAddressInput,
  toShownAddress,
} from '../../../machines/profile/address-mapping';
import {
  HOME_ADDRESS,
  NEW_ADDRESS_FORM,
  PROFILE_ACCOUNT,
  PROFILE_CLIENT,
  WORK_ADDRESS,
} from '../../../machines/profile/profile-sample-data';
import { DEMO_USERS } from '../../../demo/users';

describe('shown form ↔ API form', () => {
  it('maps an API address to the shown form, country BRA by default', () => {
    expect(toShownAddress({ ...HOME_ADDRESS, country: undefined })).toEqual({
      addressId: '1',
      logradouro: 'Rua das Flores',
      numero: '123',
      complemento: 'Apto 45',
      bairro: 'Jardim Paulista',
      cep: '01415-000',
      cidade: 'São Paulo',
      estado: 'SP',
      pais: 'BRA',
      descricao: 'Casa',
    });
  });

  it('reads addresses, or the billingAddress alone, or nothing', () => {
    expect(addressesOf({ addresses: [HOME_ADDRESS, WORK_ADDRESS] }).map((a) => a.addressId)).toEqual([
      '1',
      '2',
    ]);
    expect(addressesOf({ billingAddress: WORK_ADDRESS }).map((a) => a.addressId)).toEqual(['2']);
    expect(addressesOf({ billingAddress: null })).toEqual([]);
    expect(addressesOf({ addresses: [], billingAddress: HOME_ADDRESS })).toEqual([]);
  });

  it('writes the form trimmed, the CEP as 5-3, the state upper case, blank complement as null', () => {
    const input = toApiAddressInput(
      { ...NEW_ADDRESS_FORM, cep: '20040020', estado: 'rj', complemento: '  ' },
      PROFILE_ACCOUNT,
    );
    expect(input).toEqual({
      accountHolderId: '5001',
      accountId: '1001',
      addressOne: 'Rua Nova',
      addressTwo: null,
      number: '42',
      neighborhood: 'Centro',
      postalCode: '20040-020',
      city: 'Rio de Janeiro',
      state: 'RJ',
      country: 'BRA',
      mnemonic: null,
    });
  });

  it('keeps the description and country of the address being edited', () => {
    const shown = toShownAddress(WORK_ADDRESS);
    const input = toApiAddressInput(formValuesOf(shown), PROFILE_ACCOUNT, shown);
    expect(input.mnemonic).toBe('Trabalho');
    expect(input.addressTwo).toBe('Conjunto 1201');
  });
});

describe('the description (mnemonic)', () => {
  it('writes the typed description trimmed, and null when blank, so a new address has a name', () => {
    expect(
      toApiAddressInput({ ...NEW_ADDRESS_FORM, descricao: '  Casa da praia ' }, PROFILE_ACCOUNT).mnemonic,
    ).toBe('Casa da praia');
    expect(toApiAddressInput({ ...NEW_ADDRESS_FORM, descricao: '   ' }, PROFILE_ACCOUNT).mnemonic).toBeNull();
  });

  it('opens an address with its description, and lets the user rename or clear it', () => {
    const shown = toShownAddress(WORK_ADDRESS);
    expect(formValuesOf(shown).descricao).toBe('Trabalho');
    const renamed = toApiAddressInput(
      { ...formValuesOf(shown), descricao: 'Escritório' },
      PROFILE_ACCOUNT,
      shown,
    );
    expect(renamed.mnemonic).toBe('Escritório');
    expect(
      toApiAddressInput({ ...formValuesOf(shown), descricao: '' }, PROFILE_ACCOUNT, shown).mnemonic,
    ).toBeNull();
  });
});

describe('form rules (§5)', () => {
  it('maps the validator keys to the form fields', () => {
    expect(addressFormErrors(NEW_ADDRESS_FORM)).toEqual({});
    expect(
      addressFormErrors({
        ...NEW_ADDRESS_FORM,
        logradouro: '  ',
        cep: '123',
        estado: 'XX',
        numero: '123456',
      }),
    ).toEqual({
      logradouro: 'ERRORS.INPUTS.EMPTY',
      numero: 'ERRORS.INPUTS.MAX_LENGTH',
      cep: 'ADDRESS.ERRORS.POSTAL_CODE',
      estado: 'ADDRESS.ERRORS.STATE',
    });
    expect(Object.keys(addressFormErrors({})).sort()).toEqual([
      'bairro',
      'cep',
      'cidade',
      'estado',
      'logradouro',
      'numero',
    ]);
  });
});

describe('client update after an edit (§4, §7)', () => {
  const edited = toApiAddressInput(
    { ...formValuesOf(toShownAddress(HOME_ADDRESS)), numero: '321' },
    PROFILE_ACCOUNT,
    toShownAddress(HOME_ADDRESS),
  );

  it('sends the client with the edited address where it is the mail and billing address', () => {
    const body = buildClientUpdate(PROFILE_CLIENT, { addressId: '1', address: edited }, 'ext-1');
    expect(body).toEqual({
      externalIdentifier: 'ext-1',
      client: {
        name: 'Maria Silva Santos',
        taxIdentifier: { taxId: DEMO_USERS.maria.taxId, country: 'BRA' },
        email: DEMO_USERS.maria.email,
        birthDate: '1988-04-12',
        mobilePhone: { country: 'BRA', phoneNumber: '11987654321' },
        mailAddress: edited,
      },
      billingAddress: edited,
      additionalDetailsCorporate: null,
    });
  });

  it('leaves mail and billing out when the edited address is neither (the bank keeps them)', () => {
    const body = buildClientUpdate(PROFILE_CLIENT, { addressId: '2', address: edited }, 'ext-2');
    expect(body.client.mailAddress).toBeUndefined();
    expect(body.billingAddress).toBeUndefined();
    expect(body.client.name).toBe('Maria Silva Santos');
  });
});
