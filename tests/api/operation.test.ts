/**
 * A call written once (src/api/operation.ts): every operationId of the contract reaches its method
 * and path through the generated route table, with the deviceId header and the request's parts,
 * and its errors carry the operationId. The `@ts-expect-error` lines are the typing's own test:
 * `npm run typecheck` fails if a wrong request or a name the contract lacks ever compiles.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { createActor, toPromise } from 'xstate';
import { beforeEach, describe, expect, it } from 'vitest';
import { OPERATION_ROUTES } from '../../openapi/portal-routes';
import { createApiClient, setApiClient, type OperationId } from '../../src/api/client';
import { callOperation, fromOperation, type OperationRequest } from '../../src/api/operation';

const contract = parse(readFileSync(join(import.meta.dirname, '../../openapi/portal.yaml'), 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string }>>;
};
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const fromYaml = Object.entries(contract.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method, op]) => METHODS.includes(method) && op.operationId)
    .map(([method, op]) => ({ id: op.operationId as OperationId, method: method.toUpperCase(), path })),
);

let seen: Request[] = [];
let status = 200;
let answer: unknown = { data: { ok: true } };

beforeEach(() => {
  seen = [];
  status = 200;
  answer = { data: { ok: true } };
  setApiClient(
    createApiClient({
      baseUrl: 'http://bank.test/api',
      getToken: () => 'tok',
      exists: () => false,
      fetch: async (request) => {
        seen.push(request);
        const body = status === 200 ? answer : { error: { code: 1 } };
        return new Response(JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json' },
        });
      },
    }),
  );
});

/** Path parameters named after the template's placeholders, each given a sample value. */
function samplePath(template: string): Record<string, string> {
  return Object.fromEntries([...template.matchAll(/\{([^}]+)\}/g)].map(([, name]) => [name, `v-${name}`]));
}

describe('the generated route table (openapi/portal-routes.ts)', () => {
  it('has every operation of openapi/portal.yaml at its method and path, and no other', () => {
    const table = Object.entries(OPERATION_ROUTES).map(([id, r]) => ({ id, ...r }));
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(table.sort(byId)).toEqual([...fromYaml].sort(byId));
  });
});

describe('callOperation', () => {
  it.each(fromYaml.map((o) => [o.id, o] as const))('%s calls its method and path', async (_id, op) => {
    const request = { path: samplePath(op.path) } as unknown as OperationRequest<typeof op.id>;
    await callOperation(op.id, request).catch(() => undefined);
    const req = seen[0] as Request;
    expect(req.method).toBe(op.method);
    const expected = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => `v-${name}`);
    expect(new URL(req.url).pathname).toBe(`/api${expected}`);
    expect(req.headers.get('deviceId')).toBeTruthy();
  });

  it('sends the query, the movement headers and the JSON body, and answers the payload', async () => {
    answer = { data: { endToEndId: 'D1' } };
    const out = await callOperation('refundPixPayment', {
      path: { accountId: '1001' },
      header: { 'S-Transaction': '50|1001|t-1', 'S-Confirmation': 'conf-1' },
      body: { transactionId: 't-1', valor: 50, externalIdentifier: 'e1' } as never,
    });
    expect(out).toEqual({ endToEndId: 'D1' });
    const req = seen[0] as Request;
    expect(req.headers.get('S-Transaction')).toBe('50|1001|t-1');
    expect(req.headers.get('S-Confirmation')).toBe('conf-1');
    expect(await req.json()).toMatchObject({ transactionId: 't-1', valor: 50 });

    seen = [];
    await callOperation('getStatement', {
      path: { accountId: '1001' },
      query: { start: '2026-11-01', ending: '2026-11-21' },
    });
    const url = new URL((seen[0] as Request).url);
    expect(url.searchParams.get('start')).toBe('2026-11-01');
    expect(url.searchParams.get('ending')).toBe('2026-11-21');
  });

  it.each(fromYaml.map((o) => [o.id, o] as const))(
    '%s tags its errors with the operationId',
    async (id, op) => {
      status = 422;
      const request = { path: samplePath(op.path) } as unknown as OperationRequest<typeof id>;
      await expect(callOperation(id, request)).rejects.toMatchObject({ operation: id, status: 422 });
    },
  );
});

describe('fromOperation', () => {
  it('is an actor whose input maps to the request and whose output is the payload', async () => {
    answer = { data: { accountId: '1001', name: 'Maria' } };
    const logic = fromOperation('getClient', (input: { accountId: string }) => ({ path: input }));
    const out = await toPromise(createActor(logic, { input: { accountId: '1001' } }).start());
    expect(out).toEqual({ accountId: '1001', name: 'Maria' });
    expect(new URL((seen[0] as Request).url).pathname).toBe('/api/client/1001');
  });

  it('fails with the ApiError of the call, tagged with the operation', async () => {
    status = 422;
    const logic = fromOperation('listAddresses');
    const actor = createActor(logic, { input: { path: { accountHolderId: '5001', accountId: '1001' } } });
    await expect(toPromise(actor.start())).rejects.toMatchObject({ operation: 'listAddresses', status: 422 });
  });
});

/** Never run: `npm run typecheck` fails if any of these compiles (each needs its error). */
export function refusedAtCompileTime(): void {
  // @ts-expect-error: not an operationId of the contract
  fromOperation('getClientV2');
  // @ts-expect-error: listAddresses needs accountHolderId in its path
  fromOperation('listAddresses', (input: { accountId: string }) => ({ path: input }));
  // @ts-expect-error: refundPixPayment needs its S-Transaction header
  fromOperation('refundPixPayment', () => ({ path: { accountId: '1' }, body: {} as never }));
  const toBalanceRequest = (input: { accountId: string }) => ({ path: input });
  // @ts-expect-error: the machine's output must be the answer or wider, not another shape
  fromOperation<'getBalance', { accountId: string }, { other: 1 }>('getBalance', toBalanceRequest);
}
