/**
 * Covering sets of generated paths: which paths to play when playing each one is costly (a
 * browser path's start), chosen so that every state, transition and guard outcome is still played.
 */
import type { FlowPath } from './generate';

/** The coverage items one path exercises: `s:` states (transient ones included), `t:` transitions, `g:` guard outcomes. */
export function pathItems(path: FlowPath): Set<string> {
  const items = new Set<string>();
  for (const s of path.steps) {
    for (const x of s.states) items.add(`s:${x}`);
    for (const x of s.entered) items.add(`s:${x}`);
    for (const x of s.transitions) items.add(`t:${x}`);
    for (const x of s.guards) items.add(`g:${x}`);
  }
  return items;
}

/**
 * A covering subset of `paths`: every state, transition and guard outcome any of them exercises is
 * exercised by at least one kept path. Playing a path in a browser costs mostly its start (a page
 * load and its first calls), so fewer paths is what matters: greedy set cover (the path adding the
 * most items not yet covered, the shorter one on a tie, then generation order), then a pass that
 * drops any kept path whose items the others already cover. The kept paths are the input's own
 * (ids unchanged, so `-g <id>` still replays one), in the input's order.
 */
export function coveringSet<T extends FlowPath>(paths: readonly T[]): T[] {
  const items = paths.map(pathItems);
  const uncovered = new Set<string>();
  for (const set of items) for (const x of set) uncovered.add(x);
  const chosen: number[] = [];
  while (uncovered.size > 0) {
    let best = -1;
    let bestGain = 0;
    for (let i = 0; i < paths.length; i++) {
      if (chosen.includes(i)) continue;
      let gain = 0;
      for (const x of items[i] as Set<string>) if (uncovered.has(x)) gain++;
      const shorter = best >= 0 && (paths[i] as T).steps.length < (paths[best] as T).steps.length;
      if (gain > bestGain || (gain === bestGain && gain > 0 && shorter)) {
        best = i;
        bestGain = gain;
      }
    }
    if (best < 0) break;
    chosen.push(best);
    for (const x of items[best] as Set<string>) uncovered.delete(x);
  }
  // Redundancy pass, longest first: a path whose every item another kept path has goes.
  const kept = new Set(chosen);
  const byLength = [...chosen].sort((a, b) => (paths[b] as T).steps.length - (paths[a] as T).steps.length);
  for (const i of byLength) {
    const others = new Set<string>();
    for (const j of kept) if (j !== i) for (const x of items[j] as Set<string>) others.add(x);
    if ([...(items[i] as Set<string>)].every((x) => others.has(x))) kept.delete(i);
  }
  return paths.filter((_, i) => kept.has(i));
}
