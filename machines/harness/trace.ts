/**
 * What a macrostep did: which transitions it took and which guards it found true or false.
 *
 * XState reports the transitions of each microstep to inspectors (`@xstate.microstep`, with
 * `_transitions`). The guard outcomes are deduced the way XState selects transitions: for each
 * active atomic state, then its ancestors, candidates are tried in document order and the first
 * whose guard passes wins. So every guarded candidate tried before the winner was false, the winner
 * (if guarded) was true, and when nothing wins every guarded candidate was false. This is used both
 * during generation (pure `machine.transition` with a capturing scope) and on replay (inspection of
 * the real actor), so the two count coverage the same way.
 */
import {
  createActor,
  getInitialMicrosteps,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import { activeStateIds, transitionId } from './model';

/** Coverage facts of one macrostep. */
export interface StepTrace {
  /** Ids of the transitions taken, in order. */
  transitions: string[];
  /** Guard outcome ids: `<transition id>:true|false`. */
  guards: string[];
  /** States active at any microstep (transient states of eventless transitions included). */
  states: string[];
}

/** One microstep as seen by an inspector. */
export interface Microstep {
  event: EventObject;
  snapshot: AnyMachineSnapshot;
  transitions: readonly AnyTransitionDefinition[];
}

const isAtomic = (n: AnyStateNode): boolean => n.type === 'atomic' || n.type === 'final';

function matchesDescriptor(eventType: string, descriptor: string): boolean {
  if (descriptor === eventType || descriptor === '*') return true;
  if (!descriptor.endsWith('.*')) return false;
  const prefix = descriptor.slice(0, -2).split('.');
  const parts = eventType.split('.');
  return prefix.every((p, i) => parts[i] === p);
}

/** XState's candidate order for an event type in one node: exact match, then wildcards, longest first. */
function candidates(node: AnyStateNode, eventType: string | null): readonly AnyTransitionDefinition[] {
  if (eventType === null) return node.always ?? [];
  const exact = node.transitions.get(eventType) ?? [];
  const wild = [...node.transitions.keys()]
    .filter((d) => d !== eventType && d !== 'xstate.route' && matchesDescriptor(eventType, d))
    .sort((a, b) => b.length - a.length)
    .flatMap((d) => node.transitions.get(d) ?? []);
  return [...exact, ...wild];
}

function ancestry(node: AnyStateNode): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  for (let n: AnyStateNode | undefined = node; n; n = n.parent) out.push(n);
  return out;
}

/** Adds to `guards` the outcomes of selecting `selected` for `eventType` (null: eventless) in `before`. */
function deduceGuards(
  before: AnyMachineSnapshot,
  eventType: string | null,
  selected: ReadonlySet<AnyTransitionDefinition>,
  guards: Set<string>,
): void {
  for (const atomic of (before._nodes as AnyStateNode[]).filter(isAtomic)) {
    chain: for (const node of ancestry(atomic)) {
      for (const c of candidates(node, eventType)) {
        if (selected.has(c)) {
          if (c.guard !== undefined) guards.add(`${transitionId(c)}:true`);
          break chain;
        }
        if (c.guard === undefined) break chain; // enabled but dropped by conflict resolution
        guards.add(`${transitionId(c)}:false`);
      }
    }
  }
}

/**
 * The coverage facts of one macrostep, following XState's `macrostep`: the external event always
 * makes a first microstep (with no transitions when nothing was enabled); then eventless
 * transitions are looked for before each raised event is taken from the internal queue, and once
 * more at the end while the machine is active. `before` is the snapshot the event met (for the
 * initial macrostep: the initial configuration, before its eventless transitions).
 */
export function traceMacrostep(
  before: AnyMachineSnapshot,
  event: EventObject,
  microsteps: readonly Microstep[],
): StepTrace {
  const transitions: string[] = [];
  const guards = new Set<string>();
  const states = new Set<string>();
  let current = before;
  microsteps.forEach((ms, index) => {
    activeStateIds(ms.snapshot._nodes).forEach((id) => states.add(id));
    const selected = new Set(ms.transitions);
    const external = index === 0 && event.type !== 'xstate.init';
    const eventless =
      !external && ms.transitions.length > 0 && ms.transitions.every((t) => t.eventType === '');
    if (external) {
      deduceGuards(current, event.type, selected, guards);
    } else if (eventless) {
      deduceGuards(current, null, selected, guards);
    } else {
      // A raised event: eventless transitions were looked for first and none was enabled.
      deduceGuards(current, null, new Set(), guards);
      deduceGuards(current, ms.event.type, selected, guards);
    }
    for (const t of ms.transitions) transitions.push(transitionId(t));
    current = ms.snapshot;
  });
  if (current.status === 'active') deduceGuards(current, null, new Set(), guards);
  return { transitions, guards: [...guards], states: [...states] };
}

/** Result of a pure, traced transition. */
export interface TracedTransition extends StepTrace {
  snapshot: AnyMachineSnapshot;
}

/**
 * Pure transitions that also report what they took: `machine.transition` with an inert actor scope
 * whose system captures the `@xstate.microstep` inspection events. Nothing is executed (no actor
 * started, no action run), as in `xstate/graph`'s traversal.
 */
export class Tracer {
  private readonly scope: AnyActorScope;
  private captured: Microstep[] = [];

  constructor(private readonly machine: AnyStateMachine) {
    const self = createActor(machine);
    const capture = (ev: InspectionEvent): void => {
      if (ev.type === '@xstate.microstep') {
        this.captured.push({
          event: ev.event,
          snapshot: ev.snapshot as AnyMachineSnapshot,
          transitions: ev._transitions,
        });
      }
    };
    // A system whose inspection channel is ours; everything else is the throwaway actor's.
    const system = Object.assign(Object.create(self.system) as object, { _sendInspectionEvent: capture });
    this.scope = {
      self,
      id: '',
      sessionId: '',
      logger: () => {},
      defer: () => {},
      system,
      stopChild: () => {},
      emit: () => {},
      actionExecutor: () => {},
    } as unknown as AnyActorScope;
  }

  /** The initial snapshot and what the initial macrostep took (eventless transitions included). */
  initial(input: unknown): TracedTransition {
    // The initial configuration before its eventless transitions: the first of the initial microsteps.
    const first = getInitialMicrosteps(this.machine, input)[0]?.[0] as AnyMachineSnapshot | undefined;
    this.captured = [];
    const snapshot = this.machine.getInitialSnapshot(this.scope, input) as AnyMachineSnapshot;
    const trace = traceMacrostep(first ?? snapshot, { type: 'xstate.init' }, this.captured);
    return { snapshot, ...trace };
  }

  /** The next snapshot for `event` and what the macrostep took. */
  transition(snapshot: AnyMachineSnapshot, event: EventObject): TracedTransition {
    this.captured = [];
    const next = this.machine.transition(snapshot, event, this.scope) as AnyMachineSnapshot;
    const trace = traceMacrostep(snapshot, event, this.captured);
    return { snapshot: next, ...trace };
  }
}
