import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Every answer of a compressible type (JSON, problem+json, HTML, text) is compressed when the
 * client accepts it, brotli first and then gzip (issue 26: a 5,000-entry statement was 4.0 MB of
 * JSON on the wire even to a client that asked for gzip). Brotli at quality 4, the plugin's
 * default: 11 takes seconds on a statement of that size for a few percent less.
 *
 * The built scripts and stylesheets are not compressed again: @fastify/static sends their .br
 * and .gz files with their Content-Encoding, which the plugin leaves alone.
 *
 * `Vary: Accept-Encoding` goes on every API answer, compressed or not (a small one is sent as it
 * is, a large one in the encoding asked for), so no cache could hand one client's encoding to
 * another; API answers also say `Cache-Control: no-store` (security-headers.ts), since they carry
 * personal data.
 */
export function registerCompression(app: FastifyInstance): void {
  // Registered on the root instance (the plugin is not encapsulated), before any route.
  void app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/')) addVary(reply, 'accept-encoding');
    return payload;
  });
}

/** Adds a header name to Vary, once (the compression plugin adds accept-encoding the same way). */
function addVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary');
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  if (names.some((n) => n.toLowerCase() === name || n === '*')) return;
  reply.header('vary', [...names, name].join(', '));
}
