import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../demo/users.ts';
import { DEMO_PASSWORD } from './db/demo-logins.ts';
import { OWN_KEYS, PARTICIPANTS, TUTORIAL_CLOSED_USER, UNVALIDATED_DEVICE_USER } from './db/seed-pix-keys.ts';
import { cnpjWithCheckDigits, cpfWithCheckDigits } from './sim/documents.ts';
import {
  AREA_CODES,
  isDeletable,
  isValidKey,
  KEY_CODE_MAX_ATTEMPTS,
  KEY_CODE_MAX_SENDS,
  KEY_LIMITS,
  keyTypeOf,
  LOOKUPS_PER_HOUR,
  MISSED_LOOKUPS_PER_HOUR,
  maskOwnerTaxId,
  type DictKeyType,
  type PixKeyStatus,
} from './sim/pix-keys.ts';
import {
  answered,
  call,
  databaseSnapshot,
  FIXED_NOW,
  login,
  startSandbox,
  type TestSandbox,
} from './test-support.ts';

/** The sandbox DICT (issue #15; JOURNAL.md 'Pix keys (issue 15)'; 3-pix-part-one.md §3-§9). */

// ───────────────────────────── formats (pure rules) ─────────────────────────────

const DIGITS = '0123456789';
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const digits = (n: number) => fc.string({ unit: fc.constantFrom(...DIGITS), minLength: n, maxLength: n });
const alnum = (n: number) => fc.string({ unit: fc.constantFrom(...ALNUM), minLength: n, maxLength: n });

const cpfArb = digits(9)
  .filter((d) => !/^(\d)\1{8}$/.test(d))
  .map(cpfWithCheckDigits);
const cnpjArb = alnum(12)
  .filter((b) => b !== '000000000000')
  .map(cnpjWithCheckDigits);
const phoneArb = fc
  .tuple(fc.constantFrom(...AREA_CODES), digits(8))
  .map(([ddd, rest]) => `+55${ddd}9${rest}`);
const label = fc
  .string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: 1, maxLength: 12 })
  .filter((l) => l.length > 0);
const emailArb = fc
  .tuple(label, label, fc.constantFrom('com', 'com.br', 'org', 'net.br'))
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);
const evpArb = fc.uuid({ version: 4 }).map((u) => u.toLowerCase());

const byType: Record<DictKeyType, fc.Arbitrary<string>> = {
  CPF: cpfArb,
  CNPJ: cnpjArb,
  PHONE: phoneArb,
  EMAIL: emailArb,
  EVP: evpArb,
};

describe('key formats (sim/pix-keys.ts)', () => {
  it('every well-formed key has exactly its own type', () => {
    for (const [type, arb] of Object.entries(byType) as [DictKeyType, fc.Arbitrary<string>][]) {
      fc.assert(
        fc.property(arb, (key) => {
          expect(keyTypeOf(key)).toBe(type);
          for (const other of Object.keys(byType) as DictKeyType[])
            expect(isValidKey(other, key)).toBe(other === type);
        }),
        { numRuns: 100 },
      );
    }
  });

  it('a CPF or CNPJ with one check digit changed is refused', () => {
    fc.assert(
      fc.property(
        fc.oneof(cpfArb, cnpjArb),
        fc.integer({ min: 1, max: 9 }),
        fc.boolean(),
        (doc, bump, last) => {
          const at = doc.length - (last ? 1 : 2);
          const changed = doc.slice(0, at) + String((Number(doc[at]) + bump) % 10) + doc.slice(at + 1);
          expect(keyTypeOf(changed)).toBeUndefined();
        },
      ),
    );
  });

  it('refuses the known malformed forms', () => {
    for (const key of [
      '11111111111', // repeated digits pass the arithmetic, never issued
      '00000000000000',
      '5299822472', // 10 digits
      '529.982.247-25', // masked
      '12abc34501de35', // CNPJ in lower case
      '12ABC34501DE3A', // letters in the check digits
      '5511987654321', // phone without +
      '+11987654321', // phone without the country code
      '+5520987654321', // DDD 20 is not in use
      '+5511887654321', // a landline-like number: no 9
      '+551198765432', // one digit short
      'Maria@exemplo.com.br', // e-mail with upper case
      'maria@exemplo', // no dot in the domain
      'maria@@exemplo.com.br',
      'a&b@exemplo.com.br', // & left DICT in 2.6.0
      `${'a'.repeat(66)}@exemplo.com.br`, // 81 characters
      randomUUID().toUpperCase(),
      'not-a-key',
      '',
    ])
      expect(keyTypeOf(key), key).toBeUndefined();
    expect(keyTypeOf(`${'a'.repeat(62)}@exemplo.com.br`)).toBe('EMAIL'); // exactly 77
    expect(keyTypeOf('12ABC34501DE35')).toBe('CNPJ'); // RFB's worked example
    expect(keyTypeOf('52998224725')).toBe('CPF');
  });

  it('deletes only ACTIVE, IDENTITY_VALIDATION_PENDING or an EVP (3-pix-part-one.md §4)', () => {
    const statuses: PixKeyStatus[] = [
      'ACTIVE',
      'INACTIVE',
      'CLEARING_REGISTRATION_PENDING',
      'IDENTITY_VALIDATION_PENDING',
      'PENDING_DELETION',
      'DELETED',
    ];
    for (const type of Object.keys(byType) as DictKeyType[])
      for (const status of statuses) {
        const expected =
          status !== 'PENDING_DELETION' &&
          status !== 'DELETED' &&
          (status === 'ACTIVE' || status === 'IDENTITY_VALIDATION_PENDING' || type === 'EVP');
        expect(isDeletable(type, status), `${type} ${status}`).toBe(expected);
      }
  });

  it('masks a CPF as DICT shows it and leaves a CNPJ whole', () => {
    expect(maskOwnerTaxId('52998224725')).toBe('***.982.247-**');
    expect(maskOwnerTaxId('12ABC34501DE35')).toBe('12ABC34501DE35');
    expect(AREA_CODES.size).toBe(67);
  });
});

// ───────────────────────────── the bank ─────────────────────────────

interface Failure {
  error: { code: number; group: string; description: string };
  messages?: string[];
}
interface Alias {
  name: string;
  type: string;
  status: string;
}

let sb: TestSandbox;
let maria: string;
let padaria: string;
const MARIA = DEMO_USERS.maria;
const PADARIA = DEMO_USERS.padaria;
const DOCE = DEMO_USERS.docesabor;

beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb.app.close();
});
beforeEach(async () => {
  sb.clock.now = FIXED_NOW;
  await sb.app.inject({ method: 'POST', url: '/sandbox/reset' });
  maria = (await login(sb.app, MARIA.email, DEMO_PASSWORD)).token;
  padaria = (await login(sb.app, PADARIA.email, DEMO_PASSWORD)).token;
});

const aliases = async (token = maria, accountId: string = MARIA.accountId) => {
  const res = await call<{ data: Alias[] }>(sb.app, 'listAliases', { token, params: { accountId } });
  expect(res.status).toBe(200);
  return res.body.data;
};
const keyCheck = (keys: string[], token = maria) =>
  call<{
    data: { statusCode: number; result?: { data: { keys_check: { key: string; has_entry: boolean }[] } } };
  }>(sb.app, 'checkPixKeys', { token, json: { data: { keys_check: keys.map((key) => ({ key })) } } });
const createKey = (json: Record<string, unknown>, token = maria, accountId: string = MARIA.accountId) =>
  call<{ data: { entry: { key: string; key_type: string; status: string } } } & Failure>(
    sb.app,
    'createPixKey',
    {
      token,
      params: { accountId },
      json,
    },
  );
const postKey = (
  alias: string,
  aliasType: 'PHONE' | 'EMAIL',
  externalIdentifier: string = randomUUID(),
  token = maria,
  accountId: string = MARIA.accountId,
) =>
  call<{ data: { protocolId?: string; status: string } } & Failure>(sb.app, 'registerAlias', {
    token,
    params: { accountId },
    json: { alias, aliasType, externalIdentifier },
  });
const resend = (
  alias: string,
  aliasType: 'PHONE' | 'EMAIL',
  token = maria,
  accountId: string = MARIA.accountId,
) =>
  call<{ data: { protocolId?: string; status: string } } & Failure>(sb.app, 'requestAliasValidationCode', {
    token,
    params: { accountId },
    json: { alias, aliasType },
  });
const validate = (
  alias: string,
  protocolId: string,
  verificationCode: string,
  externalIdentifier: string = randomUUID(),
  o: { token?: string; accountId?: string; remoteAddress?: string } = {},
) =>
  call<{ data: { success: boolean } } & Failure>(sb.app, 'validateAliasOtp', {
    token: o.token ?? maria,
    params: { accountId: o.accountId ?? MARIA.accountId, alias },
    json: { externalIdentifier, verificationCode, protocolId },
    ...(o.remoteAddress ? { remoteAddress: o.remoteAddress } : {}),
  });
const removeKey = (key: string, token = maria, accountId: string = MARIA.accountId) =>
  call<{ data: { statusCode: number } } & Failure>(sb.app, 'deletePixKey', {
    token,
    params: { accountId, key },
    query: { reason: 'USER_REQUESTED' },
  });
const lookup = (keyId: string, payerId: string = MARIA.taxId, token = maria) =>
  call<{
    data: {
      entry: Record<string, unknown> & { account: Record<string, unknown>; owner: Record<string, unknown> };
    };
  }>(sb.app, 'lookupPixKey', { token, query: { keyId, payerId, includeStatistics: false } });

interface Mail {
  to: string;
  subject: string;
  body: string;
}
async function outbox(): Promise<Mail[]> {
  const res = await sb.app.inject({ method: 'GET', url: '/sandbox/outbox.json' });
  return (JSON.parse(res.body) as { data: Mail[] }).data;
}
/** The newest 'Código de Chave' sent to the key. */
async function codeSentTo(key: string): Promise<string> {
  const mail = (await outbox()).find((m) => m.to === key);
  const code = /é (\d{6})\./.exec(mail?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${key}`);
  return code;
}
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('the seed', () => {
  it('gives Maria 4 keys that count, so the 5th is accepted and the 6th refused', async () => {
    const list = await aliases();
    expect(list.map((k) => k.status).sort()).toEqual([
      'ACTIVE',
      'ACTIVE',
      'ACTIVE',
      'IDENTITY_VALIDATION_PENDING',
    ]);
    expect(list.map((k) => k.type).sort()).toEqual(['EMAIL', 'EVP', 'PHONE', 'TAX_ID']);
    expect(KEY_LIMITS.PERSON - list.length).toBe(1);
  });

  it('shows every status among the demo keys, and the company holds more', async () => {
    const list = await aliases(padaria, PADARIA.accountId);
    expect(new Set(list.map((k) => k.status))).toEqual(
      new Set([
        'ACTIVE',
        'INACTIVE',
        'CLEARING_REGISTRATION_PENDING',
        'IDENTITY_VALIDATION_PENDING',
        'PENDING_DELETION',
      ]),
    );
    expect(list.length).toBeGreaterThan(5);
    for (const k of OWN_KEYS) if (k.key !== 'EVP') expect(keyTypeOf(k.key), k.key).toBeDefined();
  });

  it('holds real Pix participants and keys at other institutions', () => {
    const db = sb.app.sandbox.db;
    const n = (db.prepare('SELECT COUNT(*) AS n FROM pix_participants').get() as { n: number }).n;
    expect(n).toBeGreaterThan(200);
    const external = db.prepare('SELECT key, participant FROM pix_keys WHERE account_id IS NULL').all() as {
      key: string;
      participant: string;
    }[];
    expect(external.length).toBeGreaterThan(5);
    for (const k of external) expect(keyTypeOf(k.key), k.key).toBeDefined();
    expect(new Set(external.map((k) => k.participant)).size).toBeGreaterThan(3);
  });
});

describe('KeyCheck', () => {
  it('has_entry for a key of this account, of another customer, of another institution; not for a free key', async () => {
    const res = await keyCheck([
      MARIA.email,
      DOCE.email,
      'bruno.oliveira@exemplo.com.br',
      'livre@exemplo.com.br',
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.statusCode).toBe(200);
    expect(res.body.data.result?.data.keys_check.map((k) => k.has_entry)).toEqual([true, true, true, false]);
  });

  it('answers statusCode 400 for a malformed key', async () => {
    for (const key of ['5299822472', 'Maria@Exemplo.com.br', '+5511887654321', 'abc']) {
      const res = await keyCheck([key]);
      expect(res.status, key).toBe(200);
      expect(res.body.data).toEqual({ statusCode: 400 });
    }
  });

  it('a removed key has no entry (the seed removed one of Maria’s e-mails)', async () => {
    const res = await keyCheck(['maria.santos@exemplo.com.br']);
    expect(res.body.data.result?.data.keys_check[0]?.has_entry).toBe(false);
  });
});

describe('createKey and the limits', () => {
  it('makes an EVP (lower-case UUID v4) as the 5th key of an individual and refuses the 6th with the limit code', async () => {
    const fifth = await createKey({ key_type: 'EVP' });
    expect(fifth.status).toBe(200);
    expect(fifth.body.data.entry.status).toBe('ACTIVE');
    expect(fifth.body.data.entry.key).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect((await aliases()).map((k) => k.name)).toContain(fifth.body.data.entry.key);

    const before = databaseSnapshot(sb.app);
    const sixth = await createKey({ key_type: 'EVP' });
    expect(sixth.status).toBe(422);
    expect(sixth.body.error).toMatchObject({
      code: 70,
      group: 'PIXKEY',
      description: 'Limite de chaves excedido!',
    });
    expect(sixth.body.messages?.[0]).toContain('5 de 5');
    const phone = await postKey('+5511912340000', 'PHONE');
    expect(phone.body.error.code).toBe(70);
    expect(databaseSnapshot(sb.app)).toBe(before);
  });

  it('answers a repeated createKey (same externalIdentifier) with the first answer: no second EVP', async () => {
    const ext = randomUUID();
    const first = await createKey({ key_type: 'EVP', externalIdentifier: ext });
    expect(first.status).toBe(200);
    const before = databaseSnapshot(sb.app);
    const repeat = await createKey({ key_type: 'EVP', externalIdentifier: ext });
    expect(repeat.status).toBe(200);
    expect(repeat.body.data).toEqual(first.body.data);
    expect(databaseSnapshot(sb.app)).toBe(before);
    expect(
      (await createKey({ key_type: 'CPF', key: MARIA.taxId, externalIdentifier: ext })).body.error.code,
    ).toBe(80);
    expect((await postKey('outra@exemplo.com.br', 'EMAIL', ext)).body.error.code).toBe(80);
  });

  it('lets a company hold 20 keys and refuses the 21st', async () => {
    const held = (await aliases(padaria, PADARIA.accountId)).length;
    for (let i = held; i < KEY_LIMITS.CORPORATE; i++)
      expect((await createKey({ key_type: 'EVP' }, padaria, PADARIA.accountId)).status).toBe(200);
    const over = await createKey({ key_type: 'EVP' }, padaria, PADARIA.accountId);
    expect(over.status).toBe(422);
    expect(over.body.error.code).toBe(70);
    expect(over.body.messages?.[0]).toContain('20 de 20');
  });

  it('registers a CPF/CNPJ key only for the holder’s own document', async () => {
    await removeKey(MARIA.taxId);
    const before = databaseSnapshot(sb.app);
    expect((await createKey({ key_type: 'CPF', key: '40364478829' })).body.error.code).toBe(74); // João's CPF
    expect((await createKey({ key_type: 'CNPJ', key: DOCE.taxId })).body.error.code).toBe(74);
    expect((await createKey({ key_type: 'CPF', key: '52998224724' })).body.error.code).toBe(73); // check digit
    expect((await createKey({ key_type: 'CPF' })).body.error.code).toBe(73);
    expect((await createKey({ key_type: 'EVP', key: randomUUID() })).body.error.code).toBe(73);
    expect(databaseSnapshot(sb.app)).toBe(before);
    const mine = await createKey({ key_type: 'CPF', key: MARIA.taxId });
    expect(mine.status).toBe(200);
    expect(mine.body.data.entry).toEqual({ key: MARIA.taxId, key_type: 'CPF', status: 'ACTIVE' });
    const again = await createKey({ key_type: 'CPF', key: MARIA.taxId });
    expect(again.body.error.code).toBe(72);
  });

  it('the company registers its alphanumeric CNPJ once removed', async () => {
    expect((await removeKey(PADARIA.taxId, padaria, PADARIA.accountId)).body.data.statusCode).toBe(200);
    const res = await createKey({ key_type: 'CNPJ', key: PADARIA.taxId }, padaria, PADARIA.accountId);
    expect(res.status).toBe(200);
  });

  it('phone and e-mail keys are not createKey’s (a contract refusal)', async () => {
    const res = await call(sb.app, 'createPixKey', {
      token: maria,
      params: { accountId: MARIA.accountId },
      json: { key_type: 'EMAIL', key: 'nova@exemplo.com.br' },
      unchecked: true,
    });
    expect(res.status).toBe(400);
  });

  it('another account’s key cannot be registered (has_entry; claims come with portability)', async () => {
    await removeKey(MARIA.email); // room under the limit
    const before = databaseSnapshot(sb.app);
    const res = await postKey(DOCE.email, 'EMAIL');
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe(71);
    expect((await postKey('bruno.oliveira@exemplo.com.br', 'EMAIL')).body.error.code).toBe(71); // another institution
    expect((await postKey(MARIA.phone, 'PHONE')).body.error.code).toBe(72); // her own, pending
    expect(databaseSnapshot(sb.app)).toBe(before);
  });
});

describe('the ownership code of phone and e-mail keys', () => {
  it('pending, code in the outbox, wrong code refused, right code makes it ACTIVE; repeats answer the same', async () => {
    await removeKey(MARIA.email);
    const ext = randomUUID();
    const opened = await postKey('maria.nova@exemplo.com.br', 'EMAIL', ext);
    expect(opened.status).toBe(200);
    expect(opened.body.data.status).toBe('IDENTITY_VALIDATION_PENDING');
    const protocolId = opened.body.data.protocolId ?? '';
    const code = await codeSentTo('maria.nova@exemplo.com.br');
    expect((await outbox())[0]?.subject).toBe('Código de Chave Pix');

    const mails = (await outbox()).length;
    const repeat = await postKey('maria.nova@exemplo.com.br', 'EMAIL', ext);
    expect(repeat.body.data).toEqual(opened.body.data);
    expect((await outbox()).length).toBe(mails);
    expect((await postKey('outra@exemplo.com.br', 'EMAIL', ext)).body.error.code).toBe(80);

    const wrong = await validate('maria.nova@exemplo.com.br', protocolId, otherCode(code));
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.code).toBe(75);
    expect((await validate('maria.nova@exemplo.com.br', 'outro-protocolo', code)).body.error.code).toBe(75);

    const vext = randomUUID();
    const good = await validate('maria.nova@exemplo.com.br', protocolId, code, vext);
    expect(good.status).toBe(200);
    expect(good.body.data.success).toBe(true);
    expect((await aliases()).find((k) => k.name === 'maria.nova@exemplo.com.br')?.status).toBe('ACTIVE');
    expect((await validate('maria.nova@exemplo.com.br', protocolId, code, vext)).status).toBe(200);
    expect((await validate('maria.nova@exemplo.com.br', protocolId, code)).body.error.code).toBe(78);
  });

  it('a phone key gets an SMS; the path keeps the plus (URL-encoded)', async () => {
    await removeKey(MARIA.phone);
    const opened = await postKey('+5521998761234', 'PHONE');
    expect(opened.status).toBe(200);
    expect((await outbox())[0]?.subject).toBe('SMS: Código de Chave Pix');
    const code = await codeSentTo('+5521998761234');
    const res = await validate('+5521998761234', opened.body.data.protocolId ?? '', code);
    expect(res.status).toBe(200);
  });

  it('an expired code is refused; a new one (postValidationKey) works and voids the old', async () => {
    const first = await resend(MARIA.phone, 'PHONE'); // the seeded pending phone
    expect(first.status).toBe(200);
    const oldCode = await codeSentTo(MARIA.phone);
    sb.clock.now = new Date(FIXED_NOW.getTime() + 11 * 60_000);
    expect((await validate(MARIA.phone, first.body.data.protocolId ?? '', oldCode)).body.error.code).toBe(76);
    const second = await resend(MARIA.phone, 'PHONE');
    const newCode = await codeSentTo(MARIA.phone);
    expect(second.body.data.protocolId).not.toBe(first.body.data.protocolId);
    expect((await validate(MARIA.phone, first.body.data.protocolId ?? '', oldCode)).body.error.code).toBe(75);
    expect((await validate(MARIA.phone, second.body.data.protocolId ?? '', newCode)).status).toBe(200);
  });

  it('a seeded pending key has no code yet: ask one; an ACTIVE key cannot', async () => {
    expect((await validate(MARIA.phone, 'x', '123456')).body.error.code).toBe(76);
    expect((await resend(MARIA.email, 'EMAIL')).body.error.code).toBe(78);
    expect((await resend(DOCE.email, 'EMAIL')).body.error.code).toBe(78);
  });

  it('a wrong code says how many tries it has left (issue 32)', async () => {
    const sent = await resend(MARIA.phone, 'PHONE');
    const code = await codeSentTo(MARIA.phone);
    const protocolId = sent.body.data.protocolId ?? '';
    const first = await validate(MARIA.phone, protocolId, otherCode(code));
    expect(first.body.error.code).toBe(75);
    expect(first.body.error.description).toMatch(/ Restam 4 tentativas\.$/);
    for (let i = 2; i < KEY_CODE_MAX_ATTEMPTS - 1; i++)
      await validate(MARIA.phone, protocolId, otherCode(code));
    const last = await validate(MARIA.phone, protocolId, otherCode(code));
    expect(last.body.error.description).toMatch(/ Resta 1 tentativa\.$/);
    expect((await validate(MARIA.phone, protocolId, code)).status).toBe(200);
  });

  it('burns the code after 5 wrong tries, and throttles the caller like every code', async () => {
    const sent = await resend(MARIA.phone, 'PHONE');
    const code = await codeSentTo(MARIA.phone);
    const ip = { remoteAddress: '10.1.2.3' };
    for (let i = 1; i < KEY_CODE_MAX_ATTEMPTS; i++)
      expect(
        (await validate(MARIA.phone, sent.body.data.protocolId ?? '', otherCode(code), undefined, ip)).body
          .error.code,
      ).toBe(75);
    expect(
      (await validate(MARIA.phone, sent.body.data.protocolId ?? '', otherCode(code), undefined, ip)).body
        .error.code,
    ).toBe(77);
    expect(
      (await validate(MARIA.phone, sent.body.data.protocolId ?? '', code, undefined, ip)).body.error.code,
    ).toBe(77);
    // Two more codes' worth of wrong tries from the same address: the address's waits begin.
    let throttled = false;
    for (let round = 0; round < 2 && !throttled; round++) {
      const again = await resend(MARIA.phone, 'PHONE');
      const c = await codeSentTo(MARIA.phone);
      for (let i = 0; i < KEY_CODE_MAX_ATTEMPTS && !throttled; i++) {
        const res = await validate(
          MARIA.phone,
          again.body.data.protocolId ?? '',
          otherCode(c),
          undefined,
          ip,
        );
        if (res.status === 429) throttled = true;
      }
    }
    expect(throttled).toBe(true);
  });

  it('sends at most 5 codes an hour per account (429)', async () => {
    for (let i = 0; i < KEY_CODE_MAX_SENDS; i++)
      expect((await resend(MARIA.phone, 'PHONE')).status).toBe(200);
    const over = await resend(MARIA.phone, 'PHONE');
    expect(over.status).toBe(429);
    sb.clock.now = new Date(FIXED_NOW.getTime() + 61 * 60_000);
    const later = (await login(sb.app, MARIA.email, DEMO_PASSWORD)).token; // the first session expired
    expect((await resend(MARIA.phone, 'PHONE', later)).status).toBe(200);
  });
});

describe('delete', () => {
  it('removes an ACTIVE key at once: gone from the lists and from DICT, free to register again', async () => {
    const res = await removeKey(MARIA.email);
    expect(res.status).toBe(200);
    expect(res.body.data.statusCode).toBe(200);
    expect((await aliases()).map((k) => k.name)).not.toContain(MARIA.email);
    expect((await keyCheck([MARIA.email])).body.data.result?.data.keys_check[0]?.has_entry).toBe(false);
    expect((await postKey(MARIA.email, 'EMAIL')).status).toBe(200);
  });

  it('removes a pending phone key (its plus URL-encoded), and an EVP in any open status', async () => {
    expect((await removeKey(MARIA.phone)).status).toBe(200);
    const list = await aliases(padaria, PADARIA.accountId);
    const inactive = list.find((k) => k.status === 'INACTIVE');
    expect(inactive?.type).toBe('EVP');
    expect((await removeKey(inactive?.name ?? '', padaria, PADARIA.accountId)).status).toBe(200);
  });

  it('refuses a key in registration or pending deletion (79), and another account’s key (404); nothing written', async () => {
    const list = await aliases(padaria, PADARIA.accountId);
    const before = databaseSnapshot(sb.app);
    for (const status of ['PENDING_DELETION', 'CLEARING_REGISTRATION_PENDING']) {
      const k = list.find((a) => a.status === status);
      const res = await removeKey(k?.name ?? '', padaria, PADARIA.accountId);
      expect(res.status, status).toBe(422);
      expect(res.body.error.code).toBe(79);
    }
    expect((await removeKey(DOCE.email)).status).toBe(404);
    expect((await removeKey('maria.santos@exemplo.com.br')).status).toBe(404); // removed long ago
    expect(databaseSnapshot(sb.app)).toBe(before);
  });
});

describe('lookups', () => {
  it('GetLink answers a customer company’s key with this bank and the CNPJ in full', async () => {
    const res = await lookup(DOCE.taxId);
    expect(res.status).toBe(200);
    expect(res.body.data.entry).toMatchObject({
      key: DOCE.taxId,
      key_type: 'CNPJ',
      account: { participant: '99999999', branch: '0001', account_number: DOCE.number, account_type: 'TRAN' },
      owner: { type: 'LEGAL_PERSON', tax_id_number: DOCE.taxId, name: DOCE.name },
    });
  });

  it('GetLink masks a person’s CPF and answers another institution’s participant', async () => {
    const joao = await lookup(DEMO_USERS.firstAccess.email);
    expect(joao.body.data.entry.owner).toMatchObject({
      type: 'NATURAL_PERSON',
      tax_id_number: '***.644.788-**',
    });
    const feira = await lookup('81536042790');
    expect(feira.body.data.entry.owner.tax_id_number).toBe('***.360.427-**');
    expect(Object.values(PARTICIPANTS)).toContain(feira.body.data.entry.account.participant);
  });

  it('GetLink: 404 for a free, malformed or not active key; 403 for another payer', async () => {
    expect((await lookup('livre@exemplo.com.br')).status).toBe(404);
    expect((await lookup('nao-e-chave')).status).toBe(404);
    expect((await lookup(MARIA.phone)).status).toBe(404); // awaiting its code
    expect((await lookup(DOCE.taxId, DOCE.taxId)).status).toBe(403);
  });

  it('GetLink limits lookups per holder: 20 misses an hour, 100 in all (429)', async () => {
    for (let i = 0; i < MISSED_LOOKUPS_PER_HOUR; i++)
      expect((await lookup(`livre${i}@exemplo.com.br`)).status).toBe(404);
    const over = await lookup(DOCE.taxId);
    expect(over.status).toBe(429);
    const bakery = await lookup(DOCE.taxId, PADARIA.taxId, padaria); // another holder is not affected
    expect(bakery.status).toBe(200);
    for (let i = 1; i < LOOKUPS_PER_HOUR; i++) await lookup(DOCE.taxId, PADARIA.taxId, padaria);
    expect((await lookup(DOCE.taxId, PADARIA.taxId, padaria)).status).toBe(429);
  });

  it('GetListLink answers the holder’s keys by tax id, only their own', async () => {
    const res = await call<{
      data: { content: { entry: { key: string; key_type: string; status: string } }[] };
    }>(sb.app, 'listDictKeys', { token: maria, query: { txId: MARIA.taxId } });
    expect(res.status).toBe(200);
    expect(res.body.data.content.map((c) => c.entry.key_type).sort()).toEqual([
      'CPF',
      'EMAIL',
      'EVP',
      'PHONE',
    ]);
    const other = await call(sb.app, 'listDictKeys', { token: maria, query: { txId: DOCE.taxId } });
    expect(other.status).toBe(403);
  });
});

describe('tutorial and device', () => {
  it('the tutorial: closed for Maria, null for the bakery until it closes it, for good', async () => {
    const get = (token: string, accountId: string) =>
      call<{ data: { showPixTutorial: boolean } | null }>(sb.app, 'getPixTutorial', {
        token,
        params: { accountId },
      });
    expect(TUTORIAL_CLOSED_USER).toBe('maria');
    expect((await get(maria, MARIA.accountId)).body.data).toEqual({ showPixTutorial: false });
    expect((await get(padaria, PADARIA.accountId)).body.data).toBeNull();
    const close = (userAccountId: string) =>
      call<{ data: { showPixTutorial: boolean } }>(sb.app, 'closePixTutorial', {
        token: padaria,
        json: { userAccountId },
      });
    expect((await close(PADARIA.accountId)).body.data).toEqual({ showPixTutorial: false });
    expect((await close(PADARIA.accountId)).status).toBe(200);
    expect((await get(padaria, PADARIA.accountId)).body.data).toEqual({ showPixTutorial: false });
    expect((await close(MARIA.accountId)).status).toBe(403);
  });

  it('getMe says whether the device is validated for Pix (one demo user’s is not)', async () => {
    const me = async (token: string) =>
      (await call<{ data: { deviceValidated?: boolean } }>(sb.app, 'getMe', { token })).body.data
        .deviceValidated;
    expect(await me(maria)).toBe(true);
    expect(UNVALIDATED_DEVICE_USER).toBe('docesabor');
    const doce = (await login(sb.app, DOCE.email, DEMO_PASSWORD)).token;
    expect(await me(doce)).toBe(false);
  });
});

describe('coverage', () => {
  // Runs last in this file: every call above went through `call`, which checked the contract.
  it('answered every Pix-key call with contract-valid data, and each refusal the contract names', () => {
    const expected: Record<string, number[]> = {
      createPixKey: [200, 400, 422],
      registerAlias: [200, 422],
      requestAliasValidationCode: [200, 422, 429],
      validateAliasOtp: [200, 422, 429],
      deletePixKey: [200, 404, 422],
      listAliases: [200],
      listDictKeys: [200, 403],
      checkPixKeys: [200],
      lookupPixKey: [200, 403, 404, 429],
      getPixTutorial: [200],
      closePixTutorial: [200, 403],
    };
    for (const [id, statuses] of Object.entries(expected))
      expect([...(answered.get(id) ?? [])].sort(), id).toEqual(expect.arrayContaining(statuses));
  });
});
