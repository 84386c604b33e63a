/**
 * A flow's state space as generate.ts explores it: how states are told apart (state value, status
 * and the catalog entry's projected context) and which events a snapshot offers (the catalog's user
 * events, the invoked actors' outcomes, the active states' timers), with their labels.
 */
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import type { ActorOutcome, FlowEntry } from '../catalog-types';
import type { StepKind } from './path-types';
import { stableStringify } from './serialize';

export interface EventMeta {
  kind: Exclude<StepKind, 'init'>;
  label: string;
  valid?: boolean;
  actor?: string;
  outcome?: string;
  delay?: string | number;
  delayMs?: number;
}

/** The XState event of an actor outcome. */
export function outcomeEvent(o: ActorOutcome): EventObject {
  return o.kind === 'done'
    ? ({ type: `xstate.done.actor.${o.actor}`, output: o.output, actorId: o.actor } as EventObject)
    : ({ type: `xstate.error.actor.${o.actor}`, error: o.error, actorId: o.actor } as EventObject);
}

/** Milliseconds of a delay, when it is a number or a named numeric delay. */
export function resolveDelayMs(
  machine: AnyStateMachine,
  delay: string | number | undefined,
  snapshot?: AnyMachineSnapshot,
): number | undefined {
  if (typeof delay === 'number') return delay;
  if (delay === undefined) return undefined;
  const impl: unknown = (machine.implementations.delays as Record<string, unknown> | undefined)?.[delay];
  if (typeof impl === 'number') return impl;
  if (typeof impl === 'function' && snapshot) {
    try {
      const ms: unknown = impl({ context: snapshot.context, event: { type: '' } });
      return typeof ms === 'number' ? ms : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const formatMs = (ms: number): string =>
  ms >= 1000 ? `${(ms / 1000).toLocaleString('pt-BR')} s` : `${ms} ms`;

// Snapshots and contexts are immutable and shared between steps: serialise each once per projection.
const contextKeys = new WeakMap<object, WeakMap<object, string>>();
const NO_PROJECTION = {};

/** Stable serialisation of the compared part of the context. */
export function contextKeyOf(entry: Pick<FlowEntry, 'contextKey'>, context: unknown): string {
  if (typeof context !== 'object' || context === null)
    return stableStringify(entry.contextKey ? entry.contextKey(context) : context);
  const projection = entry.contextKey ?? NO_PROJECTION;
  let cache = contextKeys.get(projection);
  if (!cache) {
    cache = new WeakMap();
    contextKeys.set(projection, cache);
  }
  let key = cache.get(context);
  if (key === undefined) {
    key = stableStringify(entry.contextKey ? entry.contextKey(context) : context);
    cache.set(context, key);
  }
  return key;
}

/** How a flow's states are told apart: state value, status and (projected) context. */
export function stateKeyOf(entry: Pick<FlowEntry, 'contextKey'>, snapshot: AnyMachineSnapshot): string {
  return `${stableStringify(snapshot.value)}|${snapshot.status}|${contextKeyOf(entry, snapshot.context)}`;
}

function hasGuardedCandidate(nodes: readonly AnyStateNode[], type: string): boolean {
  for (const n of nodes) {
    const list = n.transitions.get(type);
    if (list && list.some((t) => t.guard !== undefined)) return true;
  }
  return false;
}

/** The candidate events of a snapshot (see the module comment) and their labels. */
export function makeEventSource(entry: FlowEntry): {
  events: (snapshot: AnyMachineSnapshot) => EventObject[];
  meta: Map<string, EventMeta>;
} {
  const machine = entry.machine;
  const meta = new Map<string, EventMeta>();
  for (const f of entry.events) {
    meta.set(stableStringify(f.event), {
      kind: 'event',
      label: f.label,
      ...(f.valid === false ? { valid: false } : {}),
    });
  }
  const outcomes = entry.outcomes.map((o) => ({ o, event: outcomeEvent(o) }));
  for (const { o, event } of outcomes)
    meta.set(stableStringify(event), { kind: o.kind, label: o.label, actor: o.actor, outcome: o.key });
  const timerEvents = new Map<string, EventObject>();
  const enabled = (snapshot: AnyMachineSnapshot, event: EventObject): boolean =>
    snapshot.can(event) || hasGuardedCandidate(snapshot._nodes as AnyStateNode[], event.type);
  const events = (snapshot: AnyMachineSnapshot): EventObject[] => {
    if (snapshot.status !== 'active') return [];
    const nodes = snapshot._nodes as AnyStateNode[];
    const out: EventObject[] = entry.events.map((f) => f.event).filter((e) => enabled(snapshot, e));
    const invoked = new Set(nodes.flatMap((n) => n.invoke.map((i) => i.id)));
    for (const { o, event } of outcomes)
      if (invoked.has(o.actor) && enabled(snapshot, event)) out.push(event);
    for (const n of nodes) {
      for (const t of n.after) {
        const type = t.eventType as string;
        let event = timerEvents.get(type);
        if (!event) {
          event = { type };
          timerEvents.set(type, event);
          const delay = (t as { delay?: string | number }).delay;
          const ms = resolveDelayMs(machine, delay, snapshot);
          const named = entry.timers?.find((x) => x.delay === delay);
          meta.set(stableStringify(event), {
            kind: 'timer',
            label:
              named?.label ??
              `Aguarda ${ms !== undefined ? formatMs(ms) : String(delay)}${typeof delay === 'string' ? ` (${delay})` : ''}`,
            ...(delay !== undefined ? { delay } : {}),
            ...(ms !== undefined ? { delayMs: ms } : {}),
          });
        }
        if (!out.includes(event) && enabled(snapshot, event)) out.push(event);
      }
    }
    return out;
  };
  return { events, meta };
}
