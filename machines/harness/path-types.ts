/** The shapes of generated paths (generate.ts makes them; replay, the e2e driver and the viewer read them). */
import type { EventObject, StateValue } from 'xstate';

export type Strategy = 'shortest' | 'simple' | 'walk';
export type StepKind = 'init' | 'event' | 'done' | 'error' | 'timer';

/** One step of a path: what happens, and the state expected after it. */
export interface PathStep {
  kind: StepKind;
  /** The event as the machine receives it (for done/error: with `output`/`error` and `actorId`). */
  event: EventObject;
  /** pt-BR description of what happens. */
  label: string;
  /** False for an invalid user payload. */
  valid?: boolean;
  /** done/error: the invoke id. */
  actor?: string;
  /** done/error: the outcome's stable key (`ActorOutcome.key`), which e2e bindings and gaps name. */
  outcome?: string;
  /** timer: the delay (name or ms) and the ms it resolves to, when known. */
  delay?: string | number;
  delayMs?: number;
  /** Expected state after the step. */
  value: StateValue;
  status: 'active' | 'done' | 'error' | 'stopped';
  /** Active state ids (root excluded), document order. */
  states: string[];
  /** Stable serialisation of the (projected) context after the step. */
  context: string;
  /** Output of the machine when the step ends it. */
  output?: unknown;
  /** Transitions taken, guard outcomes seen and states passed through (transient ones included) by this step. */
  transitions: string[];
  guards: string[];
  entered: string[];
  /** True when the step changes nothing (a guard found false, an ignored event). */
  selfLoop: boolean;
}

/** A generated path; `steps[0]` is the initial state. */
export interface FlowPath {
  /** Stable id, e.g. `login.s.3fa9c21b` (flow, strategy, hash of the events). */
  id: string;
  flowId: string;
  strategy: Strategy;
  /** pt-BR one-line summary. */
  title: string;
  steps: PathStep[];
}

/** Bounds of generation. */
export interface GenerateOptions {
  strategy: Strategy;
  /** simple: longest path in steps (default 14). */
  maxDepth?: number;
  /** simple: most paths kept (default 150). */
  maxPaths?: number;
  /** Most distinct states the traversal may visit before failing (default 5000). */
  maxStates?: number;
}

/** Everything generation found about a flow. */
export interface Generated {
  flowId: string;
  paths: FlowPath[];
  /** Number of distinct states (value + context) and edges of the explored graph. */
  stateCount: number;
  edgeCount: number;
  /** Flattened coverage the path set is expected to reach (union of its steps). */
  expected: { states: string[]; transitions: string[]; guards: string[] };
  ms: number;
}
