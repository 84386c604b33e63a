import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound, send } from './send.ts';
import { staticCacheHeaders } from './static-cache.ts';

/** The built portal's folder when it holds an index.html, else undefined (an API-only sandbox). */
export function spaFolder(staticDir: string | undefined): string | undefined {
  if (staticDir === undefined) return undefined;
  const root = resolve(staticDir);
  return existsSync(resolve(root, 'index.html')) ? root : undefined;
}

/**
 * The built portal (dist/) at /, and the answer to every unknown path: a client-side route gets
 * the SPA, anything else (an API or sandbox path, a missing file) a 404 problem+json.
 */
export function registerStatic(app: FastifyInstance, spaRoot: string | undefined): void {
  if (spaRoot !== undefined) {
    // preCompressed: the build writes .br and .gz beside each script and stylesheet (vite.config.ts);
    // a browser that accepts them gets the compressed file, as from a CDN.
    app.register(fastifyStatic, {
      root: spaRoot,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      // Source maps give the whole source away; a build that made them still does not serve them.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      // Hashed files under assets/ for a year, everything else revalidated (static-cache.ts).
      setHeaders: staticCacheHeaders(spaRoot),
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    const isSandbox = path === '/sandbox' || path.startsWith('/sandbox/');
    // A missing file (a source map, an old asset) is a 404, not the SPA: only routes fall back.
    const isFile = /\.[a-z0-9]+$/i.test(path) && !path.endsWith('.html');
    if (
      spaRoot !== undefined &&
      !isApi &&
      !isSandbox &&
      !isFile &&
      (request.method === 'GET' || request.method === 'HEAD')
    ) {
      // Client-side routes (/Statement, /Pix...) get the SPA; the router draws them.
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    }
    return send(reply, notFound(request.method, path));
  });
}
