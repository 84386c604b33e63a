/**
 * Between the recipient form (machines/validators/recipient.ts) and the contract's Recipient
 * (2-money-movement.md §3 Recipient): what the form shows for a saved recipient, and the body
 * the form's values become.
 */
import type { components } from '../../openapi/portal';
import { bankNameByCode } from '../data/bank-names.ts';
import {
  EMPTY_RECIPIENT_FORM,
  RECIPIENT_FIELDS,
  isRecipientKind,
  keyChoiceOf,
  toPixKey,
  type RecipientFormValues,
  type RecipientKind,
} from '../validators/recipient.ts';
import { normalizeTaxId } from '../validators/tax-id.ts';

type Schemas = components['schemas'];
export type Recipient = Schemas['Recipient'];
export type RecipientInput = Schemas['RecipientInput'];
export type ContactLookup = Schemas['ContactLookup'];

/** The form's values of a saved recipient (every absent field blank). */
export function formValuesOfRecipient(r: Recipient): RecipientFormValues {
  return {
    ...EMPTY_RECIPIENT_FORM,
    recipientType: r.recipientType,
    nickname: r.nickname,
    name: r.name ?? '',
    cpfCnpj: r.cpfCnpj ?? '',
    bankCode: r.bankCode ?? '',
    branchCode: r.branchCode ?? '',
    accountType: r.accountType ?? '',
    accountNumber: r.accountNumber ?? '',
    accountNumberDigit: r.accountNumberDigit ?? '',
    pixKeyType: r.recipientType === 'Pix' ? keyChoiceOf(r.key) : '',
    pixKey: r.recipientType === 'Pix' ? (r.key ?? '') : '',
  };
}

/** The blank form of a new recipient; the type preset when the book is filtered to one kind. */
export function newRecipientForm(type: RecipientKind | null): RecipientFormValues {
  return { ...EMPTY_RECIPIENT_FORM, recipientType: type ?? '' };
}

const orNull = (v: string): string | null => (v.trim() === '' ? null : v.trim());

/**
 * The body of a recipient from valid form values: only the fields its type uses (§5 Recipient
 * form), the document without its mask, the bank's name from the bank list, the nickname trimmed.
 * A company account takes the name and phone of the contact found by its CNPJ (§3 Contact lookup).
 * A Pix recipient carries its key as the DICT writes it (3-pix-part-one.md §2 Recipient book,
 * Pix variant); no other type carries a key.
 */
export function toRecipientInput(
  values: RecipientFormValues,
  userAccountId: string,
  contact?: ContactLookup | null,
): RecipientInput {
  const type: RecipientKind = isRecipientKind(values.recipientType) ? values.recipientType : 'Pix';
  const uses = new Set(RECIPIENT_FIELDS[type]);
  const pick = (field: keyof RecipientFormValues) => (uses.has(field) ? orNull(values[field]) : null);
  const bankCode = pick('bankCode');
  const accountType = pick('accountType');
  const cpfCnpj = pick('cpfCnpj');
  return {
    userAccountId,
    recipientType: type,
    nickname: values.nickname.trim(),
    name: pick('name') ?? contact?.client?.name ?? contact?.accountHolder?.name ?? null,
    cpfCnpj: cpfCnpj === null ? null : normalizeTaxId(cpfCnpj),
    bankCode,
    bankName: bankCode === null ? null : (bankNameByCode(bankCode) ?? null),
    branchCode: pick('branchCode'),
    accountType: accountType === 'CC' || accountType === 'POUPANCA' ? accountType : null,
    accountNumber: pick('accountNumber'),
    accountNumberDigit: pick('accountNumberDigit'),
    phoneNumber: contact?.accountHolder?.mobilePhones?.[0]?.phoneNumber ?? null,
    key: type === 'Pix' ? toPixKey(values.pixKeyType, values.pixKey) : null,
  };
}

/**
 * §7 "before creating a new recipient the contact is looked up by CNPJ; if the lookup reports
 * already registered [or] returns no account list ... 'Favorecido já cadastrado'". True for either.
 */
export function isRegisteredOrAccountless(contact: ContactLookup): boolean {
  return contact.alreadyRegistered === true || (contact.accounts ?? []).length === 0;
}

/**
 * The grid's computed isFavored (§2: "a computed isFavored (sim or não)"; the spec does not say
 * from what). Decision: 'sim' when the recipient holds an account of this product, which only a
 * company-account recipient does (its CNPJ was found by the contact lookup before it was saved);
 * a TED or Pix recipient banks elsewhere as far as the book knows.
 */
export function isFavored(r: Pick<Recipient, 'recipientType'>): boolean {
  return r.recipientType === 'InternalTransfer';
}
