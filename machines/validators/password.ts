/**
 * Password rules.
 * - Change password and first login (1-access-shell-statement.md §5 New password): at least one
 *   letter, one number, 6 characters, no spaces.
 * - Reset by e-mailed code, first access, reset link and device flows (4-pix-part-two.md §5
 *   Password rules): at least 8 characters with an upper-case letter, a lower-case letter, a
 *   digit and a special character.
 * Passwords are never trimmed: a space is a character the user typed.
 */
import { REQUIRED } from './input-keys.ts';

/** The checklist shown under the new-password field (1-access §5). */
export interface PasswordChecklist {
  letter: boolean;
  number: boolean;
  minLength: boolean;
  noSpaces: boolean;
}

/** Minimum length of the change-password rule. */
export const PASSWORD_MIN_LENGTH = 6;
/** Minimum length of the strict rule (4-pix-part-two.md §9). */
export const STRICT_PASSWORD_MIN_LENGTH = 8;

/** Length in Unicode code points, so an emoji counts once. */
const length = (s: string): number => [...s].length;

/** Evaluates each item of the 1-access checklist for `pw`. */
export function passwordChecklist(pw: string): PasswordChecklist {
  return {
    letter: /\p{L}/u.test(pw),
    number: /[0-9]/.test(pw),
    minLength: length(pw) >= PASSWORD_MIN_LENGTH,
    noSpaces: !/\s/.test(pw),
  };
}

/** Whether every item of a checklist holds. */
export function checklistPasses(c: object): boolean {
  return Object.values(c).every((v) => v === true);
}

/** Message keys of the change-password form. */
export const CHANGE_PASSWORD_KEYS = {
  REQUIRED,
  CHECKLIST: 'CHANGEPASS.ERRORS.CHECKLIST',
  SAME_AS_CURRENT: 'CHANGEPASS.ERRORS.SAME_AS_CURRENT',
  MISMATCH: 'CHANGEPASS.ERRORS.MISMATCH',
} as const;

/** Fields of the change-password form; `current` is absent on the first-login screen. */
export interface NewPasswordInput {
  current?: string;
  next: string;
  confirm: string;
}

/** Per-field message keys; a missing field has no error. */
export interface NewPasswordErrors {
  current?: string;
  next?: string;
  confirm?: string;
}

/**
 * The change-password form (1-access §5): each blank field → `ERRORS.INPUTS.REQUIRED`
 * (`current` only when the field exists, i.e. is not `undefined`); a new password failing the
 * checklist → `CHANGEPASS.ERRORS.CHECKLIST`; equal to the current one →
 * `CHANGEPASS.ERRORS.SAME_AS_CURRENT`; a confirmation that differs → `CHANGEPASS.ERRORS.MISMATCH`.
 * An empty object means the form may be submitted.
 */
export function validateNewPassword({ current, next, confirm }: NewPasswordInput): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (current !== undefined && current === '') errors.current = CHANGE_PASSWORD_KEYS.REQUIRED;
  if (next === '') errors.next = CHANGE_PASSWORD_KEYS.REQUIRED;
  else if (!checklistPasses(passwordChecklist(next))) errors.next = CHANGE_PASSWORD_KEYS.CHECKLIST;
  else if (current !== undefined && current !== '' && next === current)
    errors.next = CHANGE_PASSWORD_KEYS.SAME_AS_CURRENT;
  if (confirm === '') errors.confirm = CHANGE_PASSWORD_KEYS.REQUIRED;
  else if (confirm !== next) errors.confirm = CHANGE_PASSWORD_KEYS.MISMATCH;
  return errors;
}

/** The strict checklist (4-pix-part-two.md §5). */
export interface StrictPasswordChecklist {
  minLength: boolean;
  upper: boolean;
  lower: boolean;
  number: boolean;
  special: boolean;
}

/**
 * Evaluates the strict rule for `pw`. A special character is anything that is not a letter, a
 * digit or whitespace.
 */
export function strictPasswordChecklist(pw: string): StrictPasswordChecklist {
  return {
    minLength: length(pw) >= STRICT_PASSWORD_MIN_LENGTH,
    upper: /\p{Lu}/u.test(pw),
    lower: /\p{Ll}/u.test(pw),
    number: /[0-9]/.test(pw),
    special: /[^\p{L}\p{N}\s]/u.test(pw),
  };
}

/** Message keys of the strict password forms. */
export const STRICT_PASSWORD_KEYS = {
  REQUIRED: 'PASSWORD.ERRORS.REQUIRED',
  RULES: 'PASSWORD.ERRORS.RULES',
  MISMATCH: 'PASSWORD.ERRORS.MISMATCH',
} as const;

/**
 * The new-password fields of the strict flows: blank → `PASSWORD.ERRORS.REQUIRED` ('Campo
 * obrigatório'); failing the strict checklist → `PASSWORD.ERRORS.RULES`; a confirmation that
 * differs → `PASSWORD.ERRORS.MISMATCH` ('Nova senha e confirmação de senha devem ser iguais').
 */
export function validateStrictPassword({ next, confirm }: { next: string; confirm: string }): {
  next?: string;
  confirm?: string;
} {
  const errors: { next?: string; confirm?: string } = {};
  if (next === '') errors.next = STRICT_PASSWORD_KEYS.REQUIRED;
  else if (!checklistPasses(strictPasswordChecklist(next))) errors.next = STRICT_PASSWORD_KEYS.RULES;
  if (confirm === '') errors.confirm = STRICT_PASSWORD_KEYS.REQUIRED;
  else if (confirm !== next) errors.confirm = STRICT_PASSWORD_KEYS.MISMATCH;
  return errors;
}
