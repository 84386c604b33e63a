import { relative, sep } from 'node:path';

/**
 * How long browsers may keep the portal's static files (issue 8).
 *
 * vite names every file under assets/ after a hash of its content (`index-B1x9Qz.js`): a new build
 * gives a changed file a new name, so a stored copy can never be stale and the browser need not
 * even ask again — a year and `immutable`. Everything else (index.html, which names the current
 * hashed files, and any unhashed file at the root) must be checked on each load — `no-cache`
 * (store, but revalidate), so a deploy is seen on the next load.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** The Cache-Control for a file served from `root` (absolute path of the file). */
export function staticCacheControl(root: string, file: string): string {
  const path = relative(root, file);
  return path.startsWith(`assets${sep}`) ? IMMUTABLE : REVALIDATE;
}

/** `setHeaders` for @fastify/static: runs after its own headers, so this Cache-Control wins. */
export function staticCacheHeaders(root: string) {
  return (reply: { header(name: string, value: string): unknown }, file: string): void => {
    reply.header('cache-control', staticCacheControl(root, file));
  };
}
