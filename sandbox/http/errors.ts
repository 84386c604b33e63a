import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, catalogueError, problem, PROBLEM_JSON } from './replies.ts';
import { send } from './send.ts';

/** Fastify's own refusals (a URL it cannot decode, a bad content type) answer problem+json too. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  void send(
    reply,
    problem(status, status === 400 ? 'Requisição inválida' : 'Requisição recusada', error.message),
  );
}

/**
 * Refusals of Node's HTTP parser (an oversize header is 431) happen before Fastify sees a
 * request: the answer is written on the socket, in the same problem+json form.
 */
export function clientErrorHandler(error: Error, socket: Socket): void {
  const code = (error as NodeJS.ErrnoException).code;
  const status = code === 'HPE_HEADER_OVERFLOW' ? 431 : code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const titles: Record<number, string> = {
    400: 'Requisição malformada',
    408: 'Tempo da requisição esgotado',
    431: 'Cabeçalhos grandes demais',
  };
  const reasons: Record<number, string> = {
    400: 'Bad Request',
    408: 'Request Timeout',
    431: 'Request Header Fields Too Large',
  };
  const body = JSON.stringify({
    type: 'about:blank',
    title: titles[status],
    status,
    detail:
      status === 431
        ? 'The request headers exceed the size the bank accepts.'
        : 'The HTTP request could not be read.',
  });
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${reasons[status]}\r\nContent-Type: ${PROBLEM_JSON}; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  } else socket.destroy(error);
}

/**
 * Errors thrown while answering: a 500 says nothing of its cause (logged only), a 400 names the
 * body or the request, the rest are problem+json.
 */
export function registerErrorHandler(app: FastifyInstance, logger: boolean): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      // The cause goes to the log only: its text (a stack overflow, a file path) tells an
      // attacker how the bank is built and tells a customer nothing.
      if (logger) request.log.error({ err: error }, 'sandbox handler failed');
      else console.error('[sandbox] handler failed:', error);
      return send(reply, catalogueError(500, 'internal'));
    }
    if (status === 400) {
      const field =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? '(body)'
          : '(request)';
      return send(reply, badRequest(error.message, [{ field, message: error.message }]));
    }
    const titles: Record<number, string> = {
      413: 'Corpo da requisição grande demais',
      415: 'Tipo de conteúdo não aceito',
    };
    return send(reply, problem(status, titles[status] ?? 'Requisição recusada', error.message));
  });
}
