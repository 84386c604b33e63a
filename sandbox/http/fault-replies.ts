/**
 * The error entries an injected fault (/sandbox/faults, `reply`) may answer with: the shared
 * catalogue of replies.ts and the areas' own catalogues, which keep their codes beside their
 * routes (the key claims' PIXCLAIM group). A fault answers exactly what the route would.
 */
import { CLAIM_ERROR_GROUP, CLAIM_ERRORS } from '../routes/claim-errors.ts';
import { apiError, catalogueError, ERROR_CODES, type ErrorName, type Reply } from './replies.ts';

interface Entry {
  group: string;
  code: number;
  description: string;
}

const AREA_REPLIES: Readonly<Record<string, Entry>> = Object.fromEntries(
  Object.entries(CLAIM_ERRORS).map(([name, e]) => [name, { group: CLAIM_ERROR_GROUP, ...e }]),
);

/** Whether `name` is an entry a fault may answer with. */
export function isFaultReply(name: string): boolean {
  return Object.hasOwn(ERROR_CODES, name) || Object.hasOwn(AREA_REPLIES, name);
}

/** The answer of the entry `name` (see {@link isFaultReply}) with `status`. */
export function faultReply(status: number, name: string): Reply {
  if (Object.hasOwn(ERROR_CODES, name)) return catalogueError(status, name as ErrorName);
  const e = AREA_REPLIES[name] as Entry;
  return apiError(status, e.code, e.group, e.description);
}
