import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../demo/users.ts';
import { DEMO_TOTP } from './db/demo-totp.ts';
import { DEMO_IDS } from './db/seed.ts';
import { confirmationValid, spendConfirmation, totpCode } from './sim/totp.ts';
import { call, FIXED_NOW, login, signedIn, useSandbox, type Failure } from './test-support.ts';

/** The security code (contract validateTotp; 2-money-movement.md §2, §5, §8). */

const sb = useSandbox();
const maria = signedIn(sb, 'maria');
const MARIA = DEMO_IDS.maria.accountId;
const SECRET = DEMO_TOTP.maria.secret;
const SIGNATURE = '150|a1b2c3d4-0001-4000-8000-000000000001|341|0912|458217|60471829000102';
/** The exact movement the code confirms (issue 27): R$ 150,00 under one externalIdentifier. */
const MOVEMENT = { amount: 150, externalIdentifier: 'ted-0001' };
const THIS = { accountId: MARIA, signature: SIGNATURE, cents: 15000, externalIdentifier: 'ted-0001' };

interface TotpAnswer {
  data: { result: boolean; confirmationToken?: string; expiresInSeconds?: number; attemptsLeft?: number };
}

const at = (seconds: number) => new Date(FIXED_NOW.getTime() + seconds * 1000);

async function validate(
  code: string,
  o: {
    signature?: string;
    movement?: { amount: number; externalIdentifier: string };
    accountId?: string;
    remoteAddress?: string;
  } = {},
) {
  return call<TotpAnswer & { retryAfterSeconds?: number }>(sb.app, 'validateTotp', {
    token: maria.token,
    params: { accountId: o.accountId ?? MARIA },
    json: {
      totpCode: code,
      transactionSignature: o.signature ?? SIGNATURE,
      movement: o.movement ?? MOVEMENT,
    },
    unchecked: o.accountId !== undefined && o.accountId !== MARIA,
    ...(o.remoteAddress ? { remoteAddress: o.remoteAddress } : {}),
  });
}

/** A code that is not the right one now nor one step either way. */
function wrongCode(now: Date): string {
  const near = [-30, 0, 30].map((s) => totpCode(SECRET, new Date(now.getTime() + s * 1000)));
  for (let n = 0; ; n++) {
    const c = String(n).padStart(6, '0');
    if (!near.includes(c)) return c;
  }
}

describe('validateTotp', () => {
  it('accepts the code of now and of one step either way, not two', async () => {
    for (const [offset, expected] of [
      [0, true],
      [-30, true],
      [30, true],
      [-60, false],
      [60, false],
    ] as const) {
      await sb.app.inject({ method: 'POST', url: '/sandbox/reset' });
      await maria.signIn();
      const res = await validate(totpCode(SECRET, at(offset)));
      expect(res.status, `offset ${offset}`).toBe(200);
      expect(res.body.data.result, `offset ${offset}`).toBe(expected);
    }
  });

  it('answers a single-use token for 300 s, bound to the account, the signature and the exact movement', async () => {
    const res = await validate(totpCode(SECRET, FIXED_NOW));
    expect(res.body.data).toMatchObject({ result: true, expiresInSeconds: 300 });
    const confirmation = res.body.data.confirmationToken ?? '';
    expect(confirmation.length).toBeGreaterThanOrEqual(16);
    const db = sb.app.sandbox.db;
    expect(confirmationValid(db, confirmation, THIS, FIXED_NOW)).toBe(true);
    // Another account, another signature, after 300 s: not valid.
    const padaria = DEMO_IDS.padaria.accountId;
    expect(confirmationValid(db, confirmation, { ...THIS, accountId: padaria }, FIXED_NOW)).toBe(false);
    expect(confirmationValid(db, confirmation, { ...THIS, signature: `${SIGNATURE}0` }, FIXED_NOW)).toBe(
      false,
    );
    expect(confirmationValid(db, confirmation, THIS, at(300))).toBe(false);
    expect(confirmationValid(db, confirmation, THIS, at(299))).toBe(true);
    // Another amount in the same whole reais, another externalIdentifier: not valid (issue 27).
    expect(confirmationValid(db, confirmation, { ...THIS, cents: 15050 }, FIXED_NOW)).toBe(false);
    expect(confirmationValid(db, confirmation, { ...THIS, externalIdentifier: 'ted-0002' }, FIXED_NOW)).toBe(
      false,
    );
    expect(spendConfirmation(db, confirmation, { ...THIS, cents: 15050 }, FIXED_NOW)).toBe(false);
    // Spent once, never again.
    expect(spendConfirmation(db, confirmation, THIS, FIXED_NOW)).toBe(true);
    expect(spendConfirmation(db, confirmation, THIS, FIXED_NOW)).toBe(false);
    expect(confirmationValid(db, confirmation, THIS, FIXED_NOW)).toBe(false);
    // Only the hash is kept.
    const stored = db.prepare('SELECT token_hash FROM totp_confirmations').all() as { token_hash: string }[];
    expect(stored.map((r) => r.token_hash)).not.toContain(confirmation);
  });

  it('refuses a used code for another movement, and an older step once a newer one was used (SECURITY 57)', async () => {
    const code = totpCode(SECRET, FIXED_NOW);
    expect((await validate(code)).body.data.result).toBe(true);
    const other = `${SIGNATURE}9`;
    const reused = await call<Failure>(sb.app, 'validateTotp', {
      token: maria.token,
      params: { accountId: MARIA },
      json: { totpCode: code, transactionSignature: other, movement: MOVEMENT },
    });
    expect(reused.status).toBe(422);
    expect(reused.body.error).toMatchObject({ group: 'SECURITY', code: 57 });
    expect(reused.body.error.description).toBe(
      'Este código já foi usado. Aguarde o próximo código no seu aplicativo.',
    );
    sb.clock.now = at(30);
    expect((await validate(totpCode(SECRET, at(30)))).body.data.result).toBe(true);
    // The previous step's code is inside the drift window but older than the last one used.
    expect((await validate(totpCode(SECRET, FIXED_NOW), { signature: other })).status).toBe(422);
  });

  it('a double submit: the same right code for the same movement, ten at once, gets the one token and locks nothing (issue 27)', async () => {
    const code = totpCode(SECRET, FIXED_NOW);
    const answers = await Promise.all(Array.from({ length: 10 }, () => validate(code)));
    const tokens = new Set(answers.map((a) => a.body.data.confirmationToken));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.every((a) => a.body.data.result === true)).toBe(true);
    expect(tokens.size).toBe(1);
    const [token] = [...tokens];
    if (!token) throw new Error('no token');
    expect(confirmationValid(sb.app.sandbox.db, token, THIS, FIXED_NOW)).toBe(true);
    expect(spendConfirmation(sb.app.sandbox.db, token, THIS, FIXED_NOW)).toBe(true);
    // Nothing counted: four wrong codes are still answered, the fifth locks.
    for (let i = 0; i < 4; i++) expect((await validate(wrongCode(FIXED_NOW))).status).toBe(200);
    expect((await validate(wrongCode(FIXED_NOW))).status).toBe(429);
  });

  it('a used code sent again for the same signature but other cents or externalIdentifier is SECURITY 57 (issue 27)', async () => {
    const code = totpCode(SECRET, FIXED_NOW);
    expect((await validate(code)).body.data.result).toBe(true);
    for (const movement of [
      { amount: 150.5, externalIdentifier: MOVEMENT.externalIdentifier },
      { amount: MOVEMENT.amount, externalIdentifier: 'ted-0002' },
    ]) {
      const res = await validate(code, { movement });
      expect(res.status, JSON.stringify(movement)).toBe(422);
      expect((res.body as unknown as Failure).error).toMatchObject({ group: 'SECURITY', code: 57 });
    }
  });

  it('a token stored before migration 13 (no cents, no externalIdentifier) confirms nothing', async () => {
    const token = (await validate(totpCode(SECRET, FIXED_NOW))).body.data.confirmationToken ?? '';
    const db = sb.app.sandbox.db;
    expect(confirmationValid(db, token, THIS, FIXED_NOW)).toBe(true);
    db.prepare('UPDATE totp_confirmations SET amount_cents = NULL, external_identifier = NULL').run();
    expect(confirmationValid(db, token, THIS, FIXED_NOW)).toBe(false);
    expect(spendConfirmation(db, token, THIS, FIXED_NOW)).toBe(false);
  });

  it('refuses a movement amount no movement could carry, before the code is looked at', async () => {
    const res = await validate(totpCode(SECRET, FIXED_NOW), {
      movement: { amount: 10.005, externalIdentifier: 'x' },
    });
    expect(res.status).toBe(422);
    // The code was not spent: the same code still confirms a real movement.
    expect((await validate(totpCode(SECRET, FIXED_NOW))).body.data.result).toBe(true);
  });

  it('a used code sent ten times for other movements is SECURITY 57 each time and locks nothing (issue 27)', async () => {
    const code = totpCode(SECRET, FIXED_NOW);
    expect((await validate(code)).body.data.result).toBe(true);
    for (let i = 0; i < 10; i++) {
      const res = await validate(code, { signature: `${i}|${MARIA}|bill` });
      expect(res.status).toBe(422);
    }
    sb.clock.now = at(30);
    expect(
      (await validate(totpCode(SECRET, at(30)), { signature: `1|${MARIA}|bill` })).body.data.result,
    ).toBe(true);
  });

  it('answers 429 at the fifth wrong code in a row; during the wait even the right code is refused', async () => {
    for (let i = 1; i <= 4; i++) {
      const res = await validate(wrongCode(FIXED_NOW));
      expect(res.status, `try ${i}`).toBe(200);
      expect(res.body.data.result).toBe(false);
    }
    const fifth = await validate(wrongCode(FIXED_NOW));
    expect(fifth.status).toBe(429);
    expect(fifth.body.retryAfterSeconds).toBe(900);
    const during = await validate(totpCode(SECRET, FIXED_NOW));
    expect(during.status).toBe(429);
    // The wait is over after 15 minutes; the right code of then is accepted and clears the count.
    sb.clock.now = at(901);
    expect((await validate(totpCode(SECRET, at(901)))).body.data.result).toBe(true);
    for (let i = 1; i <= 4; i++) expect((await validate(wrongCode(at(901)))).status).toBe(200);
  });

  it('a right code between wrong ones starts the count again', async () => {
    for (let i = 0; i < 4; i++) await validate(wrongCode(FIXED_NOW));
    expect((await validate(totpCode(SECRET, FIXED_NOW))).body.data.result).toBe(true);
    for (let i = 0; i < 4; i++) expect((await validate(wrongCode(FIXED_NOW))).status).toBe(200);
  });

  it('says after each wrong code how many tries are left before the lock (issue 32)', async () => {
    const left: unknown[] = [];
    for (let i = 0; i < 4; i++) left.push((await validate(wrongCode(FIXED_NOW))).body.data.attemptsLeft);
    expect(left).toEqual([4, 3, 2, 1]);
    // A right code clears the count: the next wrong one has four left again.
    sb.clock.now = at(30);
    expect((await validate(totpCode(SECRET, at(30)))).body.data.result).toBe(true);
    expect((await validate(wrongCode(at(30)))).body.data.attemptsLeft).toBe(4);
  });

  it("checks only the caller's own account", async () => {
    const res = await validate(totpCode(SECRET, FIXED_NOW), { accountId: DEMO_IDS.padaria.accountId });
    expect(res.status).toBe(403);
  });

  it("uses each holder's own secret", async () => {
    const padaria = await login(sb.app, DEMO_USERS.padaria.email, DEMO_USERS.padaria.password);
    const res = await call<TotpAnswer>(sb.app, 'validateTotp', {
      token: padaria.token,
      params: { accountId: padaria.accountId },
      json: { totpCode: totpCode(SECRET, FIXED_NOW), transactionSignature: SIGNATURE, movement: MOVEMENT },
    });
    const own = await call<TotpAnswer>(sb.app, 'validateTotp', {
      token: padaria.token,
      params: { accountId: padaria.accountId },
      json: {
        totpCode: totpCode(DEMO_TOTP.padaria.secret, FIXED_NOW),
        transactionSignature: SIGNATURE,
        movement: MOVEMENT,
      },
    });
    // Maria's code is (almost surely) not the bakery's; the bakery's is.
    expect(totpCode(SECRET, FIXED_NOW)).not.toBe(totpCode(DEMO_TOTP.padaria.secret, FIXED_NOW));
    expect(res.body.data.result).toBe(false);
    expect(own.body.data.result).toBe(true);
  });

  it('the reset forgets used steps, tokens and waits', async () => {
    for (let i = 0; i < 5; i++) await validate(wrongCode(FIXED_NOW));
    expect((await validate(totpCode(SECRET, FIXED_NOW))).status).toBe(429);
    await sb.app.inject({ method: 'POST', url: '/sandbox/reset' });
    await maria.signIn();
    expect((await validate(totpCode(SECRET, FIXED_NOW))).body.data.result).toBe(true);
  });
});

describe('GET /sandbox/autenticador', () => {
  it('shows each demo customer with the otpauth URI, the secret and a QR image, in pt-BR', async () => {
    const res = await sb.app.inject({ method: 'GET', url: '/sandbox/autenticador' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('lang="pt-BR"');
    for (const key of ['maria', 'padaria', 'docesabor'] as const) {
      const { secret, accountName } = DEMO_TOTP[key];
      expect(res.body).toContain(secret);
      expect(res.body).toContain(
        `otpauth://totp/Banco%20Sandbox:${encodeURIComponent(accountName)}?secret=${secret}`,
      );
    }
    expect(res.body.match(/<svg /g)?.length).toBeGreaterThanOrEqual(3);
    // Its own style by hash; nothing inline loosened.
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/style-src 'self' 'sha256-[^']+' 'sha256-[^']+'/);
    expect(csp).not.toContain('unsafe-inline');
  });

  it('does not exist for a caller from another machine', async () => {
    const res = await sb.app.inject({
      method: 'GET',
      url: '/sandbox/autenticador',
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(SECRET);
  });
});
