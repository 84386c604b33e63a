/**
 * The call gate of the path bindings: one per page, keyed by the contract's operationIds
 * (operations.ts reads their method and path from openapi/portal.yaml).
 *
 * A state that waits for a call ('Entrando...', 'Carregando extrato') lasts as long as the sandbox
 * takes to answer, often less than one assertion. The gate holds the calls of the operations a
 * flow names (Playwright routing, the request itself is untouched) until the busy state's
 * assertion has seen the busy page and lets them go; only then does the call reach the sandbox.
 *
 * - `hold(page, ...ops)` holds every call of `ops` from now on (until `openAll`);
 *   `holdNext(page, op)` holds only the next call of `op` (a read the page also makes elsewhere,
 *   such as GET /client/{accountId}, is then left alone).
 * - `release(page, op)` lets the oldest held call go (waiting up to 7 s for it to leave the page);
 *   `waitHeld` only waits for it; `settle(page, op)` lets every held call of `op` go, the newest
 *   as planned and the older ones on to the sandbox (for a state re-entered while its call is
 *   pending: the calls the page aborted itself are dropped).
 * - The call that goes is planned by the path's outcome (`plan`, used in order, default `pass`):
 *   on to the sandbox (reshaped if an outcome armed `answerNextInShape`, reshaper.ts), after
 *   running something (posting a sandbox fault at that moment, so a superseded call never eats
 *   it), with other query parameters or another JSON body, failed as an offline browser would, or left in a sandbox
 *   kept slow by a delay fault while the page's fake clock passes the portal's 120 s time-out.
 * - `atRest(page)` forgets what was armed for calls that did not happen and fails if a call is
 *   still held; `openAll(page)` stops holding anything (the flow has left its screens).
 *
 * Besides operations, a page resource (a lazily loaded chunk) can be held under a name given with
 * `defineResource`; every other request of the page (the bundle above all) is never intercepted.
 */
import type { Download, Page, Request, Route } from '@playwright/test';
import { operationCall, type OperationCall } from './operations';
import { listIn, perPage } from './per-page';
import { installReshaper, passOn } from './reshaper';

/** How a released call ends. */
export type CallPlan =
  /** On to the sandbox (reshaped if an outcome armed it). */
  | 'pass'
  /** The browser fails it as offline: no response for a call, a chunk that does not load. */
  | 'offline'
  /** On to the sandbox, which a delay fault keeps busy, while the page's clock passes the time-out. */
  | 'timeout'
  /** Something to do just before the call leaves (post a sandbox fault), then on. */
  | { before: () => Promise<void> }
  /** The call leaves with these query parameters instead (the sandbox answers for them). */
  | { query: Record<string, string> }
  /** The call leaves with its JSON body changed by `body` (the sandbox answers for that one). */
  | { body: (json: Record<string, unknown>) => Record<string, unknown> };

/** The portal's time-out of every call (src/runtime/config.ts, §9: 120 000 ms). */
export const REQUEST_TIMEOUT_MS = 120_000;

/** How long a release waits for the held call to leave the page. */
const ARRIVAL_MS = 7_000;
/** How long a settle waits for the page to abort a superseded call and send the newer one. */
const QUIET_MS = 150;

const RESOURCES = new Map<string, OperationCall>();

/** Names a page resource that is not an operation (a lazily loaded chunk) so that the gate can hold it. */
export function defineResource(name: string, call: OperationCall): void {
  RESOURCES.set(name, call);
}

const callOf = (op: string): OperationCall => RESOURCES.get(op) ?? operationCall(op);

interface Held {
  route: Route;
  request: Request;
  /** The page aborted it (the actor that made it was stopped). */
  gone: boolean;
}

/**
 * The whole-URL RegExp Playwright routes by, from a pathname RegExp anchored at both ends
 * (`^/api/client/[^/]+$` → any origin, that pathname, any query).
 */
export function urlPattern(path: RegExp): RegExp {
  const { source, flags } = path;
  if (!source.startsWith('^') || !source.endsWith('$') || source.endsWith('\\$'))
    throw new Error(`o padrão de caminho ${String(path)} deve ser ancorado com ^ e $`);
  return new RegExp(`^[a-z][a-z0-9+.-]*://[^/?#]+(?:${source.slice(1, -1)})(?:[?#].*)?$`, flags);
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

class CallGate {
  /** The gated operations, in the order they were named (the first that matches a request wins). */
  private readonly gated = new Map<string, OperationCall>();
  /** Operations whose every call is held (until openAll). */
  private readonly every = new Set<string>();
  /** How many next calls of an operation are held. */
  private readonly next = new Map<string, number>();
  private readonly held = new Map<string, Held[]>();
  private readonly plans = new Map<string, CallPlan[]>();
  private installed = false;
  /** Sources of the URL patterns routed so far (operations of one path share a route). */
  private readonly routed = new Set<string>();
  private open = false;
  /** Downloads the page started, in order. */
  readonly downloads: Download[] = [];

  constructor(private readonly page: Page) {}

  private async install(ops: readonly string[]): Promise<void> {
    if (!this.installed) {
      this.installed = true;
      // Before the gate's routes, so a held call released here is still reshaped (reshaper.ts).
      await installReshaper(this.page);
      this.page.on('download', (d) => this.downloads.push(d));
      this.page.on('requestfailed', (r) => {
        for (const list of this.held.values()) for (const h of list) if (h.request === r) h.gone = true;
      });
    }
    for (const op of ops) {
      if (this.gated.has(op)) continue;
      const call = callOf(op);
      this.gated.set(op, call);
      // Only the gated paths are routed, each by a RegExp of its URL. Playwright matches a RegExp
      // or a glob on its server side, so the page's other requests (the bundle's ~70 chunks) go on
      // untouched; a function matcher makes it hand every request of the page to this handler and
      // wait for its answer, which cost ~0.6 s of each path's start on a busy 2-core machine
      // (issue 8, measured against the first state's assertion).
      const pattern = urlPattern(call.path);
      if (this.routed.has(pattern.source)) continue;
      this.routed.add(pattern.source);
      await this.page.route(pattern, (route) => this.onCall(route));
    }
  }

  /** A request of a gated path: held when the gate takes it, else on to the next route. */
  private async onCall(route: Route): Promise<void> {
    const request = route.request();
    const url = new URL(request.url());
    const op = [...this.gated].find(
      ([, c]) => c.method === request.method() && c.path.test(url.pathname),
    )?.[0];
    if (op === undefined || !this.takes(op)) {
      await route.fallback();
      return;
    }
    listIn(this.held, op).push({ route, request, gone: false });
  }

  /** Whether the gate holds this call of `op` (a next-call hold is used up by it). */
  private takes(op: string): boolean {
    const next = this.next.get(op) ?? 0;
    if (next > 0) {
      this.next.set(op, next - 1);
      return true;
    }
    return this.every.has(op) && !this.open;
  }

  /** Holds every call of `ops` from now on (call before the page makes them). */
  async hold(ops: readonly string[]): Promise<void> {
    await this.install(ops);
    for (const op of ops) this.every.add(op);
  }

  /** Holds the next call of `op` only (arm it before the action that makes it). */
  async holdNext(op: string): Promise<void> {
    await this.install([op]);
    this.next.set(op, (this.next.get(op) ?? 0) + 1);
  }

  /** How the next released call of `op` ends (default: it reaches the sandbox). */
  plan(op: string, plan: CallPlan): void {
    listIn(this.plans, op).push(plan);
  }

  /** Live held calls of `op`. */
  private live(op: string): Held[] {
    const list = this.held.get(op) ?? [];
    const live = list.filter((h) => !h.gone);
    this.held.set(op, live);
    return live;
  }

  /** Waits until a call of `op` is held (the page waits for it). */
  async waitHeld(op: string): Promise<void> {
    if (!this.gated.has(op))
      throw new Error(`o portão de chamadas não segura '${op}': inclua-o em holdCalls() no start da flow`);
    const deadline = Date.now() + ARRIVAL_MS;
    while (this.live(op).length === 0) {
      if (Date.now() > deadline)
        throw new Error(`a chamada '${op}' não partiu da página em ${ARRIVAL_MS} ms`);
      await sleep(25);
    }
  }

  /** Lets the oldest held call of `op` go, as planned; fails if none leaves the page in time. */
  async release(op: string): Promise<void> {
    await this.waitHeld(op);
    const oldest = this.live(op).shift();
    if (oldest) await this.go(op, oldest);
  }

  /** Lets go every held call of `op`: the newest as planned, older live ones on. False when none is held. */
  async settle(op: string): Promise<boolean> {
    if (this.live(op).length === 0) return false;
    await sleep(QUIET_MS);
    const live = this.live(op);
    this.held.set(op, []);
    const newest = live.pop();
    for (const h of live) await h.route.continue().catch(() => undefined);
    if (!newest) return false;
    await this.go(op, newest);
    return true;
  }

  private async go(op: string, { route, request }: Held): Promise<void> {
    const plan = this.plans.get(op)?.shift() ?? 'pass';
    if (plan === 'offline') {
      await route.abort('internetdisconnected');
    } else if (plan === 'timeout') {
      await route.continue();
      // The sandbox holds this call (delay fault); the page's clock passes the portal's time-out.
      await this.page.clock.fastForward(REQUEST_TIMEOUT_MS + 1_000);
    } else if (plan === 'pass') {
      await passOn(this.page, route);
    } else if ('before' in plan) {
      await plan.before();
      await passOn(this.page, route);
    } else if ('body' in plan) {
      const json = request.postDataJSON() as Record<string, unknown> | null;
      if (json === null) throw new Error(`a chamada '${op}' não tem corpo JSON para mudar`);
      await passOn(this.page, route, { postData: JSON.stringify(plan.body(json)) });
    } else {
      const url = new URL(request.url());
      for (const [k, v] of Object.entries(plan.query)) url.searchParams.set(k, v);
      await passOn(this.page, route, { url: url.toString() });
    }
  }

  /** Stops holding every call (the flow has left its screens); what is held goes on. */
  async openAll(): Promise<void> {
    this.open = true;
    for (const [, list] of this.held)
      for (const h of list.splice(0)) await h.route.fallback().catch(() => undefined);
  }

  /**
   * At rest no call may be waiting: forgets the next-call holds and plans of calls that did not
   * happen (a save that failed before the client update) and fails if a call is still held.
   */
  async atRest(): Promise<void> {
    this.next.clear();
    this.plans.clear();
    const stuck = [...this.held].filter(([, list]) => list.some((h) => !h.gone)).map(([op]) => op);
    for (const [, list] of this.held)
      for (const h of list.splice(0)) await h.route.fallback().catch(() => undefined);
    if (stuck.length > 0) throw new Error(`chamadas retidas sem estado que as libere: ${stuck.join(', ')}`);
  }
}

/** The call gate of a page (one per page, created on first use). */
export const gate = perPage((page) => new CallGate(page));

/** Holds every call of `ops` on this page until their busy states release them (call in `start`). */
export const holdCalls = (page: Page, ...ops: string[]): Promise<void> => gate(page).hold(ops);

/** Holds the next call of `op` only (arm it in the action or state that makes the page call it). */
export const holdNextCall = (page: Page, op: string): Promise<void> => gate(page).holdNext(op);

/** Releases the oldest held call of `op` (inside the assertion of the state that waits for it). */
export const releaseCall = (page: Page, op: string): Promise<void> => gate(page).release(op);

/** In a busy state's assertion: the call of `op` is held, so the page really waits for it. */
export const waitHeld = (page: Page, op: string): Promise<void> => gate(page).waitHeld(op);

/** In the assertion of the state an outcome leads to: lets the held calls of `ops` go, as planned. */
export async function settle(page: Page, ...ops: string[]): Promise<void> {
  for (const op of ops) await gate(page).settle(op);
}

/** Plans how the next released call of `op` ends (an outcome's arrangement). */
export const planCall = (page: Page, op: string, plan: CallPlan): void => gate(page).plan(op, plan);
