import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './db/demo-logins.ts';
import { buildServer } from './server.ts';
import { call, contract, databaseSnapshot, login, startSandbox, type TestSandbox } from './test-support.ts';
import { DEMO_USERS } from '../demo/users.ts';

/**
 * Issue #10, "Input the bank must refuse" and "every error is problem+json": each case was a
 * reproduction against the sandbox before the fix.
 */

interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: { field: string; message: string }[];
}

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb.app.close();
});

const maria = () => login(sb.app, DEMO_USERS.maria.email, DEMO_PASSWORD);

function address(overrides: Record<string, unknown> = {}) {
  return {
    addressOne: 'Rua Augusta',
    number: '100',
    neighborhood: 'Consolação',
    city: 'São Paulo',
    state: 'SP',
    postalCode: '01305-000',
    ...overrides,
  };
}

async function updateClientBody(
  session: Awaited<ReturnType<typeof maria>>,
  extra: Record<string, unknown> = {},
) {
  const client = await call<{ data: { client: { name: string; taxIdentifier: { taxId: string } } } }>(
    sb.app,
    'getClient',
    { token: session.token, params: { accountId: session.accountId } },
  );
  return {
    externalIdentifier: `upd-${Math.random().toString(36).slice(2)}`,
    client: { name: client.body.data.client.name, taxIdentifier: client.body.data.client.taxIdentifier },
    ...extra,
  };
}

/** Every string schema of the contract, with where it is. */
function stringSchemas(): { where: string; schema: Record<string, unknown> }[] {
  const found: { where: string; schema: Record<string, unknown> }[] = [];
  const walk = (node: unknown, where: string) => {
    if (Array.isArray(node)) {
      node.forEach((n, i) => walk(n, `${where}/${i}`));
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    const type = record.type;
    const isString = type === 'string' || (Array.isArray(type) && type.includes('string'));
    // `examples` hold values, not schemas.
    if (isString && !where.includes('/example')) found.push({ where, schema: record });
    for (const [key, value] of Object.entries(record)) {
      if (key === 'example' || key === 'examples') continue;
      walk(value, `${where}/${key}`);
    }
  };
  walk(contract.document, '#');
  return found;
}

describe('contract: every string is bounded', () => {
  it('every string schema has a maxLength (or is an enum or const)', () => {
    const unbounded = stringSchemas()
      .filter(
        ({ schema }) =>
          schema.maxLength === undefined && schema.enum === undefined && schema.const === undefined,
      )
      .map(({ where }) => where);
    expect(unbounded).toEqual([]);
  });

  it('a 900 kB name, a 600 kB mnemonic and a 1 MB cookie are refused with 400 naming the field', async () => {
    const session = await maria();
    const before = databaseSnapshot(sb.app);
    const name = await call<Problem>(sb.app, 'updateClient', {
      token: session.token,
      params: { accountHolderId: session.accountHolderId, accountId: session.accountId },
      json: {
        ...(await updateClientBody(session)),
        client: { name: 'A'.repeat(900_000), taxIdentifier: { taxId: DEMO_USERS.maria.taxId } },
      },
    });
    expect(name.status).toBe(400);
    expect(name.body.errors?.map((e) => e.field)).toContain('client.name');
    const mnemonic = await call<Problem>(sb.app, 'createAddress', {
      token: session.token,
      params: { accountHolderId: session.accountHolderId, accountId: session.accountId },
      json: address({ mnemonic: 'm'.repeat(600_000) }),
    });
    expect(mnemonic.status).toBe(400);
    expect(mnemonic.body.errors?.map((e) => e.field)).toContain('mnemonic');
    const cookie = await call<Problem>(sb.app, 'login', {
      form: { username: DEMO_USERS.maria.email, password: DEMO_PASSWORD, cookie: 'c'.repeat(900_000) },
    });
    expect(cookie.status).toBe(400);
    expect(cookie.body.errors?.map((e) => e.field)).toContain('cookie');
    expect(databaseSnapshot(sb.app)).toBe(before);
  });
});

describe('text fields', () => {
  it.each([
    ['a control character', 'Rua\u0007Augusta'],
    ['a right-to-left override', 'Rua \u202EatsuguA'],
    ['a lone surrogate', 'Rua \uD800 Augusta'],
    ['a NUL', 'Rua\u0000'],
  ])('%s in a text field → 400 naming the field, nothing written', async (_what, value) => {
    const session = await maria();
    const before = databaseSnapshot(sb.app);
    const res = await call<Problem>(sb.app, 'createAddress', {
      token: session.token,
      params: { accountHolderId: session.accountHolderId, accountId: session.accountId },
      json: address({ addressOne: value }),
    });
    expect(res.status).toBe(400);
    expect(res.contentType).toContain('application/problem+json');
    expect(res.body.errors?.map((e) => e.field)).toContain('addressOne');
    expect(databaseSnapshot(sb.app)).toBe(before);
  });

  it('accents, line-free punctuation and emoji are still fine', async () => {
    const session = await maria();
    const res = await call(sb.app, 'createAddress', {
      token: session.token,
      params: { accountHolderId: session.accountHolderId, accountId: session.accountId },
      json: address({ addressOne: 'Av. São João, 1º andar — ç 😀', mnemonic: 'Casa da vó' }),
    });
    expect(res.status).toBe(200);
  });
});

describe('address book size', () => {
  it('a customer cannot store more than the limit of addresses', async () => {
    const local = await startSandbox();
    try {
      const session = await login(local.app, DEMO_USERS.maria.email, DEMO_PASSWORD);
      const params = { accountHolderId: session.accountHolderId, accountId: session.accountId };
      let last = 200;
      let created = 0;
      for (let i = 0; i < 60 && last === 200; i++) {
        const res = await call(local.app, 'createAddress', { token: session.token, params, json: address() });
        last = res.status;
        if (res.status === 200) created++;
      }
      expect(last).toBe(422);
      const list = await call<{ data: { addresses: unknown[] } }>(local.app, 'listAddresses', {
        token: session.token,
        params,
      });
      expect(list.body.data.addresses.length).toBe(20);
      expect(created).toBeGreaterThan(0);
    } finally {
      await local.app.close();
    }
  });
});

describe('dates and ids', () => {
  it('a birth date before 1900 is refused with a clear message naming the field', async () => {
    const session = await maria();
    for (const birthDate of ['0100-01-01', '0001-01-01', '1899-12-31']) {
      const body = await updateClientBody(session);
      const res = await call<Problem>(sb.app, 'updateClient', {
        token: session.token,
        params: { accountHolderId: session.accountHolderId, accountId: session.accountId },
        json: { ...body, client: { ...body.client, birthDate } },
      });
      expect(res.status, birthDate).toBe(400);
      const error = res.body.errors?.find((e) => e.field === 'client.birthDate');
      expect(error?.message, birthDate).toMatch(/1900/);
    }
  });

  it('a statement period before 1900 is refused naming the field', async () => {
    const session = await maria();
    const res = await call<Problem>(sb.app, 'getStatement', {
      token: session.token,
      params: { accountId: session.accountId },
      query: { start: '0100-01-01', ending: '0100-01-31' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toContain('start');
  });

  it('path ids are decimal only: 0x5 does not delete address 5', async () => {
    const session = await maria();
    const params = { accountHolderId: session.accountHolderId, accountId: session.accountId };
    const created = await call<{ data: { addressId: string } }>(sb.app, 'createAddress', {
      token: session.token,
      params,
      json: address(),
    });
    const id = Number(created.body.data.addressId);
    const before = databaseSnapshot(sb.app);
    for (const bad of [`0x${id.toString(16)}`, ` ${id}`, `${id}.0`, `+${id}`, `${id}e0`]) {
      const res = await call<Problem>(sb.app, 'deleteAddress', {
        token: session.token,
        params: { ...params, addressId: bad },
      });
      expect(res.status, bad).toBe(400);
      expect(
        res.body.errors?.map((e) => e.field),
        bad,
      ).toContain('addressId');
    }
    expect(databaseSnapshot(sb.app)).toBe(before);
  });

  it("updateClient's externalIdentifier is unique per customer, not across customers", async () => {
    const session = await maria();
    const padaria = await login(sb.app, DEMO_USERS.padaria.email, DEMO_PASSWORD);
    const shared = 'same-id-for-two-customers';
    const mariaBody = { ...(await updateClientBody(session)), externalIdentifier: shared };
    const first = await call<{ data: { name: string } }>(sb.app, 'updateClient', {
      token: session.token,
      params: { accountHolderId: session.accountHolderId, accountId: session.accountId },
      json: mariaBody,
    });
    expect(first.status).toBe(200);
    const padariaBody = await call<{ data: { client: { taxIdentifier: { taxId: string } } } }>(
      sb.app,
      'getClient',
      { token: padaria.token, params: { accountId: padaria.accountId } },
    );
    const renamed = 'Padaria Pão Dourado Renomeada Ltda';
    const second = await call<{ data: { name: string } }>(sb.app, 'updateClient', {
      token: padaria.token,
      params: { accountHolderId: padaria.accountHolderId, accountId: padaria.accountId },
      json: {
        externalIdentifier: shared,
        client: { name: renamed, taxIdentifier: padariaBody.body.data.client.taxIdentifier },
      },
    });
    expect(second.status).toBe(200);
    expect(second.body.data.name).toBe(renamed);
  });
});

describe('updateClient body shape', () => {
  it('a 5,000-level nested body is a 400 from the schema, not a 500', async () => {
    const session = await maria();
    let nested = '{}';
    for (let i = 0; i < 5000; i++) nested = `{"a":${nested}}`;
    const body = JSON.stringify(await updateClientBody(session)).replace(/}$/, `,"extra":${nested}}`);
    const res = await call<Problem>(sb.app, 'updateClient', {
      token: session.token,
      params: { accountHolderId: session.accountHolderId, accountId: session.accountId },
      raw: { payload: body, contentType: 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(/call stack/i);
  });

  it('unknown properties are refused (fixed properties)', async () => {
    const session = await maria();
    const body = await updateClientBody(session);
    const res = await call<Problem>(sb.app, 'updateClient', {
      token: session.token,
      params: { accountHolderId: session.accountHolderId, accountId: session.accountId },
      json: { ...body, client: { ...body.client, isAdmin: true } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toContain('client.isAdmin');
  });
});

describe("Fastify's own errors are problem+json", () => {
  it('a malformed URL → 400 problem+json', async () => {
    for (const url of ['/api/client/%zz/balance', '/%']) {
      const res = await sb.app.inject({ url, headers: { deviceId: 'web' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toContain('application/problem+json');
      expect(res.json<Problem>().status).toBe(400);
    }
  });

  it('an oversize header → 431 problem+json', async () => {
    const app = buildServer({});
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const answer = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        const req = httpRequest(
          { port, host: '127.0.0.1', path: '/api/me', headers: { 'x-big': 'a'.repeat(20_000) } },
          (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(answer.status).toBe(431);
      expect(answer.type).toContain('application/problem+json');
      expect((JSON.parse(answer.body) as Problem).status).toBe(431);
    } finally {
      await app.close();
    }
  });

  it('a 500 never repeats the internal message', async () => {
    const local = await startSandbox({
      handlers: {
        getMe: () => {
          throw new Error('Maximum call stack size exceeded at secret/path.ts:12');
        },
      },
    });
    try {
      const session = await login(local.app, DEMO_USERS.maria.email, DEMO_PASSWORD);
      const res = await local.app.inject({
        url: '/api/me',
        headers: { deviceId: 'web', authorization: `Bearer ${session.token}` },
      });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toMatch(/call stack|secret/);
    } finally {
      await local.app.close();
    }
  });
});

describe('the database file', () => {
  it('is created readable by its owner only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-db-'));
    const file = join(dir, 'sandbox.db');
    const app = buildServer({ dbFile: file });
    await app.ready();
    try {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      await app.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
