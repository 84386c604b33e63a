/**
 * Reads a screen's first calls make, started before the screen has rendered (issue 26: on /Statement
 * the header, balance and entries were asked for only once React had drawn the whole page and run
 * its effects, then the balance only after the client had answered; on a slow phone that chain was
 * most of the time to the largest paint).
 *
 * `readEarly` (operation.ts) sends a GET now and keeps its answer (or failure) under the request as
 * built; the first `callOperation` of the same operation with the same request, under the same
 * token and within {@link EARLY_READ_TTL_MS}, receives that answer instead of sending again. The
 * key is the request's JSON as written, so the early read and the actor build it with one function
 * (src/app/actors). Each answer is given once: a retry, a reload or a later visit asks the bank
 * afresh. A failure nobody takes is never reported unhandled. This module is in /login's first
 * load (with callOperation): keep it small.
 */
import type { OperationId } from './client';

/**
 * How long a read started early waits for its screen. Long enough for a slow phone to load and draw
 * the page (the 4x slowed mobile profile of Lighthouse takes 3-5 s), short enough that an answer
 * given to the screen is as recent as one the screen would have asked for itself.
 */
export const EARLY_READ_TTL_MS = 10_000;

const reads = new Map<string, { answer: Promise<unknown>; token: unknown; at: number }>();
const keyOf = (operation: OperationId, request: unknown) => operation + JSON.stringify(request);

/** Keeps the answer `send` starts, for the screen's call of `operation` with `request` under `token`. */
export function keepEarlyRead(
  operation: OperationId,
  request: unknown,
  token: unknown,
  send: () => Promise<unknown>,
): void {
  const answer = send();
  answer.catch(() => undefined);
  reads.set(keyOf(operation, request), { answer, token, at: Date.now() });
}

/**
 * The answer of a read started early for exactly this request under this token, once; undefined
 * when there is none, it waited too long or the token changed since.
 */
export function takeEarlyRead(
  operation: OperationId,
  request: unknown,
  token: unknown,
): Promise<unknown> | undefined {
  const key = keyOf(operation, request);
  const read = reads.get(key);
  reads.delete(key);
  return read && read.token === token && Date.now() - read.at <= EARLY_READ_TTL_MS ? read.answer : undefined;
}

/** Forgets every read waiting (a session that ends; tests). */
export function clearEarlyReads(): void {
  reads.clear();
}
