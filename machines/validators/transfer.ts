/**
 * Fields of the two transfer forms and the transaction signature (2-money-movement.md §5 Currency
 * input, Company transfer CNPJ; §7 withdraw and /payments; §9 limits). The name, document, bank
 * account and nickname rules are shared with the recipient book and live in their own files.
 */
import { validateCompanyCnpj as companyCnpjRule } from './cnpj.ts';
import { MAX_LENGTH } from './input-keys.ts';
import { validateAmount } from './money.ts';
import {
  validateAccountDigit,
  validateAccountNumber,
  validateAccountType,
  validateBranch,
  validateRecipientName,
} from './recipient.ts';
import { validateBankCode } from './recipient-form.ts';
import { normalizeTaxId, validateTaxId } from './tax-id.ts';

// The signature lives in its own file, so the Pix and bill pages that sign a movement do not load
// the TED form's rules and with them the bank list (issue 26); re-exported here for its readers.
export { amountIntegerPart, transactionSignature } from './transaction-signature.ts';

/** §9: the currency input of the bank transfer (TED) takes at most 13 characters. */
export const TED_AMOUNT_MAX_LENGTH = 13;
/** §9: the currency input of the company transfer takes at most 14 characters. */
export const COMPANY_AMOUNT_MAX_LENGTH = 14;

/**
 * A transfer's currency input (§5 Currency input): blank or unreadable → `ERRORS.INPUTS.EMPTY`;
 * longer than `maxLength` characters as typed → `ERRORS.INPUTS.MAX_LENGTH`; zero or less →
 * `ERRORS.INPUTS.MIN_VALUE`. Valid → `undefined`.
 */
export function validateTransferAmount(input: string, maxLength: number): string | undefined {
  if (input.trim().length > maxLength) return MAX_LENGTH;
  return validateAmount(input);
}

/** The TED amount: {@link validateTransferAmount} with 13 characters. */
export const validateTedAmount = (input: string): string | undefined =>
  validateTransferAmount(input, TED_AMOUNT_MAX_LENGTH);

/** The company-transfer amount: {@link validateTransferAmount} with 14 characters. */
export const validateCompanyAmount = (input: string): string | undefined =>
  validateTransferAmount(input, COMPANY_AMOUNT_MAX_LENGTH);

/**
 * The company-transfer CNPJ field (§5 Company transfer CNPJ): empty → EMPTY; under 10 characters
 * → SHORT; invalid or over 18 characters → CNPJ_INVALID. The alphanumeric CNPJ is accepted. One
 * rule, written in cnpj.ts; exported here so that the form and the machine read it from the file
 * of their flow.
 */
export const validateCompanyCnpj = companyCnpjRule;

/**
 * §7: `CORPORATE` when the document has more than 11 characters (a CNPJ, numeric or
 * alphanumeric), else `PERSON`. The mask is not counted.
 */
export function personTypeOf(document: string): 'PERSON' | 'CORPORATE' {
  return normalizeTaxId(document).length > 11 ? 'CORPORATE' : 'PERSON';
}

/** The TED form (§2 Bank transfer), as react-final-form holds it: strings, '' when empty. */
export interface TedFormValues {
  name: string;
  /** CPF or CNPJ, masked or not. */
  document: string;
  /** 3-digit COMPE code (machines/data/banks.ts). */
  bankCode: string;
  /** 'CC' or 'POUPANCA' (RECIPIENT's TED_ACCOUNT_TYPES). */
  accountType: string;
  branch: string;
  account: string;
  digit: string;
  amount: string;
}

/** An empty TED form. */
export const EMPTY_TED_FORM: Readonly<TedFormValues> = Object.freeze({
  name: '',
  document: '',
  bankCode: '',
  accountType: '',
  branch: '',
  account: '',
  digit: '',
  amount: '',
});

/**
 * The message key of every invalid field of the TED form (§5 Name, Document, Bank transfer fields,
 * Currency input); empty when the form is valid. The name is a person's (two words) unless the
 * document is a CNPJ. The form's `validate` and the machine's guard both read this.
 */
export function tedFormErrors(v: TedFormValues): Partial<Record<keyof TedFormValues, string>> {
  const errors: Partial<Record<keyof TedFormValues, string>> = {
    name: validateRecipientName(v.name, v.document),
    document: validateTaxId(v.document),
    bankCode: validateBankCode(v.bankCode),
    accountType: validateAccountType(v.accountType),
    branch: validateBranch(v.branch),
    account: validateAccountNumber(v.account),
    digit: validateAccountDigit(v.digit),
    amount: validateTedAmount(v.amount),
  };
  for (const k of Object.keys(errors) as (keyof TedFormValues)[])
    if (errors[k] === undefined) delete errors[k];
  return errors;
}

/** The TED form is valid (the Transfer button is enabled only then). */
export const isTedFormValid = (v: TedFormValues): boolean => Object.keys(tedFormErrors(v)).length === 0;
