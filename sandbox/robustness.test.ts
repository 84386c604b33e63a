import { mkdtempSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './db/demo-logins.ts';
import { call, login, startSandbox, type TestSandbox } from './test-support.ts';
import { DEMO_USERS } from '../demo/users.ts';

/** Bad input never crashes the bank: each case gets a problem+json, and a good request still works. */

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb.app.close();
});

interface Problem {
  title: string;
  status: number;
  detail: string;
  errors?: { field: string; message: string }[];
}

async function stillWorks(): Promise<void> {
  const session = await login(sb.app, DEMO_USERS.maria.email, DEMO_PASSWORD);
  const balance = await call(sb.app, 'getBalance', {
    token: session.token,
    params: { accountId: session.accountId },
  });
  expect(balance.status).toBe(200);
}

describe('robustness', () => {
  it('malformed JSON → 400 problem+json', async () => {
    const session = await login(sb.app, DEMO_USERS.maria.email, DEMO_PASSWORD);
    const res = await call<Problem>(sb.app, 'checkLogin', {
      token: session.token,
      raw: { payload: '{"username": "maria@', contentType: 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.contentType).toContain('application/problem+json');
    expect(res.body.errors?.[0]?.field).toBe('(body)');
    await stillWorks();
  });

  it('a body over 1 MiB → 413 problem+json', async () => {
    const res = await sb.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { deviceId: 'web', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${'a'.repeat(1024 * 1024 + 10)}&password=x`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json<Problem>().status).toBe(413);
    await stillWorks();
  });

  it('an unknown /api route → 404 problem+json', async () => {
    for (const [method, url] of [
      ['GET', '/api/does-not-exist'],
      ['POST', '/api/me'],
      ['GET', '/api'],
    ] as const) {
      const res = await sb.app.inject({ method, url, headers: { deviceId: 'web' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    await stillWorks();
  });

  it('an unknown content type → 415 problem+json; one the operation does not take → 400 naming the body', async () => {
    const res = await sb.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { deviceId: 'web', 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const text = await call<Problem>(sb.app, 'login', {
      raw: { payload: 'username=x', contentType: 'text/plain' },
    });
    expect(text.status).toBe(400);
    expect(text.body.errors?.[0]?.field).toBe('(body)');
    await stillWorks();
  });

  it('a prototype-poisoning JSON body is refused', async () => {
    const session = await login(sb.app, DEMO_USERS.maria.email, DEMO_PASSWORD);
    const res = await call<Problem>(sb.app, 'checkLogin', {
      token: session.token,
      raw: {
        payload: '{"username":"x","password":"y","__proto__":{"admin":true}}',
        contentType: 'application/json',
      },
    });
    expect(res.status).toBe(400);
    await stillWorks();
  });

  it('a handler that throws answers 500 ApiErrorBody and rolls back', async () => {
    const local = await startSandbox({
      handlers: {
        getMe: ({ session }, { db }) => {
          db.prepare("UPDATE account_holders SET name = 'não deveria ficar' WHERE id = ?").run(
            session?.holderId ?? '',
          );
          throw new Error('boom');
        },
      },
    });
    try {
      const session = await login(local.app, DEMO_USERS.maria.email, DEMO_PASSWORD);
      const res = await call<{ error: { code: number }; errorMessage: string }>(local.app, 'getMe', {
        token: session.token,
      });
      expect(res.status).toBe(500);
      expect(res.body.error.code).toBe(99);
      const client = await call<{ data: { client: { name: string } } }>(local.app, 'getClient', {
        token: session.token,
        params: { accountId: session.accountId },
      });
      expect(client.body.data.client.name).toBe('Maria Silva Santos');
    } finally {
      await local.app.close();
    }
  });

  it('an empty JSON body on DELETE /logout is fine', async () => {
    const session = await login(sb.app, DEMO_USERS.maria.email, DEMO_PASSWORD);
    const res = await call(sb.app, 'logout', {
      token: session.token,
      raw: { payload: '', contentType: 'application/json' },
    });
    expect(res.status).toBe(200);
  });

  it('a trailing slash reaches the same operation (the spec writes /CheckLogin/)', async () => {
    const session = await login(sb.app, DEMO_USERS.maria.email, DEMO_PASSWORD);
    const res = await sb.app.inject({
      method: 'POST',
      url: '/api/CheckLogin/',
      headers: {
        deviceId: 'web',
        authorization: `Bearer ${session.token}`,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ username: DEMO_USERS.maria.email, password: DEMO_PASSWORD }),
    });
    expect(res.json<{ data: { valid: boolean } }>().data.valid).toBe(true);
  });
});

describe('static portal', () => {
  let dir: string;
  let spa: TestSandbox;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sandbox-spa-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html lang="pt-BR"><body><main>portal</main></body></html>',
    );
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
    spa = await startSandbox({ staticDir: dir });
  });
  afterAll(async () => {
    await spa.app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves files, falls back to index.html for client routes, never for /api or /sandbox', async () => {
    expect((await spa.app.inject({ url: '/assets/app.js' })).body).toBe('console.log(1)');
    for (const url of ['/', '/login', '/Statement', '/ProfileAddressBook?x=1']) {
      const res = await spa.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<main>portal</main>');
    }
    expect((await spa.app.inject({ url: '/api/nothing' })).headers['content-type']).toContain(
      'application/problem+json',
    );
    expect((await spa.app.inject({ url: '/sandbox/nothing' })).statusCode).toBe(404);
    expect((await spa.app.inject({ method: 'POST', url: '/Statement' })).statusCode).toBe(404);
  });
});
