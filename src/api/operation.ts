/**
 * A call written once: `fromOperation('createAddress', (input) => ({ path, body }))` is the actor a
 * machine's `mustProvide` asks for, typed from the contract. Its request (path, query, header and
 * JSON body) is `operations[K]` of openapi/portal.d.ts, its output the payload of the operation's
 * success envelope, and where the operation lives comes from openapi/portal-routes.ts (generated
 * with the types by `npm run gen:api`). The deviceId header, the client's middleware and the
 * ApiError of a failure are the same as every call's (client.ts).
 *
 * A wrapper in a tag module is kept only where a call really transforms: a body that is not JSON
 * (a form, a file), an answer that is not the envelope (a PDF), or an answer reshaped for a view.
 *
 * `readEarly` starts a screen's first read before the screen renders; the screen's own call of the
 * same request then takes that answer (early-reads.ts).
 */
import { fromPromise, type PromiseActorLogic } from 'xstate';
import type { operations } from '../../openapi/portal';
import { OPERATION_ROUTES } from '../../openapi/portal-routes';
import {
  api,
  call,
  currentToken,
  deviceHeader,
  type CallOptions,
  type FetchResult,
  type OperationId,
} from './client';
import { keepEarlyRead, takeEarlyRead } from './early-reads';

type Parameters_<K extends OperationId> = operations[K]['parameters'];
type Defined<T> = Exclude<T, undefined>;
type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;

type PathOf<K extends OperationId> = Defined<Parameters_<K>['path']>;
type QueryOf<K extends OperationId> = Defined<Parameters_<K>['query']>;
/** The operation's headers but deviceId, which every call sends (client.ts). */
type HeaderOf<K extends OperationId> = Omit<Defined<Parameters_<K>['header']>, 'deviceId'>;
type BodyOf<K extends OperationId> = JsonOf<Defined<operations[K]['requestBody']>>;

/** A part of the request: absent when the operation has none, optional when all its fields are. */
type Part<Name extends string, T> = [T] extends [never]
  ? unknown
  : keyof T extends never
    ? unknown
    : object extends T
      ? { [P in Name]?: T }
      : { [P in Name]: T };

/** What one call of operation `K` sends, as the contract types it. */
export type OperationRequest<K extends OperationId> = Part<'path', PathOf<K>> &
  Part<'query', QueryOf<K>> &
  Part<'header', HeaderOf<K>> &
  Part<'body', BodyOf<K>>;

type SuccessBody<K extends OperationId> = JsonOf<
  operations[K]['responses'] extends { 200: infer R } ? R : never
>;

/** What operation `K` answers: the payload of its success envelope `{ data }` (or the body itself). */
export type OperationResult<K extends OperationId> = [SuccessBody<K>] extends [never]
  ? undefined
  : NonNullable<SuccessBody<K>> extends { data?: infer P }
    ? P
    : SuccessBody<K>;

interface RequestParts {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  header?: Record<string, unknown>;
  body?: unknown;
}

/** openapi-fetch's `request`, with its per-path typing left to {@link OperationRequest}. */
type UntypedRequest = (method: string, url: string, init: Record<string, unknown>) => Promise<FetchResult>;

/**
 * Calls operation `K`: its payload, or a thrown ApiError tagged with `K` (client.ts `call`).
 * The one place a request leaves by operationId; the typing is {@link OperationRequest}'s.
 */
export function callOperation<K extends OperationId>(
  operation: K,
  request: OperationRequest<K>,
  opts: CallOptions = {},
): Promise<OperationResult<K>> {
  const early = takeEarlyRead(operation, request, currentToken());
  if (early) return early as Promise<OperationResult<K>>;
  return send(operation, request, opts);
}

/** The operations that only read (GET): the only ones {@link readEarly} takes. */
export type ReadOperationId = {
  [K in OperationId]: (typeof OPERATION_ROUTES)[K]['method'] extends 'GET' ? K : never;
}[OperationId];

/**
 * Sends a read of operation `K` now, before the screen that makes it has rendered; that screen's
 * call of the same request takes its answer (early-reads.ts). Only a GET compiles: a read sent once
 * more, or never taken, changes nothing at the bank.
 */
export function readEarly<K extends ReadOperationId>(operation: K, request: OperationRequest<K>): void {
  keepEarlyRead(operation, request, currentToken(), () => send(operation, request));
}

function send<K extends OperationId>(
  operation: K,
  request: OperationRequest<K>,
  opts: CallOptions = {},
): Promise<OperationResult<K>> {
  const { method, path: url } = OPERATION_ROUTES[operation];
  const { path, query, header, body } = request as RequestParts;
  const untyped = api.request as unknown as UntypedRequest;
  return call(operation, () =>
    untyped(method, url, {
      params: { header: { ...deviceHeader(), ...header }, path, query },
      ...(body === undefined ? {} : { body }),
      signal: opts.signal,
    }),
  ) as Promise<OperationResult<K>>;
}

/** Refuses (an extra `never` argument) an output the operation's answer is not one of. */
type Widens<TAnswer, TOutput> = [TAnswer] extends [TOutput] ? [] : [answerIsNotOutput: never];

/**
 * The actor of a machine's call to operation `K`. Without `mapInput` the machine's input is the
 * request itself; with it, `mapInput` builds the request from the machine's input. Input and
 * output types are inferred from the actor table's `satisfies FlowActors[...]` (or written on the
 * parameter); the output may be a wider type than the answer (a union the machine also gets from
 * another call), never a narrower or other one.
 */
export function fromOperation<K extends OperationId, TOutput = OperationResult<K>>(
  operation: K,
  ...check: Widens<OperationResult<K>, TOutput>
): PromiseActorLogic<TOutput, OperationRequest<K>>;
export function fromOperation<K extends OperationId, TInput, TOutput = OperationResult<K>>(
  operation: K,
  mapInput: (input: TInput) => OperationRequest<K>,
  ...check: Widens<OperationResult<K>, TOutput>
): PromiseActorLogic<TOutput, TInput>;
export function fromOperation<K extends OperationId, TInput, TOutput>(
  operation: K,
  mapInput?: (input: TInput) => OperationRequest<K>,
): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      callOperation(operation, mapInput ? mapInput(input) : (input as OperationRequest<K>), {
        signal,
      }) as Promise<TOutput>,
  );
}
