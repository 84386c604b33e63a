/**
 * Picking up where an expired session left the customer (issue 32): the page they were on, and
 * what a form held where that is safe to keep, so that signing in again returns them to it.
 *
 * - The return path is written when the session expires (never on a chosen logout), with the
 *   account holder it belongs to: another customer signing in on the same tab goes to the
 *   statement and finds nothing of the first one's. It is a same-origin path of letters, digits,
 *   '/', '-' and '_' only: no scheme, host, '//' (protocol-relative), query or fragment, so it can
 *   never send the browser elsewhere (no open redirect) nor carry an id or hash in a query.
 * - Drafts are what a form held, by holder and route, in sessionStorage (this tab only, gone with
 *   it). Only fields that are not secrets are ever saved (a bill line, never a password or a
 *   security code): the forms decide what they hand over. A draft is cleared when its form
 *   succeeds, on a chosen logout, and when someone else signs in.
 */

/** sessionStorage key of the return path. */
export const RESUME_STORAGE_KEY = 'portal.resume';
/** sessionStorage key prefix of the drafts: `portal.draft:<holder>:<route>`. */
export const DRAFT_STORAGE_PREFIX = 'portal.draft:';

/** Pages a customer is never sent back to (signing in, signing out, the root). */
const NOT_A_RETURN = new Set(['/', '/login', '/logout']);

/**
 * Whether `path` is a page of this portal the sign-in may go back to: a plain absolute path of
 * the route table's kind ('/Payment', '/Deposit/Ticket'), nothing that leaves the origin.
 */
export function isSafeReturnPath(path: unknown): path is string {
  return (
    typeof path === 'string' &&
    /^\/[A-Za-z0-9][A-Za-z0-9_-]*(\/[A-Za-z0-9][A-Za-z0-9_-]*)*$/.test(path) &&
    path.length <= 100 &&
    !NOT_A_RETURN.has(path.toLowerCase())
  );
}

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

function readJson(key: string): unknown {
  try {
    const raw = storage()?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the work is not kept, the session still ends as before.
  }
}

function remove(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing was kept.
  }
}

/** Remembers, as the session expires, the page `holderId` was on (ignored when not a safe path). */
export function rememberReturn(holderId: string, path: string): void {
  if (isSafeReturnPath(path)) write(RESUME_STORAGE_KEY, { holderId, path });
}

/** Whether an expired session left a page to return to (then a logout keeps the drafts). */
export function hasReturn(): boolean {
  return readJson(RESUME_STORAGE_KEY) !== undefined;
}

/**
 * After a sign-in as `holderId`: the page to go back to, once (it is forgotten here), or undefined.
 * Someone else's return and drafts are dropped.
 */
export function takeReturn(holderId: string): string | undefined {
  const saved = readJson(RESUME_STORAGE_KEY);
  remove(RESUME_STORAGE_KEY);
  const mine =
    typeof saved === 'object' && saved !== null && (saved as { holderId?: unknown }).holderId === holderId;
  if (!mine) {
    clearDrafts();
    return undefined;
  }
  const path = (saved as { path?: unknown }).path;
  return isSafeReturnPath(path) ? path : undefined;
}

const draftKey = (holderId: string, route: string) =>
  `${DRAFT_STORAGE_PREFIX}${holderId}:${route.toLowerCase()}`;

/** Keeps what the form of `route` holds (plain, non-secret fields); an empty draft removes it. */
export function saveDraft(holderId: string, route: string, fields: Record<string, string>): void {
  if (Object.values(fields).every((v) => v === '')) remove(draftKey(holderId, route));
  else write(draftKey(holderId, route), fields);
}

/** The draft of `route` for `holderId`, if one was kept: only its string fields. */
export function readDraft(holderId: string, route: string): Record<string, string> | undefined {
  const saved = readJson(draftKey(holderId, route));
  if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) return undefined;
  const fields = Object.entries(saved as Record<string, unknown>).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return Object.fromEntries(fields);
}

/** The form of `route` succeeded: its draft is done with. */
export function clearDraft(holderId: string, route: string): void {
  remove(draftKey(holderId, route));
}

/** Every draft and the return path (a chosen logout, another customer signing in). */
export function clearDrafts(): void {
  const s = storage();
  if (!s) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < s.length; i++) {
      const key = s.key(i);
      if (key?.startsWith(DRAFT_STORAGE_PREFIX)) keys.push(key);
    }
    keys.forEach((key) => s.removeItem(key));
  } catch {
    // Nothing to clear.
  }
}

/** A chosen logout: nothing of the session's work is kept. */
export function forgetWork(): void {
  remove(RESUME_STORAGE_KEY);
  clearDrafts();
}
