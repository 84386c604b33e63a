/**
 * The reads a route's first screen makes, started with the route's files (issue 26): the router
 * calls {@link startRouteReads} on every render, next to the files' preload (routes.tsx), so the
 * bank is asked while the shell and the page are still being drawn instead of after the page's
 * effects have run. The screen's own calls take the answers (src/api/early-reads.ts); a route
 * without an entry here reads as before. The module of each entry is already among the route's
 * files (index.html's route map), so nothing more is downloaded. This module is in the entry
 * (every route's first load): keep it to the table.
 */

/** Routes whose first reads start early: the path (case-insensitive, as the router matches) and what to read. */
const ROUTE_READS: readonly (readonly [RegExp, () => Promise<void>])[] = [
  [/^\/statement\/?$/i, () => import('./actors/statement-actors').then((m) => m.readStatementEarly())],
];

let lastPath: string | undefined;

/**
 * Starts the first reads of the route at `path` once per visit: another render at the same location
 * asks nothing; coming back to the route (any other location in between, /login included) reads
 * afresh. Never throws: a read that cannot start leaves the screen to make its own call.
 */
export function startRouteReads(path: string): void {
  if (path === lastPath) return;
  lastPath = path;
  const reads = ROUTE_READS.find(([pattern]) => pattern.test(path));
  if (reads) void reads[1]().catch(() => undefined);
}
