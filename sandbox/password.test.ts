import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, FIRST_ACCESS_PASSWORD } from './db/demo-logins.ts';
import { DEMO_IDS } from './db/seed.ts';
import { CODE_ERRORS } from './routes/password.ts';
import { changeRuleErrors, strictRuleErrors } from './sim/password-rules.ts';
import { PASSWORD_CODE_MAX_ATTEMPTS, PASSWORD_CODE_MAX_SENDS } from './sim/verification.ts';
import {
  answered,
  call,
  databaseSnapshot,
  FIXED_NOW,
  login,
  operationsOfSpec,
  startSandbox,
  type TestSandbox,
} from './test-support.ts';
import { DEMO_USERS } from '../demo/users.ts';

/**
 * The password calls of the sandbox: the e-mailed-code change of 4-pix-part-two.md §7, the
 * server-side password rules of every flow, links and token expiry. Every answer goes through
 * `call`, which checks it against the contract.
 */

type Data<T> = { data: T };
interface ApiErrorBody {
  error?: { code: number; group?: string; description?: string };
  messages?: string[];
}
interface Problem {
  type: string;
  title: string;
  status: number;
  errors: { field: string; message: string }[];
}
interface OutboxMail {
  to: string;
  subject: string;
  body: string;
  createdAt: string;
}

const MARIA = {
  taxId: DEMO_USERS.maria.taxId,
  email: DEMO_USERS.maria.email,
  username: DEMO_USERS.maria.email,
};
const PADARIA = { taxId: DEMO_USERS.padaria.taxId, email: DEMO_USERS.padaria.email };
const NEW_STRICT = 'Nova@Senha2026';

let sb: TestSandbox;
beforeEach(async () => {
  sb = await startSandbox();
});
afterEach(async () => {
  await sb.app.close();
});

const minutes = (n: number) => n * 60_000;
const advance = (ms: number) => {
  sb.clock.now = new Date(sb.clock.now.getTime() + ms);
};

async function outbox(): Promise<OutboxMail[]> {
  const res = await sb.app.inject({ method: 'GET', url: '/sandbox/outbox.json' });
  return res.json<{ data: OutboxMail[] }>().data;
}

/** The code of the newest code e-mail to `to`. */
async function lastCode(to = MARIA.email): Promise<string> {
  const mail = (await outbox()).find((m) => m.to === to && m.subject === 'Código para alterar sua senha');
  const code = /\b(\d{6})\b/.exec(mail?.body ?? '')?.[1];
  if (!code) throw new Error(`no code e-mailed to ${to}`);
  return code;
}

/** A 6-digit code other than `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const sendCode = (who: { taxId: string; email: string } = MARIA, token?: string) =>
  call<Data<{ sent: boolean; expiresAt?: string }> & ApiErrorBody>(sb.app, 'sendPasswordChangeCode', {
    json: { taxId: who.taxId, email: who.email },
    ...(token ? { token } : {}),
  });
const verifyCode = (code: string, taxId: string = MARIA.taxId, token?: string) =>
  call<Data<{ valid: boolean }>>(sb.app, 'verifyPasswordChangeCode', {
    json: { taxId, code },
    ...(token ? { token } : {}),
  });
const changeWithCode = (code: string, newPassword = NEW_STRICT, taxId: string = MARIA.taxId) =>
  call<Data<{ success: boolean }> & ApiErrorBody>(sb.app, 'changePasswordWithCode', {
    json: { taxId, code, newPassword },
  });
/** Asked by a session (Maria's, signed in with the demo password, unless a token is given). */
const hasValid = async (taxId: string = MARIA.taxId, token?: string) =>
  call<Data<{ hasValidCode: boolean; expiresAt?: string | null }>>(sb.app, 'hasValidPasswordChangeCode', {
    params: { taxId },
    token: token ?? (await login(sb.app, MARIA.username, DEMO_PASSWORD)).token,
  });
const loginStatus = async (username: string, password: string) => {
  const res = await call<ApiErrorBody>(sb.app, 'login', { form: { username, password, cookie: '' } });
  return res.status === 200 ? 200 : res.body.error?.code;
};

describe('verifyEmail', () => {
  it('answers valid for the e-mail of the tax id, in any case', async () => {
    for (const email of [MARIA.email, 'Maria@Exemplo.COM.br']) {
      const res = await call<Data<{ valid: boolean }>>(sb.app, 'verifyEmail', {
        json: { taxId: MARIA.taxId, email },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.valid).toBe(true);
    }
  });

  it('answers 400 problem+json on the field email for another e-mail or an unknown tax id', async () => {
    for (const json of [
      { taxId: MARIA.taxId, email: PADARIA.email },
      { taxId: '12345678909', email: MARIA.email },
    ]) {
      const res = await call<Problem>(sb.app, 'verifyEmail', { json });
      expect(res.status).toBe(400);
      expect(res.contentType).toContain('application/problem+json');
      expect(res.body.errors.map((e) => e.field)).toEqual(['email']);
    }
  });

  it('with a token, only for the holder of the token', async () => {
    const padaria = await login(sb.app, `BRA${DEMO_USERS.padaria.taxId}`, DEMO_PASSWORD);
    const other = await call(sb.app, 'verifyEmail', { token: padaria.token, json: MARIA });
    expect(other.status).toBe(400);
    const own = await call(sb.app, 'verifyEmail', { token: padaria.token, json: PADARIA });
    expect(own.status).toBe(200);
  });

  it('refuses a malformed tax id or e-mail by the contract (400 naming the field)', async () => {
    const res = await call<Problem>(sb.app, 'verifyEmail', { json: { taxId: '123', email: 'not-an-email' } });
    expect(res.status).toBe(400);
    expect(res.body.errors.length).toBeGreaterThan(0);
  });
});

describe('sendPasswordChangeCode', () => {
  it('e-mails a random 6-digit code valid for 10 minutes and keeps only its hash', async () => {
    const res = await sendCode();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      sent: true,
      expiresAt: new Date(FIXED_NOW.getTime() + minutes(10)).toISOString(),
    });
    const mail = (await outbox())[0];
    expect(mail).toMatchObject({ to: MARIA.email, subject: 'Código para alterar sua senha' });
    const code = await lastCode();
    expect(code).toMatch(/^\d{6}$/);
    expect(mail?.body).toContain('10 minutos');
    // Hashed at rest: the code appears nowhere in the database but the outbox.
    const rows = sb.app.sandbox.db.prepare('SELECT * FROM password_change_codes').all();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect((rows[0] as { code_hash: string }).code_hash).toMatch(/^scrypt\$/);
  });

  it('codes differ from one send to the next', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 3; i++) {
      await sendCode();
      codes.add(await lastCode());
    }
    // Three equal random 6-digit codes in a row would be a one-in-10^12 event.
    expect(codes.size).toBeGreaterThan(1);
  });

  it('refuses an e-mail that is not the one of the tax id (422 PASSWORD 34) and writes nothing', async () => {
    const before = databaseSnapshot(sb.app);
    const res = await sendCode({ taxId: MARIA.taxId, email: PADARIA.email });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: CODE_ERRORS.emailMismatch.code, group: 'PASSWORD' });
    const unknown = await sendCode({ taxId: '12345678909', email: MARIA.email });
    expect(unknown.body.error?.code).toBe(34);
    expect(databaseSnapshot(sb.app)).toBe(before);
  });

  it('sends at most 5 codes an hour (422 PASSWORD 33), then again', async () => {
    for (let i = 0; i < PASSWORD_CODE_MAX_SENDS; i++) expect((await sendCode()).status).toBe(200);
    const sixth = await sendCode();
    expect(sixth.status).toBe(422);
    expect(sixth.body.error).toMatchObject({ code: 33, group: 'PASSWORD' });
    // The throttle is per user: another customer is not affected.
    expect((await sendCode(PADARIA)).status).toBe(200);
    advance(minutes(61));
    expect((await sendCode()).status).toBe(200);
  });

  it('a new code replaces the previous one', async () => {
    await sendCode();
    const first = await lastCode();
    await sendCode();
    const second = await lastCode();
    if (first !== second) expect((await verifyCode(first)).body.data.valid).toBe(false);
    expect((await verifyCode(second)).body.data.valid).toBe(true);
  });
});

describe('hasValidPasswordChangeCode', () => {
  it('is false before a code, true with its expiry while it lasts, false after 10 minutes', async () => {
    expect((await hasValid()).body.data).toEqual({ hasValidCode: false, expiresAt: null });
    await sendCode();
    expect((await hasValid()).body.data).toEqual({
      hasValidCode: true,
      expiresAt: new Date(FIXED_NOW.getTime() + minutes(10)).toISOString(),
    });
    advance(minutes(10));
    expect((await hasValid()).body.data.hasValidCode).toBe(false);
  });

  it("does not tell another holder's token about the code", async () => {
    await sendCode();
    const padaria = await login(sb.app, `BRA${DEMO_USERS.padaria.taxId}`, DEMO_PASSWORD);
    expect((await hasValid(MARIA.taxId, padaria.token)).body.data.hasValidCode).toBe(false);
    const maria = await login(sb.app, MARIA.username, DEMO_PASSWORD);
    expect((await hasValid(MARIA.taxId, maria.token)).body.data.hasValidCode).toBe(true);
  });

  it('is false for an unknown tax id', async () => {
    expect((await hasValid('12345678909')).body.data.hasValidCode).toBe(false);
  });

  it('tells an anonymous caller nothing: 401, whether or not the tax id has a code (issue 27)', async () => {
    await sendCode();
    for (const taxId of [MARIA.taxId, '12345678909']) {
      const res = await call<ApiErrorBody>(sb.app, 'hasValidPasswordChangeCode', { params: { taxId } });
      expect(res.status).toBe(401);
      expect(JSON.stringify(res.body)).not.toMatch(/hasValidCode|expiresAt/);
    }
  });
});

describe('verifyPasswordChangeCode', () => {
  it('accepts the e-mailed code (which stays usable) and refuses another one', async () => {
    await sendCode();
    const code = await lastCode();
    expect((await verifyCode(otherThan(code))).body.data.valid).toBe(false);
    expect((await verifyCode(code)).body.data.valid).toBe(true);
    expect((await verifyCode(code)).body.data.valid).toBe(true);
  });

  it('refuses the code once it expired', async () => {
    await sendCode();
    const code = await lastCode();
    advance(minutes(10) + 1000);
    expect((await verifyCode(code)).body.data.valid).toBe(false);
  });

  it('burns the code after 5 wrong tries, even for the right code afterwards', async () => {
    await sendCode();
    const code = await lastCode();
    for (let i = 0; i < PASSWORD_CODE_MAX_ATTEMPTS; i++)
      expect((await verifyCode(otherThan(code))).body.data.valid).toBe(false);
    expect((await verifyCode(code)).body.data.valid).toBe(false);
    expect((await hasValid()).body.data.hasValidCode).toBe(false);
    const change = await changeWithCode(code);
    expect(change.status).toBe(422);
    expect(change.body.error).toMatchObject({ code: CODE_ERRORS.codeExhausted.code, group: 'PASSWORD' });
    // A new code starts over.
    await sendCode();
    expect((await verifyCode(await lastCode())).body.data.valid).toBe(true);
  });

  it("does not check a code for another holder's token", async () => {
    await sendCode();
    const code = await lastCode();
    const padaria = await login(sb.app, `BRA${DEMO_USERS.padaria.taxId}`, DEMO_PASSWORD);
    expect((await verifyCode(code, MARIA.taxId, padaria.token)).body.data.valid).toBe(false);
  });

  it('is false for a tax id without a code', async () => {
    expect((await verifyCode('123456', PADARIA.taxId)).body.data.valid).toBe(false);
  });
});

describe('changePasswordWithCode', () => {
  it('sets the password, uses up the code and ends every session of the user', async () => {
    const maria = await login(sb.app, MARIA.username, DEMO_PASSWORD);
    const padaria = await login(sb.app, `BRA${DEMO_USERS.padaria.taxId}`, DEMO_PASSWORD);
    await sendCode(MARIA, maria.token);
    const code = await lastCode();
    expect((await verifyCode(code, MARIA.taxId, maria.token)).body.data.valid).toBe(true);
    const res = await changeWithCode(code);
    expect(res.status).toBe(200);
    expect(res.body.data.success).toBe(true);

    const me = await call<ApiErrorBody>(sb.app, 'getMe', { token: maria.token });
    expect(me.status).toBe(401);
    expect(me.body.error).toMatchObject({ code: 401, group: 'AUTH' });
    expect((await call(sb.app, 'getMe', { token: padaria.token })).status).toBe(200);

    expect(await loginStatus(MARIA.username, DEMO_PASSWORD)).toBe(20);
    expect(await loginStatus(DEMO_USERS.maria.phone, NEW_STRICT)).toBe(200);
    const again = await changeWithCode(code, 'Outra@Senha2026');
    expect(again.status).toBe(422);
    expect(again.body.error).toMatchObject({ code: CODE_ERRORS.invalidCode.code, group: 'PASSWORD' });
    const renewed = await login(sb.app, DEMO_USERS.maria.phone, NEW_STRICT);
    expect((await hasValid(MARIA.taxId, renewed.token)).body.data.hasValidCode).toBe(false);
  });

  it('refuses a wrong code (422 PASSWORD 31), counting the try', async () => {
    await sendCode();
    const code = await lastCode();
    const res = await changeWithCode(otherThan(code));
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 31, group: 'PASSWORD' });
    const row = sb.app.sandbox.db.prepare('SELECT attempts FROM password_change_codes').get() as {
      attempts: number;
    };
    expect(row.attempts).toBe(1);
    expect(await loginStatus(MARIA.username, DEMO_PASSWORD)).toBe(200);
  });

  it('refuses an expired code and a tax id without a code (422 PASSWORD 31)', async () => {
    await sendCode();
    const code = await lastCode();
    advance(minutes(11));
    expect((await changeWithCode(code)).body.error?.code).toBe(31);
    expect((await changeWithCode('123456', NEW_STRICT, PADARIA.taxId)).body.error?.code).toBe(31);
  });

  it('refuses a password outside the strict rule (422 CHANGEPASS 22 with the broken rules), keeping the code', async () => {
    await sendCode();
    const code = await lastCode();
    const weak = await changeWithCode(code, 'semespecial1A');
    expect(weak.status).toBe(422);
    expect(weak.body.error).toMatchObject({ code: 22, group: 'CHANGEPASS' });
    expect(weak.body.messages).toEqual(['A senha deve ter ao menos um caractere especial.']);
    const spaces = await changeWithCode(code, 'Senha 1234a');
    expect(spaces.body.messages).toEqual(['A senha deve ter ao menos um caractere especial.']);
    // Shorter than 8: the contract itself refuses it.
    expect((await changeWithCode(code, 'Ab1@')).status).toBe(400);
    expect((await changeWithCode(code)).status).toBe(200);
  });
});

describe('server-side rules of the other password flows', () => {
  it('changePassword: letter, digit, 6 characters, no spaces, and not the current password', async () => {
    const maria = await login(sb.app, MARIA.username, DEMO_PASSWORD);
    const change = (currentPassword: string, newPassword: string) =>
      call<ApiErrorBody>(sb.app, 'changePassword', {
        token: maria.token,
        params: { username: MARIA.username },
        json: { currentPassword, newPassword },
      });
    const spaced = await change(DEMO_PASSWORD, 'abc def1');
    expect(spaced.body.error?.code).toBe(22);
    expect(spaced.body.messages).toEqual(['A senha não pode ter espaços.']);
    expect((await change(DEMO_PASSWORD, '123456')).body.messages).toEqual([
      'A senha deve ter ao menos uma letra.',
    ]);
    expect((await change('errada1', 'valida123')).body.error?.code).toBe(21);
    expect((await change(DEMO_PASSWORD, DEMO_PASSWORD)).body.error?.code).toBe(23);
    // A letter is any letter, as in the portal's checklist.
    expect((await change(DEMO_PASSWORD, 'σοφία1')).status).toBe(200);
    // The session goes on after a change with the current password.
    expect((await call(sb.app, 'getMe', { token: maria.token })).status).toBe(200);
    expect(await loginStatus(MARIA.username, 'σοφία1')).toBe(200);
  });

  it('the forced first-access change follows the same rule, without a token', async () => {
    const username = DEMO_USERS.firstAccess.email;
    const change = (newPassword: string) =>
      call<ApiErrorBody>(sb.app, 'changePassword', {
        params: { username },
        json: { currentPassword: FIRST_ACCESS_PASSWORD, newPassword },
      });
    expect((await change('semnumero')).body.error?.code).toBe(22);
    expect((await change(FIRST_ACCESS_PASSWORD)).body.error?.code).toBe(23);
    expect(await loginStatus(username, FIRST_ACCESS_PASSWORD)).toBe(313);
    expect((await change('nova1234')).status).toBe(200);
    expect(await loginStatus(username, 'nova1234')).toBe(200);
  });

  it('savePassword (first-access link) takes the strict rule with Unicode letters, once', async () => {
    const mail = (await outbox()).find((m) => m.to === DEMO_USERS.firstAccess.email);
    expect(mail?.body).toMatch(/\/login\?action=primeiro-acesso&hash=/);
    const hash = /hash=([^\s&]+)/.exec(mail?.body ?? '')?.[1] ?? '';
    const save = (pass: string) =>
      call<ApiErrorBody>(sb.app, 'savePassword', {
        json: { account_id: DEMO_IDS.firstAccess.accountId, pass, token: hash },
      });
    const spaced = await save('Senha 1234a');
    expect(spaced.status).toBe(422);
    expect(spaced.body.error?.code).toBe(22);
    expect((await save('ÉSENHA1!')).body.messages).toEqual([
      'A senha deve ter ao menos uma letra minúscula.',
    ]);
    expect((await save('Éxito#2026')).status).toBe(200);
    expect(await loginStatus(DEMO_USERS.firstAccess.email, 'Éxito#2026')).toBe(200);
    expect((await save('Outra#2026')).body.error?.code).toBe(30);
  });

  it('savePassword (reset link) ends the sessions of the user', async () => {
    const maria = await login(sb.app, MARIA.username, DEMO_PASSWORD);
    const res = await call<Data<{ sent: boolean }>>(sb.app, 'resetPassword', {
      query: { taxId: MARIA.taxId },
    });
    expect(res.body.data.sent).toBe(true);
    const mail = (await outbox()).find((m) => m.to === MARIA.email);
    expect(mail?.body).toMatch(/\/login\?action=resetar-senha&hash=/);
    const hash = /hash=([^\s&]+)/.exec(mail?.body ?? '')?.[1] ?? '';
    const saved = await call(sb.app, 'savePassword', {
      json: { account_id: DEMO_IDS.maria.accountId, pass: NEW_STRICT, token: hash },
    });
    expect(saved.status).toBe(200);
    expect((await call(sb.app, 'getMe', { token: maria.token })).status).toBe(401);
    expect(await loginStatus(MARIA.username, NEW_STRICT)).toBe(200);
  });

  it('a reset link expires after a day', async () => {
    await call(sb.app, 'resetPassword', { query: { taxId: MARIA.taxId } });
    const mail = (await outbox()).find((m) => m.to === MARIA.email);
    const hash = /hash=([^\s&]+)/.exec(mail?.body ?? '')?.[1] ?? '';
    advance(24 * 60 * minutes(1));
    const verified = await call<Data<{ valid: boolean }>>(sb.app, 'verifyAction', {
      params: { action: 'resetar-senha' },
      json: { hash },
    });
    expect(verified.body.data.valid).toBe(false);
    const saved = await call<ApiErrorBody>(sb.app, 'savePassword', {
      json: { account_id: DEMO_IDS.maria.accountId, pass: NEW_STRICT, token: hash },
    });
    expect(saved.body.error?.code).toBe(30);
  });
});

describe('the rules themselves', () => {
  it.each([
    ['abc123', []],
    ['ção123', []],
    ['abcdef', ['A senha deve ter ao menos um número.']],
    ['ab1', ['A senha deve ter ao menos 6 caracteres.']],
    ['ab12\t34', ['A senha não pode ter espaços.']],
    // Counted in code points: two emoji are two characters.
    ['a1😀😀', ['A senha deve ter ao menos 6 caracteres.']],
  ])('changeRuleErrors(%j)', (pw, expected) => {
    expect(changeRuleErrors(pw)).toEqual(expected);
  });

  it.each([
    [DEMO_PASSWORD, []],
    ['Ñandú#2026', []],
    ['senha@123', ['A senha deve ter ao menos uma letra maiúscula.']],
    ['SENHA@123', ['A senha deve ter ao menos uma letra minúscula.']],
    ['Senha@abc', ['A senha deve ter ao menos um número.']],
    ['Senha1234', ['A senha deve ter ao menos um caractere especial.']],
    ['Senhaç1234', ['A senha deve ter ao menos um caractere especial.']],
    ['Se@1', ['A senha deve ter ao menos 8 caracteres.']],
  ])('strictRuleErrors(%j)', (pw, expected) => {
    expect(strictRuleErrors(pw)).toEqual(expected);
  });
});

describe('sessions', () => {
  it('login says how long the token lives; refreshSession keeps the session with a new token and ends the old one, up to 12 hours from sign-in (issue 32)', async () => {
    const short = await startSandbox({ tokenTtlSeconds: 1800 });
    try {
      const first = await login(short.app, MARIA.username, DEMO_PASSWORD);
      expect(first.expiresInSeconds).toBe(1800);
      short.clock.now = new Date(FIXED_NOW.getTime() + 1700_000);
      const renewed = await call<Data<{ token: string; expiresInSeconds: number }>>(
        short.app,
        'refreshSession',
        {
          token: first.token,
        },
      );
      expect(renewed.status).toBe(200);
      expect(renewed.body.data.expiresInSeconds).toBe(1800);
      expect(renewed.body.data.token).not.toBe(first.token);
      // The old token is ended at once; the new one lives past the old one's end.
      expect((await call(short.app, 'getMe', { token: first.token })).status).toBe(401);
      short.clock.now = new Date(FIXED_NOW.getTime() + 3000_000);
      expect((await call(short.app, 'getMe', { token: renewed.body.data.token })).status).toBe(200);
      // An expired token cannot be refreshed.
      short.clock.now = new Date(FIXED_NOW.getTime() + 1700_000 + 1800_000);
      expect((await call(short.app, 'refreshSession', { token: renewed.body.data.token })).status).toBe(401);

      // The ceiling: refreshed every 25 minutes, the session still ends 12 hours after sign-in.
      short.clock.now = FIXED_NOW;
      let token = (await login(short.app, MARIA.username, DEMO_PASSWORD)).token;
      let last = 0;
      for (let minutes = 25; ; minutes += 25) {
        short.clock.now = new Date(FIXED_NOW.getTime() + minutes * 60_000);
        const next = await call<Data<{ token: string; expiresInSeconds: number }> & ApiErrorBody>(
          short.app,
          'refreshSession',
          { token },
        );
        if (next.status !== 200) {
          expect(next.status).toBe(401);
          expect(next.body.error).toMatchObject({ code: 401, group: 'AUTH' });
          break;
        }
        token = next.body.data.token;
        last = minutes * 60 + next.body.data.expiresInSeconds;
        expect(last).toBeLessThanOrEqual(12 * 3600);
      }
      expect(last).toBe(12 * 3600);
    } finally {
      await short.app.close();
    }
  });

  it('a token lives tokenTtlSeconds (SANDBOX_TOKEN_TTL), then answers 401 Login expirado', async () => {
    const short = await startSandbox({ tokenTtlSeconds: 60 });
    try {
      const session = await login(short.app, MARIA.username, DEMO_PASSWORD);
      expect((await call(short.app, 'getMe', { token: session.token })).status).toBe(200);
      short.clock.now = new Date(FIXED_NOW.getTime() + 59_000);
      expect((await call(short.app, 'getMe', { token: session.token })).status).toBe(200);
      short.clock.now = new Date(FIXED_NOW.getTime() + 60_000);
      const expired = await call<ApiErrorBody>(short.app, 'getMe', { token: session.token });
      expect(expired.status).toBe(401);
      expect(expired.body.error).toMatchObject({ code: 401, group: 'AUTH', description: 'Login expirado.' });
      const list = await call(short.app, 'listNotifications', {
        token: session.token,
        params: { accountId: session.accountId },
      });
      expect(list.status).toBe(401);
    } finally {
      await short.app.close();
    }
  });

  it('POST /sandbox/expire-tokens ends every live session at once; signing in again works', async () => {
    const maria = await login(sb.app, MARIA.username, DEMO_PASSWORD);
    const padaria = await login(sb.app, `BRA${DEMO_USERS.padaria.taxId}`, DEMO_PASSWORD);
    const res = await sb.app.inject({ method: 'POST', url: '/sandbox/expire-tokens' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Data<{ expired: number }>>().data.expired).toBe(2);
    for (const token of [maria.token, padaria.token])
      expect((await call(sb.app, 'getMe', { token })).status).toBe(401);
    const again = await login(sb.app, MARIA.username, DEMO_PASSWORD);
    expect((await call(sb.app, 'getMe', { token: again.token })).status).toBe(200);
  });

  it('the test route is not there without enableTestRoutes', async () => {
    const prod = await startSandbox({ enableTestRoutes: false });
    try {
      const res = await prod.app.inject({ method: 'POST', url: '/sandbox/expire-tokens' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.app.close();
    }
  });

  it('POST /sandbox/reset forgets the e-mailed codes', async () => {
    await sendCode();
    expect((await hasValid()).body.data.hasValidCode).toBe(true);
    await sb.app.inject({ method: 'POST', url: '/sandbox/reset' });
    expect((await hasValid()).body.data.hasValidCode).toBe(false);
    expect(sb.app.sandbox.db.prepare('SELECT COUNT(*) AS n FROM password_change_codes').get()).toEqual({
      n: 0,
    });
  });
});

describe('coverage', () => {
  // Runs last in this file: every call above went through `call`, which checked the contract.
  it('answered 200 with contract-valid data for every password call of 4-pix-part-two.md §7', () => {
    const ops = operationsOfSpec('4-pix-part-two.md §7').filter((id) =>
      [
        'verifyEmail',
        'sendPasswordChangeCode',
        'verifyPasswordChangeCode',
        'changePasswordWithCode',
        'hasValidPasswordChangeCode',
      ].includes(id),
    );
    expect(ops).toHaveLength(5);
    expect(ops.filter((id) => !answered.get(id)?.has(200))).toEqual([]);
    expect(answered.get('verifyEmail')?.has(400)).toBe(true);
    expect(answered.get('changePasswordWithCode')?.has(422)).toBe(true);
  });
});
