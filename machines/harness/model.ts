/**
 * The static model of a flow: every state node and every transition of its machine, flattened to
 * JSON (ids, labels, spec rules, guards, actions, invoked operations). It is what the charts, the
 * viewer, the coverage report and the diff read, so they never depend on XState internals, and a
 * model written to disk by one version of the catalog can be compared with another.
 */
import {
  createActor,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
} from 'xstate';
import type { FlowEntry } from '../catalog-types';
import { stableStringify } from './serialize';

export type StateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

/** An actor invoked by a state. */
export interface ChartInvoke {
  /** The invoke id: the `<id>` of `xstate.done.actor.<id>`. */
  id: string;
  /** The actor name in `setup({ actors })` (or XState's generated name of an inline actor). */
  src: string;
  /** The contract operation it calls, from the catalog entry's `operations`. */
  operationId?: string;
  /** True when the logic is written inline in the machine (it cannot be replaced by `provide`). */
  inline?: boolean;
}

/** A state node. */
export interface ChartState {
  /** XState id, e.g. 'login.editing' (root: 'login'). */
  id: string;
  key: string;
  /** Keys from the root, e.g. ['editing', 'idle'] (root: []). */
  path: string[];
  parent: string | null;
  type: StateType;
  children: string[];
  /** Id of the initial child of a compound state. */
  initial?: string;
  /** meta.label, else the key (the root: the machine id). */
  label: string;
  /** meta.spec: the rule of the specification the state implements. */
  spec?: string;
  description?: string;
  tags: string[];
  invokes: ChartInvoke[];
  entry: string[];
  exit: string[];
  history?: 'shallow' | 'deep';
  /** Final states: true when they declare an output. */
  hasOutput?: boolean;
}

export type TransitionKind =
  'event' | 'after' | 'done.actor' | 'error.actor' | 'done.state' | 'always' | 'internal';

/** A transition definition. */
export interface ChartTransition {
  /** Stable id: `<source>::<event or 'always'>::<index among the same source and event>`. */
  id: string;
  source: string;
  /** Target ids; empty for a targetless transition (actions only). */
  targets: string[];
  /** The event descriptor ('' for `always`). */
  event: string;
  kind: TransitionKind;
  guard?: string;
  actions: string[];
  reenter: boolean;
  /** Delay of an `after` transition: its name or milliseconds. */
  delay?: string | number;
  /** Invoke id of a done/error transition. */
  actor?: string;
  /** The operation whose outcome the transition handles (done/error of an actor with an operation). */
  operationId?: string;
  /** Transition meta.spec, else the source state's. */
  spec?: string;
  description?: string;
}

/** One flow, flattened. */
export interface ChartModel {
  flowId: string;
  machineId: string;
  title: string;
  route?: string;
  spec: string[];
  root: string;
  states: ChartState[];
  transitions: ChartTransition[];
  /** Every named guard used by a transition. */
  guards: string[];
  /** Every invoked actor src → operationId (absent when unknown). */
  operations: Record<string, string | null>;
  /** Named delays and their value in ms when it is a number. */
  delays: Record<string, number | null>;
}

interface StateMeta {
  spec?: unknown;
  label?: unknown;
}

const metaOf = (node: AnyStateNode): StateMeta =>
  node.meta && typeof node.meta === 'object' ? (node.meta as StateMeta) : {};

/** Every state node below `node`, depth-first, document order (the node itself first). */
export function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  const out: AnyStateNode[] = [node];
  for (const child of Object.values(node.states) as AnyStateNode[]) out.push(...allStateNodes(child));
  return out;
}

/** Readable description of a guard (named, parameterised, not/and/or, stateIn or inline). */
export function describeGuard(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const g = guard as { name?: string; guards?: unknown[]; stateValue?: unknown };
    if (Array.isArray(g.guards) && (g.name === 'not' || g.name === 'and' || g.name === 'or')) {
      return `${g.name}(${g.guards.map((x) => describeGuard(x) ?? '?').join(', ')})`;
    }
    if (g.name === 'stateIn' && g.stateValue !== undefined)
      return `stateIn(${stableStringify(g.stateValue)})`;
    return g.name && g.name !== 'guard' ? `${g.name} (inline)` : 'inline';
  }
  if (typeof guard === 'object' && 'type' in guard) {
    const g = guard as { type: unknown; params?: unknown };
    return g.params === undefined ? String(g.type) : `${String(g.type)}(${stableStringify(g.params)})`;
  }
  return String(guard);
}

/** Readable description of an action (named, parameterised, built-in or inline). */
export function describeAction(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const a = action as { type?: unknown; name?: string; event?: unknown; id?: unknown };
    if (typeof a.type === 'string') {
      const type = a.type.replace(/^xstate\./, '');
      if ((type === 'raise' || type === 'sendTo') && a.event && typeof a.event === 'object') {
        return `${type}(${String((a.event as { type?: unknown }).type ?? '')})`;
      }
      if (type === 'cancel' && typeof a.id === 'string') return `cancel(${a.id})`;
      return type;
    }
    return a.name && a.name !== 'action' ? `${a.name} (inline)` : 'inline';
  }
  if (action && typeof action === 'object' && 'type' in action)
    return String((action as { type: unknown }).type);
  return String(action);
}

function kindOf(event: string): TransitionKind {
  if (event === '') return 'always';
  if (event.startsWith('xstate.after.')) return 'after';
  if (event.startsWith('xstate.done.actor.')) return 'done.actor';
  if (event.startsWith('xstate.error.actor.')) return 'error.actor';
  if (event.startsWith('xstate.done.state.')) return 'done.state';
  if (event.startsWith('xstate.')) return 'internal';
  return 'event';
}

/** The transitions of a node as XState keeps them, with their event descriptor ('' for always). */
export function ownTransitions(
  node: AnyStateNode,
): Array<{ event: string; list: AnyTransitionDefinition[] }> {
  const out: Array<{ event: string; list: AnyTransitionDefinition[] }> = [];
  for (const [event, list] of node.transitions) {
    if (event === 'xstate.route') continue;
    out.push({ event, list });
  }
  if (node.always && node.always.length > 0) out.push({ event: '', list: node.always });
  return out;
}

/** Stable id of a runtime transition definition (see ChartTransition.id). */
export function transitionId(t: AnyTransitionDefinition): string {
  const source = t.source;
  const event = t.eventType as string;
  const list = event === '' ? (source.always ?? []) : (source.transitions.get(event) ?? []);
  const index = list.indexOf(t);
  return `${source.id}::${event === '' ? 'always' : event}::${index < 0 ? 0 : index}`;
}

/** Ids of the active state nodes of a snapshot except the root, in document order. */
export function activeStateIds(nodes: readonly AnyStateNode[]): string[] {
  return nodes
    .filter((n) => n.parent !== undefined)
    .sort((a, b) => a.order - b.order)
    .map((n) => n.id);
}

/** Builds the static model of a catalog entry. */
export function buildModel(
  entry: Pick<FlowEntry, 'id' | 'title' | 'route' | 'spec' | 'machine' | 'operations' | 'input'>,
): ChartModel {
  const machine: AnyStateMachine = entry.machine;
  const operations = entry.operations ?? {};
  const nodes = allStateNodes(machine.root);
  const invokeOps = new Map<string, { src: string; operationId?: string }>();
  const states: ChartState[] = nodes.map((node) => {
    const meta = metaOf(node);
    const invokes: ChartInvoke[] = node.invoke.map((inv) => {
      const src = String(inv.src);
      const operationId = operations[src];
      // XState names inline logic `xstate.invoke.<index>.<state id>`; named actors keep their name.
      const inline = src.startsWith('xstate.invoke.');
      invokeOps.set(inv.id, { src, operationId });
      return {
        id: inv.id,
        src,
        ...(operationId ? { operationId } : {}),
        ...(inline ? { inline: true } : {}),
      };
    });
    const state: ChartState = {
      id: node.id,
      key: node.key,
      path: [...node.path],
      parent: node.parent ? node.parent.id : null,
      type: node.type,
      children: (Object.values(node.states) as AnyStateNode[]).map((c) => c.id),
      label: typeof meta.label === 'string' ? meta.label : node.parent ? node.key : machine.id,
      tags: [...node.tags],
      invokes,
      // XState adds a delayed raise on entry and a cancel on exit for each `after`: not the author's.
      entry: node.entry.map(describeAction).filter((a) => !a.startsWith('raise(xstate.after.')),
      exit: node.exit.map(describeAction).filter((a) => !a.startsWith('cancel(xstate.after.')),
    };
    if (node.type === 'compound' && node.initial?.target?.[0]) state.initial = node.initial.target[0].id;
    if (typeof meta.spec === 'string') state.spec = meta.spec;
    if (node.description) state.description = node.description;
    if (node.type === 'history') state.history = node.history === 'deep' ? 'deep' : 'shallow';
    if (node.type === 'final' && node.output !== undefined) state.hasOutput = true;
    return state;
  });
  const stateSpec = new Map(states.map((s) => [s.id, s.spec]));
  const transitions: ChartTransition[] = [];
  const guards = new Set<string>();
  for (const node of nodes) {
    for (const { event, list } of ownTransitions(node)) {
      list.forEach((t, index) => {
        const kind = kindOf(event);
        const guard = describeGuard(t.guard);
        if (guard) guards.add(guard);
        const tr: ChartTransition = {
          id: `${node.id}::${event === '' ? 'always' : event}::${index}`,
          source: node.id,
          targets: (t.target ?? []).map((x) => x.id),
          event,
          kind,
          actions: t.actions.map(describeAction),
          reenter: t.reenter,
        };
        if (guard) tr.guard = guard;
        if (kind === 'after') {
          const delay = (t as { delay?: unknown }).delay;
          if (typeof delay === 'string' || typeof delay === 'number') tr.delay = delay;
        }
        if (kind === 'done.actor' || kind === 'error.actor') {
          const actor = event.replace(/^xstate\.(done|error)\.actor\./, '');
          tr.actor = actor;
          const op = invokeOps.get(actor)?.operationId;
          if (op) tr.operationId = op;
        }
        const tmeta = t.meta as StateMeta | undefined;
        const spec = typeof tmeta?.spec === 'string' ? tmeta.spec : stateSpec.get(node.id);
        if (spec) tr.spec = spec;
        if (t.description) tr.description = t.description;
        transitions.push(tr);
      });
    }
  }
  const ops: Record<string, string | null> = {};
  for (const { src, operationId } of invokeOps.values()) ops[src] = operationId ?? null;
  const delays: Record<string, number | null> = {};
  let initial: AnyMachineSnapshot | undefined;
  for (const [name, value] of Object.entries(machine.implementations.delays ?? {})) {
    if (typeof value === 'function' && entry.input !== undefined)
      initial ??= createActor(machine, { input: entry.input }).getSnapshot() as AnyMachineSnapshot;
    // A delay computed from the context (a cadence chosen by the input) is charted and exported
    // with its value for the catalog's input, so a chart's timers always carry their duration.
    const ms: unknown =
      typeof value === 'function' && initial
        ? (value as (args: { context: unknown; event: { type: string } }) => unknown)({
            context: initial.context,
            event: { type: '' },
          })
        : value;
    delays[name] = typeof ms === 'number' ? ms : null;
  }
  return {
    flowId: entry.id,
    machineId: machine.id,
    title: entry.title,
    ...(entry.route ? { route: entry.route } : {}),
    spec: [...entry.spec],
    root: machine.root.id,
    states,
    transitions,
    guards: [...guards].sort(),
    operations: ops,
    delays,
  };
}

/** States that count for coverage: every state node except the root and history pseudo-states. */
export function coverableStates(model: ChartModel): ChartState[] {
  return model.states.filter((s) => s.parent !== null && s.type !== 'history');
}

/** Guard outcome ids that count for coverage: `<transition id>:true` and `:false` of each guarded transition. */
export function coverableGuardOutcomes(model: ChartModel): string[] {
  return model.transitions.filter((t) => t.guard).flatMap((t) => [`${t.id}:true`, `${t.id}:false`]);
}
