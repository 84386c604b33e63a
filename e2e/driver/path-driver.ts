/**
 * The Playwright path driver: the paths generated from each catalog machine, played through the
 * real UI against the sandbox bank.
 *
 * For each path: POST /sandbox/reset; then for each step, the faults or arrangements of the actor
 * outcomes that follow it are armed, the step's user action runs (events) or time passes
 * (timers), and the page assertion of every innermost active state runs. A failing path reports
 * its steps, where it failed and the command that replays it alone.
 *
 * Use from e2e/paths.spec.ts:
 *   definePathTests(test, catalog, { strategy: 'shortest', bindings: { login: loginBindings } });
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type {
  BindingKeysOf,
  E2EBindings,
  E2EContext,
  E2EOutcomeBinding,
  EventPayload,
  FlowEntry,
  SandboxFault,
} from '../../machines/catalog-types';
import { generatePaths, type FlowPath, type PathStep, type Strategy } from '../../machines/harness/generate';
import { buildModel, type ChartModel } from '../../machines/harness/model';
import { isOperationId } from './operations';

/** Bindings written against Playwright's own types. */
export type PlaywrightBindings = E2EBindings<Page, APIRequestContext>;
export type PlaywrightContext = E2EContext<Page, APIRequestContext>;

/** The bindings of one flow, with Playwright's types and the names of that flow (catalog-types). */
export type FlowBindings<F extends FlowEntry> = E2EBindings<Page, APIRequestContext, BindingKeysOf<F>>;

/**
 * Types a flow's bindings by its catalog entry (`defineBindings(loginFlow, {...})`): a state path,
 * event type or outcome key the flow does not have fails to compile. The bindings returned carry
 * the flow's id, so the driver refuses them for another flow.
 */
export function defineBindings<F extends FlowEntry>(flow: F, bindings: FlowBindings<F>): PlaywrightBindings {
  const untyped: PlaywrightBindings = bindings;
  return { ...untyped, flowId: flow.id };
}

/** The subset of Playwright's `test` the driver uses (Playwright's `test` fits it). */
export interface PathTestApi {
  (
    title: string,
    body: (
      args: { page: Page; request: APIRequestContext },
      info: {
        timeout: number;
        setTimeout: (ms: number) => void;
        annotations: { type: string; description?: string }[];
      },
    ) => Promise<void>,
  ): void;
  describe: (title: string, body: () => void) => void;
}

export interface DefinePathTestsOptions {
  /** Default: `PATHS_STRATEGY` from the environment ('simple'), else 'shortest'. */
  strategy?: Strategy;
  /** Bindings by flow id, kept in e2e/ so Playwright code stays out of machines/ and the bundle. */
  bindings?: Record<string, PlaywrightBindings>;
  /** Install Playwright's fake clock before each path, so timers fast-forward (default false). */
  clock?: boolean;
  /** Base path of the sandbox's test routes (default '/sandbox'). */
  sandbox?: string;
  /** Keeps only some paths (e.g. by id). */
  filter?: (path: FlowPath, entry: FlowEntry) => boolean;
  /**
   * Narrows each flow's (filtered) paths to a subset, e.g. `coveringSet`: the covering set of
   * `npm test`, which plays every state, transition and guard outcome with fewer paths.
   */
  select?: (paths: FlowPath[], entry: FlowEntry) => FlowPath[];
  /**
   * The paths to play and how many they were chosen from, given whole (e2e/paths.spec.ts reads
   * them from the run's shared plan, e2e/driver/shared-plan.ts); `strategy`, `filter` and
   * `select` are then not used for that flow.
   */
  planned?: (entry: FlowEntry) => { paths: FlowPath[]; of: number } | undefined;
}

/** Time-out of a path per step (page assertion and user action), when more than the test's default. */
export const PER_STEP_MS = 5_000;

/** The command that replays one path alone. */
export function replayCommand(pathId: string, spec = 'e2e/paths.spec.ts'): string {
  return `npx playwright test ${spec} -g "${pathId}"`;
}

/** Test title of a path: starts with its id, so `-g "<id>"` selects exactly it. */
export function pathTitle(path: FlowPath): string {
  return `[${path.id}] ${path.title}`;
}

const leafStates = (step: PathStep): string[] =>
  step.states.filter((x) => !step.states.some((y) => y.startsWith(`${x}.`)));

/** Binding keys that name a state: id, '#id', and the path without the machine id. */
export function stateKeys(stateId: string, machineId: string): string[] {
  const rel = stateId.startsWith(`${machineId}.`) ? stateId.slice(machineId.length + 1) : stateId;
  return [stateId, `#${stateId}`, rel];
}

function findBinding<T>(map: Record<string, T> | undefined, keys: string[]): T | undefined {
  if (!map) return undefined;
  for (const k of keys) if (k in map) return map[k];
  return undefined;
}

/** The page assertion of a state, the key to declare it under, and whether `skipStates` lists it. */
function stateBinding(
  entry: FlowEntry,
  bindings: PlaywrightBindings,
  stateId: string,
): { check: ((ctx: PlaywrightContext) => Promise<void>) | undefined; key: string; skipped: boolean } {
  const keys = stateKeys(stateId, entry.machine.id);
  return {
    check: findBinding(bindings.states, keys),
    key: keys[2] ?? stateId,
    skipped: keys.some((k) => bindings.skipStates?.includes(k)),
  };
}

/**
 * What playing `path` would need from the bindings and they lack, by the driver's own rules: an
 * innermost active state with no assertion that `skipStates` does not list, a user event with no
 * action, an outcome with neither a binding nor a default. Empty when the path can be played.
 */
export function missingBindings(
  entry: FlowEntry,
  bindings: PlaywrightBindings,
  model: ChartModel,
  path: FlowPath,
): string[] {
  const missing = new Set<string>();
  for (const step of path.steps) {
    if (step.kind === 'event' && !bindings.events[step.event.type]) missing.add(`event '${step.event.type}'`);
    if (step.kind === 'done' || step.kind === 'error') {
      try {
        outcomeBinding(bindings, model, step);
      } catch {
        missing.add(`outcome '${step.outcome ?? ''}' (${step.kind}:${step.actor ?? ''}: ${step.label})`);
      }
    }
    for (const id of leafStates(step)) {
      const { check, key, skipped } = stateBinding(entry, bindings, id);
      if (!check && !skipped) missing.add(`state '${key}'`);
    }
  }
  return [...missing];
}

/** How to provoke the outcome of a step (see E2EBindings.outcomes for the defaults). */
export function outcomeBinding(
  bindings: E2EBindings<Page, APIRequestContext>,
  model: ChartModel,
  step: PathStep,
): E2EOutcomeBinding<Page, APIRequestContext> {
  const kind = step.kind;
  const actor = step.actor ?? '';
  const explicit =
    (step.outcome === undefined ? undefined : bindings.outcomes?.[step.outcome]) ??
    bindings.outcomes?.[`${kind}:${actor}`];
  if (explicit) return explicit;
  if (kind === 'done') return 'natural';
  const op = model.states.flatMap((s) => s.invokes).find((i) => i.id === actor)?.operationId;
  const status = (step.event as { error?: { status?: unknown } }).error?.status;
  if (op && isOperationId(op) && typeof status === 'number' && status >= 400)
    return { fault: { operationId: op, status, times: 1 } };
  throw new Error(
    `sem binding para o resultado '${step.outcome ?? ''}' ("${step.label}", ${kind}:${actor}): declare e2e.outcomes['${step.outcome ?? `${kind}:${actor}`}'] com { fault } ou { arrange }`,
  );
}

/** Outcome steps right after step `i` (those the action of step `i` provokes), in order. */
export function outcomesAfter(path: FlowPath, i: number): PathStep[] {
  const out: PathStep[] = [];
  for (let j = i + 1; j < path.steps.length; j++) {
    const s = path.steps[j] as PathStep;
    if (s.kind !== 'done' && s.kind !== 'error') break;
    out.push(s);
  }
  return out;
}

/** Steps of a path as text, the failing one marked. */
export function formatSteps(path: FlowPath, model: ChartModel, failed: number): string {
  const label = (id: string): string => model.states.find((s) => s.id === id)?.label ?? id;
  return path.steps
    .map((s, i) => {
      const mark = i === failed ? '✗' : i < failed ? '✓' : ' ';
      return `  ${mark} ${String(i).padStart(2)}. ${i === 0 ? 'início' : `[${s.kind}] ${s.label}`} → ${leafStates(s).map(label).join(' + ')}`;
    })
    .join('\n');
}

/**
 * Where a path's time went, in milliseconds: the sandbox reset, the start (fake clock, the first
 * arrangements, the start action — usually the first page load — and the first state's
 * assertions), and the steps after it. Attached to each path test as the annotation
 * `PHASES_ANNOTATION`, which scripts/test-summary.mjs adds up per flow.
 */
export interface PathPhases {
  reset: number;
  start: number;
  steps: number;
}

export const PHASES_ANNOTATION = 'fases do caminho (ms)';

/** Plays one path (exported for tests of the driver itself); answers where its time went. */
export async function runPath(
  entry: FlowEntry,
  bindings: PlaywrightBindings,
  model: ChartModel,
  path: FlowPath,
  page: Page,
  request: APIRequestContext,
  options: Pick<DefinePathTestsOptions, 'clock' | 'sandbox'> = {},
): Promise<PathPhases> {
  const sandbox = options.sandbox ?? '/sandbox';
  const post = async (url: string, data?: unknown): Promise<void> => {
    const res = await request.post(url, data === undefined ? {} : { data });
    if (!res.ok()) throw new Error(`POST ${url} → ${res.status()} ${await res.text()}`);
  };
  const ctx: PlaywrightContext = {
    page,
    request,
    stepIndex: 0,
    fault: (f: SandboxFault) => post(`${sandbox}/faults`, f),
  };
  const arm = async (i: number): Promise<void> => {
    for (const s of outcomesAfter(path, i)) {
      const b = outcomeBinding(bindings, model, s);
      if (b === 'natural') continue;
      if ('fault' in b) await ctx.fault(b.fault);
      else await b.arrange(ctx);
    }
  };
  const assertState = async (step: PathStep): Promise<void> => {
    for (const id of step.states) {
      const { check, key, skipped } = stateBinding(entry, bindings, id);
      if (check) await check(ctx);
      else if (!skipped && leafStates(step).includes(id)) {
        throw new Error(
          `sem asserção de página para o estado '${id}': declare e2e.states['${key}'] (ou inclua em skipStates)`,
        );
      }
    }
  };

  let i = 0;
  const t0 = performance.now();
  let t1 = t0;
  let t2 = t0;
  try {
    // The fake clock goes into the idle tab while the bank resets (neither needs the other).
    await Promise.all([post(`${sandbox}/reset`), options.clock ? page.clock.install() : undefined]);
    t1 = performance.now();
    await arm(0);
    if (typeof bindings.start === 'function') await bindings.start(ctx);
    else await page.goto(bindings.start ?? entry.route ?? '/');
    await assertState(path.steps[0] as PathStep);
    t2 = performance.now();
    for (i = 1; i < path.steps.length; i++) {
      const step = path.steps[i] as PathStep;
      ctx.stepIndex = i;
      if (step.kind === 'event') {
        const action = bindings.events[step.event.type];
        if (!action)
          throw new Error(
            `sem ação de usuário para o evento '${step.event.type}': declare e2e.events['${step.event.type}']`,
          );
        await arm(i);
        await action(ctx, step.event as EventPayload);
      } else if (step.kind === 'timer') {
        await arm(i);
        const delayKey = step.delay === undefined ? '' : String(step.delay);
        const timer = bindings.timers?.[step.event.type] ?? bindings.timers?.[delayKey];
        if (timer) await timer(ctx);
        else if (options.clock && step.delayMs !== undefined) await page.clock.fastForward(step.delayMs);
      }
      // done/error: provoked by the faults armed before the step that started the actor.
      await assertState(step);
    }
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const step = path.steps[i];
    throw new Error(
      `Caminho ${path.id} falhou no passo ${i}${step ? ` (${step.kind}: ${step.label})` : ''}:\n${message}\n\n${path.title}\n${formatSteps(path, model, i)}\n\nRepetir só este caminho:\n  ${replayCommand(path.id)}`,
      { cause: e },
    );
  }
  return { reset: t1 - t0, start: t2 - t1, steps: performance.now() - t2 };
}

/** The paths of a flow by `strategy`, `filter` and `select`, and how many were generated. */
export function choosePaths(
  entry: FlowEntry,
  strategy: Strategy,
  options: Pick<DefinePathTestsOptions, 'filter' | 'select'>,
): { paths: FlowPath[]; of: number } {
  const generated = generatePaths(entry, { strategy }).paths.filter(
    (p) => !options.filter || options.filter(p, entry),
  );
  return { paths: options.select ? options.select(generated, entry) : generated, of: generated.length };
}

/**
 * Declares one Playwright test per generated path of every entry with e2e bindings in
 * `options.bindings[entry.id]`. Entries without bindings get no tests here (e2e/paths.spec.ts
 * refuses a flow with a route and no bindings).
 */
export function definePathTests(
  test: PathTestApi,
  entries: FlowEntry[],
  options: DefinePathTestsOptions = {},
): void {
  const strategy: Strategy =
    options.strategy ?? (process.env.PATHS_STRATEGY === 'simple' ? 'simple' : 'shortest');
  for (const entry of entries) {
    const bindings = options.bindings?.[entry.id];
    if (!bindings) continue;
    if (bindings.flowId !== undefined && bindings.flowId !== entry.id)
      throw new Error(`os bindings de '${bindings.flowId}' foram dados ao fluxo '${entry.id}'`);
    const model = buildModel(entry);
    const { paths, of } = options.planned?.(entry) ?? choosePaths(entry, strategy, options);
    const set = options.select ? `${strategy}, ${paths.length} de ${of}` : strategy;
    test.describe(`${entry.id} — ${entry.title} (${set})`, () => {
      for (const path of paths) {
        test(pathTitle(path), async ({ page, request }, info) => {
          // A time-out per step, not per path: the covering set's paths are long (up to ~20 steps),
          // and a busy machine must not fail a long path that a short one would pass.
          info.setTimeout(Math.max(info.timeout, PER_STEP_MS * path.steps.length));
          const phases = await runPath(entry, bindings, model, path, page, request, options);
          info.annotations.push({ type: PHASES_ANNOTATION, description: JSON.stringify(phases) });
        });
      }
    });
  }
}
