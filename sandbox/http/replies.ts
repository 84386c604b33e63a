import type { components } from '../../openapi/portal.d.ts';
import { ERROR_CODES, type ErrorName } from './error-catalogue.ts';
import type { FieldError } from '../contract/contract.ts';

type Schemas = components['schemas'];

/** What a handler answers: a status, a body and its media type (JSON unless told). */
export interface Reply {
  status: number;
  body?: unknown;
  contentType?: string;
  /** Extra response headers (Retry-After). */
  headers?: Readonly<Record<string, string>>;
}

export const PROBLEM_JSON = 'application/problem+json';

/** Success envelope `{ data }` (DESIGN.md, Project decisions). */
export function ok<T>(data: T): Reply {
  return { status: 200, body: { data } };
}

export function ack(message?: string): Reply {
  const data: Schemas['Ack'] = message ? { success: true, message } : { success: true };
  return ok(data);
}

/** A failure following the error catalogue (1-access-shell-statement.md §8). */
export function apiError(
  status: number,
  code: number,
  group: string,
  description: string,
  messages?: string[],
): Reply {
  const body: Schemas['ApiErrorBody'] = {
    error: { code, group, description },
    errorMessage: description,
    statusCode: status,
    ...(messages && messages.length > 0 ? { messages } : {}),
  };
  return { status, body };
}

/** RFC 9457 problem details. Only 400 is described by the contract (schema Problem). */
export function problem(
  status: number,
  title: string,
  detail: string,
  errors?: readonly FieldError[],
  type = 'about:blank',
): Reply {
  return {
    status,
    contentType: PROBLEM_JSON,
    body: { type, title, status, detail, ...(errors ? { errors } : {}) },
  };
}

export function badRequest(detail: string, errors: readonly FieldError[]): Reply {
  return problem(400, 'Requisição inválida', detail, errors, '/sandbox/problems/validation');
}

// The catalogue itself is error-catalogue.ts; its names stay importable from here, where every
// route already takes its replies from, so that moving it touched no route.
export { ERROR_CODES, type ErrorName } from './error-catalogue.ts';

/** A failure of the bank's catalogue, by its name there. */
export function catalogueError(status: number, name: ErrorName, messages?: string[]): Reply {
  const e = ERROR_CODES[name];
  return apiError(status, e.code, e.group, e.description, messages);
}

/**
 * 429: the caller must wait `seconds` before trying again (a progressive delay or a lock). The wait
 * is in the body for the portal's message and in Retry-After for any HTTP client.
 */
export function tooManyAttempts(seconds: number): Reply {
  const e = ERROR_CODES.tooManyAttempts;
  const out = apiError(429, e.code, e.group, e.description);
  return {
    ...out,
    body: { ...(out.body as object), retryAfterSeconds: seconds },
    headers: { 'retry-after': String(seconds) },
  };
}
