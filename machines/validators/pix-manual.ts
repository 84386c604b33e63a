/**
 * The fields of a Pix by manual bank data (3-pix-part-one.md §2 Send by manual data, §3 account
 * types of the manual send, §5 Manual, Amount, Description, §9 limits; issue 16). One rule per
 * field, each returning a message key or `undefined`, read by the /PixManual form's `validate` and
 * by the pix-send-manual machine's guards alike.
 */
import { MAX_LENGTH } from './input-keys.ts';
import { validateAmount } from './money.ts';
import { RECIPIENT_KEYS } from './recipient.ts';
import { normalizeTaxId, taxIdKind, validateTaxId } from './tax-id.ts';

/** §9 limits of the manual send (characters; digits for the account fields). */
export const PIX_MANUAL_LIMITS = {
  /** §5/§9: the recipient's name has at least 7 characters. */
  nameMin: 7,
  /**
   * Not in the spec: the pacs.008's creditor name (contract `Pacs008Party.name`) holds at most
   * 150 characters, so the field stops there rather than letting the bank refuse it.
   */
  nameMax: 150,
  /** §5: the document has at most 14 characters (a CNPJ without its mask). */
  documentMax: 14,
  agencyMin: 2,
  agencyMax: 4,
  accountMin: 2,
  accountMax: 17,
  digitMin: 1,
  digitMax: 2,
  /** §5/§9: amount at most 13 characters as typed. */
  amountMax: 13,
  /** §5/§9: description at most 140 characters. */
  descriptionMax: 140,
} as const;

/** §3: the account types of the manual send (checking, savings, salary). */
export const PIX_MANUAL_ACCOUNT_TYPES = ['CC', 'POUPANCA', 'SALARIO'] as const;
export type PixManualAccountType = (typeof PIX_MANUAL_ACCOUNT_TYPES)[number];

/**
 * The pacs.008's account type (contract `PixAccountType`) of a manual account type: CC → CACC,
 * POUPANCA → SVGS, SALARIO → SLRY.
 */
export const PIX_ACCOUNT_TYPE_OF = {
  CC: 'CACC',
  POUPANCA: 'SVGS',
  SALARIO: 'SLRY',
} as const satisfies Record<PixManualAccountType, 'CACC' | 'SVGS' | 'SLRY'>;

/** Message keys of the manual fields (texts in VALIDATOR_MESSAGES and pix.json's PIX.PIX_MANUAL). */
export const PIX_MANUAL_KEYS = {
  EMPTY: RECIPIENT_KEYS.EMPTY,
  MAX_LENGTH,
  ONLY_NUMBERS: RECIPIENT_KEYS.ONLY_NUMBERS,
  NAME_SHORT: 'PIX.PIX_MANUAL.ERRORS.NAME_SHORT',
  AGENCY_SHORT: 'PIX.PIX_MANUAL.ERRORS.AGENCY_SHORT',
  ACCOUNT_SHORT: 'PIX.PIX_MANUAL.ERRORS.ACCOUNT_SHORT',
  INSTITUTION: 'PIX.PIX_MANUAL.ERRORS.INSTITUTION',
  ACCOUNT_TYPE: 'PIX.PIX_MANUAL.ERRORS.ACCOUNT_TYPE',
} as const;

/** Length as a person counts it (code points: an accented letter is one). */
const length = (v: string): number => [...v].length;

/**
 * §5 recipient name: blank → EMPTY; fewer than 7 characters after trimming →
 * `PIX.PIX_MANUAL.ERRORS.NAME_SHORT`; over 150 → MAX_LENGTH. Any characters are accepted otherwise
 * (a company's name carries digits and signs; the spec asks only the length).
 */
export function validateManualName(v: string): string | undefined {
  const trimmed = v.trim();
  if (trimmed === '') return PIX_MANUAL_KEYS.EMPTY;
  if (length(trimmed) < PIX_MANUAL_LIMITS.nameMin) return PIX_MANUAL_KEYS.NAME_SHORT;
  return length(trimmed) > PIX_MANUAL_LIMITS.nameMax ? PIX_MANUAL_KEYS.MAX_LENGTH : undefined;
}

/**
 * §5 document: blank → EMPTY; more than 14 characters without the mask → MAX_LENGTH; otherwise the
 * Document rule of tax-id.ts: under 11 → SHORT, 11 digits a valid CPF (CPF_INVALID), 14 a valid
 * CNPJ (CNPJ_INVALID), anything else INVALID. §5 says "digits only": since July 2026 a CNPJ may
 * carry letters in its first 12 positions (shared/domain/notes.md §a), so letters are accepted
 * where the field is a CNPJ (14 characters) and nowhere else; the mask's dots, slash and hyphen
 * may be typed or pasted and are not counted.
 */
export function validateManualDocument(v: string): string | undefined {
  if (v.trim() === '') return PIX_MANUAL_KEYS.EMPTY;
  if (normalizeTaxId(v).length > PIX_MANUAL_LIMITS.documentMax) return PIX_MANUAL_KEYS.MAX_LENGTH;
  return validateTaxId(v);
}

/** The document as the pacs.008 carries it: digits (and a CNPJ's letters), upper-case, no mask. */
export const manualDocumentDigits = (v: string): string => normalizeTaxId(v);

/** Whether the document is a company's (a CNPJ, numeric or alphanumeric). */
export const isManualCompany = (v: string): boolean => taxIdKind(v) === 'CNPJ';

function validateDigitsBetween(v: string, min: number, max: number, short: string): string | undefined {
  if (v.trim() === '') return PIX_MANUAL_KEYS.EMPTY;
  if (!/^[0-9]+$/.test(v)) return PIX_MANUAL_KEYS.ONLY_NUMBERS;
  if (v.length > max) return PIX_MANUAL_KEYS.MAX_LENGTH;
  return v.length < min ? short : undefined;
}

/** §5 agency: digits only, 2 to 4. */
export const validateManualAgency = (v: string): string | undefined =>
  validateDigitsBetween(
    v,
    PIX_MANUAL_LIMITS.agencyMin,
    PIX_MANUAL_LIMITS.agencyMax,
    PIX_MANUAL_KEYS.AGENCY_SHORT,
  );

/** §5 account number: digits only, 2 to 17 (the digit is a field of its own). */
export const validateManualAccount = (v: string): string | undefined =>
  validateDigitsBetween(
    v,
    PIX_MANUAL_LIMITS.accountMin,
    PIX_MANUAL_LIMITS.accountMax,
    PIX_MANUAL_KEYS.ACCOUNT_SHORT,
  );

/** §5 digit: digits only, 1 or 2 (blank is EMPTY, so the minimum needs no message of its own). */
export const validateManualDigit = (v: string): string | undefined =>
  validateDigitsBetween(v, PIX_MANUAL_LIMITS.digitMin, PIX_MANUAL_LIMITS.digitMax, PIX_MANUAL_KEYS.EMPTY);

/**
 * §5 institution: required, one of the participants the bank listed (listPsps: `id` is the
 * ISPB). Without the list (not loaded yet) only an ISPB's shape is checked.
 */
export function validateManualInstitution(
  ispb: string,
  participants?: readonly { id: string }[],
): string | undefined {
  if (ispb.trim() === '') return PIX_MANUAL_KEYS.EMPTY;
  if (!/^[0-9]{8}$/.test(ispb)) return PIX_MANUAL_KEYS.INSTITUTION;
  if (participants && !participants.some((p) => p.id === ispb)) return PIX_MANUAL_KEYS.INSTITUTION;
  return undefined;
}

/** §5 account type: required, CC, POUPANCA or SALARIO. */
export function validateManualAccountType(v: string): string | undefined {
  if (v === '') return PIX_MANUAL_KEYS.EMPTY;
  return isManualAccountType(v) ? undefined : PIX_MANUAL_KEYS.ACCOUNT_TYPE;
}

/** Whether `v` is a manual account type. */
export const isManualAccountType = (v: string): v is PixManualAccountType =>
  (PIX_MANUAL_ACCOUNT_TYPES as readonly string[]).includes(v);

/**
 * §5 Amount: at most 13 characters as typed (MAX_LENGTH), then the currency input's rule: blank or
 * unreadable → EMPTY, zero → MIN_VALUE.
 */
export function validateManualAmount(v: string): string | undefined {
  if (v.trim().length > PIX_MANUAL_LIMITS.amountMax) return PIX_MANUAL_KEYS.MAX_LENGTH;
  return validateAmount(v);
}

/** §5 Description: optional, at most 140 characters. */
export const validateManualDescription = (v: string): string | undefined =>
  length(v) > PIX_MANUAL_LIMITS.descriptionMax ? PIX_MANUAL_KEYS.MAX_LENGTH : undefined;

/** The recipient's step 2 and 3 (only when the account is not the holder's own). */
export interface ManualRecipientValues {
  name: string;
  document: string;
}

/** Step 4 to 7: where the money goes. */
export interface ManualAccountValues {
  /** The institution's ISPB (listPsps `id`). */
  ispb: string;
  accountType: string;
  agency: string;
  account: string;
  digit: string;
}

/** Step 8. */
export interface ManualAmountValues {
  amount: string;
  description: string;
}

type Errors<T> = Partial<Record<keyof T, string>>;

function compact<T>(errors: Errors<T>): Errors<T> {
  for (const k of Object.keys(errors) as (keyof T)[]) if (errors[k] === undefined) delete errors[k];
  return errors;
}

/** The invalid fields of the recipient (steps 2–3); empty when valid. */
export const manualRecipientErrors = (v: ManualRecipientValues): Errors<ManualRecipientValues> =>
  compact<ManualRecipientValues>({
    name: validateManualName(v.name),
    document: validateManualDocument(v.document),
  });

/** The invalid fields of the account (steps 4–7); empty when valid. */
export const manualAccountErrors = (
  v: ManualAccountValues,
  participants?: readonly { id: string }[],
): Errors<ManualAccountValues> =>
  compact<ManualAccountValues>({
    ispb: validateManualInstitution(v.ispb, participants),
    accountType: validateManualAccountType(v.accountType),
    agency: validateManualAgency(v.agency),
    account: validateManualAccount(v.account),
    digit: validateManualDigit(v.digit),
  });

/** The invalid fields of the amount step (step 8); empty when valid. */
export const manualAmountErrors = (v: ManualAmountValues): Errors<ManualAmountValues> =>
  compact<ManualAmountValues>({
    amount: validateManualAmount(v.amount),
    description: validateManualDescription(v.description),
  });
