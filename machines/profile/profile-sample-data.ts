/**
 * Test data of the profile area's catalog entry and view tests: the demo customer Maria with the
 * addresses the sandbox seeds for her (two: Casa, also her mail and billing address, and Trabalho),
 * under short ids of the fixtures' own (the seed's ids are UUIDs; e2e reads them from the
 * session and the bank's answers, never from here), and
 * failures shaped like the API layer's `ApiError` (machines cannot import src/, so these are plain
 * objects with its fields).
 */
import type { components } from '../../openapi/portal';
import { DEMO_USERS, FIXTURE_IDS } from '../../demo/users.ts';
import type { AddressFormValues } from './address-mapping.ts';

type Schemas = components['schemas'];

export { apiErrorLike, fieldsError, internalError, networkError } from '../fixtures/api-errors.ts';

/** Maria's account, under the fixtures' own short ids (not the seed's UUIDs). */
export const PROFILE_ACCOUNT = FIXTURE_IDS.maria;

const { maria } = DEMO_USERS;

/** Maria's home address: the first of the book, her mail and billing address. */
export const HOME_ADDRESS: Schemas['Address'] = {
  addressId: '1',
  accountHolderId: PROFILE_ACCOUNT.accountHolderId,
  accountId: PROFILE_ACCOUNT.accountId,
  addressOne: 'Rua das Flores',
  addressTwo: 'Apto 45',
  number: '123',
  neighborhood: 'Jardim Paulista',
  postalCode: '01415-000',
  city: 'São Paulo',
  state: 'SP',
  country: 'BRA',
  mnemonic: 'Casa',
};

/** Maria's work address. */
export const WORK_ADDRESS: Schemas['Address'] = {
  addressId: '2',
  accountHolderId: PROFILE_ACCOUNT.accountHolderId,
  accountId: PROFILE_ACCOUNT.accountId,
  addressOne: 'Avenida Paulista',
  addressTwo: 'Conjunto 1201',
  number: '1000',
  neighborhood: 'Bela Vista',
  postalCode: '01310-100',
  city: 'São Paulo',
  state: 'SP',
  country: 'BRA',
  mnemonic: 'Trabalho',
};

/** The client record of Maria. */
export const PROFILE_CLIENT: Schemas['Client'] = {
  name: maria.name,
  email: maria.email,
  // The national number: the E.164 form without '+55'.
  mobilePhone: { country: 'BRA', phoneNumber: maria.phone.slice('+55'.length) },
  mailAddress: HOME_ADDRESS,
  billingAddress: HOME_ADDRESS,
  taxIdentifier: { taxId: maria.taxId, country: 'BRA' },
  accountHolderId: PROFILE_ACCOUNT.accountHolderId,
  status: 'ACTIVE',
  representatives: [],
  hasPixPermission: true,
  birthDate: maria.birthDate,
  accountData: { clientType: 'PERSON', additionalDetailsCorporate: null },
};

/** Maria's account number and branch. */
export const PROFILE_ACCOUNT_INFO: Schemas['AccountInfo'] = {
  accountId: PROFILE_ACCOUNT.accountId,
  account: maria.number,
  branch: '0001',
};

/** A new address typed in the form (valid). */
export const NEW_ADDRESS_FORM: AddressFormValues = {
  logradouro: '  Rua Nova  ',
  numero: '42',
  complemento: '',
  bairro: 'Centro',
  cep: '20040-020',
  cidade: 'Rio de Janeiro',
  estado: 'RJ',
  descricao: '',
};

/** The new address as the bank answers it. */
export const NEW_ADDRESS: Schemas['Address'] = {
  addressId: '3',
  accountHolderId: PROFILE_ACCOUNT.accountHolderId,
  accountId: PROFILE_ACCOUNT.accountId,
  addressOne: 'Rua Nova',
  addressTwo: null,
  number: '42',
  neighborhood: 'Centro',
  postalCode: '20040-020',
  city: 'Rio de Janeiro',
  state: 'RJ',
  country: 'BRA',
  mnemonic: null,
};

/** Maria's home address after an edit (new number). */
export const HOME_ADDRESS_EDITED: Schemas['Address'] = { ...HOME_ADDRESS, number: '321' };
