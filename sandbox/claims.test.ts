import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../demo/users.ts';
import { CLAIMED_PHONES, FOREIGN_PHONES, PORTED_KEYS } from './db/seed-claims.ts';
import { OWN_BANK } from './sim/bank.ts';
import { COMPLETION_PERIOD_MS, RESOLUTION_PERIOD_MS } from './sim/claim-rules.ts';
import { insertDevice, validateDeviceRecord } from './sim/devices.ts';
import { liveKey } from './sim/dict.ts';
import { resolveToken } from './sim/sessions.ts';
import { findUserByHolder } from './sim/users.ts';
import {
  call,
  databaseSnapshot,
  FIXED_NOW,
  signedIn,
  useSandbox,
  type Failure,
  type Session,
} from './test-support.ts';

/**
 * Key claims (issue 30; 4-pix-part-two.md §4-§8; docs/domain-notes.md "DICT claims"): the calls
 * as the contract says, every rule re-checked, and the life of a claim on the bank clock (the
 * resolution period, what an unanswered donor means for each kind, the completion period) up to
 * the key answering for the claimer's account. The role and state rules' properties are in
 * sim/claim-rules.property.test.ts.
 */

interface Claim {
  idClaims: number;
  keyClaims: string;
  claimType: string;
  status: string;
  claimerAccount?: string;
  donorAccount?: string | null;
  resolutionDeadline?: string;
  completionDeadline?: string | null;
}

const sb = useSandbox();
const maria = signedIn(sb, 'maria');
const padaria = signedIn(sb, 'padaria');
const doce = signedIn(sb, 'docesabor');
const DAY = 86_400_000;
const db = () => sb.app.sandbox.db;

const list = async (who: Session) =>
  (await call<{ data: Claim[] }>(sb.app, 'listClaims', { token: who.token })).body.data;

function body(claimer: keyof typeof DEMO_USERS, type: string, keyType: string, key: string) {
  const u = DEMO_USERS[claimer];
  return {
    type,
    key,
    key_type: keyType,
    claimer_account: {
      participant: OWN_BANK.ispb,
      branch: OWN_BANK.branch,
      account_number: u.number,
      account_type: 'CACC',
    },
    claimer: {
      type: u.personType === 'PERSON' ? 'NATURAL_PERSON' : 'LEGAL_PERSON',
      tax_id_number: u.taxId,
      name: u.name,
    },
  };
}

const own = (who: Session, key: string, json = body('maria', 'OWNERSHIP', 'PHONE', key)) =>
  call<{ data: Claim } & Failure>(sb.app, 'createOwnershipClaim', { token: who.token, json });
const port = (who: Session, json: ReturnType<typeof body>) =>
  call<{ data: Claim } & Failure>(sb.app, 'createPortabilityClaim', { token: who.token, json });
const act = (who: Session, op: 'confirmClaim' | 'completeClaim' | 'cancelClaim', idClaims: number) =>
  call<{ data: Claim } & Failure>(sb.app, op, { token: who.token, params: { idClaims } });
const checkLogin = (who: Session, user: keyof typeof DEMO_USERS, password: string) =>
  call(sb.app, 'checkLogin', { token: who.token, json: { username: DEMO_USERS[user].email, password } });
const decide = (who: Session, claim_Id: number, claim_decision: boolean) =>
  call<{ data: Claim } & Failure>(sb.app, 'decideClaim', {
    token: who.token,
    json: { claim_Id, claim_decision, reason_decision: 'teste' },
  });
const code = (res: { body: Failure }) => `${res.body.error.group} ${res.body.error.code}`;

async function at(ms: number) {
  sb.clock.now = new Date(FIXED_NOW.getTime() + ms);
  await maria.signIn();
  await padaria.signIn();
}

describe('listClaims and getClaim', () => {
  it('lists the seeded claims of each side, newest first; another account’s claim is a 404', async () => {
    const mine = await list(maria);
    expect(mine.map((c) => [c.keyClaims, c.status, c.claimerAccount === DEMO_USERS.maria.number])).toEqual([
      [DEMO_USERS.maria.phone, 'WAITING_RESOLUTION', false],
      [FOREIGN_PHONES[0].key, 'WAITING_RESOLUTION', true],
      [FOREIGN_PHONES[1].key, 'CONFIRMED', true],
      [PORTED_KEYS.mariaEmail, 'CANCELLED', true],
      [DEMO_USERS.maria.phone, 'CANCELLED', false],
    ]);
    const bakery = await list(padaria);
    expect(bakery.map((c) => c.status).sort()).toEqual(['COMPLETED', 'CONFIRMED', 'WAITING_RESOLUTION']);
    const other = bakery.find((c) => c.keyClaims === CLAIMED_PHONES.docesabor);
    expect(other).toBeDefined();
    const got = await call<{ data: Claim }>(sb.app, 'getClaim', {
      token: padaria.token,
      params: { idClaims: other?.idClaims ?? 0 },
    });
    expect(got.body.data).toEqual(other);
    const hidden = await call(sb.app, 'getClaim', {
      token: maria.token,
      params: { idClaims: other?.idClaims ?? 0 },
    });
    expect(hidden.status).toBe(404);
  });
});

describe('creating a claim re-checks every rule, writing nothing when it refuses', () => {
  it('refuses a key type the kind does not take, a malformed key, a key not held elsewhere, the wrong side, another account', async () => {
    const before = databaseSnapshot(sb.app);
    // Ownership is for phones only (§5); the contract already refuses a non-phone body (400).
    expect((await own(maria, 'x', body('maria', 'OWNERSHIP', 'PHONE', '11987654321'))).body.error.code).toBe(
      122,
    );
    expect(
      code(await port(maria, body('maria', 'PORTABILITY', 'EVP', '0b7f0c56-2a4a-4f57-9a3e-0c7c6f2b8a11'))),
    ).toBe('PIXCLAIM 122');
    expect(code(await port(maria, body('maria', 'PORTABILITY', 'CPF', '52998224724')))).toBe('PIXCLAIM 122');
    expect(code(await own(maria, '+5511911112222'))).toBe('PIXCLAIM 123');
    expect(code(await port(maria, body('maria', 'PORTABILITY', 'CPF', DEMO_USERS.maria.taxId)))).toBe(
      'PIXKEY 72',
    );
    // Portability brings only the holder's own keys; ownership is for someone else's phone.
    expect(code(await port(maria, body('maria', 'PORTABILITY', 'PHONE', DEMO_USERS.padaria.phone)))).toBe(
      'PIXCLAIM 124',
    );
    expect(code(await own(maria, FOREIGN_PHONES[0].key))).toBe('PIXCLAIM 126');
    expect(code(await own(padaria, DEMO_USERS.maria.phone))).toBe('PIXCLAIM 129');
    expect(databaseSnapshot(sb.app)).toBe(before);
  });

  it('needs the session’s device validated (Doce Sabor signs in from a browser not registered)', async () => {
    const json = body('docesabor', 'OWNERSHIP', 'PHONE', DEMO_USERS.padaria.phone);
    expect(code(await own(doce, '', json))).toBe('PIXCLAIM 121');
    // She registers this browser: a device record, not yet validated, still refused.
    const session = resolveToken(db(), doce.token, sb.clock.now);
    const user = findUserByHolder(db(), DEMO_USERS.docesabor.holderId);
    if (!session || !user) throw new Error('no session');
    const { device } = insertDevice(db(), {
      accountId: DEMO_USERS.docesabor.accountId,
      userId: user.id,
      alias: 'Caixa da loja',
      now: sb.clock.now,
      tokenHash: session.tokenHash,
    });
    expect(code(await own(doce, '', json))).toBe('PIXCLAIM 121');
    validateDeviceRecord(db(), device, sb.clock.now);
    expect((await own(doce, '', json)).status).toBe(200);
  });

  it('opens a portability of the holder’s own e-mail at another institution, waiting 7 days', async () => {
    const res = await port(maria, body('maria', 'PORTABILITY', 'EMAIL', PORTED_KEYS.mariaEmail));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      claimType: 'PORTABILITY',
      status: 'WAITING_RESOLUTION',
      claimerAccount: DEMO_USERS.maria.number,
      resolutionDeadline: new Date(FIXED_NOW.getTime() + RESOLUTION_PERIOD_MS).toISOString(),
      completionDeadline: null,
    });
  });
});

describe('the life of a claim on the bank clock', () => {
  it('ownership: the donor confirms after CheckLogin, the key stops for it, the bank completes 7 days later and the key answers for Maria', async () => {
    const opened = (await own(maria, DEMO_USERS.padaria.phone)).body.data;
    expect(opened.status).toBe('WAITING_RESOLUTION');
    // The claimer cannot confirm; the donor cannot without a fresh CheckLogin.
    expect(code(await act(maria, 'confirmClaim', opened.idClaims))).toBe('PIXCLAIM 127');
    expect((await decide(padaria, opened.idClaims, true)).status).toBe(403);
    await checkLogin(padaria, 'padaria', 'errada');
    expect((await decide(padaria, opened.idClaims, true)).status).toBe(403);
    await checkLogin(padaria, 'padaria', DEMO_USERS.padaria.password);
    const confirmed = (await decide(padaria, opened.idClaims, true)).body.data;
    expect(confirmed).toMatchObject({ status: 'CONFIRMED' });
    expect(liveKey(db(), DEMO_USERS.padaria.phone)?.status).toBe('INACTIVE');
    // §4 as decided: the donor can do nothing while confirmed.
    expect(code(await act(padaria, 'cancelClaim', opened.idClaims))).toBe('PIXCLAIM 127');

    await at(COMPLETION_PERIOD_MS - 60_000);
    expect((await list(maria)).find((c) => c.idClaims === opened.idClaims)?.status).toBe('CONFIRMED');
    await at(COMPLETION_PERIOD_MS);
    expect((await list(maria)).find((c) => c.idClaims === opened.idClaims)?.status).toBe('COMPLETED');
    const key = liveKey(db(), DEMO_USERS.padaria.phone);
    expect(key).toMatchObject({ status: 'ACTIVE', account_id: DEMO_USERS.maria.accountId });
    // Cancelling a finished claim: 'Processo finalizado. Não é possível efetuar o cancelamento.'
    const late = await act(maria, 'cancelClaim', opened.idClaims);
    expect(late.status).toBe(422);
    expect(late.body.error).toMatchObject({
      group: 'PIXCLAIM',
      code: 120,
      description: 'Processo finalizado. Não é possível efetuar o cancelamento.',
    });
  });

  it('ownership unanswered: confirmed by default at 7 days, completed 7 days after', async () => {
    const { idClaims } = (await own(maria, DEMO_USERS.padaria.phone)).body.data;
    await at(RESOLUTION_PERIOD_MS - 1);
    expect((await list(maria)).find((c) => c.idClaims === idClaims)?.status).toBe('WAITING_RESOLUTION');
    await at(RESOLUTION_PERIOD_MS);
    expect((await list(maria)).find((c) => c.idClaims === idClaims)?.status).toBe('CONFIRMED');
    await at(RESOLUTION_PERIOD_MS + COMPLETION_PERIOD_MS);
    expect((await list(maria)).find((c) => c.idClaims === idClaims)?.status).toBe('COMPLETED');
  });

  it('portability unanswered: cancelled at 7 days, the key stays where it was', async () => {
    const { idClaims } = (await port(maria, body('maria', 'PORTABILITY', 'EMAIL', PORTED_KEYS.mariaEmail)))
      .body.data;
    await at(RESOLUTION_PERIOD_MS + DAY);
    expect((await list(maria)).find((c) => c.idClaims === idClaims)?.status).toBe('CANCELLED');
    expect(liveKey(db(), PORTED_KEYS.mariaEmail)).toMatchObject({ status: 'ACTIVE', account_id: null });
  });

  it('the claimer concludes a confirmed claim at once, or withdraws it and the donor has its key back', async () => {
    const [a] = (await list(padaria)).filter((c) => c.status === 'CONFIRMED');
    const key = a?.keyClaims ?? '';
    expect(liveKey(db(), key)?.status).toBe('INACTIVE');
    expect((await act(padaria, 'cancelClaim', a?.idClaims ?? 0)).body.data.status).toBe('CANCELLED');
    expect(liveKey(db(), key)).toMatchObject({
      status: 'ACTIVE',
      account_id: DEMO_USERS.docesabor.accountId,
    });

    const opened = (await own(maria, DEMO_USERS.padaria.phone)).body.data;
    await checkLogin(padaria, 'padaria', DEMO_USERS.padaria.password);
    expect((await act(padaria, 'confirmClaim', opened.idClaims)).body.data.status).toBe('CONFIRMED');
    expect((await act(maria, 'completeClaim', opened.idClaims)).body.data.status).toBe('COMPLETED');
    expect(liveKey(db(), DEMO_USERS.padaria.phone)?.account_id).toBe(DEMO_USERS.maria.accountId);
  });

  it('the donor rejects (the key stays), or the claimer withdraws while waiting', async () => {
    const opened = (await own(maria, DEMO_USERS.padaria.phone)).body.data;
    await checkLogin(padaria, 'padaria', DEMO_USERS.padaria.password);
    expect((await decide(padaria, opened.idClaims, false)).body.data.status).toBe('CANCELLED');
    expect(liveKey(db(), DEMO_USERS.padaria.phone)).toMatchObject({
      status: 'ACTIVE',
      account_id: DEMO_USERS.padaria.accountId,
    });
    const again = (await own(maria, DEMO_USERS.padaria.phone)).body.data;
    expect((await act(maria, 'cancelClaim', again.idClaims)).body.data.status).toBe('CANCELLED');
  });
});
