/**
 * The 6-digit security code (TOTP, RFC 6238) typed from the companion app
 * (2-money-movement.md §5 Security code; 4-pix-part-two.md §9 Verification code).
 */
import { EMPTY } from './input-keys.ts';

/** Number of digits of a security or verification code. */
export const TOTP_CODE_LENGTH = 6;

/** Message keys of the security-code input. */
export const TOTP_CODE_KEYS = {
  EMPTY,
  LENGTH: 'SECURITY_CODE.ERRORS.LENGTH',
} as const;

/** Whether `v` is exactly 6 ASCII digits (no spaces, no signs). */
export function isValidTotpCode(v: string): boolean {
  return /^[0-9]{6}$/.test(v);
}

/** Keeps the digits of what was typed or pasted, at most 6 (`'123 456'` → `'123456'`). */
export function normalizeTotpCode(v: string): string {
  return v.replace(/\D/g, '').slice(0, TOTP_CODE_LENGTH);
}

/** The code input: blank → `ERRORS.INPUTS.EMPTY`; not exactly 6 digits → `SECURITY_CODE.ERRORS.LENGTH`. */
export function validateTotpCode(v: string): string | undefined {
  if (v.trim() === '') return TOTP_CODE_KEYS.EMPTY;
  return isValidTotpCode(v) ? undefined : TOTP_CODE_KEYS.LENGTH;
}
