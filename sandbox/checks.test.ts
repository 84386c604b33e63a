import { describe, expect, it } from 'vitest';
import { balanceCents, totalCents } from './db/ledger.ts';
import { DEMO_USERS } from '../demo/users.ts';
import { DEMO_IDS } from './db/seed.ts';
import { CHECK_VALID_DAYS } from './sim/checks.ts';
import {
  call,
  databaseSnapshot,
  drainTo,
  FIXED_NOW,
  ledgerTransactionCount,
  signedIn,
  useSandbox,
  type Failure,
  type Session,
} from './test-support.ts';

/** Digital checks (issue #14, 2-money-movement.md §2 Receive by QR code; sim/checks.ts). */

interface Listed {
  id: string;
  amount: number;
  qr: string;
}

const MARIA = DEMO_IDS.maria.accountId;
const PADARIA = DEMO_IDS.padaria.accountId;
let serial = 0;

const sb = useSandbox();
const maria = signedIn(sb, 'maria');
const padaria = signedIn(sb, 'padaria');

const db = () => sb.app.sandbox.db;

async function listed(): Promise<Listed[]> {
  return (await sb.app.inject({ method: 'GET', url: '/sandbox/cheques.json' })).json<{ data: Listed[] }>()
    .data;
}

function redeem(document: string, amount: number | undefined, who: Session = maria, id = `chq-${++serial}`) {
  return call<{ data: { transactionId: string; success?: boolean } } & Failure>(sb.app, 'createPayment', {
    token: who.token,
    json: {
      externalIdentifier: id,
      myAccount: { accountId: who.accountId },
      ...(amount !== undefined ? { totalAmount: amount } : {}),
      paymentInfo: { transactionType: 'DigitalCheck', digitalCheck: { deviceUUID: 'web', document } },
    },
  });
}

const qrOf = (c: Listed) => JSON.parse(c.qr) as { value: number; qrCodeData: string };

describe('digital checks (createPayment DigitalCheck)', () => {
  it('the seeded checks are listed as QR JSON; one is redeemed once: the issuer is debited, the receiver credited', async () => {
    const checks = await listed();
    expect(checks.map((c) => [c.id, c.amount])).toEqual([
      ['DEMO0001', 150],
      ['DEMO0002', 80.5],
    ]);
    const first = checks[0];
    if (!first) throw new Error('no check');
    const qr = qrOf(first);
    const before = { maria: balanceCents(db(), MARIA), padaria: balanceCents(db(), PADARIA) };
    const res = await redeem(qr.qrCodeData, qr.value);
    expect(res.status).toBe(200);
    expect(balanceCents(db(), MARIA)).toBe(before.maria + 15_000);
    expect(balanceCents(db(), PADARIA)).toBe(before.padaria - 15_000);
    expect(totalCents(db())).toBe(0);
    // The same request again: the first answer, one movement.
    const count = ledgerTransactionCount(sb);
    const replayed = await redeem(qr.qrCodeData, qr.value, maria, `chq-${serial}`);
    expect(replayed.body).toEqual(res.body);
    expect(ledgerTransactionCount(sb)).toBe(count);
    // Another request (or another customer) with the used check: 66, nothing written.
    const snapshot = databaseSnapshot(sb.app);
    expect((await redeem(qr.qrCodeData, qr.value)).body.error).toMatchObject({ group: 'CHECK', code: 66 });
    expect((await redeem(qr.qrCodeData, qr.value, padaria)).body.error).toMatchObject({ code: 66 });
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
    expect((await listed()).map((c) => c.id)).toEqual(['DEMO0002']);
  });

  it('forged, altered or unknown checks are 65; one’s own is 53; expired 67; no funds 68; nothing written', async () => {
    const [, second] = await listed();
    if (!second) throw new Error('no check');
    const qr = qrOf(second);
    const snapshot = databaseSnapshot(sb.app);
    const [tag, id, cents, mac] = qr.qrCodeData.split('.') as [string, string, string, string];
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('0') ? '1' : '0'}`;
    for (const [document, amount] of [
      [`${tag}.${id}.${cents}.${flipped}`, qr.value],
      [`${tag}.${id}.100000.${mac}`, 1000],
      [qr.qrCodeData, 999.99],
      [`${tag}.NOPE0001.${cents}.${mac}`, qr.value],
      ['não é um cheque', qr.value],
    ] as const) {
      const res = await redeem(document, amount);
      expect(res.status, document).toBe(422);
      expect(res.body.error).toMatchObject({ group: 'CHECK', code: 65 });
    }
    expect((await redeem(qr.qrCodeData, qr.value, padaria)).body.error).toMatchObject({
      group: 'TRANSFER',
      code: 53,
    });
    expect(databaseSnapshot(sb.app)).toBe(snapshot);

    // The bakery empties its account: the check bounces (68) and stays redeemable.
    drainTo(sb, PADARIA, 100);
    expect((await redeem(qr.qrCodeData, qr.value)).body.error).toMatchObject({ group: 'CHECK', code: 68 });

    sb.clock.now = new Date(FIXED_NOW.getTime() + (CHECK_VALID_DAYS + 1) * 86_400_000);
    await maria.signIn();
    expect((await redeem(qr.qrCodeData, qr.value)).body.error).toMatchObject({ group: 'CHECK', code: 67 });
  });

  it('POST /sandbox/cheques issues a check that verifies, and the listing is this machine’s only', async () => {
    const res = await sb.app.inject({
      method: 'POST',
      url: '/sandbox/cheques',
      payload: { issuerAccountId: PADARIA, amount: 12.34 },
    });
    const qr = JSON.parse(res.json<{ data: { qr: string } }>().data.qr) as {
      value: number;
      qrCodeData: string;
    };
    expect(qr.value).toBe(12.34);
    expect((await redeem(qr.qrCodeData, undefined)).status).toBe(200);
    const bad = await sb.app.inject({
      method: 'POST',
      url: '/sandbox/cheques',
      payload: { issuerAccountId: 'x', amount: 1 },
    });
    expect(bad.statusCode).toBe(400);
    // The one amount rule (sim/money.ts): under a cent is no check.
    const tiny = await sb.app.inject({
      method: 'POST',
      url: '/sandbox/cheques',
      payload: { issuerAccountId: PADARIA, amount: 1e-9 },
    });
    expect(tiny.statusCode).toBe(400);
    const far = await sb.app.inject({
      method: 'GET',
      url: '/sandbox/cheques.json',
      remoteAddress: '203.0.113.9',
    });
    expect(far.statusCode).toBe(404);
  });

  it('getDigitalCheck names the issuer and the value before receiving, refuses as the redemption does, and writes nothing', async () => {
    const lookUp = (document: string, who: Session = maria) =>
      call<
        { data: { issuerName: string; issuerDocument: string; amount: number; expiresAt: string } } & Failure
      >(sb.app, 'getDigitalCheck', {
        token: who.token,
        params: { accountId: who.accountId },
        query: { document },
      });
    const [first] = await listed();
    if (!first) throw new Error('no check');
    const qr = qrOf(first);
    const snapshot = databaseSnapshot(sb.app);
    const found = await lookUp(qr.qrCodeData);
    expect(found.status).toBe(200);
    // A company's CNPJ in full; the value the QR says; 30 days from issue.
    expect(found.body.data).toEqual({
      issuerName: DEMO_USERS.padaria.name,
      issuerDocument: DEMO_USERS.padaria.taxId,
      amount: 150,
      expiresAt: new Date(FIXED_NOW.getTime() + CHECK_VALID_DAYS * 86_400_000).toISOString(),
    });
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
    // Altered (65) and one's own (53), as the redemption refuses them.
    const [tag, id, , mac] = qr.qrCodeData.split('.') as [string, string, string, string];
    expect((await lookUp(`${tag}.${id}.100000.${mac}`)).body.error).toMatchObject({
      group: 'CHECK',
      code: 65,
    });
    expect((await lookUp(qr.qrCodeData, padaria)).body.error).toMatchObject({ group: 'TRANSFER', code: 53 });
    // Another customer's account is not the caller's to receive into.
    const other = await call(sb.app, 'getDigitalCheck', {
      token: maria.token,
      params: { accountId: PADARIA },
      query: { document: qr.qrCodeData },
      unchecked: true,
    });
    expect(other.status).toBe(403);
    // Redeemed: 66 from then on.
    expect((await redeem(qr.qrCodeData, qr.value)).status).toBe(200);
    expect((await lookUp(qr.qrCodeData)).body.error).toMatchObject({ group: 'CHECK', code: 66 });

    // An individual's check: the CPF masked as the DICT shows it to a payer.
    const issued = await sb.app.inject({
      method: 'POST',
      url: '/sandbox/cheques',
      payload: { issuerAccountId: MARIA, amount: 9.9 },
    });
    const mine = JSON.parse(issued.json<{ data: { qr: string } }>().data.qr) as { qrCodeData: string };
    const cpf = DEMO_USERS.maria.taxId;
    expect((await lookUp(mine.qrCodeData, padaria)).body.data).toMatchObject({
      issuerName: DEMO_USERS.maria.name,
      issuerDocument: `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`,
      amount: 9.9,
    });
  });
});
