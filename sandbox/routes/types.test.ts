import { describe, expect, it } from 'vitest';
import { ok, type Reply } from '../http/replies.ts';
import {
  handlerFor,
  serverRequest,
  type Handlers,
  type OperationInput,
  type SandboxContext,
  type ServerRequest,
} from './types.ts';

// The compile-time half of these checks runs in `npx tsc --noEmit -p .`: each `@ts-expect-error`
// fails the typecheck the day the line below it starts compiling.

function getPixTutorial({ params }: OperationInput<'getPixTutorial'>, _ctx: SandboxContext): Reply {
  return ok({ accountId: params.accountId });
}

/** A handler written the old way: the untyped request, parameters read by name. */
function untypedHandler(input: ServerRequest, _ctx: SandboxContext): Reply {
  return ok({ accountId: String(input.params['accountId']) });
}

const typedTable = { getPixTutorial } satisfies Handlers;

// @ts-expect-error a handler on the server's untyped request does not fit a table
const untypedTable = { getPixTutorial: untypedHandler } satisfies Handlers;

// @ts-expect-error a handler typed for one operation does not fit another's key
const misfiled = { listAliases: getPixTutorial } satisfies Handlers;

const ctx = {} as SandboxContext;

describe('sandbox handler tables', () => {
  it("call the operation's handler with the request the server built, unchanged", () => {
    const request = serverRequest({
      operationId: 'getPixTutorial',
      params: { accountId: 'acc-1' },
      query: {},
      body: undefined,
      headers: {},
      session: null,
      remoteAddress: '127.0.0.1',
    });
    expect(handlerFor(typedTable, 'getPixTutorial')?.(request, ctx)).toEqual({
      status: 200,
      body: { data: { accountId: 'acc-1' } },
    });
    expect(handlerFor(typedTable, 'listAliases')).toBeUndefined();
    // The tables that do not compile still hold their functions at run time; only the types refuse them.
    expect(Object.keys({ ...untypedTable, ...misfiled })).toEqual(['getPixTutorial', 'listAliases']);
  });
});
