import { describe, expect, it } from 'vitest';
import { BANK_ACCOUNTS, balanceCents, totalCents } from './db/ledger.ts';
import { DEMO_IDS } from './db/seed.ts';
import { AREA_CODES } from './sim/carriers.ts';
import {
  call,
  databaseSnapshot,
  drainTo,
  holdTwoCalls,
  ledgerTransactionCount,
  signedIn,
  useSandbox,
  type Failure,
} from './test-support.ts';

/** Mobile top-up (issue #14, 2-money-movement.md §2 Mobile top-up, §5 Phone, §7). */

const MARIA = DEMO_IDS.maria.accountId;
let serial = 0;

const sb = useSandbox();
const maria = signedIn(sb, 'maria');

const db = () => sb.app.sandbox.db;

const carriers = (areaCode: string) =>
  call<{ data: { carrierId: string; carrierName: string }[] }>(sb.app, 'listTopupCarriers', {
    token: maria.token,
    params: { areaCode },
  });

function rechargeBody(
  o: {
    phone?: string;
    areaCode?: string;
    carrierId?: string;
    operatorName?: string;
    amount?: number;
    id?: string;
  } = {},
) {
  return {
    areaCode: o.areaCode ?? '011',
    externalIdentifier: o.id ?? `topup-${++serial}`,
    mobilePhone: { country: 'BRA', phoneNumber: o.phone ?? '11987654321' },
    carrierId: o.carrierId ?? '1',
    operatorId: o.carrierId ?? '1',
    operatorName: o.operatorName ?? 'Vivo',
    paymentType: 'MobilePhone',
    totalAmount: o.amount ?? 20,
  };
}

const recharge = (body: ReturnType<typeof rechargeBody>) =>
  call<{ data: { transactionId: string } } & Failure>(sb.app, 'createRecharge', {
    token: maria.token,
    params: { accountHolderId: maria.accountHolderId, accountId: MARIA },
    json: body,
  });

describe('carriers and values', () => {
  it('the 67 area codes; Vivo, Claro and TIM everywhere, Algar only in its region; none for an unknown code', async () => {
    expect(AREA_CODES).toHaveLength(67);
    expect((await carriers('011')).body.data.map((c) => c.carrierName)).toEqual(['Vivo', 'Claro', 'TIM']);
    expect((await carriers('034')).body.data.map((c) => c.carrierName)).toEqual([
      'Vivo',
      'Claro',
      'TIM',
      'Algar Telecom',
    ]);
    expect((await carriers('020')).body.data).toEqual([]);
  });

  it('each carrier’s amounts; an unknown carrier or one outside its region has none', async () => {
    const values = await call<{ data: { productName: string; amount: number }[] }>(
      sb.app,
      'listTopupValues',
      {
        token: maria.token,
        params: { areaCode: '021', carrierId: '2' },
      },
    );
    expect(values.body.data.map((v) => v.amount)).toEqual([15, 20, 30, 40, 50, 100]);
    expect(values.body.data[0]?.productName).toBe('Claro R$ 15,00');
    const algarInRio = await call<{ data: unknown[] }>(sb.app, 'listTopupValues', {
      token: maria.token,
      params: { areaCode: '021', carrierId: '4' },
    });
    expect(algarInRio.body.data).toEqual([]);
  });
});

describe('POST .../recharge (createRecharge)', () => {
  it('debits the account to the carriers’ settlement account; the statement row shows operator and phone', async () => {
    const before = balanceCents(db(), MARIA);
    const settlement = balanceCents(db(), BANK_ACCOUNTS.topupSettlement);
    const res = await recharge(rechargeBody({ amount: 35 }));
    expect(res.status).toBe(200);
    expect(balanceCents(db(), MARIA)).toBe(before - 3_500);
    expect(balanceCents(db(), BANK_ACCOUNTS.topupSettlement)).toBe(settlement + 3_500);
    expect(totalCents(db())).toBe(0);
    const row = db()
      .prepare('SELECT kind, description, additional_info FROM ledger_transactions WHERE id = ?')
      .get(res.body.data.transactionId) as { kind: string; description: string; additional_info: string };
    expect(row.kind).toBe('TOPUP');
    expect(row.description).toContain('Vivo');
    expect(JSON.parse(row.additional_info)).toMatchObject({
      requestBody: { operatorName: 'Vivo', mobilePhone: { phoneNumber: '11987654321' } },
    });
  });

  it('the same request twice tops up once; the id with another body is 409', async () => {
    const body = rechargeBody();
    const count = ledgerTransactionCount(sb);
    await holdTwoCalls(sb, 'createRecharge');
    const [a, b] = await Promise.all([recharge(body), recharge(body)]);
    expect(a.body).toEqual(b.body);
    expect(ledgerTransactionCount(sb)).toBe(count + 1);
    const reused = await recharge({
      ...rechargeBody({ amount: 50 }),
      externalIdentifier: body.externalIdentifier,
    });
    expect(reused.status).toBe(409);
    expect(reused.body.error).toMatchObject({ group: 'TRANSFER', code: 52 });
  });

  it.each([
    ['a landline (no 9 after the DDD)', { phone: '1133334444' }, 'phoneNumber'],
    ['a mobile of another DDD', { phone: '21987654321' }, 'areaCode'],
    ['an area code that does not exist', { areaCode: '020', phone: '20987654321' }, 'areaCode'],
    ['a carrier outside its region', { carrierId: '4', operatorName: 'Algar Telecom' }, 'carrierId'],
    ['another operator name', { operatorName: 'Claro' }, 'operatorName'],
    ['an amount the carrier does not offer', { amount: 17 }, 'totalAmount'],
  ])('refuses %s: 422 TRANSFER 54, nothing written', async (_, o, field) => {
    const snapshot = databaseSnapshot(sb.app);
    const res = await recharge(rechargeBody(o));
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ group: 'TRANSFER', code: 54 });
    expect(res.body.messages?.some((m) => m.includes(field))).toBe(true);
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
  });

  it('refuses more than the balance: 422 code 16, nothing written', async () => {
    drainTo(sb, MARIA, 1_000);
    const snapshot = databaseSnapshot(sb.app);
    const res = await recharge(rechargeBody({ amount: 15 }));
    expect(res.body.error).toMatchObject({ code: 16 });
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
  });
});
