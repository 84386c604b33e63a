/**
 * The address as the profile shows it and the address in the API form
 * (1-access-shell-statement.md §3 "Address as shown" and "Address in the API form"), the address
 * form's values and rules (§5 Address form), and the body of the client update that follows an
 * address edit (§4, §7).
 *
 * Pure functions: the address-book machine and the form view both use them, so a rule is written
 * once (DESIGN.md, A view: the form's `validate` and the machine's guard share the validator).
 */
import type { components } from '../../openapi/portal';
import {
  ADDRESS_MAX_LENGTHS,
  BRAZILIAN_STATES,
  validateAddress,
  type AddressField,
} from '../validators/address.ts';
import { normalizeCep } from '../validators/cep.ts';

type Schemas = components['schemas'];

/** The address as shown (logradouro, numero, bairro, cep, cidade, estado, complemento, pais, descricao, addressId). */
export type ShownAddress = Schemas['AddressForm'];
/** An address of the book in the API form, with its id. */
export type ApiAddress = Schemas['Address'];
/** The API form of an address being written. */
export type ApiAddressInput = Schemas['AddressInput'];
/** A Brazilian state code (UF). */
export type BrazilianStateCode = Schemas['BrazilianState'];

/** §9: the country of every address. */
export const DEFAULT_COUNTRY = 'BRA';

/**
 * The values of the address form, as typed (untrimmed; `estado` is '' until one is chosen).
 * Field names follow the shown form.
 */
export interface AddressFormValues {
  logradouro: string;
  numero: string;
  complemento: string;
  bairro: string;
  cep: string;
  cidade: string;
  estado: string;
  /** The address's name in the book ('Casa', 'Trabalho'): optional, the API's `mnemonic`. */
  descricao: string;
}

/** A field of the address form that has a rule (every one but the optional complement and description). */
export type AddressFormField = Exclude<keyof AddressFormValues, 'complemento' | 'descricao'>;

/**
 * The description's maximum length: the contract sets none, so the form keeps it to what a row
 * of the book shows as its title on a 360 px phone.
 */
export const ADDRESS_DESCRIPTION_MAX_LENGTH = 30;

/** The validator's field names → the form's. */
const FORM_FIELD: Record<AddressField, AddressFormField> = {
  street: 'logradouro',
  number: 'numero',
  neighborhood: 'bairro',
  postalCode: 'cep',
  city: 'cidade',
  state: 'estado',
};

/** §5/§9 maximum lengths by form field (the CEP's 9 counts the hyphen). */
export const ADDRESS_FORM_MAX_LENGTHS: Record<Exclude<AddressFormField, 'estado'>, number> = {
  logradouro: ADDRESS_MAX_LENGTHS.street,
  numero: ADDRESS_MAX_LENGTHS.number,
  bairro: ADDRESS_MAX_LENGTHS.neighborhood,
  cep: ADDRESS_MAX_LENGTHS.postalCode,
  cidade: ADDRESS_MAX_LENGTHS.city,
};

/** Whether `code` is one of the 27 UF codes. */
export function isStateCode(code: string): code is BrazilianStateCode {
  return BRAZILIAN_STATES.some((s) => s.code === code);
}

/** An empty form (adding an address). */
export function emptyAddressForm(): AddressFormValues {
  return {
    logradouro: '',
    numero: '',
    complemento: '',
    bairro: '',
    cep: '',
    cidade: '',
    estado: '',
    descricao: '',
  };
}

/** The form prefilled with an address of the book (editing it: §4 "the address is read"). */
export function formValuesOf(a: ShownAddress): AddressFormValues {
  return {
    logradouro: a.logradouro,
    numero: a.numero,
    complemento: a.complemento ?? '',
    bairro: a.bairro,
    cep: a.cep,
    cidade: a.cidade,
    estado: a.estado,
    descricao: a.descricao ?? '',
  };
}

/**
 * The errors of the address form by field, as message keys (§5): blank after trimming →
 * `ERRORS.INPUTS.EMPTY`; too long → `ERRORS.INPUTS.MAX_LENGTH`; not a CEP →
 * `ADDRESS.ERRORS.POSTAL_CODE`; not a UF → `ADDRESS.ERRORS.STATE`. Empty when the form can be saved.
 */
export function addressFormErrors(v: Partial<AddressFormValues>): Partial<Record<AddressFormField, string>> {
  const errors = validateAddress({
    street: v.logradouro ?? '',
    number: v.numero ?? '',
    complement: v.complemento ?? '',
    neighborhood: v.bairro ?? '',
    postalCode: v.cep ?? '',
    city: v.cidade ?? '',
    state: v.estado ?? '',
  });
  const out: Partial<Record<AddressFormField, string>> = {};
  for (const [field, key] of Object.entries(errors) as [AddressField, string][]) out[FORM_FIELD[field]] = key;
  return out;
}

/** True when the form passes every rule of §5 (save is enabled). */
export function isAddressFormValid(v: Partial<AddressFormValues>): boolean {
  return Object.keys(addressFormErrors(v)).length === 0;
}

/** An address of the API mapped to the shown form (country defaults to 'BRA'). */
export function toShownAddress(a: ApiAddress): ShownAddress {
  const shown: ShownAddress = {
    addressId: a.addressId,
    logradouro: a.addressOne,
    numero: a.number,
    bairro: a.neighborhood,
    cep: a.postalCode,
    cidade: a.city,
    estado: a.state,
    pais: a.country ?? DEFAULT_COUNTRY,
  };
  if (a.addressTwo) shown.complemento = a.addressTwo;
  if (a.mnemonic) shown.descricao = a.mnemonic;
  return shown;
}

/** §7: the list is `addresses`, or the single `billingAddress` when the bank keeps no list. */
export function addressesOf(list: Schemas['AddressList']): ShownAddress[] {
  if (list.addresses) return list.addresses.map(toShownAddress);
  return list.billingAddress ? [toShownAddress(list.billingAddress)] : [];
}

/** The CEP as `NNNNN-NNN` (the form may hold it without the hyphen). */
function cepOf(v: string): string {
  const d = normalizeCep(v);
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : v.trim();
}

/** The account an address belongs to. */
export interface AccountRef {
  accountHolderId: string;
  accountId: string;
}

/**
 * The form mapped to the API form (§3, §7 add address): trimmed values, the CEP as 5-3 digits, the
 * state in upper case, the complement and the description null when blank; the country kept from
 * the address being edited (`base`), 'BRA' otherwise. Call it only with a valid form.
 */
export function toApiAddressInput(
  v: AddressFormValues,
  ref: AccountRef,
  base?: Pick<ShownAddress, 'pais'>,
): ApiAddressInput {
  const state = v.estado.trim().toUpperCase();
  const complement = v.complemento.trim();
  const description = v.descricao.trim();
  return {
    accountHolderId: ref.accountHolderId,
    accountId: ref.accountId,
    addressOne: v.logradouro.trim(),
    addressTwo: complement === '' ? null : complement,
    number: v.numero.trim(),
    neighborhood: v.bairro.trim(),
    postalCode: cepOf(v.cep),
    city: v.cidade.trim(),
    // The guard has checked the state; an unknown code would be refused by the contract anyway.
    state: isStateCode(state) ? state : (state as BrazilianStateCode),
    country: base?.pais || DEFAULT_COUNTRY,
    mnemonic: description === '' ? null : description,
  };
}

/**
 * The client update that follows an address edit (§4, §7): the client as it is, with the edited
 * address put where it plays a role. `mailAddress` and `billingAddress` are sent only when the
 * edited address is that address (same addressId): omitted, the bank keeps them, so a client
 * record older than the book (e.g. after a delete moved the mail role) can never write a stale
 * address back.
 */
export function buildClientUpdate(
  client: Schemas['Client'],
  edited: { addressId: string; address: ApiAddressInput },
  externalIdentifier: string,
): Schemas['UpdateClientRequest'] {
  const body: Schemas['UpdateClientRequest'] = {
    externalIdentifier,
    client: {
      name: client.name,
      taxIdentifier: client.taxIdentifier,
    },
  };
  if (client.email !== undefined) body.client.email = client.email;
  if (client.birthDate !== undefined) body.client.birthDate = client.birthDate;
  if (client.mobilePhone !== undefined) body.client.mobilePhone = client.mobilePhone;
  if (client.mailAddress?.addressId === edited.addressId) body.client.mailAddress = edited.address;
  if (client.billingAddress?.addressId === edited.addressId) body.billingAddress = edited.address;
  const corporate = client.accountData?.additionalDetailsCorporate;
  if (corporate !== undefined) body.additionalDetailsCorporate = corporate;
  return body;
}
