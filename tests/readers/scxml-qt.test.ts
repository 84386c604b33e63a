/**
 * The SCXML charts in Qt's engine (QScxmlStateMachine through PySide2): every chart loads, and
 * every path of the shortest set of every flow, with a covering subset of its simple set (every
 * state, transition and guard outcome the simple set plays, in the longer contexts it plays them),
 * replayed in Qt with each step's guard outcomes set as the chart's guard booleans, reaches the
 * same states as the XState machine at every step, without one error event. The whole simple set
 * (2,702 paths, 31,816 steps on 2026-11-28, against 137 paths and 1,179 steps for its covering
 * subset) was three quarters of the unit stage's slowest file for no state, transition or guard
 * outcome the subset does not reach; tests/machines/paths.test.ts still replays all of it in XState. The
 * flows' paths run in one Python process, one flow per job; each job's time is bounded, so a chart
 * that makes the engine spin fails instead of hanging.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface, type Interface as ReadlineInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../../machines/catalog';
import type { FlowEntry } from '../../machines/catalog-types';
import { guardCondition, scxmlId, toScxml } from '../../machines/harness/exporters';
import { coveringSet, generatePaths, type FlowPath } from '../../machines/harness/generate';
import { buildModel, type ChartModel } from '../../machines/harness/model';
import { signInEntry, wizardEntry } from '../harness/fixtures';
import { DEBIAN_PYTHON, QT_SCXML, requireReader } from './readers';

const DRIVER = fileURLToPath(new URL('./qt-scxml-replay.py', import.meta.url));
/**
 * Far above what a flow takes (a second or two of CPU; several on a loaded machine): past it, the
 * engine is spinning.
 */
const FLOW_BUDGET_MS = 45_000;

interface QtStep {
  event: string | null;
  guards: Record<string, boolean>;
  states: string[];
}
interface QtResult {
  id: string;
  ok: boolean;
  step?: number;
  expected?: string[];
  got?: string[];
  errors?: string[];
}

/** The guard booleans of a step, from the outcomes XState saw (`<transition id>:true|false`). */
export function guardValues(model: ChartModel, outcomes: readonly string[]): Record<string, boolean> {
  const byId = new Map(model.transitions.map((t) => [t.id, t]));
  const values: Record<string, boolean> = {};
  for (const outcome of outcomes) {
    const cut = outcome.lastIndexOf(':');
    const t = byId.get(outcome.slice(0, cut));
    const value = outcome.slice(cut + 1) === 'true';
    if (!t?.guard) throw new Error(`unknown guarded transition in ${outcome}`);
    const { expr, vars } = guardCondition(t.guard);
    const name = vars[0];
    // One boolean per guard: a composite guard cannot be set from its outcome alone, so it must be
    // given a name in the machine (as every guard of the catalog is).
    if (vars.length !== 1 || !name || (expr !== name && expr !== `!(${name})`))
      throw new Error(`${t.id}: the guard ${t.guard} needs a name of its own to be replayed`);
    const v = expr === name ? value : !value;
    if (values[name] !== undefined && values[name] !== v)
      throw new Error(`${t.id}: the guard ${name} is both true and false within one step`);
    values[name] = v;
  }
  return values;
}

function job(model: ChartModel, paths: FlowPath[]): string {
  return JSON.stringify({
    scxml: toScxml(model),
    root: scxmlId(model.root),
    paths: paths.map((p) => ({
      id: p.id,
      steps: p.steps.map((s, i): QtStep => ({
        event: i === 0 ? null : s.event.type,
        guards: guardValues(model, s.guards),
        states: s.states.map(scxmlId),
      })),
    })),
  });
}

/**
 * One Python process with Qt, started on the first job and kept for the next ones: starting Python
 * and importing Qt once per flow was a second of the machine's time per flow. Each answer is bounded
 * in time: a late one kills the process (a chart that makes the engine spin), and the next job
 * starts a new one.
 */
class QtDriver {
  private child: ChildProcessWithoutNullStreams | undefined;
  private lines: ReadlineInterface | undefined;
  private stderr = '';
  private pending: ((line: string | Error) => void) | undefined;

  private start(): ChildProcessWithoutNullStreams {
    const child = spawn(DEBIAN_PYTHON, [DRIVER], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      this.stderr += chunk;
    });
    const lines = createInterface({ input: child.stdout, crlfDelay: Infinity });
    // A process the driver has let go of (killed when late) answers nothing more.
    lines.on('line', (line) => {
      if (this.child === child) this.settle(line);
    });
    child.on('error', (error) => {
      if (this.child === child) this.settle(error);
    });
    child.stdin.on('error', (error) => {
      if (this.child === child) this.settle(error);
    });
    child.on('exit', (code, signal) => {
      if (this.child !== child) return;
      this.forget();
      this.settle(new Error(`the Qt driver exited (${String(signal ?? code)}):\n${this.stderr}`));
    });
    this.child = child;
    this.lines = lines;
    return child;
  }

  private settle(answer: string | Error): void {
    const pending = this.pending;
    this.pending = undefined;
    pending?.(answer);
  }

  private forget(): void {
    this.lines?.close();
    this.child = undefined;
    this.lines = undefined;
  }

  /** Sends one job (one line of JSON) and waits at most `budgetMs` for its answer. */
  run(
    name: string,
    input: string,
    budgetMs = FLOW_BUDGET_MS,
  ): Promise<{ loadErrors: string[]; results: QtResult[] }> {
    const child = this.child ?? this.start();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending = undefined;
        this.forget();
        child.kill('SIGKILL');
        reject(new Error(`${name}: Qt did not finish in ${budgetMs} ms: the chart lets the engine spin`));
      }, budgetMs);
      this.pending = (answer) => {
        clearTimeout(timer);
        if (answer instanceof Error) reject(new Error(`${name}: the Qt driver failed: ${answer.message}`));
        else resolve(JSON.parse(answer) as { loadErrors: string[]; results: QtResult[] });
      };
      child.stdin.write(`${input}\n`);
    });
  }

  stop(): void {
    const child = this.child;
    this.forget();
    child?.stdin.end();
  }
}

const qt = new QtDriver();

function replayInQt(
  entry: FlowEntry,
  paths: FlowPath[],
): Promise<{ loadErrors: string[]; results: QtResult[] }> {
  return qt.run(entry.id, job(buildModel(entry), paths));
}

describe("SCXML charts in Qt's engine", () => {
  beforeAll(() => requireReader(QT_SCXML));
  afterAll(() => qt.stop());

  it('the time bound catches a chart that makes the engine spin', async () => {
    // An eventless transition that is always enabled and re-enters its source: a W3C engine loops.
    const spinning = `<?xml version="1.0"?><scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="a"><state id="a"><transition target="a"/></state></scxml>`;
    const input = JSON.stringify({
      scxml: spinning,
      root: null,
      paths: [{ id: 'spin', steps: [{ event: null, guards: {}, states: ['a'] }] }],
    });
    await expect(qt.run('spin', input, 3_000)).rejects.toThrow(/spin/);
  });

  for (const entry of [signInEntry, wizardEntry, ...catalog]) {
    it(
      `${entry.id}: loads, and every generated path reaches the machine's states at every step`,
      async () => {
        const paths = [
          ...generatePaths(entry, { strategy: 'shortest' }).paths,
          ...(entry === signInEntry || entry === wizardEntry
            ? []
            : coveringSet(generatePaths(entry, { strategy: 'simple' }).paths)),
        ];
        const { loadErrors, results } = await replayInQt(entry, paths);
        expect(loadErrors).toEqual([]);
        expect(results).toHaveLength(paths.length);
        const failed = results
          .filter((r) => !r.ok)
          .map(
            (r) =>
              `${r.id} step ${r.step}: expected [${r.expected?.join(', ')}], Qt [${r.got?.join(', ')}]${r.errors?.length ? ` errors: ${r.errors.join('; ')}` : ''}`,
          );
        expect(failed, failed.slice(0, 5).join('\n')).toEqual([]);
      },
      FLOW_BUDGET_MS + 15_000,
    );
  }
});
