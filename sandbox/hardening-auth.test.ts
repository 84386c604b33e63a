import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, FIRST_ACCESS_PASSWORD } from './db/demo-logins.ts';
import { DEMO_IDS } from './db/seed.ts';
import { call, login, startSandbox, type TestSandbox } from './test-support.ts';
import { DEMO_USERS } from '../demo/users.ts';

/**
 * Issue #10, "Sign-in and passwords at the bank": throttling, links, sessions, the outbox. Every
 * reproduction of the issue is a test here, and each failed on the code before the fix.
 */

type Data<T> = { data: T };
interface ApiErrorBody {
  error?: { code: number; group?: string; description?: string };
  retryAfterSeconds?: number;
  messages?: string[];
}
interface OutboxMail {
  to: string;
  subject: string;
  body: string;
}

const MARIA = {
  taxId: DEMO_USERS.maria.taxId,
  email: DEMO_USERS.maria.email,
  username: DEMO_USERS.maria.email,
};
const JOAO = DEMO_USERS.firstAccess.email;
const NEW_STRICT = 'Nova@Senha2026';
const THROTTLED = { status: 429, code: 429, group: 'AUTH' };

let sb: TestSandbox;
beforeEach(async () => {
  sb = await startSandbox({ publicOrigin: 'https://portal.example.com.br' });
});
afterEach(async () => {
  await sb.app.close();
});

const advance = (ms: number) => {
  sb.clock.now = new Date(sb.clock.now.getTime() + ms);
};
const minutes = (n: number) => n * 60_000;

async function outbox(): Promise<OutboxMail[]> {
  const res = await sb.app.inject({ method: 'GET', url: '/sandbox/outbox.json' });
  return res.json<{ data: OutboxMail[] }>().data;
}
const hashOf = (mail: OutboxMail | undefined) => /hash=([^\s&]+)/.exec(mail?.body ?? '')?.[1] ?? '';

const attempt = (username: string, password: string, remoteAddress?: string) =>
  call<ApiErrorBody & Partial<Data<{ token: string }>>>(sb.app, 'login', {
    form: { username, password, cookie: '' },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** Waits out every delay between tries, so only the lock is left to stop them. */
async function failLogins(username: string, times: number, remoteAddress?: string): Promise<void> {
  for (let i = 0; i < times; i++) {
    let res = await attempt(username, 'Errada@123', remoteAddress);
    while (res.status === 429) {
      // A delay between tries is waited out; a lock (minutes) is a failure of the test.
      expect(res.body.retryAfterSeconds, `wait before try ${i + 1}`).toBeLessThan(60);
      advance((res.body.retryAfterSeconds ?? 1) * 1000);
      res = await attempt(username, 'Errada@123', remoteAddress);
    }
    expect(res.body.error?.code, `try ${i + 1}`).toBe(20);
  }
}

describe('sign-in throttling', () => {
  it('31 wrong passwords then the right one no longer signs in: 5 failures lock the account for 15 minutes', async () => {
    await failLogins(MARIA.username, 5);
    for (let i = 0; i < 26; i++) await attempt(MARIA.username, 'Errada@123');
    const locked = await attempt(MARIA.username, DEMO_PASSWORD);
    expect(locked.status).toBe(THROTTLED.status);
    expect(locked.body.error).toMatchObject({ code: THROTTLED.code, group: THROTTLED.group });
    expect(locked.body.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(locked.body.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    // The same person through another of their user names is the same account.
    expect((await attempt(`BRA${DEMO_USERS.maria.taxId}`, DEMO_PASSWORD)).status).toBe(429);
    advance(minutes(15) + 1000);
    expect((await attempt(MARIA.username, DEMO_PASSWORD)).status).toBe(200);
  });

  it('the lock answers Retry-After, and tries during a lock do not count', async () => {
    await failLogins(MARIA.username, 5);
    const res = await sb.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { deviceId: 'web', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${encodeURIComponent(MARIA.username)}&password=x`,
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('the delay grows with each failure before the lock', async () => {
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      let res = await attempt(MARIA.username, 'Errada@123');
      while (res.status === 429) {
        waits.push(res.body.retryAfterSeconds ?? 0);
        advance((res.body.retryAfterSeconds ?? 1) * 1000);
        res = await attempt(MARIA.username, 'Errada@123');
      }
    }
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(waits).toEqual([...waits].sort((a, b) => a - b));
    expect(waits.at(-1)).toBeGreaterThan(waits[0] ?? 0);
  });

  it('a successful sign-in resets the count', async () => {
    await failLogins(MARIA.username, 4);
    advance(minutes(1));
    expect((await attempt(MARIA.username, DEMO_PASSWORD)).status).toBe(200);
    await failLogins(MARIA.username, 4);
    advance(minutes(1));
    expect((await attempt(MARIA.username, DEMO_PASSWORD)).status).toBe(200);
  });

  it('unknown user names are throttled the same way (no hint of who exists)', async () => {
    await failLogins('ninguem@exemplo.com.br', 5);
    const res = await attempt('ninguem@exemplo.com.br', 'Errada@123');
    expect(res.status).toBe(429);
  });

  it('one address trying many accounts is locked, other addresses are not', async () => {
    const spray = '203.0.113.7';
    let locked = false;
    for (let i = 0; i < 60 && !locked; i++) {
      const res = await attempt(`pessoa${i}@exemplo.com.br`, 'Errada@123', spray);
      if (res.status === 429 && (res.body.retryAfterSeconds ?? 0) > 60) locked = true;
      else if (res.status === 429) advance((res.body.retryAfterSeconds ?? 1) * 1000);
    }
    expect(locked).toBe(true);
    expect((await attempt(MARIA.username, DEMO_PASSWORD, spray)).status).toBe(429);
    expect((await attempt(MARIA.username, DEMO_PASSWORD, '198.51.100.9')).status).toBe(200);
    // Thirty scrypt checks: slow on a loaded machine.
  }, 60_000);

  it('checkLogin is throttled like the sign-in', async () => {
    const maria = await login(sb.app, MARIA.username, DEMO_PASSWORD);
    let last = 200;
    for (let i = 0; i < 12; i++) {
      const res = await call<ApiErrorBody>(sb.app, 'checkLogin', {
        token: maria.token,
        json: { username: MARIA.username, password: `Errada@${i}` },
      });
      last = res.status;
      if (res.status === 429) break;
    }
    expect(last).toBe(429);
  });
});

describe('changePass without a token', () => {
  it('works only for a user who must change the password (code 313)', async () => {
    const res = await call<ApiErrorBody>(sb.app, 'changePassword', {
      params: { username: MARIA.username },
      json: { currentPassword: DEMO_PASSWORD, newPassword: 'nova1234' },
    });
    expect(res.status).toBe(401);
    expect((await attempt(MARIA.username, DEMO_PASSWORD)).status).toBe(200);
  });

  it('is throttled like the sign-in for the first-access user', async () => {
    let last = 0;
    for (let i = 0; i < 10 && last !== 429; i++) {
      last = (
        await call(sb.app, 'changePassword', {
          params: { username: JOAO },
          json: { currentPassword: `Errada@${i}`, newPassword: 'nova1234' },
        })
      ).status;
    }
    expect(last).toBe(429);
    const right = await call(sb.app, 'changePassword', {
      params: { username: JOAO },
      json: { currentPassword: FIRST_ACCESS_PASSWORD, newPassword: 'nova1234' },
    });
    expect(right.status).toBe(429);
  });
});

describe('e-mailed code checks', () => {
  it('one address guessing codes across accounts is throttled', async () => {
    const guesser = '203.0.113.50';
    let last = 0;
    for (let i = 0; i < 40 && last !== 429; i++) {
      last = (
        await call(sb.app, 'verifyPasswordChangeCode', {
          json: { taxId: MARIA.taxId, code: String(100000 + i) },
          remoteAddress: guesser,
        })
      ).status;
    }
    expect(last).toBe(429);
    const other = await call(sb.app, 'verifyPasswordChangeCode', {
      json: { taxId: MARIA.taxId, code: '123456' },
      remoteAddress: '198.51.100.1',
    });
    expect(other.status).toBe(200);
  });
});

describe('links', () => {
  it('store only a hash of their secret', async () => {
    await call(sb.app, 'resetPassword', { query: { taxId: MARIA.taxId } });
    const secret = hashOf((await outbox()).find((m) => m.to === MARIA.email));
    expect(secret).not.toBe('');
    const rows = sb.app.sandbox.db.prepare('SELECT hash FROM verification_hashes').all() as {
      hash: string;
    }[];
    expect(rows.map((r) => r.hash)).not.toContain(secret);
    expect(rows.map((r) => r.hash)).toContain(createHash('sha256').update(secret).digest('hex'));
    const check = await call<Data<{ valid: boolean }>>(sb.app, 'verifyAction', {
      params: { action: 'resetar-senha' },
      json: { hash: secret },
    });
    expect(check.body.data.valid).toBe(true);
  });

  it('a new link invalidates the earlier ones', async () => {
    await call(sb.app, 'resetPassword', { query: { taxId: MARIA.taxId } });
    const first = hashOf((await outbox()).find((m) => m.to === MARIA.email));
    await call(sb.app, 'resetPassword', { query: { taxId: MARIA.taxId } });
    const second = hashOf((await outbox()).find((m) => m.to === MARIA.email));
    expect(second).not.toBe(first);
    const valid = async (hash: string) =>
      (
        await call<Data<{ valid: boolean }>>(sb.app, 'verifyAction', {
          params: { action: 'resetar-senha' },
          json: { hash },
        })
      ).body.data.valid;
    expect(await valid(first)).toBe(false);
    expect(await valid(second)).toBe(true);
  });

  it("the forced first-login change ends João's first-access link", async () => {
    const link = hashOf((await outbox()).find((m) => m.to === JOAO));
    const changed = await call(sb.app, 'changePassword', {
      params: { username: JOAO },
      json: { currentPassword: FIRST_ACCESS_PASSWORD, newPassword: 'nova1234' },
    });
    expect(changed.status).toBe(200);
    const check = await call<Data<{ valid: boolean }>>(sb.app, 'verifyAction', {
      params: { action: 'primeiro-acesso' },
      json: { hash: link },
    });
    expect(check.body.data.valid).toBe(false);
    const save = await call<ApiErrorBody>(sb.app, 'savePassword', {
      json: { account_id: DEMO_IDS.firstAccess.accountId, pass: NEW_STRICT, token: link },
    });
    expect(save.body.error?.code).toBe(30);
  });

  it('a password changed with a code ends the open reset links', async () => {
    await call(sb.app, 'resetPassword', { query: { taxId: MARIA.taxId } });
    const link = hashOf((await outbox()).find((m) => m.to === MARIA.email));
    await call(sb.app, 'sendPasswordChangeCode', { json: { taxId: MARIA.taxId, email: MARIA.email } });
    const code = /\b(\d{6})\b/.exec((await outbox())[0]?.body ?? '')?.[1] ?? '';
    const changed = await call(sb.app, 'changePasswordWithCode', {
      json: { taxId: MARIA.taxId, code, newPassword: NEW_STRICT },
    });
    expect(changed.status).toBe(200);
    const check = await call<Data<{ valid: boolean }>>(sb.app, 'verifyAction', {
      params: { action: 'resetar-senha' },
      json: { hash: link },
    });
    expect(check.body.data.valid).toBe(false);
  });

  it('are built from the configured public origin, never from the Host header', async () => {
    await sb.app.inject({
      method: 'POST',
      url: `/api/resetPassword?taxId=${MARIA.taxId}`,
      headers: { deviceId: 'web', host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    const mail = (await outbox()).find((m) => m.to === MARIA.email);
    expect(mail?.body).toContain('https://portal.example.com.br/login?action=resetar-senha&hash=');
    expect(mail?.body).not.toContain('evil.example');
  });
});

describe('resetPassword', () => {
  it('answers the same for a customer and for an unknown tax id', async () => {
    const known = await call<Data<Record<string, unknown>>>(sb.app, 'resetPassword', {
      query: { taxId: MARIA.taxId },
    });
    const unknown = await call<Data<Record<string, unknown>>>(sb.app, 'resetPassword', {
      query: { taxId: '11144477735' },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
  });

  it('is throttled per tax id, the same for unknown tax ids', async () => {
    for (const taxId of [MARIA.taxId, '11144477735']) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await call(sb.app, 'resetPassword', { query: { taxId } })).status);
      expect(statuses, taxId).toEqual([200, 200, 200, 429, 429, 429]);
    }
    const mails = (await outbox()).filter((m) => m.to === MARIA.email);
    expect(mails.length).toBe(3);
    advance(minutes(61));
    expect((await call(sb.app, 'resetPassword', { query: { taxId: MARIA.taxId } })).status).toBe(200);
  });
});

describe('verifyEmail without a token', () => {
  it('is throttled per tax id, so e-mails cannot be guessed', async () => {
    let last = 0;
    for (let i = 0; i < 10 && last !== 429; i++) {
      last = (
        await call(sb.app, 'verifyEmail', {
          json: { taxId: MARIA.taxId, email: `tentativa${i}@exemplo.com.br` },
        })
      ).status;
    }
    expect(last).toBe(429);
    const right = await call(sb.app, 'verifyEmail', { json: { taxId: MARIA.taxId, email: MARIA.email } });
    expect(right.status).toBe(429);
  });
});

describe('sessions', () => {
  it('changing the password with the current one ends every other session, keeps this one', async () => {
    const other = await login(sb.app, MARIA.username, DEMO_PASSWORD);
    const current = await login(sb.app, MARIA.username, DEMO_PASSWORD);
    const res = await call(sb.app, 'changePassword', {
      token: current.token,
      params: { username: MARIA.username },
      json: { currentPassword: DEMO_PASSWORD, newPassword: 'nova1234' },
    });
    expect(res.status).toBe(200);
    expect((await call(sb.app, 'getMe', { token: other.token })).status).toBe(401);
    expect((await call(sb.app, 'getMe', { token: current.token })).status).toBe(200);
  });
});

describe('sendPasswordChangeCode', () => {
  it("a stranger cannot spend the victim's codes: the limit is per requester", async () => {
    const stranger = '203.0.113.99';
    let last = 0;
    for (let i = 0; i < 8 && last !== 422; i++) {
      last = (
        await call(sb.app, 'sendPasswordChangeCode', {
          json: { taxId: MARIA.taxId, email: MARIA.email },
          remoteAddress: stranger,
        })
      ).status;
    }
    expect(last).toBe(422);
    const maria = await login(sb.app, MARIA.username, DEMO_PASSWORD);
    const own = await call(sb.app, 'sendPasswordChangeCode', {
      token: maria.token,
      json: { taxId: MARIA.taxId, email: MARIA.email },
      remoteAddress: stranger,
    });
    expect(own.status).toBe(200);
    const fromHome = await call(sb.app, 'sendPasswordChangeCode', {
      json: { taxId: MARIA.taxId, email: MARIA.email },
      remoteAddress: '198.51.100.20',
    });
    expect(fromHome.status).toBe(200);
  });
});

describe('the outbox', () => {
  it('is served to loopback only, unless the flag opens it', async () => {
    for (const url of ['/sandbox/outbox', '/sandbox/outbox.json']) {
      expect((await sb.app.inject({ url, remoteAddress: '127.0.0.1' })).statusCode, url).toBe(200);
      expect((await sb.app.inject({ url, remoteAddress: '::1' })).statusCode, url).toBe(200);
      const far = await sb.app.inject({ url, remoteAddress: '203.0.113.5' });
      expect(far.statusCode, url).toBe(404);
      expect(far.headers['content-type']).toContain('application/problem+json');
    }
    const open = await startSandbox({ outbox: 'anyone' });
    try {
      expect(
        (await open.app.inject({ url: '/sandbox/outbox.json', remoteAddress: '203.0.113.5' })).statusCode,
      ).toBe(200);
    } finally {
      await open.app.close();
    }
  });
});

describe('pages and lists with links, codes and checks are never cached (issue 27)', () => {
  it.each([
    '/sandbox/outbox',
    '/sandbox/outbox.json',
    '/sandbox/cheques.json',
    '/sandbox/bills.json',
    '/sandbox/autenticador',
  ])('GET %s says Cache-Control: no-store', async (url) => {
    const res = await sb.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('POST /sandbox/cheques (a redeemable check) says Cache-Control: no-store', async () => {
    const res = await sb.app.inject({
      method: 'POST',
      url: '/sandbox/cheques',
      payload: { issuerAccountId: DEMO_USERS.padaria.accountId, amount: 12.34 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('POST /sandbox/age-throttles (test route)', () => {
  it('moves the locks into the past: the account signs in again', async () => {
    await failLogins(MARIA.username, 5);
    expect((await attempt(MARIA.username, DEMO_PASSWORD)).status).toBe(429);
    const aged = await sb.app.inject({
      method: 'POST',
      url: '/sandbox/age-throttles',
      payload: { seconds: 901 },
    });
    expect(aged.statusCode).toBe(200);
    expect((await attempt(MARIA.username, DEMO_PASSWORD)).status).toBe(200);
  });

  it('refuses a bad amount, and is absent without the test routes', async () => {
    const bad = await sb.app.inject({
      method: 'POST',
      url: '/sandbox/age-throttles',
      payload: { seconds: -1 },
    });
    expect(bad.statusCode).toBe(400);
    const plain = await startSandbox({ enableTestRoutes: false });
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/sandbox/age-throttles',
        payload: { seconds: 5 },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.app.close();
    }
  });
});
