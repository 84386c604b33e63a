/**
 * In-memory hand-offs between access screens. They live in this module only: never in storage,
 * never in the URL or history, so a password or a link hash is gone when the tab reloads.
 *
 * - first login (1-access-shell-statement.md §4, code 313): the user name and the password typed
 *   at sign-in, for /password/first-login;
 * - verification link (§2 Public routes): the verified result and hash, for /FirstAcess or
 *   /ResetPassword.
 */
import type { LinkDestination } from '../../../machines/access/verify-link.machine';
import type { components } from '../../../openapi/portal';

/** Credentials of a first access, typed at sign-in. */
export interface FirstLoginHandoff {
  username: string;
  password: string;
}

/** A verified e-mail link. */
export interface LinkHandoff {
  destination: LinkDestination;
  result: components['schemas']['VerifyActionResult'];
  hash: string;
}

let firstLogin: FirstLoginHandoff | null = null;
let link: LinkHandoff | null = null;

/** Keeps the credentials of a first access for the forced change. */
export function setFirstLoginHandoff(value: FirstLoginHandoff): void {
  firstLogin = { username: value.username, password: value.password };
}

/** The credentials of a first access, if the login page just handed them over. */
export function peekFirstLoginHandoff(): FirstLoginHandoff | null {
  return firstLogin;
}

/** Forgets the credentials of a first access. */
export function clearFirstLoginHandoff(): void {
  firstLogin = null;
}

/** Keeps a verified link for its destination screen. */
export function setLinkHandoff(value: LinkHandoff): void {
  link = { destination: value.destination, result: value.result, hash: value.hash };
}

/** The verified link for `destination`, if there is one. */
export function peekLinkHandoff(destination: LinkDestination): LinkHandoff | null {
  return link?.destination === destination ? link : null;
}

/** Forgets the verified link. */
export function clearLinkHandoff(): void {
  link = null;
}
