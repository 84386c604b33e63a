/**
 * Live mode of the auditors' viewer: the portal publishes each flow's state changes on a
 * same-origin BroadcastChannel, so /auditoria open in another tab can follow them. Nothing leaves
 * the browser (no network, no postMessage to other origins), and only the state is sent: never the
 * context or event payloads, which hold what the user typed (passwords included).
 *
 * Attach with `createActor(machine, { inspect: broadcastInspector() })` (or `useActorRef`'s
 * options). Kept tiny on purpose: it ships in the main bundle.
 */

/** Name of the channel (same origin only, by the BroadcastChannel's nature). */
export const FLOW_CHANNEL = 'portal-flows';

/** One message on the channel. */
export interface FlowMessage {
  v: 1;
  /** Identifies one running flow (the actor's session id). */
  session: string;
  /** The machine id (the catalog's `machine.id`). */
  machine: string;
  /** Active state ids, the root excluded. */
  states: string[];
  value: unknown;
  status: string;
  /** Type of the event that led here (payload omitted on purpose). */
  event: string;
  /** ms since epoch. */
  at: number;
}

interface InspectedSnapshot {
  type: string;
  actorRef: { sessionId?: string; _parent?: unknown };
  event?: { type?: unknown };
  snapshot?: {
    value?: unknown;
    status?: unknown;
    machine?: { id?: unknown };
    _nodes?: Array<{ id: string; parent?: unknown }>;
  };
}

let channel: BroadcastChannel | null | undefined;

function open(): BroadcastChannel | null {
  if (channel === undefined)
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(FLOW_CHANNEL);
  return channel;
}

/**
 * An `inspect` observer that publishes every machine snapshot of the actor system it is given to
 * (the flow and any child machines). Publishing is best effort: a failure never affects the flow.
 */
export function broadcastInspector(): (event: unknown) => void {
  return (raw: unknown) => {
    const ev = raw as InspectedSnapshot;
    const snap = ev.snapshot;
    if (ev.type !== '@xstate.snapshot' || !snap || typeof snap.machine?.id !== 'string' || !snap._nodes)
      return;
    const message: FlowMessage = {
      v: 1,
      session: String(ev.actorRef.sessionId ?? ''),
      machine: snap.machine.id,
      states: snap._nodes.filter((n) => n.parent !== undefined).map((n) => n.id),
      value: snap.value,
      status: String(snap.status),
      event: typeof ev.event?.type === 'string' ? ev.event.type : '',
      at: Date.now(),
    };
    try {
      open()?.postMessage(message);
    } catch {
      // A closed or unavailable channel must never break the flow.
    }
  };
}
