/**
 * What the path bindings of e2e/bindings/<flow>.ts share: the pt-BR texts (e2e/support/texts.ts, the
 * portal's own catalogues, so a binding names a key as the view does), the sandbox as a test sees it
 * (API sign-in, outbox, faults), a per-page notebook between outcome arrangements and user
 * actions, and the outcomes and states built on the driver's one call gate
 * (e2e/driver/call-gate.ts, re-exported here with the reshaper of e2e/driver/reshaper.ts): no
 * connection (the held call failed as an offline browser would), the 120 s time-out (the page's
 * fake clock passes it while a delay fault keeps the sandbox slow), a save in flight and saved.
 */
import type { OperationId } from '../driver/operations';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { BindingKeys, BindingKeysOf, FlowEntry } from '../../machines/catalog-types';
import type { FlowPath } from '../../machines/harness/generate';
import type { PlaywrightBindings, PlaywrightContext } from '../driver/path-driver';
import { gate, releaseCall, type GatedName } from '../driver/call-gate';
import { perPage } from '../driver/per-page';
import { codeOf, DEVICE_HEADER, lastMail, linkOf, linkParts, MAIL_SUBJECTS } from '../support/sandbox';
import { FIRST_ACCESS, MARIA } from '../support/demo';
import type { StoredSession } from '../support/session';
import { t, type TextKey } from '../support/texts';

// ───────────────────────────── texts ─────────────────────────────

// The one loader of the portal's pt-BR texts (every catalogue part, merged once: e2e/support/texts.ts).
export { errorText, t, textKey, type TextKey, type TextValues } from '../support/texts';
/** A regular expression that matches `text` literally. */
export const literal = (text: string): RegExp => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** Any of the texts of `keys`, literally (for a state several outcomes reach with their own text). */
export const anyOf = (...keys: TextKey[]): RegExp =>
  new RegExp(keys.map((k) => literal(t(k)).source).join('|'));

// ───────────────────────────── page pieces ─────────────────────────────

/** The polite status that announces what a busy form does (BusyStatus, visually hidden). */
export const busyStatus = (scope: Page | Locator, text: string): Locator =>
  scope.getByRole('status').filter({ hasText: text });

/** A toast or inline message with `text` (errors and warnings are alerts, the rest statuses). */
export const notice = (page: Page, text: string | RegExp): Locator =>
  page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: text }).first();

/**
 * Closes the toasts on screen with their own close button, as a person does once they have read
 * them: a toast sits above the page (bottom centre, over a dialog's buttons), and a click on what
 * it covers would otherwise wait for it to time out (5-8 s of real time, src/ui/toasts.tsx). A
 * toast that times out meanwhile is gone all the same.
 */
export async function closeToasts(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: t('SHELL.UI.CLOSE_MESSAGE'), exact: true });
  while ((await close.count()) > 0)
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(async (e: unknown) => {
        if ((await close.count()) > 0) throw e;
      });
}

/** A field by its exact label (the password toggles are named 'Mostrar senha', never just 'Senha'). */
export const field = (scope: Page | Locator, label: string): Locator =>
  scope.getByLabel(label, { exact: true });

/** A button by its exact name. */
export const button = (scope: Page | Locator, name: string): Locator =>
  scope.getByRole('button', { name, exact: true });

/**
 * Submits a form whose button the view enables only when the rules pass: when the payload passes
 * (`valid`), the button must be enabled and is clicked; otherwise the button must be disabled,
 * which is the UI's way of refusing what the machine's guard refuses (a self-loop of the path).
 */
export async function submitIfValid(submit: Locator, valid: boolean): Promise<void> {
  if (valid) {
    await expect(submit).toBeEnabled();
    await submit.click();
  } else {
    await expect(submit).toBeDisabled();
  }
}

/** The busy button of a form: marked aria-busy while its call runs. */
export async function expectBusy(submit: Locator): Promise<void> {
  await expect(submit).toHaveAttribute('aria-busy', 'true');
}

/** A button at rest (not busy). */
export async function expectIdle(submit: Locator): Promise<void> {
  await expect(submit).toBeVisible();
  await expect(submit).not.toHaveAttribute('aria-busy', 'true');
}

// ───────────────────────────── notebook ─────────────────────────────

export { listIn, perPage } from '../driver/per-page';

/**
 * A per-page notebook: outcome arrangements write what the next user action must use instead of
 * the fixture payload (the real e-mailed code, a link read from the outbox), actions read it.
 */
export const notes = perPage((): Map<string, string> => new Map());

/**
 * Note of the message the next failure state must show, when the outcome that leads there decides
 * it (no connection, time-out); the state's assertion takes it, or accepts any of its texts.
 */
export const EXPECTED_MESSAGE = 'expected.message';

/** The expected message noted by the outcome, else any of `keys`' texts. */
export const expectedMessage = (page: Page, ...keys: TextKey[]): RegExp => {
  const noted = takeNote(page, EXPECTED_MESSAGE);
  return noted ? literal(noted) : anyOf(...keys);
};

/** Reads and forgets a note. */
export function takeNote(page: Page, key: string): string | undefined {
  const book = notes(page);
  const value = book.get(key);
  book.delete(key);
  return value;
}

// ───────────────────────────── the call gate ─────────────────────────────

// The one call gate (e2e/driver/call-gate.ts) and answers in another shape (e2e/driver/reshaper.ts).
export {
  gate,
  holdCalls,
  holdNextCall,
  planCall,
  releaseCall,
  settle,
  waitHeld,
  REQUEST_TIMEOUT_MS,
  type CallPlan,
} from '../driver/call-gate';
export { answerNextInShape, expectAnsweredInShape, type Answer, type Reshape } from '../driver/reshaper';

/** Outcome binding: the next call of `op` fails as if the browser were offline (no response). */
export const offline = (op: OperationId) => ({
  arrange: async (ctx: PlaywrightContext): Promise<void> => {
    gate(ctx.page).plan(op, 'offline');
    notes(ctx.page).set(EXPECTED_MESSAGE, t('ERRORS.NETWORK'));
  },
});

/**
 * Outcome bindings that go through the gate: armed together, they are used one per call of `op`,
 * in path order (a reshape then a fault are two calls; see e2e/driver/README.md).
 */
export const viaGate = {
  /** The sandbox answers with its data. */
  pass: (op: GatedName) => ({
    arrange: async ({ page }: PlaywrightContext) => gate(page).plan(op, 'pass'),
  }),
  /** The sandbox answers `status` (fault posted just before the call leaves). */
  status: (op: OperationId, status: number) => ({
    arrange: async (ctx: PlaywrightContext) =>
      gate(ctx.page).plan(op, { before: () => ctx.fault({ operationId: op, status, times: 1 }) }),
  }),
  /** No connection: the browser fails the call (or the chunk) without a response. */
  offline: (op: GatedName) => ({
    arrange: async ({ page }: PlaywrightContext) => gate(page).plan(op, 'offline'),
  }),
};

/**
 * Outcome binding: the sandbox does not answer the next call of `op` in time. A delay fault keeps
 * the call in the sandbox (ending in 504, so nothing is written if it ever runs), and the page's
 * fake clock passes the 120 s time-out once the call has left (needs `clock: true`).
 */
export const slowServer = (op: OperationId) => ({
  arrange: async (ctx: PlaywrightContext): Promise<void> => {
    await ctx.fault({ operationId: op, status: 504, delayMs: 15_000, times: 1 });
    gate(ctx.page).plan(op, 'timeout');
    notes(ctx.page).set(EXPECTED_MESSAGE, t('ERRORS.TIMEOUT'));
  },
});

// ───────────────────────────── the states of a save ─────────────────────────────

/** A save in flight: its status says `text` and its button is busy; then its held call goes on. */
export const savingState =
  (text: string, submit: (page: Page) => Locator, op: OperationId) =>
  async ({ page }: PlaywrightContext): Promise<void> => {
    await expect(busyStatus(page, text)).toHaveCount(1);
    await expectBusy(submit(page));
    await releaseCall(page, op);
  };

/** A save that worked: every held call goes on, the toast says `text` and the page is at `url`. */
export const savedState =
  (text: string, url: RegExp) =>
  async ({ page }: PlaywrightContext): Promise<void> => {
    await gate(page).openAll();
    await expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();
    await expect(page).toHaveURL(url);
  };

// ───────────────────────────── the sandbox ─────────────────────────────

/** The demo customers the bindings use (demo/users.ts, through e2e/support/demo.ts). */
export const DEMO = { maria: MARIA, firstAccess: FIRST_ACCESS } as const;

/** A password no demo user has. */
export const WRONG_PASSWORD = 'Errada@987';

async function ok<T>(what: string, res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!res.ok()) throw new Error(`${what} → ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

// Signing in through the API (one session per page and customer) lives with the other specs' helpers.
export { apiSignIn, sessionOf, startSignedIn, type StoredSession } from '../support/session';

/** Bearer and device headers of an API session. */
export const authHeaders = (s: StoredSession) => ({ ...DEVICE_HEADER, Authorization: `Bearer ${s.token}` });

/** Subjects of the e-mails the sandbox sends. */
export const MAIL = MAIL_SUBJECTS;
export { codeOf, DEVICE_HEADER, lastMail, linkOf };

/**
 * POST /api/resetPassword?taxId=: the sandbox e-mails a reset link to the holder. The answer is the
 * same for any tax id (issue #10); the caller reads the link from the outbox.
 */
export async function requestReset(request: APIRequestContext, taxId: string): Promise<void> {
  await ok<{ sent: boolean }>(
    'POST /api/resetPassword',
    await request.post(`/api/resetPassword?taxId=${encodeURIComponent(taxId)}`, { headers: DEVICE_HEADER }),
  );
}

/** Uses a link up through the API (POST /SavePassword), so the page's own save finds it spent. */
export async function spendLink(request: APIRequestContext, action: string, hash: string): Promise<void> {
  const verified = await ok<{ valid: boolean; accountId?: string }>(
    'POST /api/VerifyAction',
    await request.post(`/api/VerifyAction/${encodeURIComponent(action)}`, {
      headers: DEVICE_HEADER,
      data: { hash },
    }),
  );
  if (!verified.valid || !verified.accountId) throw new Error('o link já não era válido antes do teste');
  await ok(
    'POST /api/SavePassword',
    await request.post('/api/SavePassword', {
      headers: DEVICE_HEADER,
      data: { account_id: verified.accountId, pass: 'Gasto@Antes1', token: hash },
    }),
  );
}

/** Opens the verification link of the newest e-mail `subject` to `to` and waits for its screen. */
export async function followLink(
  ctx: PlaywrightContext,
  to: string,
  subject: string,
  lands: RegExp,
): Promise<{ action: string; hash: string }> {
  const link = linkParts(await lastMail(ctx.request, to, subject));
  await ctx.page.goto(link.path);
  await expect(ctx.page).toHaveURL(lands);
  return { action: link.action, hash: link.hash };
}

// ───────────────────────────── flows ─────────────────────────────

/**
 * An outcome the sandbox cannot produce, so the paths through it are not played in e2e (they
 * still run against the machine in tests/machines). Key: the outcome's `key`, as in `outcomes`
 * (`<done|error>:<invoke id>` for every outcome of that kind of the actor); or a user event the
 * portal cannot offer yet (its target screen is not built), `event:<type>:<event label>`.
 */
export interface OutcomeGap<K extends BindingKeys = BindingKeys> {
  key: K['outcome'] | `event:${K['event']}:${string}`;
  why: string;
}

/**
 * A flow's bindings, with the outcomes e2e cannot provoke. `BoundFlow<typeof entry>` (the
 * flow's catalog entry) checks the gaps' keys against the flow, as `defineBindings` does.
 */
export interface BoundFlow<F extends FlowEntry = FlowEntry> {
  bindings: PlaywrightBindings;
  gaps?: OutcomeGap<BindingKeysOf<F>>[];
  /**
   * Sequences the sandbox cannot play although each of their outcomes can be provoked alone (a
   * state the bank keeps that a later arrangement runs into). Their paths are left out of the
   * browser's set and listed as skipped with `why`, like the gaps' (e2e/paths.spec.ts).
   */
  sequences?: { key: string; why: string; crosses: (path: FlowPath) => boolean }[];
  /**
   * Why the flow's bindings cannot play a walk (a path that comes back to a state it left:
   * machines/harness/generate.ts `walks`), when they cannot: its covering set is then chosen
   * among its shortest and simple paths only (e2e/paths.spec.ts).
   */
  noWalks?: string;
  /**
   * Walks the bindings cannot play although they play others (a state met again after the bank's
   * answer changed, which the fixtures' outcomes do not model): a walk that `crosses` one is not
   * chosen; the flow's other walks are (e2e/paths.spec.ts). The shortest and simple paths are
   * chosen from as before, so the covering set still plays every state, transition and guard
   * outcome they play.
   */
  unplayableWalks?: { why: string; crosses: (path: FlowPath) => boolean }[];
}

/** Whether a walk goes through one of `unplayable` (BoundFlow's unplayableWalks). */
export function crossesUnplayable(path: FlowPath, unplayable: BoundFlow['unplayableWalks']): boolean {
  return (unplayable ?? []).some((u) => u.crosses(path));
}

/** Whether `path`, after an event of type `first`, has a step that `then` matches. */
export function eventThen(
  path: FlowPath,
  first: string,
  then: (step: FlowPath['steps'][number]) => boolean,
): boolean {
  let seen = false;
  for (const step of path.steps) {
    if (seen && then(step)) return true;
    if (step.kind === 'event' && step.event.type === first) seen = true;
  }
  return false;
}

/** Whether `path` plays one of the `sequences` the sandbox cannot. */
export function crossesSequence(path: FlowPath, sequences: BoundFlow['sequences']): boolean {
  return (sequences ?? []).some((s) => s.crosses(path));
}

/** Whether `path` goes through one of the `gaps`. */
export function crossesGap(path: FlowPath, gaps: readonly OutcomeGap[] | undefined): boolean {
  if (!gaps || gaps.length === 0) return false;
  const keys = new Set<string>(gaps.map((g) => g.key));
  return path.steps.some(
    (s) =>
      ((s.kind === 'done' || s.kind === 'error') &&
        ((s.outcome !== undefined && keys.has(s.outcome)) || keys.has(`${s.kind}:${s.actor ?? ''}`))) ||
      (s.kind === 'event' && keys.has(`event:${s.event.type}:${s.label}`)),
  );
}
