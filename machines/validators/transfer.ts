/**
 * Fields of the two transfer forms and the transaction signature (2-money-movement.md §5 Currency
 * input, Company transfer CNPJ; §7 withdraw and /payments; §9 limits). The name, document, bank
 * account and nickname rules are shared with the recipient book and live in their own files.
 */
import type { components } from '../../openapi/portal';
import { validateCompanyCnpj as companyCnpjRule } from './cnpj.ts';
import { MAX_LENGTH } from './input-keys.ts';
import { decimalToCents, validateAmount } from './money.ts';
import {
  validateAccountDigit,
  validateAccountNumber,
  validateAccountType,
  validateBankCode,
  validateBranch,
  validateRecipientName,
} from './recipient.ts';
import { normalizeTaxId, validateTaxId } from './tax-id.ts';

type Schemas = components['schemas'];

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

/** The integer part in reais of an API amount, without separators (`1234.56` → `'1234'`). */
export function amountIntegerPart(totalAmount: number): string {
  // Through centavos, so a binary value just under an integer (0.1 + 0.2 … 2.9999999) is read as
  // the amount the body means.
  return String(Math.trunc(decimalToCents(totalAmount) / 100));
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

/** A movement the S-Transaction header signs: the body as it is sent. */
export type SignedMovement =
  | { kind: 'withdraw'; sourceAccountId: string; withdraw: Schemas['Withdraw'] }
  | { kind: 'payment'; payment: Schemas['InternalTransferPayment'] }
  | {
      /** A Pix by key or manual data: the withdraw and its one pacs.008 (createWithdrawal). */
      kind: 'pix-withdraw';
      sourceAccountId: string;
      withdraw: Schemas['Withdraw'];
      payment: Schemas['Pacs008Message'];
    }
  | { kind: 'internal-pix'; sourceAccountId: string; request: Schemas['InternalPixRequest'] }
  | { kind: 'pix-qr'; sourceAccountId: string; request: Schemas['PayPixQrRequest'] }
  | { kind: 'pix-refund'; request: Schemas['RefundRequest'] };

/**
 * A tax id as a signature carries it: upper-case, digits and letters only. A masked CPF
 * (`***.456.789-**`, what the DICT shows a payer) keeps its 6 digits.
 */
export const signedTaxId = (taxId: string): string => taxId.toUpperCase().replace(/[^0-9A-Z]/g, '');

/** The CRC field of a BR Code: its last 4 characters, upper-case (what a copy-and-paste Pix signs). */
export const brCodeCrcField = (emv: string): string => emv.trim().slice(-4).toUpperCase();

/**
 * The S-Transaction signature exactly as openapi/portal.yaml (`components.parameters.STransaction`)
 * fixes it, `|`-joined, read from the body about to be sent:
 * - TED: `trunc(totalAmount)|sourceAccountId|bankDestination|branchDestination|accountDestination|taxId`;
 * - company transfer: `trunc(totalAmount)|senderAccountId|recipientAccountId`;
 * - bill (boleto or utilities): `trunc(totalAmount)|sourceAccountId|barcode`;
 * - Pix by key or manual data (`pix-withdraw`):
 *   `trunc(totalAmount)|sourceAccountId|endToEndId|creditorAgent.ispb|creditorAccount.branch|creditorAccount.number|creditor.taxId`;
 * - internal Pix (`internal-pix`): `trunc(Amount)|sourceAccountId|Chave` (the key as sent);
 * - Pix copy-and-paste (`pix-qr`): `trunc(amount)|sourceAccountId|endToEndId|crc`, the code's CRC
 *   field (last 4 characters of `emv`, upper-case);
 * - Pix refund (`pix-refund`, refundPixPayment): `trunc(valor)|accountId|transactionId`, the
 *   refunded entry's transaction id.
 * The taxId is upper-cased, digits and letters only (a masked CPF keeps its digits). The portal
 * computes it here only; the bank recomputes it and refuses a mismatch (422 TRANSFER 51). A Pix
 * withdrawal signed as a plain `withdraw` (without its pacs.008) throws.
 */
export function transactionSignature(movement: SignedMovement): string {
  if (movement.kind === 'pix-withdraw') {
    const { withdraw: w, payment: p } = movement;
    return [
      amountIntegerPart(w.totalAmount),
      movement.sourceAccountId,
      p.endToEndId,
      p.creditorAgent.ispb,
      p.creditorAccount.branch,
      p.creditorAccount.number,
      signedTaxId(p.creditor.taxId),
    ].join('|');
  }
  if (movement.kind === 'internal-pix') {
    const r = movement.request;
    return [amountIntegerPart(r.Amount), movement.sourceAccountId, r.Chave].join('|');
  }
  if (movement.kind === 'pix-qr') {
    const r = movement.request;
    return [amountIntegerPart(r.amount), movement.sourceAccountId, r.endToEndId, brCodeCrcField(r.emv)].join(
      '|',
    );
  }
  if (movement.kind === 'pix-refund') {
    const r = movement.request;
    return [amountIntegerPart(r.valor), r.accountId, r.transactionId].join('|');
  }
  if (movement.kind === 'payment') {
    const p = movement.payment;
    const to = p.recipients[0]?.account;
    if (!to || !('accountId' in to)) throw new Error('company transfer without a destination account');
    return [amountIntegerPart(p.totalAmount), p.sender.account.accountId, to.accountId].join('|');
  }
  const { withdraw, sourceAccountId } = movement;
  const head = [amountIntegerPart(withdraw.totalAmount), sourceAccountId];
  const info = withdraw.withdrawInfo;
  switch (info.withdrawType) {
    case 'BankTransfer': {
      const t = info.bankTransfer;
      return [
        ...head,
        t.bankDestination,
        t.branchDestination,
        t.accountDestination,
        normalizeTaxId(t.taxIdentifier.taxId),
      ].join('|');
    }
    case 'Boleto':
      return [...head, info.boleto.barcode].join('|');
    case 'Utilities':
      return [...head, info.utilities.barcode].join('|');
    default:
      throw new Error(`no S-Transaction signature is defined for ${info.withdrawType}`);
  }
}
