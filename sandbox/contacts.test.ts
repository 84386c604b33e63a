import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../demo/users.ts';
import { ENABLED_USERS_MAX, PHONE_LOOKUPS_PER_HOUR, PHONE_MISSES_PER_HOUR } from './sim/contacts.ts';
import { call, useSandbox, signedIn, type Failure, type Session } from './test-support.ts';

/**
 * Contact lookups by mobile phone (issue 31; 2-money-movement.md §7 GET /contact-users-update/{phone},
 * POST /enabled-users; rules in sim/contacts.ts): company customers only, the same 404 for anyone
 * else, and a budget per holder against enumerating who holds which phone.
 */

interface Contact {
  accounts: { accountId: string }[];
  accountHolder?: { name?: string; mobilePhones?: { phoneNumber: string }[] };
  client?: { name?: string; taxIdentifier?: { taxId: string } };
}

const sb = useSandbox();
const maria = signedIn(sb, 'maria');
const padaria = signedIn(sb, 'padaria');

const national = (phone: string) => phone.replace(/^\+55/, '');
const DOCE = national(DEMO_USERS.docesabor.phone);
const PADARIA = national(DEMO_USERS.padaria.phone);
const MARIA = national(DEMO_USERS.maria.phone);
const MINUTE = 60_000;

const byPhone = (phone: string, who: Session = maria) =>
  call<{ data: Contact } & Failure>(sb.app, 'getContactUserByPhone', { token: who.token, params: { phone } });

const enabled = (phones: string[], who: Session = maria, ddi = '55') =>
  call<{ data: { enabledUsers: { phoneNumber: string; enabled: boolean; accountId?: string }[] } } & Failure>(
    sb.app,
    'checkEnabledUsers',
    {
      token: who.token,
      query: { ddi },
      json: { enabledUsers: phones.map((phoneNumber) => ({ country: 'BRA', phoneNumber })) },
    },
  );

describe('getContactUserByPhone', () => {
  it("answers a company customer's account, name and CNPJ, with or without the country code", async () => {
    for (const phone of [DOCE, `55${DOCE}`]) {
      const res = await byPhone(phone);
      expect(res.status, phone).toBe(200);
      expect(res.body.data.accounts[0]?.accountId).toBe(DEMO_USERS.docesabor.accountId);
      expect(res.body.data.client?.taxIdentifier?.taxId).toBe(DEMO_USERS.docesabor.taxId);
      expect(res.body.data.accountHolder?.mobilePhones?.[0]?.phoneNumber).toBe(DOCE);
    }
  });

  it("answers the same 404 RECIPIENT 58 for a person's phone, the caller's own and nobody's", async () => {
    const answers = [];
    for (const [who, phone] of [
      [padaria, MARIA],
      [padaria, PADARIA],
      [maria, '11912345678'],
    ] as const) {
      const res = await byPhone(phone, who);
      expect(res.status, phone).toBe(404);
      answers.push(res.body);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[1]).toEqual(answers[2]);
    expect(answers[0]?.error).toMatchObject({ group: 'RECIPIENT', code: 58 });
  });

  it('refuses what is not a Brazilian mobile (400)', async () => {
    for (const phone of ['1133334444', '01991234567', '5411912345678']) {
      const res = await byPhone(phone);
      expect(res.status, phone).toBe(400);
    }
  });

  it(`allows ${PHONE_MISSES_PER_HOUR} lookups that find nothing an hour, then 429 for any phone until they age`, async () => {
    for (let i = 0; i < PHONE_MISSES_PER_HOUR; i++)
      expect((await byPhone(`1191234${String(5000 + i)}`)).status).toBe(404);
    const blocked = await byPhone(DOCE);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.body.error.code)).toBe(429);
    // Another holder keeps its own budget.
    expect((await byPhone(DOCE, padaria)).status).toBe(200);
    sb.clock.now = new Date(sb.clock.now.getTime() + 61 * MINUTE);
    await maria.signIn();
    expect((await byPhone(DOCE)).status).toBe(200);
  });

  it(`allows ${PHONE_LOOKUPS_PER_HOUR} lookups an hour in all`, async () => {
    for (let i = 0; i < PHONE_LOOKUPS_PER_HOUR; i++) expect((await byPhone(DOCE)).status).toBe(200);
    expect((await byPhone(DOCE)).status).toBe(429);
  });
});

describe('checkEnabledUsers', () => {
  it('answers each phone, in order, enabled only for an active company customer other than the caller', async () => {
    const res = await enabled([DOCE, MARIA, PADARIA, '11912345678', '1133334444'], padaria);
    expect(res.status).toBe(200);
    expect(res.body.data.enabledUsers).toEqual([
      { phoneNumber: DOCE, enabled: true },
      { phoneNumber: MARIA, enabled: false },
      { phoneNumber: PADARIA, enabled: false },
      { phoneNumber: '11912345678', enabled: false },
      { phoneNumber: '1133334444', enabled: false },
    ]);
  });

  it('spends the lookup budget: a batch that does not fit is refused whole (429), nothing looked up', async () => {
    const batch = Array.from({ length: ENABLED_USERS_MAX }, () => DOCE);
    expect((await enabled(batch)).status).toBe(200);
    const over = await enabled(batch.slice(0, PHONE_LOOKUPS_PER_HOUR - ENABLED_USERS_MAX + 1));
    expect(over.status).toBe(429);
    expect((await enabled(batch.slice(0, PHONE_LOOKUPS_PER_HOUR - ENABLED_USERS_MAX))).status).toBe(200);
  });

  it(`refuses more than ${ENABLED_USERS_MAX} phones a call and a ddi other than 55 (400)`, async () => {
    const many = Array.from({ length: ENABLED_USERS_MAX + 1 }, () => DOCE);
    expect((await enabled(many)).status).toBe(400);
    expect((await enabled([DOCE], maria, '1')).status).toBe(400);
  });
});
