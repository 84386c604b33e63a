/**
 * The call gate of the path bindings: one per page, keyed by the contract's operationIds
 * (operations.ts checks them against openapi/portal.yaml).
 *
 * A state that waits for a call ('Entrando...', 'Carregando extrato') lasts as long as the sandbox
 * takes to answer, often less than one assertion. The gate holds the calls of the operations a
 * flow names until the busy state's assertion has seen the busy page and lets them go. It holds
 * them where they reach the worker's sandbox, before any of the bank's own hooks (bank-calls.ts):
 * the request is untouched, and the page loads with no Playwright route (which would turn off the
 * browser's caches).
 *
 * - `hold(page, ...ops)` holds every call of `ops` from now on (until `openAll`);
 *   `holdNext(page, op)` holds only the next call of `op` (a read the page also makes elsewhere,
 *   such as GET /client/{accountId}, is then left alone).
 * - `release(page, op)` lets the oldest held call go (waiting up to 7 s for it to arrive);
 *   `waitHeld` only waits for it; `settle(page, op)` lets every held call of `op` go, the newest
 *   as planned and the older ones on to the sandbox (for a state re-entered while its call is
 *   pending: the calls the page aborted itself are dropped).
 * - The call that goes is planned by the path's outcome (`plan`, used in order, default `pass`):
 *   on to the sandbox (reshaped if an outcome armed `answerNextInShape`, reshaper.ts), after
 *   running something (posting a sandbox fault at that moment, so a superseded call never eats
 *   it), with other query parameters or another JSON body, failed as an offline browser would, or
 *   left in a sandbox kept slow by a delay fault while the page's fake clock passes the portal's
 *   120 s time-out.
 * - `atRest(page)` forgets what was armed for calls that did not happen and fails if a call is
 *   still held; `openAll(page)` stops holding anything (the flow has left its screens).
 *
 * Besides operations, a page resource (a lazily loaded chunk) can be held under a name given with
 * `defineResource`. A chunk the tab has loaded before comes from the browser's cache and never
 * reaches the sandbox, so resources are held with Playwright routing (only the resource's own
 * URL), which also turns that cache off from then on.
 */
import type { Download, Page, Request, Route } from '@playwright/test';
import { watchCalls, type CallWatcher, type HeldCall, type Onward } from './bank-calls';
import { checkOperation, type OperationId } from './operations';
import { listIn, perPage } from './per-page';

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

/** How long a release waits for the held call to arrive. */
const ARRIVAL_MS = 7_000;
/** How long a released call may take the sandbox to answer. */
const ANSWER_MS = 10_000;
/** How long a settle waits for the page to abort a superseded call and send the newer one. */
const QUIET_MS = 150;

/** A page resource as the page asks for it. */
export interface ResourceCall {
  method: string;
  /** The request's pathname, anchored at both ends, e.g. /^\/assets\/receipt-pdf-[\w-]+\.js$/. */
  path: RegExp;
}

const RESOURCES = new Map<string, ResourceCall>();

/**
 * The page resources a binding may hold that are not operations (lazily loaded chunks, declared
 * with {@link defineResource}): a name here, so a misspelt one does not compile.
 */
export type ResourceName = 'receiptPdf' | 'exportWriter';

/** What the gate holds: an operation of the contract, or a page resource. */
export type GatedName = OperationId | ResourceName;

/** Names a page resource that is not an operation (a lazily loaded chunk) so that the gate can hold it. */
export function defineResource(name: ResourceName, call: ResourceCall): void {
  RESOURCES.set(name, call);
}

/** A held call, whichever way it is held. */
interface Held {
  /** The page aborted it (the actor that made it was stopped). */
  readonly gone: boolean;
  /** Lets it go as planned. */
  go(plan: CallPlan): Promise<void>;
  /** Lets it go on unchanged (a superseded call, or the gate opening). */
  pass(): Promise<void>;
}

/** A call of an operation, held where it reached the worker's sandbox. */
class HeldInBank implements Held {
  constructor(
    private readonly call: HeldCall,
    private readonly page: Page,
  ) {}

  get gone(): boolean {
    return this.call.gone;
  }

  async go(plan: CallPlan): Promise<void> {
    if (plan === 'timeout') {
      void this.call.go({ to: 'bank' });
      // The sandbox holds this call (delay fault); the page's clock passes the portal's time-out.
      await this.page.clock.fastForward(REQUEST_TIMEOUT_MS + 1_000);
      return;
    }
    if (plan !== 'offline' && plan !== 'pass' && 'before' in plan) await plan.before();
    const onward: Onward =
      plan === 'offline'
        ? { to: 'offline' }
        : plan === 'pass' || 'before' in plan
          ? { to: 'bank' }
          : 'body' in plan
            ? { to: 'bank', body: plan.body }
            : { to: 'bank', query: plan.query };
    // As the state the outcome leads to expects it: the page has the (reshaped) answer, or the failure.
    await within(ANSWER_MS, this.call.go(onward), `o sandbox não respondeu a '${this.call.operationId}'`);
  }

  pass(): Promise<void> {
    // A call the page gave up never reaches the bank, as with no gate (its socket is closed).
    void this.call.go(this.call.gone ? { to: 'nowhere' } : { to: 'bank' });
    return Promise.resolve();
  }
}

/** A request of a page resource, held by a Playwright route. */
class HeldByRoute implements Held {
  gone = false;

  constructor(
    private readonly route: Route,
    readonly request: Request,
    private readonly name: string,
  ) {}

  async go(plan: CallPlan): Promise<void> {
    if (plan === 'offline') await this.route.abort('internetdisconnected');
    else if (plan === 'pass') await this.route.continue();
    else throw new Error(`o recurso '${this.name}' só passa ou falha como offline`);
  }

  async pass(): Promise<void> {
    await this.route.continue().catch(() => undefined);
  }
}

/**
 * The whole-URL RegExp Playwright routes by, from a pathname RegExp anchored at both ends
 * (`^/assets/receipt-pdf-[\w-]+\.js$` → any origin, that pathname, any query).
 */
export function urlPattern(path: RegExp): RegExp {
  const { source, flags } = path;
  if (!source.startsWith('^') || !source.endsWith('$') || source.endsWith('\\$'))
    throw new Error(`o padrão de caminho ${String(path)} deve ser ancorado com ^ e $`);
  return new RegExp(`^[a-z][a-z0-9+.-]*://[^/?#]+(?:${source.slice(1, -1)})(?:[?#].*)?$`, flags);
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** `work`, or a failure saying `what` after `ms`. */
async function within(ms: number, work: Promise<void>, what: string): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} em ${ms} ms`)), ms);
  });
  try {
    await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

class CallGate implements CallWatcher {
  /** The gated operations and resources (a resource is held by its route, an operation in the bank). */
  private readonly gated = new Set<string>();
  /** Operations whose every call is held (until openAll). */
  private readonly every = new Set<string>();
  /** How many next calls of an operation are held. */
  private readonly next = new Map<string, number>();
  private readonly held = new Map<string, Held[]>();
  private readonly plans = new Map<string, CallPlan[]>();
  private installed = false;
  private open = false;
  /** Downloads the page started, in order. */
  readonly downloads: Download[] = [];

  constructor(private readonly page: Page) {}

  private async install(ops: readonly string[]): Promise<void> {
    if (!this.installed) {
      this.installed = true;
      watchCalls(this);
      this.page.on('download', (d) => this.downloads.push(d));
    }
    for (const op of ops) {
      if (this.gated.has(op)) continue;
      const resource = RESOURCES.get(op);
      if (!resource) checkOperation(op);
      this.gated.add(op);
      if (resource) await this.routeResource(op, resource);
    }
  }

  /**
   * Routes the requests of a resource, by a RegExp of its URL: Playwright matches a RegExp on its
   * own side, so the page's other requests go on untouched (a function matcher would hand it
   * every request of the page and wait for its answer).
   */
  private async routeResource(name: string, call: ResourceCall): Promise<void> {
    const routed: HeldByRoute[] = [];
    this.page.on('requestfailed', (r) => {
      for (const h of routed) if (h.request === r) h.gone = true;
    });
    await this.page.route(urlPattern(call.path), async (route) => {
      if (route.request().method() !== call.method || !this.takes(name)) {
        await route.fallback();
        return;
      }
      const held = new HeldByRoute(route, route.request(), name);
      routed.push(held);
      listIn(this.held, name).push(held);
    });
  }

  /** A call of the page reached the sandbox: the gate holds it if it takes it. */
  arrived(call: HeldCall): boolean {
    if (!this.gated.has(call.operationId) || !this.takes(call.operationId)) return false;
    listIn(this.held, call.operationId).push(new HeldInBank(call, this.page));
    return true;
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
  async hold(ops: readonly GatedName[]): Promise<void> {
    await this.install(ops);
    for (const op of ops) this.every.add(op);
  }

  /** Holds the next call of `op` only (arm it before the action that makes it). */
  async holdNext(op: GatedName): Promise<void> {
    await this.install([op]);
    this.next.set(op, (this.next.get(op) ?? 0) + 1);
  }

  /** How the next released call of `op` ends (default: it reaches the sandbox). */
  plan(op: GatedName, plan: CallPlan): void {
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
  async waitHeld(op: GatedName): Promise<void> {
    if (!this.gated.has(op))
      throw new Error(`o portão de chamadas não segura '${op}': inclua-o em holdCalls() no start da flow`);
    const deadline = Date.now() + ARRIVAL_MS;
    while (this.live(op).length === 0) {
      if (Date.now() > deadline)
        throw new Error(`a chamada '${op}' não partiu da página em ${ARRIVAL_MS} ms`);
      await sleep(25);
    }
  }

  /** Lets the oldest held call of `op` go, as planned; fails if none arrives in time. */
  async release(op: GatedName): Promise<void> {
    await this.waitHeld(op);
    const oldest = this.live(op).shift();
    if (oldest) await this.go(op, oldest);
  }

  /** Lets go every held call of `op`: the newest as planned, older live ones on. False when none is held. */
  async settle(op: GatedName): Promise<boolean> {
    if (this.live(op).length === 0) return false;
    await sleep(QUIET_MS);
    const live = this.live(op);
    this.held.set(op, []);
    const newest = live.pop();
    for (const h of live) await h.pass();
    if (!newest) return false;
    await this.go(op, newest);
    return true;
  }

  private async go(op: string, held: Held): Promise<void> {
    await held.go(this.plans.get(op)?.shift() ?? 'pass');
  }

  /** Stops holding every call (the flow has left its screens); what is held goes on. */
  async openAll(): Promise<void> {
    this.open = true;
    for (const [, list] of this.held) for (const h of list.splice(0)) await h.pass();
  }

  /**
   * At rest no call may be waiting: forgets the next-call holds and plans of calls that did not
   * happen (a save that failed before the client update) and fails if a call is still held.
   */
  async atRest(): Promise<void> {
    this.next.clear();
    this.plans.clear();
    const stuck = [...this.held].filter(([, list]) => list.some((h) => !h.gone)).map(([op]) => op);
    for (const [, list] of this.held) for (const h of list.splice(0)) await h.pass();
    if (stuck.length > 0) throw new Error(`chamadas retidas sem estado que as libere: ${stuck.join(', ')}`);
  }
}

/** The call gate of a page (one per page, created on first use). */
export const gate = perPage((page) => new CallGate(page));

/** Holds every call of `ops` on this page until their busy states release them (call in `start`). */
export const holdCalls = (page: Page, ...ops: GatedName[]): Promise<void> => gate(page).hold(ops);

/** Holds the next call of `op` only (arm it in the action or state that makes the page call it). */
export const holdNextCall = (page: Page, op: GatedName): Promise<void> => gate(page).holdNext(op);

/** Releases the oldest held call of `op` (inside the assertion of the state that waits for it). */
export const releaseCall = (page: Page, op: GatedName): Promise<void> => gate(page).release(op);

/** In a busy state's assertion: the call of `op` is held, so the page really waits for it. */
export const waitHeld = (page: Page, op: GatedName): Promise<void> => gate(page).waitHeld(op);

/** In the assertion of the state an outcome leads to: lets the held calls of `ops` go, as planned. */
export async function settle(page: Page, ...ops: GatedName[]): Promise<void> {
  for (const op of ops) await gate(page).settle(op);
}

/** Plans how the next released call of `op` ends (an outcome's arrangement). */
export const planCall = (page: Page, op: GatedName, plan: CallPlan): void => gate(page).plan(op, plan);
