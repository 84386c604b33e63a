import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The security headers of the portal as served (issue #10), computed in this one module so the
 * sandbox, its tests and docs/deploy.md say the same thing.
 *
 * - Scripts: only files from this origin, plus any inline <script> of the built index.html allowed
 *   by its SHA-256 (computed from the file at start-up), never 'unsafe-inline'.
 * - Styles: files from this origin, the inline <style> blocks of index.html by hash, and the
 *   SHA-256 of the empty string. styled-components (production build) creates an empty <style>
 *   element and fills it through the CSSOM (insertRule), which CSP does not govern; the empty
 *   element is the only inline style it needs allowed. React's `style` props are set through the
 *   CSSOM too. So no 'unsafe-inline' for styles either: a stylesheet injected into the page (CSS
 *   used to read attribute values, or to redress the page) does not apply.
 * - Images: this origin and data: URLs only, so HTML in notifications cannot reach the network
 *   (a tracking pixel); plus, when the vault map has a tile server configured (VITE_MAP_TILE_URL,
 *   issue 31), exactly that server's origin, and nothing more when none is.
 * - Connections: this origin and the configured API origin (VITE_API_BASE_URL when absolute).
 * - Framing: nobody ('frame-ancestors none' and X-Frame-Options: DENY).
 */

/** SHA-256 of '' (an empty <style> element, see above). */
export const EMPTY_STYLE_HASH = `'sha256-${createHash('sha256').update('').digest('base64')}'`;

export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The CSP source expressions that allow exactly the inline <script> and <style> blocks of an HTML
 * page (scripts with a src are files, allowed by 'self'). A browser hashes the element's text as
 * written, so it is hashed here byte for byte.
 */
export function inlineHashes(html: string): InlineHashes {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    // JSON data blocks (importmap aside) are not run, but hashing them does no harm either.
    scripts.push(sha256(body));
  }
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi))
    styles.push(sha256(match[1] ?? ''));
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] };
}

export interface PolicyOptions {
  /** The built index.html, whose inline blocks are allowed by hash. */
  indexHtml?: string;
  /** Origins the portal calls besides its own (the API origin when it is elsewhere). */
  connectOrigins?: readonly string[];
  /** Origins images may come from besides its own (the vault map's tile server, if any). */
  imgOrigins?: readonly string[];
}

/** The Content-Security-Policy directives of the portal. */
export function contentSecurityPolicy(opts: PolicyOptions = {}): Record<string, string[]> {
  const hashes = opts.indexHtml ? inlineHashes(opts.indexHtml) : { scripts: [], styles: [] };
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...hashes.scripts],
    'style-src': ["'self'", EMPTY_STYLE_HASH, ...hashes.styles],
    'img-src': ["'self'", 'data:', ...(opts.imgOrigins ?? [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(opts.connectOrigins ?? [])],
    'frame-ancestors': ["'none'"],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
  };
}

/** The policy as one header value (docs, other web servers). */
export function policyHeader(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * The origin of an absolute API base URL (VITE_API_BASE_URL), or nothing for a path on this
 * origin such as the default '/api'.
 */
export function apiOrigin(apiBaseUrl: string | undefined): string[] {
  if (!apiBaseUrl || !/^https?:\/\//i.test(apiBaseUrl)) return [];
  return [new URL(apiBaseUrl).origin];
}

/**
 * The origin of the vault map's tile URL template (VITE_MAP_TILE_URL, src/runtime/map-tiles.ts), as a
 * CSP source: `https://{s}.tile.example.org/{z}/{x}/{y}.png` → `https://*.tile.example.org`;
 * nothing when no template is set. A template CSP cannot express (a `{` elsewhere in the host) is
 * refused, as the portal's configuration refuses it.
 */
export function tileOrigins(template: string | undefined): string[] {
  if (!template || template.trim() === '') return [];
  const m = /^(https?):\/\/((?:\{s\}\.)?[a-z0-9.-]+(?::\d+)?)\//i.exec(template.trim());
  if (!m || !m[1] || !m[2]) throw new Error(`VITE_MAP_TILE_URL is not a tile URL template: '${template}'`);
  const host = m[2].replace(/^\{s\}\./, '*.').toLowerCase();
  return [`${m[1].toLowerCase()}://${host}`];
}

/**
 * Registers the headers on every answer: the SPA, its files and the API. API answers carry
 * personal data, so they also say `Cache-Control: no-store` (no browser or proxy keeps a copy).
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: PolicyOptions = {}): void {
  // Registered on the root instance (helmet is not encapsulated), before any route.
  void app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(opts) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    xContentTypeOptions: true,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // The sandbox speaks plain HTTP; HSTS belongs to the TLS front of a deployment (docs/deploy.md).
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/')) {
      reply.header('cache-control', 'no-store');
      reply.header('pragma', 'no-cache');
    }
    return payload;
  });
}

/**
 * The portal's headers as nginx `add_header` lines, for the build whose index.html is given
 * (docs/deploy.md; `npx tsx scripts/deploy-headers.ts` prints them for dist/). The policy carries
 * the hashes of that build's inline blocks (the route preloader script, the prerendered page's
 * styled-components style), which change with every build: generate the lines with the build,
 * never copy them from a page.
 */
export function nginxHeaders(opts: PolicyOptions = {}): string {
  return [
    `add_header Content-Security-Policy "${policyHeader(contentSecurityPolicy(opts))}" always;`,
    'add_header X-Frame-Options DENY always;',
    'add_header X-Content-Type-Options nosniff always;',
    'add_header Referrer-Policy no-referrer always;',
    'add_header Cross-Origin-Opener-Policy same-origin always;',
    'add_header Cross-Origin-Resource-Policy same-origin always;',
  ].join('\n');
}
