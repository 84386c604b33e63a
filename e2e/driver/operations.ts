/**
 * The page calls of every operation of the contract, read from openapi/portal.yaml: method and
 * path (under the contract's server URL, `/api`) by operationId. The call gates of the bindings
 * match requests with it, so a binding names an operation as the contract does and no binding
 * keeps a hand-written table of URL patterns that could drift from the contract.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/** One operation as the page calls it. */
export interface OperationCall {
  method: string;
  /** The request's pathname, e.g. /^\/api\/client\/[^/]+\/balance$/ for /client/{accountId}/balance. */
  path: RegExp;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

interface Contract {
  servers?: { url?: string }[];
  paths?: Record<string, Partial<Record<(typeof METHODS)[number], { operationId?: string }>>>;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/client/{accountId}/balance` under `/api` → /^\/api\/client\/[^/]+\/balance$/. */
export function pathPattern(base: string, template: string): RegExp {
  const parts = `${base}${template}`.split(/\{[^}]+\}/).map(escape);
  return new RegExp(`^${parts.join('[^/]+')}$`);
}

/** Every operation of a contract's text, by operationId. */
export function readOperations(yamlText: string): Record<string, OperationCall> {
  const contract = parse(yamlText) as Contract;
  const base = (contract.servers?.[0]?.url ?? '').replace(/\/$/, '');
  const out: Record<string, OperationCall> = {};
  for (const [template, item] of Object.entries(contract.paths ?? {})) {
    for (const method of METHODS) {
      const id = item[method]?.operationId;
      if (id) out[id] = { method: method.toUpperCase(), path: pathPattern(base, template) };
    }
  }
  return out;
}

/** The contract's operations (read once per worker). */
export const OPERATIONS: Readonly<Record<string, OperationCall>> = readOperations(
  readFileSync(new URL('../../openapi/portal.yaml', import.meta.url), 'utf8'),
);

/** The call of `op`; an operationId the contract does not have fails at once, naming it. */
export function operationCall(op: string): OperationCall {
  const call = OPERATIONS[op];
  if (!call) throw new Error(`'${op}' não é um operationId de openapi/portal.yaml`);
  return call;
}

/** Whether a request (method and URL) is a call of operation `op`. */
export function isCallOf(op: string, request: { method(): string; url(): string }): boolean {
  const call = OPERATIONS[op];
  return (
    call !== undefined && call.method === request.method() && call.path.test(new URL(request.url()).pathname)
  );
}
