/**
 * The rules that need the bank codes (machines/data/bank-names.ts, 7 KB gz in a browser): the TED bank
 * code and the whole recipient form (2-money-movement.md §5 Recipient form). Apart from the field
 * rules of recipient.ts, which the Pix send pages use (the nickname), so those pages do not load the
 * list (issue 26, scripts/bundle-budget.ts).
 */
import { bankNameByCode } from '../data/bank-names.ts';
import {
  RECIPIENT_KEYS,
  validateAccountDigit,
  validateAccountNumber,
  validateAccountType,
  validateBranch,
  validateCompanyCnpj,
  validateNickname,
  validatePixRecipientKey,
  validateRecipientName,
  validateRecipientType,
  isKeyChoice,
  type RecipientField,
  type RecipientFormValues,
} from './recipient.ts';
import { validateTaxId } from './tax-id.ts';

/** §5 bank: required, a 3-digit code on the bank list (machines/data/banks.json, through bank-names.ts). */
export function validateBankCode(v: string): string | undefined {
  if (v.trim() === '') return RECIPIENT_KEYS.EMPTY;
  return bankNameByCode(v) !== undefined ? undefined : RECIPIENT_KEYS.BANK_UNKNOWN;
}

/**
 * The whole recipient form by type (§5 Recipient form): type and nickname always; a TED recipient
 * also name (company rule by CNPJ), CPF/CNPJ (tax-id.ts, alphanumeric CNPJ included), bank, branch,
 * account type, account number and digit; a company account a CNPJ; Pix a key type and a key of
 * that type (3-pix-part-one.md §2 Recipient book, Pix variant). Fields
 * the type does not use are not examined. Save is allowed when the result is empty.
 */
export function validateRecipientForm(v: RecipientFormValues): Partial<Record<RecipientField, string>> {
  const errors: Partial<Record<RecipientField, string>> = {};
  const put = (field: RecipientField, key: string | undefined) => {
    if (key !== undefined) errors[field] = key;
  };
  put('recipientType', validateRecipientType(v.recipientType));
  put('nickname', validateNickname(v.nickname));
  if (v.recipientType === 'BankTransfer') {
    put('name', validateRecipientName(v.name, v.cpfCnpj));
    put('cpfCnpj', validateTaxId(v.cpfCnpj));
    put('bankCode', validateBankCode(v.bankCode));
    put('branchCode', validateBranch(v.branchCode));
    put('accountType', validateAccountType(v.accountType));
    put('accountNumber', validateAccountNumber(v.accountNumber));
    put('accountNumberDigit', validateAccountDigit(v.accountNumberDigit));
  } else if (v.recipientType === 'InternalTransfer') {
    put('cpfCnpj', validateCompanyCnpj(v.cpfCnpj));
  } else if (v.recipientType === 'Pix') {
    if (!isKeyChoice(v.pixKeyType)) put('pixKeyType', RECIPIENT_KEYS.PIX_KEY_TYPE);
    else put('pixKey', validatePixRecipientKey(v.pixKeyType, v.pixKey));
  }
  return errors;
}
