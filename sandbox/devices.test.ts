import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../demo/users.ts';
import {
  CHALLENGE_TTL_MS,
  CODE_VALIDATION_TTL_MS,
  DEVICE_ERRORS,
  digest,
  isSessionDeviceValidated,
  TEMPORARY_COOKIE_DAYS,
  VALIDATED_COOKIE_DAYS,
} from './sim/devices.ts';
import { resolveToken } from './sim/sessions.ts';
import { call, databaseSnapshot, login, useSandbox, type Failure, type Session } from './test-support.ts';

const sb = useSandbox();
const DOCE = DEMO_USERS.docesabor;
const MARIA = DEMO_USERS.maria;
const DAY = 86_400_000;

interface Device {
  id: number;
  alias: string;
  isValidated: boolean;
  isBlocked: boolean;
  isCurrentDevice?: boolean;
  cookieDevice?: string | null;
}

const db = () => sb.app.sandbox.db;
const errorOf = (res: { body: unknown }) => (res.body as Failure).error;
const moveBy = (ms: number) => {
  sb.clock.now = new Date(sb.clock.now.getTime() + ms);
};

async function me(s: Session): Promise<boolean | undefined> {
  return (await call<{ data: { deviceValidated?: boolean } }>(sb.app, 'getMe', { token: s.token })).body.data
    .deviceValidated;
}

async function list(s: Session): Promise<Device[]> {
  const res = await call<{ data: Device[] }>(sb.app, 'listDevices', {
    token: s.token,
    params: { accountId: s.accountId },
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

function create(s: Session, alias: string, password = DEMO_PASSWORD, remoteAddress?: string) {
  return call<{ data: Device } & Failure>(sb.app, 'createDevice', {
    token: s.token,
    json: { alias, accountId: s.accountId, userName: DOCE.email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** The link's token and the code of the newest device e-mail. */
async function mail(): Promise<{ token: string; code: string; body: string }> {
  const res = await sb.app.inject({ method: 'GET', url: '/sandbox/outbox.json' });
  const found = res
    .json<{ data: { subject: string; body: string }[] }>()
    .data.find((m) => m.subject === 'Valide seu novo dispositivo');
  if (!found) throw new Error('no device e-mail');
  const token = /\/autentica\/([\w-]+)/.exec(found.body)?.[1];
  const code = /código: (\d{6})/.exec(found.body)?.[1];
  if (!token || !code) throw new Error(found.body);
  return { token, code, body: found.body };
}

const step1 = (token: string, code: string, o: { alias?: string; remoteAddress?: string } = {}) =>
  call<{ data: { alias: string; codeValidation: string } } & Failure>(sb.app, 'validateDeviceByToken', {
    json: {
      token,
      DeviceAlias: o.alias ?? 'Caixa da loja',
      username: DOCE.email,
      password: DEMO_PASSWORD,
      verificationCode: code,
    },
    ...(o.remoteAddress ? { remoteAddress: o.remoteAddress } : {}),
  });

const step2 = (token: string, code: string, codeValidation: string) =>
  call<{ data: { cookieDevice: string; device: Device } } & Failure>(sb.app, 'validateDevice', {
    json: {
      token,
      DeviceAlias: 'Caixa da loja',
      username: DOCE.email,
      password: DEMO_PASSWORD,
      verificationCode: code,
      codeValidation,
    },
  });

/** Doce Sabor signed in from a browser with no device, registers it and passes the second factor. */
async function registerAndValidate(): Promise<{ doce: Session; cookie: string; deviceId: number }> {
  const doce = await login(sb.app, DOCE.email, DEMO_PASSWORD, '');
  const created = await create(doce, 'Caixa da loja');
  expect(created.status).toBe(200);
  const { token, code } = await mail();
  const passed = await step1(token, code);
  expect(passed.status).toBe(200);
  const done = await step2(token, code, passed.body.data.codeValidation);
  expect(done.status).toBe(200);
  return { doce, cookie: done.body.data.cookieDevice, deviceId: done.body.data.device.id };
}

describe('trusted devices: the session’s device decides the Pix caps (issue 30)', () => {
  it('a demo customer’s seeded device is trusted only from its own cookie', async () => {
    expect(await me(await login(sb.app, MARIA.email, DEMO_PASSWORD))).toBe(true);
    expect(await me(await login(sb.app, MARIA.email, DEMO_PASSWORD, ''))).toBe(false);
    // Another customer presenting Maria's cookie is not on a device of hers.
    expect(await me(await login(sb.app, DOCE.email, DEMO_PASSWORD, MARIA.device.cookie))).toBe(false);
    const signIn = await call<{ data: { isValidateDevice: boolean } }>(sb.app, 'login', {
      form: { username: MARIA.email, password: DEMO_PASSWORD, cookie: MARIA.device.cookie },
    });
    expect(signIn.body.data.isValidateDevice).toBe(true);
  });

  it('registering, the e-mailed link and code, then validating lift the caps in the open session', async () => {
    const { doce, cookie } = await registerAndValidate();
    expect(await me(doce)).toBe(true);
    // The next sign-in from the permanent cookie is a validated device; from no cookie it is not.
    const again = await call<{ data: { isValidateDevice: boolean; token: string } }>(sb.app, 'login', {
      form: { username: DOCE.email, password: DEMO_PASSWORD, cookie },
    });
    expect(again.body.data.isValidateDevice).toBe(true);
    expect(await me(await login(sb.app, DOCE.email, DEMO_PASSWORD, ''))).toBe(false);
    const session = resolveToken(db(), again.body.data.token, sb.clock.now);
    expect(session && isSessionDeviceValidated(db(), session, sb.clock.now)).toBe(true);
  });

  it('blocking (with the credentials) and deleting bring the caps back at once', async () => {
    const { doce, deviceId } = await registerAndValidate();
    const block = (isBlocked: boolean, password = DEMO_PASSWORD) =>
      call<{ data: Device } & Failure>(sb.app, 'blockDevice', {
        token: doce.token,
        json: { id: deviceId, isBlocked, username: DOCE.email, password },
      });
    expect(errorOf(await block(true, 'Errada@123'))).toMatchObject({ group: 'LOGIN', code: 20 });
    expect(await me(doce)).toBe(true);
    expect((await block(true)).body.data).toMatchObject({ isBlocked: true, isCurrentDevice: true });
    expect(await me(doce)).toBe(false);
    expect((await block(false)).body.data.isBlocked).toBe(false);
    expect(await me(doce)).toBe(true);
    const del = await call(sb.app, 'deleteDevice', { token: doce.token, params: { id: deviceId } });
    expect(del.status).toBe(200);
    expect(await me(doce)).toBe(false);
    expect((await list(doce)).map((d) => d.id)).not.toContain(deviceId);
    // Another customer's device is not found (nothing says it exists).
    const maria = await login(sb.app, MARIA.email, DEMO_PASSWORD);
    const mariaDevice = (await list(maria))[0];
    const other = await call(sb.app, 'deleteDevice', {
      token: doce.token,
      params: { id: mariaDevice?.id ?? 0 },
    });
    expect(errorOf(other)).toMatchObject({ group: 'DEVICE', code: DEVICE_ERRORS.deviceNotFound.code });
  });

  it('lists Doce Sabor’s 6 devices, newest first, none of them this browser', async () => {
    const doce = await login(sb.app, DOCE.email, DEMO_PASSWORD, '');
    const devices = await list(doce);
    expect(devices).toHaveLength(6);
    expect(devices[0]?.alias).toBe('Notebook do caixa');
    expect(devices.some((d) => d.isCurrentDevice || d.cookieDevice)).toBe(false);
    const maria = await list(await login(sb.app, MARIA.email, DEMO_PASSWORD));
    expect(maria.map((d) => [d.alias, d.isCurrentDevice])).toEqual([[MARIA.device.alias, true]]);
  });
});

describe('the alias and the add rules', () => {
  it('refuses an alias under 5 characters and a duplicate one, whatever its case and spaces', async () => {
    const doce = await login(sb.app, DOCE.email, DEMO_PASSWORD, '');
    expect(errorOf(await create(doce, '  ab  c '))).toMatchObject({ group: 'DEVICE', code: 150 });
    expect((await create(doce, 'Caixa da loja')).status).toBe(200);
    expect(errorOf(await create(doce, '  caixa  DA loja'))).toMatchObject({
      group: 'DEVICE',
      code: 151,
      description: 'Apelido já cadastrado.',
    });
  });

  it('asks the session user’s password, and refuses a browser already validated', async () => {
    const doce = await login(sb.app, DOCE.email, DEMO_PASSWORD, '');
    const before = databaseSnapshot(sb.app);
    expect(errorOf(await create(doce, 'Caixa da loja', 'Errada@123'))).toMatchObject({ code: 20 });
    const maria = await login(sb.app, MARIA.email, DEMO_PASSWORD);
    const res = await call(sb.app, 'createDevice', {
      token: maria.token,
      json: {
        alias: 'Mais um aparelho',
        accountId: maria.accountId,
        userName: MARIA.email,
        password: DEMO_PASSWORD,
      },
    });
    expect(errorOf(res)).toMatchObject({ group: 'DEVICE', code: 152 });
    expect(await list(doce)).toHaveLength(6);
    expect(databaseSnapshot(sb.app)).not.toBe(before); // the wrong password was counted, nothing else
  });
});

describe('the second factor: single-use, expiring, hashed, throttled', () => {
  it('stores only hashes of the link, the code and the cookies', async () => {
    const doce = await login(sb.app, DOCE.email, DEMO_PASSWORD, '');
    const created = await create(doce, 'Caixa da loja');
    const temporary = created.body.data.cookieDevice ?? '';
    const { token, code } = await mail();
    const dump = JSON.stringify(
      ['devices', 'device_challenges', 'tokens'].map((t) => db().prepare(`SELECT * FROM ${t}`).all()),
    );
    for (const secret of [token, temporary, code]) expect(dump).not.toContain(secret);
    expect(dump).toContain(digest(token));
    expect(dump).toContain(digest(temporary));
  });

  it('the link and code work once; codeValidation works once', async () => {
    const doce = await login(sb.app, DOCE.email, DEMO_PASSWORD, '');
    await create(doce, 'Caixa da loja');
    const { token, code } = await mail();
    const passed = await step1(token, code);
    expect(passed.status).toBe(200);
    expect(errorOf(await step1(token, code))).toMatchObject({ group: 'DEVICE', code: 153 });
    const cv = passed.body.data.codeValidation;
    expect((await step2(token, code, cv)).status).toBe(200);
    expect(errorOf(await step2(token, code, cv))).toMatchObject({ group: 'DEVICE', code: 153 });
  });

  it('the link expires after 30 minutes and codeValidation after 5', async () => {
    const doce = await login(sb.app, DOCE.email, DEMO_PASSWORD, '');
    await create(doce, 'Caixa da loja');
    const { token, code } = await mail();
    moveBy(CHALLENGE_TTL_MS);
    expect(errorOf(await step1(token, code))).toMatchObject({ code: 153 });

    await create(await login(sb.app, DOCE.email, DEMO_PASSWORD, ''), 'Outro navegador');
    const second = await mail();
    const passed = await step1(second.token, second.code, { alias: 'outro navegador' });
    moveBy(CODE_VALIDATION_TTL_MS);
    expect(errorOf(await step2(second.token, second.code, passed.body.data.codeValidation))).toMatchObject({
      code: 153,
    });
  });

  it('a wrong alias or code is refused; guessing is slowed like the sign-in and the fifth wrong code burns it', async () => {
    const doce = await login(sb.app, DOCE.email, DEMO_PASSWORD, '');
    await create(doce, 'Caixa da loja');
    const { token, code } = await mail();
    const wrong = code === '000000' ? '111111' : '000000';
    expect(errorOf(await step1(token, code, { alias: 'Outro nome' }))).toMatchObject({ code: 156 });
    expect(errorOf(await step1(token, wrong))).toMatchObject({ code: 154 });
    expect(errorOf(await step1(token, wrong))).toMatchObject({ code: 154 });
    expect(errorOf(await step1(token, wrong))).toMatchObject({ code: 154 });
    // The third wrong try earned a wait: even the right code is refused during it.
    const held = await step1(token, code);
    expect(held.status).toBe(429);
    moveBy(2_000);
    expect(errorOf(await step1(token, wrong))).toMatchObject({ code: 154 });
    moveBy(4_000);
    expect(errorOf(await step1(token, wrong))).toMatchObject({ code: 155 });
    moveBy(16 * 60_000);
    expect(errorOf(await step1(token, code))).toMatchObject({ code: 153 });
  });

  it('guessing links from one address is throttled across links', async () => {
    let last = 0;
    for (let i = 0; i < 12; i++)
      last = (await step1(`guess-${i}`, '123456', { remoteAddress: '10.9.8.7' })).status;
    expect(last).toBe(429);
    // Another address is not held.
    expect((await step1('guess-x', '123456', { remoteAddress: '10.9.8.6' })).status).toBe(422);
  });

  it('the cookie lives 7 days while not validated and 1825 days once validated', async () => {
    const doce = await login(sb.app, DOCE.email, DEMO_PASSWORD, '');
    const created = await create(doce, 'Caixa da loja');
    const row = () =>
      db().prepare('SELECT cookie_expires_at AS at FROM devices WHERE id = ?').get(created.body.data.id) as {
        at: string;
      };
    expect(Date.parse(row().at) - sb.clock.now.getTime()).toBe(TEMPORARY_COOKIE_DAYS * DAY);
    const { token, code } = await mail();
    const passed = await step1(token, code);
    const done = await step2(token, code, passed.body.data.codeValidation);
    expect(Date.parse(row().at) - sb.clock.now.getTime()).toBe(VALIDATED_COOKIE_DAYS * DAY);
    // The permanent cookie is a new secret: the temporary one no longer signs in as the device.
    expect(done.body.data.cookieDevice).not.toBe(created.body.data.cookieDevice);
    const withOld = await login(sb.app, DOCE.email, DEMO_PASSWORD, created.body.data.cookieDevice ?? '');
    expect(await me(withOld)).toBe(false);
    moveBy(VALIDATED_COOKIE_DAYS * DAY - 60_000);
    expect(await me(await login(sb.app, DOCE.email, DEMO_PASSWORD, done.body.data.cookieDevice))).toBe(true);
    moveBy(120_000);
    expect(await me(await login(sb.app, DOCE.email, DEMO_PASSWORD, done.body.data.cookieDevice))).toBe(false);
  });
});
