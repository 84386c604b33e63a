import negotiate from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { constants, type BrotliOptions } from 'node:zlib';

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/** The encodings offered, best first. */
const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];
export type Encoding = (typeof ENCODINGS)[number];

/** Brotli at quality 4 (the plugin's default, said here so the answer cache compresses alike). */
export const BROTLI_OPTIONS: BrotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

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
    encodings: ENCODINGS,
    threshold: COMPRESSION_THRESHOLD,
    brotliOptions: BROTLI_OPTIONS,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/')) addVary(reply, 'accept-encoding');
    return payload;
  });
}

/**
 * The encoding the compression plugin would choose for a request's headers, or undefined for
 * none: the same negotiator and the same rules (`x-no-compression`, `*` and `x-gzip` read as
 * gzip), so an answer sent already compressed (http/answer-cache.ts) is the one the plugin sends.
 */
export function negotiatedEncoding(
  headers: Readonly<Record<string, string | string[] | undefined>>,
): Encoding | undefined {
  if (headers['x-no-compression'] !== undefined) return undefined;
  const accepted = headers['accept-encoding'];
  if (typeof accepted !== 'string') return undefined;
  return negotiate(accepted.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS) ?? undefined;
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
