/**
 * The holder's own account number, written one way wherever the portal shows or hands it out:
 * the statement header, receipts and every export. 1-access-shell-statement.md §2 Statement
 * screen and §9 fix it for exports, "account number padded to 7 digits"; the screen and the
 * receipts use the same form, so a number copied from any of them matches the others (issue #11:
 * `123456` on the receipt against `0123456` in the exports). Accounts at other banks (a TED's
 * destination) keep the form their bank gave them: their length is that bank's rule, not ours.
 */

/** Width of the account number in every place it is shown (§9). */
export const ACCOUNT_DIGITS = 7;

/** `'123456'` → `'0123456'`; longer numbers and non-digit text are only trimmed. */
export function formatAccountNumber(account: string): string {
  const trimmed = account.trim();
  return /^\d+$/.test(trimmed) ? trimmed.padStart(ACCOUNT_DIGITS, '0') : trimmed;
}
