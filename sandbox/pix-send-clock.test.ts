/**
 * The test route POST /sandbox/clock (issue 16; sandbox/routes/pix-send-test-routes.ts): the bank's
 * clock put at a São Paulo time, so that the night cap (PIXSEND 81, 20h–6h, individuals at most
 * R$ 1,000 per night period) is reached at any real hour; /sandbox/reset puts it back.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../demo/users.ts';
import { internalPixSignature } from './sim/signature.ts';
import { totpCode } from './sim/totp.ts';
import { call, FIXED_NOW, login, useSandbox } from './test-support.ts';

const sb = useSandbox();
const { maria, padaria } = DEMO_USERS;

const setClock = (at: unknown) => sb.app.inject({ method: 'POST', url: '/sandbox/clock', payload: { at } });

/** An internal Pix from Maria to the bakery, at the bank's clock `at` (the security code of that moment). */
async function pixToBakery(amount: number, at: Date, id: string) {
  const who = await login(sb.app, maria.email, maria.password);
  const signature = internalPixSignature({ amount, sourceAccountId: who.accountId, key: padaria.taxId });
  const code = await call<{ data: { confirmationToken?: string } }>(sb.app, 'validateTotp', {
    token: who.token,
    params: { accountId: who.accountId },
    json: {
      totpCode: totpCode(maria.totpSecret, at),
      transactionSignature: signature,
      movement: { amount, externalIdentifier: id },
    },
  });
  return call<{ error?: { code: number; group: string } }>(sb.app, 'createInternalPix', {
    token: who.token,
    params: { accountId: who.accountId },
    headers: { 'S-Transaction': signature, 'S-Confirmation': code.body.data.confirmationToken ?? '' },
    json: { externalIdentifier: id, Chave: padaria.taxId, KeyType: 'CNPJ', Amount: amount },
  });
}

describe('POST /sandbox/clock', () => {
  it('refuses an instant without its zone, or no instant', async () => {
    for (const at of ['2026-11-21T22:30:00', '22:30', 12, undefined, '2026-13-01T00:00:00Z']) {
      const res = await setClock(at);
      expect(res.statusCode, String(at)).toBe(400);
    }
  });

  it('puts the clock at 22:30 in São Paulo: the night cap refuses R$ 1.000,01 (PIXSEND 81)', async () => {
    const night = '2026-11-21T22:30:00-03:00';
    const res = await setClock(night);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { now: new Date(night).toISOString() } });
    const refused = await pixToBakery(1000.01, new Date(night), 'clock-night-1');
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ group: 'PIXSEND', code: 81 });
  });

  it('is put back by /sandbox/reset: by day the same Pix is sent', async () => {
    await setClock('2026-11-21T22:30:00-03:00');
    await sb.app.inject({ method: 'POST', url: '/sandbox/reset' });
    const sent = await pixToBakery(1000.01, FIXED_NOW, 'clock-day-1');
    expect(sent.status).toBe(200);
  });
});
