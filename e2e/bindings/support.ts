/**
 * What the path bindings of e2e/bindings/<flow>.ts share: the pt-BR texts (read from the portal's
 * own catalogues, so a binding names a key as the view does), the sandbox as a test sees it
 * (API sign-in, outbox, faults), a per-page notebook between outcome arrangements and user
 * actions, and the call gate that makes busy states assertable.
 *
 * The call gate: a state that waits for a call ('Entrando...') lasts as long as the sandbox takes
 * to answer, often less than one assertion. The gate holds the calls of the operations a flow
 * names (Playwright routing, the request itself is untouched) until the busy state's assertion
 * has seen the busy page and releases them; only then does the call reach the sandbox. The same
 * place provokes the two failures the sandbox cannot answer with: no connection (the browser
 * fails the request as an offline one) and the 120 s time-out (the page's fake clock jumps past
 * it while the sandbox is kept slow by a delay fault).
 *
 * Answers in another shape: an outcome the sandbox never answers in the shape the machine's
 * fixture has (a balance list without REAL, a report that is not a list...) is the sandbox's real
 * answer reshaped in the browser (`answerNextInShape`), so the data stays the bank's.
 */
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Locator, type Page, type Route } from '@playwright/test';
import type { FlowPath } from '../../machines/harness/generate';
import type { PlaywrightBindings, PlaywrightContext } from '../driver/path-driver';
import { isCallOf, operationCall } from '../driver/operations';
import { codeOf, DEVICE_HEADER, lastMail, linkOf, linkParts, MAIL_SUBJECTS } from '../support/sandbox';
import { FIRST_ACCESS, MARIA } from '../support/demo';
import type { StoredSession } from '../support/session';

// ───────────────────────────── texts ─────────────────────────────

type Catalogue = { [key: string]: string | Catalogue };

const CATALOGUE_PARTS = ['access', 'errors', 'common', 'shell'] as const;

const catalogue: Catalogue = Object.assign(
  {},
  ...CATALOGUE_PARTS.map(
    (part) =>
      JSON.parse(
        readFileSync(new URL(`../../src/i18n/locales/pt-BR/${part}.json`, import.meta.url), 'utf8'),
      ) as Catalogue,
  ),
);

/** The pt-BR text of a catalogue key (as the views' `t`); an unknown key fails the test loudly. */
export function t(key: string): string {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`chave de texto pt-BR inexistente: ${key}`);
  return node;
}

/** A regular expression that matches `text` literally. */
export const literal = (text: string): RegExp => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** Any of the texts of `keys`, literally (for a state several outcomes reach with their own text). */
export const anyOf = (...keys: string[]): RegExp =>
  new RegExp(keys.map((k) => literal(t(k)).source).join('|'));

// ───────────────────────────── page pieces ─────────────────────────────

/** The polite status that announces what a busy form does (BusyStatus, visually hidden). */
export const busyStatus = (scope: Page | Locator, text: string): Locator =>
  scope.getByRole('status').filter({ hasText: text });

/** A toast or inline message with `text` (errors and warnings are alerts, the rest statuses). */
export const notice = (page: Page, text: string | RegExp): Locator =>
  page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: text }).first();

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

/** A getter of one `T` per page, made on first use and dropped with the page. */
export function perPage<T>(make: (page: Page) => T): (page: Page) => T {
  const all = new WeakMap<Page, T>();
  return (page) => {
    let value = all.get(page);
    if (value === undefined) {
      value = make(page);
      all.set(page, value);
    }
    return value;
  };
}

/** The list under `key` of a map of lists, created empty on first use. */
export function listIn<T>(map: Map<string, T[]>, key: string): T[] {
  let list = map.get(key);
  if (!list) {
    list = [];
    map.set(key, list);
  }
  return list;
}

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
export const expectedMessage = (page: Page, ...keys: string[]): RegExp => {
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

/** How a held call ends when released. */
export type CallPlan = 'pass' | 'offline' | 'timeout';

// ───────────────────────────── answers in another shape ─────────────────────────────

/** An answer as the page gets it: the HTTP status and the JSON body (the `{ data }` envelope included). */
export interface Answer {
  status: number;
  json: unknown;
}

/**
 * Turns the sandbox's real answer into the shape an outcome stands for. It receives a copy; it
 * throws when the real answer is not the one it expects to reshape (the path then fails saying so).
 */
export type Reshape = (real: Answer) => Answer;

interface Rewrite {
  op: string;
  reshape: Reshape;
  served: boolean;
  failure?: string;
}

/**
 * The armed rewrites of a page. Its route on /api is registered before any gate's (a gate installs
 * it before its own), and Playwright runs the newest route first: a call reaches a gate first, and
 * a held call is reshaped when the gate releases it (`passOn`); a call no gate holds (or that a gate
 * lets fall back) reaches this route, which reshapes it if a rewrite waits for it, else falls back.
 */
class Reshaper {
  private readonly rewrites: Rewrite[] = [];
  private installed = false;

  constructor(private readonly page: Page) {}

  async install(): Promise<void> {
    if (this.installed) return;
    this.installed = true;
    await this.page.route('**/api/**', async (route) => {
      if (!(await this.serve(route))) await route.fallback();
    });
  }

  async arm(op: string, reshape: Reshape): Promise<void> {
    operationCall(op);
    await this.install();
    this.rewrites.push({ op, reshape, served: false });
  }

  /**
   * Answers `route` with the sandbox's answer reshaped, when a rewrite waits for its operation (the
   * oldest, used once); `url` replaces the request's. False when none waits: nothing was done.
   */
  async serve(route: Route, url?: string): Promise<boolean> {
    const rewrite = this.rewrites.find((r) => !r.served && isCallOf(r.op, route.request()));
    if (!rewrite) return false;
    rewrite.served = true;
    let response: Awaited<ReturnType<Route['fetch']>>;
    try {
      response = await route.fetch(url === undefined ? undefined : { url });
    } catch (e) {
      rewrite.failure = `o sandbox não respondeu: ${e instanceof Error ? e.message : String(e)}`;
      await route.abort('failed').catch(() => undefined);
      return true;
    }
    try {
      const real: Answer = { status: response.status(), json: await response.json() };
      const shaped = rewrite.reshape(structuredClone(real));
      if (JSON.stringify(shaped) === JSON.stringify(real))
        throw new Error(`a reescrita não mudou a resposta do sandbox (${real.status})`);
      // The sandbox's headers but its length, which the new body does not have.
      const headers = Object.fromEntries(
        Object.entries(response.headers()).filter(([k]) => k.toLowerCase() !== 'content-length'),
      );
      await route.fulfill({ response, status: shaped.status, headers, json: shaped.json });
    } catch (e) {
      // The page gets the real answer; the check of the outcome's state fails with why.
      rewrite.failure = e instanceof Error ? e.message : String(e);
      await route.fulfill({ response }).catch(() => undefined);
    }
    return true;
  }

  /** Fails if a rewrite (of `op`, or any) was armed and not served, or could not reshape its answer. */
  check(op?: string): void {
    for (const r of this.rewrites) {
      if (op !== undefined && r.op !== op) continue;
      if (!r.served)
        throw new Error(
          `a resposta de '${r.op}' devia chegar reescrita, mas nenhuma chamada sua passou pela reescrita (não partiu da página, ou outra rota a deixou passar)`,
        );
      if (r.failure) throw new Error(`a resposta de '${r.op}' não foi reescrita: ${r.failure}`);
    }
  }
}

const reshaper = perPage((page) => new Reshaper(page));

/**
 * The next call of `op` (an operationId of the contract) reaches the sandbox and the page gets its real answer in the
 * shape `reshape` gives it. One-shot; a gate holding the call reshapes it when it releases it.
 * The state the outcome leads to calls `expectAnsweredInShape` (so does the end of every path).
 */
export const answerNextInShape = (page: Page, op: string, reshape: Reshape): Promise<void> =>
  reshaper(page).arm(op, reshape);

/** Fails if a rewrite (of `op`, or any) was armed but not served, or did not reshape its answer. */
export function expectAnsweredInShape(page: Page, op?: string): void {
  reshaper(page).check(op);
}

/**
 * How a gate lets a held call go: reshaped if a rewrite waits for it, else on to the sandbox
 * (`url` replaces the request's).
 */
export async function passOn(page: Page, route: Route, url?: string): Promise<void> {
  if (await reshaper(page).serve(route, url)) return;
  await route.continue(url === undefined ? undefined : { url });
}

/** Installs the reshaping route; a gate calls it before registering its own (see Reshaper). */
export const installReshaper = (page: Page): Promise<void> => reshaper(page).install();

/** The portal's time-out of every call (src/runtime/config.ts, §9: 120 000 ms). */
export const REQUEST_TIMEOUT_MS = 120_000;

/** How long a release waits for the held call to arrive. */
const ARRIVAL_TIMEOUT_MS = 7_000;

class CallGate {
  private held = new Map<string, Route[]>();
  private plans = new Map<string, CallPlan[]>();
  private waiters = new Map<string, (() => void)[]>();
  private gated = new Set<string>();
  private installed = false;
  private open = false;

  constructor(private readonly page: Page) {}

  /** Starts holding the calls of `ops` (call before the page makes them). */
  async hold(ops: readonly string[]): Promise<void> {
    for (const op of ops) {
      operationCall(op);
      this.gated.add(op);
    }
    if (this.installed) return;
    this.installed = true;
    await installReshaper(this.page);
    await this.page.route('**/api/**', async (route) => {
      const op = [...this.gated].find((o) => isCallOf(o, route.request()));
      if (!op || this.open) {
        await route.fallback();
        return;
      }
      listIn(this.held, op).push(route);
      for (const wake of this.waiters.get(op)?.splice(0) ?? []) wake();
    });
  }

  /** How the next released call of `op` ends (default: it reaches the sandbox). */
  plan(op: string, plan: CallPlan): void {
    listIn(this.plans, op).push(plan);
  }

  /** Lets the oldest held call of `op` go, as planned; fails if none arrives in time. */
  async release(op: string): Promise<void> {
    const route = await this.next(op);
    const plan = this.plans.get(op)?.shift() ?? 'pass';
    if (plan === 'offline') {
      await route.abort('internetdisconnected');
      return;
    }
    if (plan === 'timeout') {
      await route.continue();
      // The sandbox holds this call (delay fault); the page's clock passes the portal's time-out.
      await this.page.clock.fastForward(REQUEST_TIMEOUT_MS + 1_000);
      return;
    }
    // On to the sandbox, reshaped if an outcome armed answerNextInShape for it.
    await passOn(this.page, route);
  }

  /** Stops holding anything (the flow has left its screens). */
  async openAll(): Promise<void> {
    this.open = true;
    for (const [, routes] of this.held)
      for (const r of routes.splice(0)) await r.fallback().catch(() => undefined);
  }

  private async next(op: string): Promise<Route> {
    if (!this.installed || !this.gated.has(op))
      throw new Error(`o portão de chamadas não segura '${op}': inclua-o em holdCalls() no start da flow`);
    const deadline = Date.now() + ARRIVAL_TIMEOUT_MS;
    for (;;) {
      const route = this.held.get(op)?.shift();
      if (route) return route;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`a chamada '${op}' não partiu da página em ${ARRIVAL_TIMEOUT_MS} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        listIn(this.waiters, op).push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

/** The call gate of a page (one per page, created on first use). */
export const gate = perPage((page) => new CallGate(page));

/** Holds the calls of `ops` on this page until their busy states release them. */
export const holdCalls = (page: Page, ...ops: string[]): Promise<void> => gate(page).hold(ops);

/** Releases the held call of `op` (inside the assertion of the state that waits for it). */
export const releaseCall = (page: Page, op: string): Promise<void> => gate(page).release(op);

/** Outcome binding: the next call of `op` fails as if the browser were offline (no response). */
export const offline = (op: string) => ({
  arrange: async (ctx: PlaywrightContext): Promise<void> => {
    gate(ctx.page).plan(op, 'offline');
    notes(ctx.page).set(EXPECTED_MESSAGE, t('ERRORS.NETWORK'));
  },
});

/**
 * Outcome binding: the sandbox does not answer the next call of `op` in time. A delay fault keeps
 * the call in the sandbox (ending in 504, so nothing is written if it ever runs), and the page's
 * fake clock passes the 120 s time-out once the call has left (needs `clock: true`).
 */
export const slowServer = (op: string) => ({
  arrange: async (ctx: PlaywrightContext): Promise<void> => {
    await ctx.fault({ operationId: op, status: 504, delayMs: 15_000, times: 1 });
    gate(ctx.page).plan(op, 'timeout');
    notes(ctx.page).set(EXPECTED_MESSAGE, t('ERRORS.TIMEOUT'));
  },
});

// ───────────────────────────── the states of a save ─────────────────────────────

/** A save in flight: its status says `text` and its button is busy; then its held call goes on. */
export const savingState =
  (text: string, submit: (page: Page) => Locator, op: string) =>
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
 * still run against the machine in tests/machines). Key as in `outcomes`:
 * `<done|error>:<invoke id>:<outcome label>`.
 */
export interface OutcomeGap {
  key: string;
  why: string;
}

/** A flow's bindings, with the outcomes e2e cannot provoke. */
export interface BoundFlow {
  bindings: PlaywrightBindings;
  gaps?: OutcomeGap[];
}

/** Whether `path` goes through one of the `gaps`. */
export function crossesGap(path: FlowPath, gaps: readonly OutcomeGap[] | undefined): boolean {
  if (!gaps || gaps.length === 0) return false;
  const keys = new Set(gaps.map((g) => g.key));
  return path.steps.some(
    (s) => (s.kind === 'done' || s.kind === 'error') && keys.has(`${s.kind}:${s.actor ?? ''}:${s.label}`),
  );
}
