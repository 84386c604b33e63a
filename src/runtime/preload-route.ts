/**
 * In-app route preloading, through the one route map of the build: the inline script of
 * dist/index.html (vite.config.ts) holds every route's files (scripts/route-preload.ts) and, besides
 * asking for the current route's files before the first paint, exposes its preload function on
 * `window[ROUTE_PRELOAD_HOOK]`. The router calls it on every navigation (src/app/routes.tsx), so a
 * route's page, actors, texts and (for a protected route) the shell are asked for at once, in one
 * wave, instead of the shell first and the page when the shell has arrived.
 *
 * Vite therefore writes no dependency list for the route table's lazy imports (its
 * `__vite__mapDeps` lists, 2.6 KB gz of /login's first load with 45 routes): see
 * `build.modulePreload.resolveDependencies` in vite.config.ts. Where there is no route map (`vite`
 * dev server, view tests, the build's prerender in Node) the hook is absent and nothing happens:
 * the lazy imports still load everything, one import after another.
 */

/** The window property the inline script of index.html sets. */
export const ROUTE_PRELOAD_HOOK = '__portalPreloadRoute';

type PreloadRoute = (path: string) => void;

/**
 * Asks for the files of the route at `path` (its pathname) with `<link rel=modulepreload>`: once
 * per file; a protected route only with a session, as on the first load. Cheap and idempotent, so it
 * may be called on every render of the router.
 */
export function preloadRoute(path: string): void {
  if (typeof window === 'undefined') return;
  const hook = (window as unknown as Record<string, unknown>)[ROUTE_PRELOAD_HOOK];
  if (typeof hook === 'function') (hook as PreloadRoute)(path);
}
