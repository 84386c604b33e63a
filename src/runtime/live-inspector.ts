/**
 * Live mode of the auditors' viewer: every flow actor a page creates publishes its state changes
 * on a same-origin BroadcastChannel (src/audit/live.ts), so /auditoria in another tab follows it.
 * Only state ids and event types are sent, never context or payloads. Off with the auditViewer flag.
 */
import type { InspectionEvent } from 'xstate';
import { broadcastInspector } from '../audit/live';
import { config } from './config';

// Not outside a browser: the build's prerender of /login creates flow actors too, and an open
// BroadcastChannel would keep the build's Node process alive.
const inspect: ((event: InspectionEvent) => void) | undefined =
  config.flags.auditViewer && typeof window !== 'undefined' ? broadcastInspector() : undefined;

/** Adds the live inspector to a flow actor's options: `useActorRef(machine, withLiveInspector({ input }))`. */
export function withLiveInspector<T extends object>(
  options: T,
): T & { inspect?: (event: InspectionEvent) => void } {
  return inspect ? { ...options, inspect } : options;
}
