/**
 * The browser's calls as the worker's own sandbox receives them: where the call gate holds them
 * (call-gate.ts) and the reshaper rewrites their answers (reshaper.ts).
 *
 * Both used to do it with Playwright routing. A page with a route loads with Chromium's HTTP cache
 * and V8's code cache off: every path then fetched and compiled the portal's ~60 files again, in
 * a tab that had them all (issue 8: a signed-in /Pix load took 0.95 s of CPU with a route, 0.53 s
 * without). The sandbox runs in the worker's process (e2e/support/fixtures.ts), so the gate can
 * hold a call where it arrives instead, in a hook that runs before any of the bank's own; the page
 * sees the same thing (its call pending until the gate lets it go).
 *
 * Only the page's calls are watched: Chromium marks every request it sends to a trustworthy origin
 * (127.0.0.1 is one) with `Sec-Fetch-Mode`, and Playwright's API client (the tests' own calls to
 * the sandbox: faults, sessions, balances) sends no such header. Node's own fetch does send it,
 * as a browser would: a helper calls the sandbox through Playwright's `request`, never `fetch`.
 * One test runs at a time in a worker, so the watchers are the running test's; the fixture forgets
 * them when it ends (`endOfTest`) and drops any call still held, so that nothing of one test runs
 * in the next.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** An answer as the page gets it: the HTTP status and the JSON body (the `{ data }` envelope included). */
export interface Answer {
  status: number;
  json: unknown;
}

/** How a held call goes on. */
export type Onward =
  /** On to the bank, with these query parameters set or its JSON body changed by `body`. */
  | {
      to: 'bank';
      query?: Readonly<Record<string, string>>;
      body?: (json: Record<string, unknown>) => Record<string, unknown>;
    }
  /** The browser sees the connection fail, as when offline: no answer. */
  | { to: 'offline' }
  /** Nowhere: the page gave it up, or the test has ended. */
  | { to: 'nowhere' };

/** A call of the page held where it reached the bank. */
export interface HeldCall {
  readonly operationId: string;
  /** The page gave it up (aborted it, or left): its connection closed before any answer. */
  readonly gone: boolean;
  /**
   * Lets it go on (a second word on the same call is ignored); resolves once the page has its
   * answer, or the call has ended without one.
   */
  go(onward: Onward): Promise<void>;
}

/** What a helper of the running test does with the page's calls. */
export interface CallWatcher {
  /** A call of the page arrived, before anything of the bank's ran: true if the watcher holds it. */
  arrived?(call: HeldCall): boolean;
  /** The bank's answer to a call of the page, about to leave: another answer in its place, or undefined. */
  answering?(operationId: string, real: Answer): Answer | undefined;
}

/**
 * A response Chromium cannot read (two different lengths), so the page's fetch fails as it does
 * offline. Closing the socket would not do: Chromium sends a request again, up to twice, when a
 * kept-alive connection closes before any answer.
 */
const UNREADABLE = 'HTTP/1.1 502 Bad Gateway\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n';

class Pending implements HeldCall {
  gone = false;
  private decided = false;
  private decide!: (onward: Onward) => void;
  readonly onward = new Promise<Onward>((resolve) => (this.decide = resolve));
  /** Resolved when the call's connection has its answer, or has closed without one. */
  ended!: () => void;
  private readonly end = new Promise<void>((resolve) => (this.ended = resolve));

  constructor(readonly operationId: string) {}

  go(onward: Onward): Promise<void> {
    if (!this.decided) {
      this.decided = true;
      this.decide(onward);
    }
    return this.end;
  }
}

const watchers = new Set<CallWatcher>();
const pending = new Set<Pending>();

/** The running test's helper watches the page's calls from now on (until the test ends). */
export function watchCalls(watcher: CallWatcher): void {
  watchers.add(watcher);
}

/** The test ended: its watchers are forgotten and the calls still held are dropped. */
export function endOfTest(): void {
  watchers.clear();
  for (const call of pending) void call.go({ to: 'nowhere' });
}

/** The text of an answer in the encoding the sandbox sent it (br, gzip, or none). */
function decompressed(bytes: Buffer, encoding: string): string {
  if (encoding === 'br') return brotliDecompressSync(bytes).toString();
  if (encoding === 'gzip') return gunzipSync(bytes).toString();
  return bytes.toString();
}

const fromPage = (request: FastifyRequest): boolean => request.headers['sec-fetch-mode'] !== undefined;

/** Registers the hooks on the worker's sandbox (through its `registerFirst` option). */
export function registerCallHooks(app: FastifyInstance): void {
  const bodies = new WeakMap<FastifyRequest, NonNullable<Extract<Onward, { to: 'bank' }>['body']>>();

  app.addHook('onRequest', async (request, reply) => {
    const operationId = request.routeOptions.config.operationId;
    if (operationId === undefined || watchers.size === 0 || !fromPage(request)) return;
    const call = new Pending(operationId);
    if (![...watchers].some((w) => w.arrived?.(call) === true)) return;
    pending.add(call);
    // A response closes when it has been sent, or when its connection ends first (the page gone).
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) call.gone = true;
      call.ended();
    });
    const onward = await call.onward;
    pending.delete(call);
    if (onward.to === 'bank') {
      if (onward.query) Object.assign(request.query as Record<string, string>, onward.query);
      if (onward.body) bodies.set(request, onward.body);
      return;
    }
    reply.hijack();
    if (onward.to === 'offline') request.raw.socket.end(UNREADABLE);
    else request.raw.socket.destroy();
    call.ended();
    return reply;
  });

  app.addHook('preValidation', async (request) => {
    const change = bodies.get(request);
    if (!change) return;
    const json = request.body;
    if (json === null || typeof json !== 'object' || Array.isArray(json))
      throw new Error(`a chamada '${request.routeOptions.config.operationId}' não tem corpo JSON para mudar`);
    request.body = change(json as Record<string, unknown>);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const operationId = request.routeOptions.config.operationId;
    if (operationId === undefined || !fromPage(request)) return payload;
    const shapers = [...watchers].filter((w) => w.answering);
    if (shapers.length === 0 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    if (!/\bjson\b/.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    // A kept statement answer (sandbox/http/answer-cache.ts) arrives already compressed.
    const encoding = String(reply.getHeader('content-encoding') ?? '');
    const text = decompressed(Buffer.from(payload), encoding);
    let answer: Answer = { status: reply.statusCode, json: JSON.parse(text) as unknown };
    let changed = false;
    for (const w of shapers) {
      const next = w.answering?.(operationId, answer);
      if (next) [answer, changed] = [next, true];
    }
    if (!changed) return payload;
    reply.code(answer.status);
    // The reshaped answer is new text: the compression plugin, after this hook, encodes it again.
    if (encoding !== '') reply.removeHeader('content-encoding').removeHeader('content-length');
    return JSON.stringify(answer.json);
  });
}
