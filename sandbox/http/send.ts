import type { FastifyReply } from 'fastify';
import { problem, type Reply } from './replies.ts';

/** Writes a handler's answer (status, headers, body) on Fastify's reply. */
export function send(reply: FastifyReply, out: Reply): FastifyReply {
  reply.code(out.status);
  if (out.headers) reply.headers(out.headers);
  if (out.body === undefined) return reply.send();
  return reply.type(out.contentType ?? 'application/json; charset=utf-8').send(out.body);
}

/** A copy of an object (params, query, a test route's body); anything else is `{}`. */
export function plainObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? { ...(value as Record<string, unknown>) } : {};
}

/** The problem+json of a path that does not exist. */
export function notFound(method: string, path: string): Reply {
  return problem(
    404,
    'Rota não encontrada',
    `${method} ${path} does not exist`,
    undefined,
    '/sandbox/problems/not-found',
  );
}
