/**
 * E-mail addresses (1-access-shell-statement.md §5 Login; 3-pix-part-one.md §5 E-mail).
 *
 * The format check is `@brazilian-utils`' `isValidEmail` (a practical subset of the WHATWG
 * definition: local part of letters, digits and `_'+-.`, dotted domain ending in a 2–63 letter
 * label); the specification's own rules (no spaces, exactly one `@`, a dot in the domain) are
 * checked explicitly so they hold whatever the library does.
 */
import { isValidEmail as libIsValidEmail } from '@brazilian-utils/brazilian-utils/is-valid-email';
import { refine, string } from 'superstruct';
import { EMPTY } from './input-keys.ts';

/** Message keys of the e-mail field (3-pix-part-one.md §5 E-mail). */
export const EMAIL_KEYS = {
  EMPTY,
  SHORT: 'EMAILINPUT.ERRORS.SHORT',
  INVALID: 'EMAILINPUT.ERRORS.INVALID',
} as const;

/** Minimum length of the e-mail field (3-pix-part-one.md §5 E-mail). */
export const EMAIL_MIN_LENGTH = 10;

/**
 * Whether `v` is an e-mail address: no whitespace anywhere, exactly one `@`, a dot in the
 * domain, and the library's format check. The value is not trimmed.
 */
export function isValidEmail(v: string): boolean {
  if (/\s/.test(v)) return false;
  const parts = v.split('@');
  if (parts.length !== 2) return false;
  const [local, domain] = parts as [string, string];
  if (local === '' || !domain.includes('.')) return false;
  return libIsValidEmail(v);
}

/**
 * The e-mail field (3-pix-part-one.md §5 E-mail): blank → `ERRORS.INPUTS.EMPTY`; under 10
 * characters → `EMAILINPUT.ERRORS.SHORT`; otherwise invalid → `EMAILINPUT.ERRORS.INVALID`.
 * Surrounding spaces are ignored.
 */
export function validateEmail(v: string): string | undefined {
  const t = v.trim();
  if (t === '') return EMAIL_KEYS.EMPTY;
  if (t.length < EMAIL_MIN_LENGTH) return EMAIL_KEYS.SHORT;
  return isValidEmail(t) ? undefined : EMAIL_KEYS.INVALID;
}

/** superstruct: a string that `isValidEmail` accepts. */
export const EmailStruct = refine(string(), 'Email', (v) => isValidEmail(v));
