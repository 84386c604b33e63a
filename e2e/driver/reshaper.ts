/**
 * Answers in another shape: an outcome the sandbox never answers in the shape the machine's
 * fixture has (a balance list without REAL, a report that is not a list, an address list without
 * `addresses`...) is the sandbox's real answer reshaped in the browser (`answerNextInShape`), so
 * the data stays the bank's. The call gate (call-gate.ts) lets a held call go through here.
 */
import type { Page, Route } from '@playwright/test';
import { isCallOf, operationCall } from './operations';
import { perPage } from './per-page';

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

/** What a call leaves with instead of the page's own: another URL (query), another JSON body. */
export interface Redirect {
  url?: string;
  postData?: string;
}

/** How a rewrite is armed. */
export interface ReshapeOptions {
  /**
   * The sandbox may already answer in the shape (an empty list when nothing matches the page's
   * filter): the real answer is then served as it is. Without it, a rewrite that changes nothing
   * fails, since the outcome was not provoked.
   */
  mayAlreadyBeInShape?: boolean;
}

interface Rewrite extends ReshapeOptions {
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

  async arm(op: string, reshape: Reshape, options: ReshapeOptions = {}): Promise<void> {
    operationCall(op);
    await this.install();
    this.rewrites.push({ op, reshape, served: false, ...options });
  }

  /**
   * Answers `route` with the sandbox's answer reshaped, when a rewrite waits for its operation (the
   * oldest, used once); `to` replaces the request's URL or body. False when none waits: nothing was done.
   */
  async serve(route: Route, to: Redirect = {}): Promise<boolean> {
    const rewrite = this.rewrites.find((r) => !r.served && isCallOf(r.op, route.request()));
    if (!rewrite) return false;
    rewrite.served = true;
    let response: Awaited<ReturnType<Route['fetch']>>;
    try {
      response = await route.fetch(to);
    } catch (e) {
      rewrite.failure = `o sandbox não respondeu: ${e instanceof Error ? e.message : String(e)}`;
      await route.abort('failed').catch(() => undefined);
      return true;
    }
    try {
      const real: Answer = { status: response.status(), json: await response.json() };
      const shaped = rewrite.reshape(structuredClone(real));
      if (!rewrite.mayAlreadyBeInShape && JSON.stringify(shaped) === JSON.stringify(real))
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
export const answerNextInShape = (
  page: Page,
  op: string,
  reshape: Reshape,
  options?: ReshapeOptions,
): Promise<void> => reshaper(page).arm(op, reshape, options);

/** Fails if a rewrite (of `op`, or any) was armed but not served, or did not reshape its answer. */
export function expectAnsweredInShape(page: Page, op?: string): void {
  reshaper(page).check(op);
}

/**
 * How a gate lets a held call go: reshaped if a rewrite waits for it, else on to the sandbox
 * (`to` replaces the request's URL or body).
 */
export async function passOn(page: Page, route: Route, to: Redirect = {}): Promise<void> {
  if (await reshaper(page).serve(route, to)) return;
  await route.continue(to);
}

/** Installs the reshaping route; a gate calls it before registering its own (see Reshaper). */
export const installReshaper = (page: Page): Promise<void> => reshaper(page).install();
