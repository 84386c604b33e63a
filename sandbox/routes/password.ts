import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { ack, apiError, catalogueError, ok, problem, tooManyAttempts, type Reply } from '../http/replies.ts';
import {
  ADDRESS_POLICY,
  clearFailures,
  codeSubjects,
  countRequest,
  EMAIL_CHECK_POLICY,
  passwordSubjects,
  rateWaitSeconds,
  recordFailure,
  waitSeconds,
  type RateLimit,
  type Subject,
} from '../sim/throttle.ts';
import { changeRuleErrors, strictRuleErrors } from '../sim/password-rules.ts';
import {
  checkPassword,
  findUserByHolder,
  findUserByUsername,
  normalizeUsername,
  setPassword,
} from '../sim/users.ts';
import {
  activePasswordCode,
  checkPasswordCode,
  findValidLink,
  LINK_ACTIONS,
  sendLink,
  sendPasswordCode,
  useLink,
  usePasswordCodes,
} from '../sim/verification.ts';
import type { CallInput, Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

/**
 * Password flows: the reset link, password creation from a link, the change with the current
 * password (1-access-shell-statement.md §5, §7) and the self-service change by e-mailed code
 * (4-pix-part-two.md §2, §4, §5, §7, §8). Every new password is checked here with the rule of its
 * flow, whatever the portal checked before.
 */

/**
 * Catalogue codes of the e-mailed-code flow (group PASSWORD, after 30 'invalid link'). The portal
 * finds their texts at ERRORS.PASSWORD.{code}.
 */
export const CODE_ERRORS = {
  invalidCode: { code: 31, description: 'Código inválido ou expirado. Solicite um novo código.' },
  codeExhausted: {
    code: 32,
    description: 'Código bloqueado após muitas tentativas incorretas. Solicite um novo código.',
  },
  tooManyCodes: {
    code: 33,
    description: 'Muitos códigos solicitados. Aguarde alguns minutos e tente novamente.',
  },
  emailMismatch: { code: 34, description: 'O e-mail informado não confere com o cadastro.' },
} as const;

function codeError(name: keyof typeof CODE_ERRORS, messages?: string[]): Reply {
  const e = CODE_ERRORS[name];
  return apiError(422, e.code, 'PASSWORD', e.description, messages);
}

/** The customer user of a tax id, with the holder's e-mail. */
interface TaxIdOwner {
  holderId: string;
  email: string | null;
  userId: number;
}

function ownerOfTaxId(db: Database.Database, taxId: string): TaxIdOwner | undefined {
  const holder = db
    .prepare("SELECT id, email FROM account_holders WHERE tax_id = ? AND person_type <> 'BANK'")
    .get(taxId.toUpperCase()) as { id: string; email: string | null } | undefined;
  const user = holder ? findUserByHolder(db, holder.id) : undefined;
  return holder && user ? { holderId: holder.id, email: holder.email, userId: user.id } : undefined;
}

/**
 * The owner of the tax id when the caller may act for it: anyone before sign-in (the tax id and
 * its e-mail are the proof), only the holder itself when a token came along.
 */
function ownerFor(
  input: Pick<CallInput, 'session'>,
  db: Database.Database,
  taxId: string,
): TaxIdOwner | undefined {
  const owner = ownerOfTaxId(db, taxId);
  if (!owner) return undefined;
  if (input.session && input.session.holderId !== owner.holderId) return undefined;
  return owner;
}

const sameEmail = (a: string | null, b: string) =>
  a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Ends every session of the user (but `keepTokenHash`): after a reset or a change the old password
 * is gone.
 */
function revokeAllTokens(db: Database.Database, userId: number, now: Date, keepTokenHash?: string): void {
  db.prepare(
    'UPDATE tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND token_hash IS NOT ?',
  ).run(now.toISOString(), userId, keepTokenHash ?? null);
}

/** Reset links one tax id may be sent, and one address may ask for, in {@link RESET_WINDOW_MS}. */
export const RESET_LIMIT_PER_TAX_ID = 3;
export const RESET_LIMIT_PER_ADDRESS = 10;
export const RESET_WINDOW_MS = 60 * 60_000;

/**
 * E-mails a reset link. The answer is the same whether or not the tax id is a customer's (and the
 * e-mail is not shown), so the call does not tell who banks here; the throttle counts unknown tax
 * ids too, for the same reason.
 */
function resetPassword(input: OperationInput<'resetPassword'>, { db, now, publicOrigin }: SandboxContext) {
  const taxId = input.query.taxId.toUpperCase();
  const limits: RateLimit[] = [
    { scope: 'reset-tax-id', key: taxId, limit: RESET_LIMIT_PER_TAX_ID, windowMs: RESET_WINDOW_MS },
    {
      scope: 'reset-address',
      key: input.remoteAddress,
      limit: RESET_LIMIT_PER_ADDRESS,
      windowMs: RESET_WINDOW_MS,
    },
  ];
  const wait = rateWaitSeconds(db, limits, now());
  if (wait > 0) return tooManyAttempts(wait);
  countRequest(db, limits, now());
  const owner = ownerOfTaxId(db, taxId);
  if (owner?.email) sendLink(db, owner.userId, owner.email, LINK_ACTIONS.reset, publicOrigin, now());
  return ok<Schemas['ResetPasswordResult']>({ sent: true });
}

/**
 * Creates or resets the password with the hash of a link (first access or reset), with the strict
 * rule. The link works once; the user's open sessions end.
 */
function savePassword({ body }: OperationInput<'savePassword'>, { db, now }: SandboxContext) {
  const req = body;
  const link = findValidLink(db, req.token, now());
  if (!link) return catalogueError(422, 'invalidLink');
  const owns = db
    .prepare(
      "SELECT 1 FROM accounts a JOIN users u ON u.holder_id = a.holder_id WHERE a.id = ? AND u.id = ? AND a.kind = 'CUSTOMER'",
    )
    .get(req.account_id, link.user_id);
  if (!owns) return catalogueError(422, 'invalidLink');
  const broken = strictRuleErrors(req.pass);
  if (broken.length > 0) return catalogueError(422, 'weakPassword', broken);
  setPassword(db, link.user_id, req.pass, now());
  useLink(db, req.token, now());
  revokeAllTokens(db, link.user_id, now());
  return ack('Senha criada com sucesso.');
}

/**
 * Changes the password given the current one, with the rule of 1-access §5 (letter, digit, 6
 * characters, no spaces) and different from the current one. With a token the user name must be
 * the token's user. Without one this is the forced change after a first-access login (code 313),
 * where the portal has no token yet and the current password is the proof.
 */
function changePassword(input: OperationInput<'changePassword'>, { db, now }: SandboxContext) {
  const req = input.body;
  const username = input.params.username;
  const user = findUserByUsername(db, username);
  if (input.session && (!user || user.id !== input.session.userId)) return catalogueError(403, 'forbidden');
  // Without a token only the forced first-access change (code 313) is allowed; for anyone else this
  // would be a second, unthrottled sign-in to guess passwords with.
  if (!input.session && user?.must_change_password !== 1) return catalogueError(401, 'unauthorized');
  const subjects = passwordSubjects(user, normalizeUsername(username), input.remoteAddress);
  const wait = waitSeconds(db, subjects, now());
  if (wait > 0) return tooManyAttempts(wait);
  if (!checkPassword(user, req.currentPassword) || !user) {
    recordFailure(db, subjects, now());
    return catalogueError(422, 'wrongCurrentPassword');
  }
  clearFailures(db, subjects.slice(0, 1));
  const broken = changeRuleErrors(req.newPassword);
  if (broken.length > 0) return catalogueError(422, 'weakPassword', broken);
  if (req.newPassword === req.currentPassword) return catalogueError(422, 'samePassword');
  setPassword(db, user.id, req.newPassword, now());
  // Whoever else holds a session of this user (a stolen token, a forgotten computer) is signed out;
  // the session that changed the password stays.
  revokeAllTokens(db, user.id, now(), input.session?.tokenHash);
  return ack('Senha alterada com sucesso.');
}

/**
 * POST /VerifyEmail: 200 when the e-mail is the one of the tax id; otherwise 400 problem+json on
 * the field `email` (4-pix-part-two.md §8: the portal shows its e-mail-incorrect message on 400).
 * An unknown tax id answers the same, so the call does not tell which tax ids are customers.
 */
function verifyEmail(input: OperationInput<'verifyEmail'>, { db, now }: SandboxContext) {
  const req = input.body;
  // Without a token this is a way to guess a customer's e-mail: throttled per tax id (known or not)
  // and per address, like the sign-in.
  const subjects: Subject[] = input.session
    ? []
    : [
        { scope: 'email-check-tax-id', key: req.taxId.toUpperCase(), policy: EMAIL_CHECK_POLICY },
        { scope: 'email-check-address', key: input.remoteAddress, policy: ADDRESS_POLICY },
      ];
  const wait = waitSeconds(db, subjects, now());
  if (wait > 0) return tooManyAttempts(wait);
  const owner = ownerFor(input, db, req.taxId);
  if (!owner || !sameEmail(owner.email, req.email)) {
    recordFailure(db, subjects, now());
    return problem(
      400,
      'E-mail incorreto',
      'O e-mail informado não confere com o cadastro deste CPF/CNPJ.',
      [{ field: 'email', message: 'O e-mail informado não confere com o cadastro.' }],
      '/sandbox/problems/email-mismatch',
    );
  }
  clearFailures(db, subjects.slice(0, 1));
  return ok<Schemas['ValidResult']>({ valid: true });
}

/** POST /SendPasswordChangeCode: e-mails a 6-digit code valid for 10 minutes (5 tries). */
function sendPasswordChangeCode(
  input: OperationInput<'sendPasswordChangeCode'>,
  { db, now }: SandboxContext,
) {
  const req = input.body;
  const owner = ownerFor(input, db, req.taxId);
  if (!owner?.email || !sameEmail(owner.email, req.email)) return codeError('emailMismatch');
  const requester = input.session ? `user:${input.session.userId}` : `address:${input.remoteAddress}`;
  const sent = sendPasswordCode(db, owner.userId, owner.email, requester, now());
  if (!sent.sent) return codeError('tooManyCodes');
  return ok<Schemas['PasswordCodeSent']>({ sent: true, expiresAt: sent.expiresAt.toISOString() });
}

/**
 * POST /VerifyPasswordChangeCode: `valid` true for the active code. A wrong, expired, used or
 * burnt code is `valid: false` (the portal's invalid-code message); each wrong one uses a try.
 */
function verifyPasswordChangeCode(
  input: OperationInput<'verifyPasswordChangeCode'>,
  { db, now }: SandboxContext,
) {
  const req = input.body;
  const subjects = codeSubjects(input.remoteAddress);
  const wait = waitSeconds(db, subjects, now());
  if (wait > 0) return tooManyAttempts(wait);
  const owner = ownerFor(input, db, req.taxId);
  const valid = owner !== undefined && checkPasswordCode(db, owner.userId, req.code, now()) === 'valid';
  if (!valid) recordFailure(db, subjects, now());
  return ok<Schemas['ValidResult']>({ valid });
}

/**
 * POST /ChangePasswordWithCode: the code must be the active one, the password must pass the
 * strict rule. Success uses up the code and ends every session of the user (the portal then logs
 * out, 4-pix-part-two.md §4).
 */
function changePasswordWithCode(
  input: OperationInput<'changePasswordWithCode'>,
  { db, now }: SandboxContext,
) {
  const req = input.body;
  const subjects = codeSubjects(input.remoteAddress);
  const wait = waitSeconds(db, subjects, now());
  if (wait > 0) return tooManyAttempts(wait);
  const owner = ownerFor(input, db, req.taxId);
  const check = owner ? checkPasswordCode(db, owner.userId, req.code, now()) : 'none';
  if (check !== 'valid') recordFailure(db, subjects, now());
  if (!owner) return codeError('invalidCode');
  if (check === 'exhausted') return codeError('codeExhausted');
  if (check !== 'valid') return codeError('invalidCode');
  const broken = strictRuleErrors(req.newPassword);
  if (broken.length > 0) return catalogueError(422, 'weakPassword', broken);
  setPassword(db, owner.userId, req.newPassword, now());
  usePasswordCodes(db, owner.userId, now());
  revokeAllTokens(db, owner.userId, now());
  return ack('Senha alterada com sucesso.');
}

/**
 * GET /HasValidPasswordChangeCode/{taxId}: whether a code can still be typed, and until when. Only
 * a session asks (the contract's security; the flow is in the profile), and only about its own
 * holder: another tax id is `false`, like one without a code (issue 27: anonymous, it told anyone
 * whether a tax id was a customer with a pending code).
 */
function hasValidPasswordChangeCode(
  input: OperationInput<'hasValidPasswordChangeCode'>,
  { db, now }: SandboxContext,
) {
  if (!input.session) return catalogueError(401, 'unauthorized');
  const owner = ownerFor(input, db, input.params.taxId);
  const code = owner ? activePasswordCode(db, owner.userId, now()) : undefined;
  return ok<Schemas['HasValidCodeResult']>(
    code ? { hasValidCode: true, expiresAt: code.expires_at } : { hasValidCode: false, expiresAt: null },
  );
}

export const passwordHandlers = {
  resetPassword,
  savePassword,
  changePassword,
  verifyEmail,
  sendPasswordChangeCode,
  verifyPasswordChangeCode,
  changePasswordWithCode,
  hasValidPasswordChangeCode,
} satisfies Handlers;
