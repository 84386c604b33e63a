/**
 * Checks of a catalog entry that catch fixture mistakes early, with a message saying what to fix:
 * every state names its spec rule, outcomes name real invoke ids, events are known to the machine,
 * `operations` names real actors, invoked actors are named (inline logic cannot be faked), and
 * outcome keys are camelCase and unique in the flow (e2e bindings and gaps name outcomes by them).
 */
import type { AnyStateNode } from 'xstate';
import type { FlowEntry } from '../catalog-types';
import { allStateNodes } from './model';

/** An outcome key: English camelCase, so it reads in code and never looks like `<kind>:<actor>`. */
export const OUTCOME_KEY = /^[a-z][a-zA-Z0-9]*$/;

/** Problems of one entry (empty when it is fine). */
export function validateEntry(entry: FlowEntry): string[] {
  const problems: string[] = [];
  const nodes = allStateNodes(entry.machine.root);
  const where = (n: AnyStateNode): string => `${entry.id}: state '${n.id}'`;
  for (const n of nodes) {
    if (!n.parent || n.type === 'history') continue;
    const spec = (n.meta as { spec?: unknown } | undefined)?.spec;
    if (typeof spec !== 'string' || spec.trim() === '')
      problems.push(`${where(n)} has no meta.spec (the rule of the specification it implements)`);
  }
  const invokeIds = new Set<string>();
  const srcs = new Set<string>();
  for (const n of nodes) {
    for (const inv of n.invoke) {
      invokeIds.add(inv.id);
      srcs.add(String(inv.src));
      if (String(inv.src).startsWith('xstate.invoke.'))
        problems.push(
          `${where(n)} invokes inline logic: name it in setup({ actors }) so tests and the app can provide it`,
        );
    }
  }
  for (const o of entry.outcomes) {
    if (!invokeIds.has(o.actor))
      problems.push(
        `${entry.id}: outcome '${o.label}' names actor '${o.actor}', which no state invokes (use the invoke id; ids: ${[...invokeIds].join(', ') || 'none'})`,
      );
    if (o.kind === 'error' && o.error === undefined)
      problems.push(`${entry.id}: error outcome '${o.label}' has no 'error'`);
    if (!OUTCOME_KEY.test(o.key))
      problems.push(`${entry.id}: outcome '${o.label}' has key '${o.key}': use English camelCase`);
  }
  const keys = entry.outcomes.map((o) => o.key);
  for (const key of new Set(keys.filter((k, i) => keys.indexOf(k) !== i)))
    problems.push(
      `${entry.id}: outcome key '${key}' names more than one outcome (keys are unique in a flow)`,
    );
  const descriptors = new Set(nodes.flatMap((n) => [...n.transitions.keys()]));
  const known = (type: string): boolean =>
    descriptors.has(type) ||
    descriptors.has('*') ||
    [...descriptors].some((d) => d.endsWith('.*') && type.startsWith(d.slice(0, -1)));
  for (const f of entry.events) {
    if (!known(f.event.type))
      problems.push(`${entry.id}: event '${f.event.type}' (${f.label}) is not handled by any state`);
  }
  for (const src of Object.keys(entry.operations ?? {})) {
    if (!srcs.has(src))
      problems.push(
        `${entry.id}: operations names actor '${src}', which no state invokes (key by the actor src; srcs: ${[...srcs].join(', ') || 'none'})`,
      );
  }
  return problems;
}
