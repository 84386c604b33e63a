import type { components } from '../../openapi/portal.d.ts';
import { ack, catalogueError, ok } from '../http/replies.ts';
import {
  checkPassword,
  findUserByHolder,
  findUserByUsername,
  maskEmail,
  passwordRuleErrors,
  setPassword,
  strongPasswordRuleErrors,
} from '../sim/users.ts';
import { findValidLink, LINK_ACTIONS, sendLink, useLink } from '../sim/verification.ts';
import type { HandlerInput, Handlers, SandboxContext } from './types.ts';
import { param } from './types.ts';

type Schemas = components['schemas'];

/**
 * Basic password flows of 1-access-shell-statement.md §7. The e-mailed-code flows of
 * 4-pix-part-two.md (verifyEmail, sendPasswordChangeCode...) are not implemented here yet.
 */

/** E-mails a reset link. An unknown tax id answers `sent: false` rather than an error. */
function resetPassword(input: HandlerInput, { db, now }: SandboxContext) {
  const taxId = param(input, 'taxId').toUpperCase();
  const holder = db
    .prepare("SELECT id, email FROM account_holders WHERE tax_id = ? AND person_type <> 'BANK'")
    .get(taxId) as { id: string; email: string | null } | undefined;
  const user = holder ? findUserByHolder(db, holder.id) : undefined;
  if (!holder?.email || !user) return ok<Schemas['ResetPasswordResult']>({ sent: false });
  sendLink(db, user.id, holder.email, LINK_ACTIONS.reset, input.origin, now());
  return ok<Schemas['ResetPasswordResult']>({ sent: true, maskedEmail: maskEmail(holder.email) });
}

/** Creates or resets the password with the hash of a link (first access or reset). */
function savePassword({ body }: HandlerInput, { db, now }: SandboxContext) {
  const req = body as Schemas['SavePasswordRequest'];
  const link = findValidLink(db, req.token, now());
  if (!link) return catalogueError(422, 'invalidLink');
  const owns = db
    .prepare(
      "SELECT 1 FROM accounts a JOIN users u ON u.holder_id = a.holder_id WHERE a.id = ? AND u.id = ? AND a.kind = 'CUSTOMER'",
    )
    .get(req.account_id, link.user_id);
  if (!owns) return catalogueError(422, 'invalidLink');
  const broken = strongPasswordRuleErrors(req.pass);
  if (broken.length > 0) return catalogueError(422, 'weakPassword', broken);
  setPassword(db, link.user_id, req.pass, now());
  useLink(db, req.token, now());
  return ack('Senha criada com sucesso.');
}

/**
 * Changes the password given the current one. With a token the user name must be the token's
 * user. Without one this is the forced change after a first-access login (code 313), where the
 * portal has no token yet and the current password is the proof.
 */
function changePassword(input: HandlerInput, { db, now }: SandboxContext) {
  const req = input.body as Schemas['ChangePasswordRequest'];
  const user = findUserByUsername(db, param(input, 'username'));
  if (input.session && (!user || user.id !== input.session.userId)) return catalogueError(403, 'forbidden');
  if (!checkPassword(user, req.currentPassword) || !user) return catalogueError(422, 'wrongCurrentPassword');
  const broken = passwordRuleErrors(req.newPassword);
  if (broken.length > 0) return catalogueError(422, 'weakPassword', broken);
  if (req.newPassword === req.currentPassword) return catalogueError(422, 'samePassword');
  setPassword(db, user.id, req.newPassword, now());
  return ack('Senha alterada com sucesso.');
}

export const passwordHandlers: Handlers = { resetPassword, savePassword, changePassword };
