/**
 * The bank's own check of new passwords. The sandbox does not run the portal's validators
 * (DESIGN.md, Boundaries), so the two rules are written here again, character for character the
 * same as the portal's checklists: a password the portal lets through is never refused here for a
 * reason the user could not see, and a password the portal refuses is refused here too when a
 * client skips the portal.
 */

/** Length in Unicode code points, as the portal counts it (an emoji is one character). */
const length = (s: string): number => [...s].length;

/**
 * 1-access-shell-statement.md §5 New password (change password and the forced first-login change):
 * a letter, a digit, at least 6 characters, no spaces.
 */
export function changeRuleErrors(password: string): string[] {
  const errors: string[] = [];
  if (!/\p{L}/u.test(password)) errors.push('A senha deve ter ao menos uma letra.');
  if (!/[0-9]/.test(password)) errors.push('A senha deve ter ao menos um número.');
  if (length(password) < 6) errors.push('A senha deve ter ao menos 6 caracteres.');
  if (/\s/u.test(password)) errors.push('A senha não pode ter espaços.');
  return errors;
}

/**
 * 4-pix-part-two.md §5 Password rules (first access and reset by link, change by e-mailed code):
 * at least 8 characters with an upper-case letter, a lower-case letter, a digit and a special
 * character (anything that is not a letter, a digit or white space).
 */
export function strictRuleErrors(password: string): string[] {
  const errors: string[] = [];
  if (length(password) < 8) errors.push('A senha deve ter ao menos 8 caracteres.');
  if (!/\p{Lu}/u.test(password)) errors.push('A senha deve ter ao menos uma letra maiúscula.');
  if (!/\p{Ll}/u.test(password)) errors.push('A senha deve ter ao menos uma letra minúscula.');
  if (!/[0-9]/.test(password)) errors.push('A senha deve ter ao menos um número.');
  if (!/[^\p{L}\p{N}\s]/u.test(password)) errors.push('A senha deve ter ao menos um caractere especial.');
  return errors;
}
