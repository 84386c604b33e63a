/**
 * Replays a generated path against the REAL machine: `createActor(machine.provide({ actors }))`
 * where every named actor is a deferred fake, and a manual clock given to the actor system.
 * - user events are sent as they are;
 * - `xstate.done.actor.<id>` / `xstate.error.actor.<id>` steps resolve / reject the pending promise
 *   of the fake actor running under that invoke id (so the real actor machinery delivers them);
 * - `xstate.after.<delay>.<state>` steps move the clock to the due time of that timer.
 * After each step the actor's state value, status and (projected) context must equal the path's,
 * and the calls the entry declares idempotent must carry the key of a failed attempt when made
 * again (a retry) and a new key after a success.
 * An inspector records the transitions and guard outcomes that really happened (coverage).
 *
 * Framework-free (no vitest): timers are XState's own clock, so the global timers stay real.
 */
import {
  createActor,
  fromPromise,
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import type { FlowEntry } from '../catalog-types';
import type { FlowPath, PathStep } from './generate';
import { contextKeyOf, resolveDelayMs } from './generate';
import { activeStateIds, allStateNodes } from './model';
import { stableStringify } from './serialize';
import { traceMacrostep, Tracer, type Microstep, type StepTrace } from './trace';

interface Timer {
  id: number;
  due: number;
  delay: number;
  fn: () => void;
}

/** A clock for the actor system that only moves when told to. */
export class ManualClock {
  now = 0;
  private seq = 0;
  private timers: Timer[] = [];

  setTimeout(fn: (...args: unknown[]) => void, timeout: number): number {
    const id = ++this.seq;
    this.timers.push({ id, due: this.now + timeout, delay: timeout, fn: () => fn() });
    return id;
  }

  clearTimeout(id: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== id);
  }

  pending(): readonly Timer[] {
    return [...this.timers].sort((a, b) => a.due - b.due || a.id - b.id);
  }

  /** Moves to `time`, firing every timer due by then in order. */
  advanceTo(time: number): void {
    for (;;) {
      const next = this.pending()[0];
      if (!next || next.due > time) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.now = Math.max(this.now, next.due);
      next.fn();
    }
    this.now = Math.max(this.now, time);
  }
}

interface Deferred {
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

/** Outcome of one replay. */
export interface ReplayResult {
  ok: boolean;
  pathId: string;
  /** Index of the failing step (0 = initial state). */
  failedStep?: number;
  message?: string;
  /** What really happened, for coverage. */
  hits: { states: string[]; transitions: string[]; guards: string[] };
}

/** Microtasks are enough: a settled fake promise reaches the machine within a few of them. */
async function flush(): Promise<void> {
  for (let i = 0; i < 25; i++) await Promise.resolve();
}

function describeSnapshot(s: AnyMachineSnapshot): string {
  return `${stableStringify(s.value)} (${s.status})`;
}

const initTraces = new WeakMap<FlowEntry, StepTrace>();
function initialTrace(entry: FlowEntry): StepTrace {
  let t = initTraces.get(entry);
  if (!t) {
    const traced = new Tracer(entry.machine).initial(entry.input);
    t = { transitions: traced.transitions, guards: traced.guards, states: traced.states };
    initTraces.set(entry, t);
  }
  return t;
}

/** The pending fake actors of each replay, by actor system (one system per replayed root actor). */
const runningBySystem = new WeakMap<object, Map<string, Deferred>>();
/** The calls each replay's fakes were started with, in order (invoke id and input). */
const callsBySystem = new WeakMap<object, { actor: string; input: unknown }[]>();
const faked = new WeakMap<FlowEntry, ReturnType<FlowEntry['machine']['provide']>>();

/**
 * The entry's machine with every invoked actor replaced by a deferred fake. Built once per entry
 * (providing rebuilds the whole machine); each fake finds its replay through its actor system.
 */
function fakedMachine(entry: FlowEntry): ReturnType<FlowEntry['machine']['provide']> {
  const cached = faked.get(entry);
  if (cached) return cached;
  const srcs = new Set<string>();
  for (const node of allStateNodes(entry.machine.root))
    for (const inv of node.invoke) srcs.add(String(inv.src));
  const fakes: Record<string, AnyActorLogic> = {};
  for (const src of srcs) {
    fakes[src] = fromPromise<unknown, unknown>(
      ({ self, system, input }) =>
        new Promise((resolve, reject) => {
          callsBySystem.get(system as object)?.push({ actor: self.id, input });
          // One running instance per invoke id: a re-entered state replaces the stopped one.
          runningBySystem.get(system as object)?.set(self.id, { resolve, reject });
        }),
    );
  }
  const machine = entry.machine.provide({ actors: fakes });
  faked.set(entry, machine);
  return machine;
}

/**
 * Follows the attempts of the entry's idempotent calls along one path. An attempt is open from a
 * call until its outcome; a failed attempt stays the one to retry until a `newAttemptOn` event.
 */
class IdempotencyCheck {
  /** Per invoke id: the key of the last call, and whether a new call must reuse it. */
  private last = new Map<string, { key: string; retry: boolean }>();

  constructor(private readonly entry: FlowEntry) {}

  private spec(actor: string) {
    return this.entry.idempotent?.find((c) => c.actor === actor);
  }

  onEvent(type: string): void {
    for (const call of this.entry.idempotent ?? [])
      if (call.newAttemptOn?.includes(type)) this.last.delete(call.actor);
  }

  onOutcome(actor: string, kind: 'done' | 'error'): void {
    const last = this.last.get(actor);
    if (last) last.retry = kind === 'error';
  }

  /** Checks the calls made during a step; the problem found, if any. */
  takeCalls(calls: readonly { actor: string; input: unknown }[]): string | undefined {
    for (const { actor, input } of calls) {
      const spec = this.spec(actor);
      if (!spec) continue;
      const raw = spec.key(input);
      if (typeof raw !== 'string' || raw === '') return `${actor} was called without an idempotency key`;
      const last = this.last.get(actor);
      if (last?.retry && raw !== last.key)
        return `${actor} retried with a new key ${raw}: the failed attempt used ${last.key}`;
      if (last && !last.retry && raw === last.key)
        return `${actor} reused the key ${raw} of an attempt that succeeded`;
      this.last.set(actor, { key: raw, retry: false });
    }
    return undefined;
  }
}

/** Replays one path; never throws for a mismatch (see `ok`/`message`). */
export async function replayPath(entry: FlowEntry, path: FlowPath): Promise<ReplayResult> {
  const running = new Map<string, Deferred>();
  const machine = fakedMachine(entry);
  const clock = new ManualClock();
  const states = new Set<string>();
  const transitions = new Set<string>();
  const guards = new Set<string>();
  let macro: { before: AnyMachineSnapshot; event: EventObject; micro: Microstep[] } | undefined;
  // The inspector runs during createActor, before the actor is known: it reads the root from here.
  const root: { ref?: unknown } = {};
  let last: AnyMachineSnapshot | undefined;
  const record = (t: { transitions: string[]; guards: string[]; states: string[] }): void => {
    t.states.forEach((x) => states.add(x));
    t.transitions.forEach((x) => transitions.add(x));
    t.guards.forEach((x) => guards.add(x));
  };
  const inspect = (ev: InspectionEvent): void => {
    if (ev.type === '@xstate.event' && ev.actorRef === root.ref && last) {
      macro = { before: last, event: ev.event, micro: [] };
    } else if (ev.type === '@xstate.microstep' && ev.actorRef === root.ref && macro) {
      macro.micro.push({
        event: ev.event,
        snapshot: ev.snapshot as AnyMachineSnapshot,
        transitions: ev._transitions,
      });
    } else if (ev.type === '@xstate.snapshot' && ev.actorRef === root.ref) {
      const snap = ev.snapshot as AnyMachineSnapshot;
      if (macro) record(traceMacrostep(macro.before, macro.event, macro.micro));
      macro = undefined;
      last = snap;
      activeStateIds(snap._nodes).forEach((x) => states.add(x));
    }
  };
  const actor = createActor(machine, { input: entry.input, clock, inspect });
  root.ref = actor;
  runningBySystem.set(actor.system, running);
  const calls: { actor: string; input: unknown }[] = [];
  callsBySystem.set(actor.system, calls);
  const keys = new IdempotencyCheck(entry);
  let actorError: unknown;
  actor.subscribe({ error: (e) => (actorError = e) });
  // The initial macrostep happens in the constructor, before the inspector knows the root: trace it purely.
  record(initialTrace(entry));
  last = actor.getSnapshot() as AnyMachineSnapshot;
  activeStateIds(last._nodes).forEach((x) => states.add(x));
  const hits = (): ReplayResult['hits'] => ({
    states: [...states].sort(),
    transitions: [...transitions].sort(),
    guards: [...guards].sort(),
  });
  const fail = (i: number, message: string): ReplayResult => {
    actor.stop();
    return { ok: false, pathId: path.id, failedStep: i, message, hits: hits() };
  };
  const check = (i: number, step: PathStep): string | undefined => {
    const s = actor.getSnapshot() as AnyMachineSnapshot;
    if (actorError !== undefined && step.status !== 'error') return `the actor failed: ${String(actorError)}`;
    if (stableStringify(s.value) !== stableStringify(step.value) || s.status !== step.status) {
      return `expected ${stableStringify(step.value)} (${step.status}), got ${describeSnapshot(s)}`;
    }
    const repeated = keys.takeCalls(calls.splice(0));
    if (repeated) return repeated;
    const ctx = contextKeyOf(entry, s.context);
    if (ctx !== step.context)
      return `same state, different context:\n      expected ${step.context}\n      got      ${ctx}`;
    if (step.output !== undefined && stableStringify(s.output) !== stableStringify(step.output)) {
      return `different output: expected ${stableStringify(step.output)}, got ${stableStringify(s.output)}`;
    }
    void i;
    return undefined;
  };

  actor.start();
  await flush();
  const first = path.steps[0];
  if (first) {
    const problem = check(0, first);
    if (problem) return fail(0, problem);
  }
  for (let i = 1; i < path.steps.length; i++) {
    const step = path.steps[i] as PathStep;
    if (step.kind === 'event') {
      keys.onEvent(step.event.type);
      actor.send(step.event);
    } else if (step.kind === 'done' || step.kind === 'error') {
      const actorId = step.actor ?? '';
      keys.onOutcome(actorId, step.kind);
      const d = running.get(actorId);
      if (!d)
        return fail(i, `no running actor '${actorId}' to ${step.kind === 'done' ? 'resolve' : 'reject'}`);
      running.delete(actorId);
      if (step.kind === 'done') d.resolve((step.event as { output?: unknown }).output);
      else d.reject((step.event as { error?: unknown }).error);
    } else if (step.kind === 'timer') {
      const before = actor.getSnapshot() as AnyMachineSnapshot;
      const ms = step.delayMs ?? resolveDelayMs(entry.machine, step.delay, before);
      const timers = clock.pending();
      const timer = timers.find((t) => ms === undefined || t.delay === ms) ?? timers[0];
      if (!timer) return fail(i, `no timer pending for ${step.event.type}`);
      clock.advanceTo(timer.due);
    }
    await flush();
    const problem = check(i, step);
    if (problem) return fail(i, problem);
  }
  actor.stop();
  return { ok: true, pathId: path.id, hits: hits() };
}

/** Failure text: the path's steps, the failing one marked, and what differed. */
export function formatReplayFailure(path: FlowPath, result: ReplayResult): string {
  const lines = path.steps.map((s, i) => {
    const mark = i === result.failedStep ? '✗' : i < (result.failedStep ?? 0) ? '✓' : ' ';
    const what =
      i === 0 ? 'início' : `[${s.kind}] ${s.label} ${s.kind === 'event' ? stableStringify(s.event) : ''}`;
    return `  ${mark} ${String(i).padStart(2)}. ${what.trim()} → ${stableStringify(s.value)}`;
  });
  return `${path.id} — ${path.title}\n${lines.join('\n')}\n  step ${result.failedStep ?? '?'}: ${result.message ?? ''}`;
}
