import type { APIRequestContext, Page, test as playwrightTest } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import {
  defineBindings,
  definePathTests,
  outcomesAfter,
  replayCommand,
  runPath,
  type PathTestApi,
} from '../../e2e/driver/path-driver';
import { generatePaths } from '../../machines/harness/generate';
import { buildModel } from '../../machines/harness/model';
import { signInEntry } from './fixtures';

type PlaywrightTest = typeof playwrightTest;
// Compile-time check: Playwright's `test` is accepted by definePathTests.
const accepts = (t: PlaywrightTest): PathTestApi => t;
void accepts;

/** A page and request context that only record what the driver does. */
function fakes() {
  const log: string[] = [];
  const page = {
    goto: async (url: string) => void log.push(`goto ${url}`),
    url: () => '/login',
    clock: {
      install: async () => void log.push('clock'),
      fastForward: async (ms: number) => void log.push(`ff ${ms}`),
    },
  } as unknown as Page;
  const request = {
    post: async (url: string, options?: { data?: unknown }) => {
      log.push(`POST ${url}${options?.data ? ` ${JSON.stringify(options.data)}` : ''}`);
      return { ok: () => true, status: () => 200, text: async () => '' };
    },
  } as unknown as APIRequestContext;
  return { log, page, request };
}

const bindings = (log: string[]) =>
  defineBindings(signInEntry, {
    states: {
      editing: async () => void log.push('assert editing'),
      submitting: async () => void log.push('assert submitting'),
      loading: async () => void log.push('assert loading'),
      failure: async () => void log.push('assert failure'),
      signedIn: async () => void log.push('assert signedIn'),
      home: async () => void log.push('assert home'),
    },
    events: {
      'form.change': async (_ctx, e) => void log.push(`type ${String(e.field)}`),
      'form.submit': async () => void log.push('click Entrar'),
      retry: async () => void log.push('click Tentar'),
    },
    outcomes: { clientLoaded: 'natural' },
  });

describe('e2e path driver', () => {
  const model = buildModel(signInEntry);
  const paths = generatePaths(signInEntry, { strategy: 'shortest' }).paths;

  it('resets, arms the fault before the action that starts the failing call, asserts each state', async () => {
    const path = paths.find((p) => p.steps.some((s) => s.label === 'Erro no servidor'));
    if (!path) throw new Error('fixture path missing');
    const { log, page, request } = fakes();
    await runPath(signInEntry, bindings(log), model, path, page, request, { clock: true });
    expect(log[0]).toBe('POST /sandbox/reset');
    expect(log).toContain('clock');
    // The fake clock is in before the page's first document (installed while the bank resets).
    expect(log.indexOf('clock')).toBeLessThan(log.findIndex((l) => l.startsWith('goto ')));
    const fault = log.findIndex((l) => l.startsWith('POST /sandbox/faults') && l.includes('"status":500'));
    const submit = log.lastIndexOf('click Entrar');
    expect(fault).toBeGreaterThan(-1);
    expect(fault).toBeLessThan(submit);
    expect(log).toContain('assert failure');
  });

  it('fast-forwards the page clock on a timer step', async () => {
    const path = paths.find((p) => p.steps.some((s) => s.kind === 'timer'));
    if (!path) throw new Error('fixture path missing');
    const { log, page, request } = fakes();
    await runPath(signInEntry, bindings(log), model, path, page, request, { clock: true });
    expect(log).toContain('ff 1800');
    expect(log[log.length - 1]).toBe('assert home');
  });

  it('fails with the steps and the replay command when a binding is missing', async () => {
    const path = paths.find((p) => p.steps.some((s) => s.event.type === 'retry'));
    if (!path) throw new Error('fixture path missing');
    const { log, page, request } = fakes();
    const b = bindings(log);
    const { retry: _retry, ...events } = b.events;
    await expect(runPath(signInEntry, { ...b, events }, model, path, page, request)).rejects.toThrow(
      replayCommand(path.id),
    );
    await expect(runPath(signInEntry, { ...b, events }, model, path, page, request)).rejects.toThrow(
      /sem ação de usuário para o evento 'retry'/,
    );
  });

  it('lists the outcomes a step provokes', () => {
    const path = paths.find((p) => p.steps.filter((s) => s.kind === 'done').length >= 2);
    if (!path) throw new Error('fixture path missing');
    const submitAt = path.steps.findIndex((s) => s.event.type === 'form.submit' && !s.selfLoop);
    expect(outcomesAfter(path, submitAt).map((s) => s.actor)).toEqual(['login', 'client']);
  });

  it('declares one test per path, titled by its id, only for flows with bindings', () => {
    const titles: string[] = [];
    const describes: string[] = [];
    const test = Object.assign((title: string) => void titles.push(title), {
      describe: (title: string, body: () => void) => (describes.push(title), body()),
    });
    definePathTests(test, [signInEntry, { ...signInEntry, id: 'unbound' }], {
      bindings: { 'sign-in': bindings([]) },
      strategy: 'shortest',
    });
    expect(describes).toEqual(['sign-in — Entrar (fixture) (shortest)']);
    expect(titles).toEqual(paths.map((p) => `[${p.id}] ${p.title}`));
  });

  it('narrows each flow to the subset `select` keeps, saying how many of how many', () => {
    const titles: string[] = [];
    const describes: string[] = [];
    const test = Object.assign((title: string) => void titles.push(title), {
      describe: (title: string, body: () => void) => (describes.push(title), body()),
    });
    definePathTests(test, [signInEntry], {
      bindings: { 'sign-in': bindings([]) },
      strategy: 'shortest',
      select: (all) => all.slice(0, 1),
    });
    expect(describes).toEqual([`sign-in — Entrar (fixture) (shortest, 1 de ${paths.length})`]);
    expect(titles).toEqual([`[${paths[0]?.id}] ${paths[0]?.title}`]);
  });

  it('plays the paths `planned` gives for a flow, generating none of its own', () => {
    const titles: string[] = [];
    const describes: string[] = [];
    const test = Object.assign((title: string) => void titles.push(title), {
      describe: (title: string, body: () => void) => (describes.push(title), body()),
    });
    const given = paths.slice(-2);
    definePathTests(test, [signInEntry], {
      bindings: { 'sign-in': bindings([]) },
      strategy: 'shortest',
      select: () => {
        throw new Error('select must not run for a planned flow');
      },
      planned: () => ({ paths: given, of: 99 }),
    });
    expect(describes).toEqual(['sign-in — Entrar (fixture) (shortest, 2 de 99)']);
    expect(titles).toEqual(given.map((p) => `[${p.id}] ${p.title}`));
  });

  it('refuses bindings defined for another flow', () => {
    const test = Object.assign(() => undefined, { describe: (_title: string, body: () => void) => body() });
    expect(() =>
      definePathTests(test, [{ ...signInEntry, id: 'other' }], {
        bindings: { other: bindings([]) },
        strategy: 'shortest',
      }),
    ).toThrow("os bindings de 'sign-in' foram dados ao fluxo 'other'");
  });

  it('names outcomes by their key, not their label', async () => {
    const { log, page, request } = fakes();
    const path = paths.find((p) => p.steps.some((s) => s.outcome === 'serverError'));
    if (!path) throw new Error('no path through the 500');
    const step = path.steps.find((s) => s.outcome === 'serverError');
    expect(step?.label).toBe('Erro no servidor');
    const b = {
      ...bindings(log),
      outcomes: { serverError: { fault: { operationId: 'login' as const, status: 599 } } },
    };
    await runPath(signInEntry, b, model, path, page, request);
    expect(log).toContain('POST /sandbox/faults {"operationId":"login","status":599}');
  });
});
