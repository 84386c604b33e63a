import { describe, expect, it } from 'vitest';
import { DEMO_IDS } from './db/seed.ts';
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
 * Pix limits (issue 28; 4-pix-part-two.md §2 Pix limits, §4, §5, §8; the 2026 rules of the domain
 * notes §c): getPixLimits, requestPixLimitAdjustment and setPixNightWindow as the contract says.
 * Their enforcement on every Pix route is in pix-send.test.ts; the rules' properties in
 * sim/pix-limit-rules.property.test.ts.
 */

interface Limits {
  data: {
    limits: {
      typeLimit: 'DAY' | 'NIGHT';
      maximumValue: number;
      status: string;
      requestedValue?: number | null;
      effectiveAt?: string | null;
    }[];
    nightWindow: { startHour: number; endHour: number; status: string; requestedStartHour?: number | null };
    maximumAllowed: number;
  };
}

const sb = useSandbox();
const maria = signedIn(sb, 'maria');
const padaria = signedIn(sb, 'padaria');
const HOUR = 3_600_000;

const get = (who: Session) =>
  call<Limits>(sb.app, 'getPixLimits', { token: who.token, params: { accountId: who.accountId } });
const adjust = (who: Session, daytimeValue: number, nighttimeValue: number) =>
  call<Limits & Failure>(sb.app, 'requestPixLimitAdjustment', {
    token: who.token,
    params: { accountId: who.accountId },
    json: { daytimeValue, nighttimeValue },
  });
const window = (who: Session, startHour: number) =>
  call<Limits & Failure>(sb.app, 'setPixNightWindow', {
    token: who.token,
    params: { accountId: who.accountId },
    json: { startHour },
  });
async function at(ms: number) {
  sb.clock.now = new Date(FIXED_NOW.getTime() + ms);
  await maria.signIn();
}
const byType = (res: { body: Limits }, t: 'DAY' | 'NIGHT') =>
  res.body.data.limits.find((l) => l.typeLimit === t);

describe('getPixLimits', () => {
  it('gives an individual R$ 5,000 by day and the R$ 1,000 night cap, 20h–6h; a company R$ 50,000 each', async () => {
    const m = await get(maria);
    expect(m.body.data).toEqual({
      limits: [
        { typeLimit: 'DAY', maximumValue: 5_000, status: 'ACTIVE', requestedValue: null, effectiveAt: null },
        {
          typeLimit: 'NIGHT',
          maximumValue: 1_000,
          status: 'ACTIVE',
          requestedValue: null,
          effectiveAt: null,
        },
      ],
      nightWindow: {
        startHour: 20,
        endHour: 6,
        status: 'ACTIVE',
        requestedStartHour: null,
        effectiveAt: null,
      },
      maximumAllowed: 100_000,
    });
    const p = await get(padaria);
    expect(p.body.data.limits.map((l) => l.maximumValue)).toEqual([50_000, 50_000]);
    expect(p.body.data.maximumAllowed).toBe(1_000_000);
  });

  it("refuses another customer's account (403)", async () => {
    const res = await call(sb.app, 'getPixLimits', {
      token: maria.token,
      params: { accountId: DEMO_IDS.padaria.accountId },
    });
    expect(res.status).toBe(403);
  });
});

describe('requestPixLimitAdjustment', () => {
  it('a decrease is in force at once and leaves nothing pending', async () => {
    const res = await adjust(maria, 4_000, 300);
    expect(res.status).toBe(200);
    expect(byType(res, 'DAY')).toMatchObject({ maximumValue: 4_000, status: 'ACTIVE' });
    expect(byType(res, 'NIGHT')).toMatchObject({ maximumValue: 300, status: 'ACTIVE' });
    expect((await adjust(maria, 3_000, 200)).status).toBe(200);
  });

  it('an increase is PENDENT for 24 h and blocks another request (PIXLIMIT 110), then is in force', async () => {
    const res = await adjust(maria, 8_000, 500);
    expect(byType(res, 'DAY')).toEqual({
      typeLimit: 'DAY',
      maximumValue: 5_000,
      status: 'PENDENT',
      requestedValue: 8_000,
      effectiveAt: new Date(FIXED_NOW.getTime() + 24 * HOUR).toISOString(),
    });
    // The night total was lowered in the same request: at once.
    expect(byType(res, 'NIGHT')).toMatchObject({ maximumValue: 500, status: 'ACTIVE' });
    const snapshot = databaseSnapshot(sb.app);
    const again = await adjust(maria, 1_000, 100);
    expect(again.status).toBe(422);
    expect(again.body.error).toMatchObject({ group: 'PIXLIMIT', code: 110 });
    expect(again.body.error.description).toBe('Última solicitação pendente de aprovação.');
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
    await at(24 * HOUR - 1_000);
    expect(byType(await get(maria), 'DAY')).toMatchObject({ maximumValue: 5_000, status: 'PENDENT' });
    await at(24 * HOUR);
    expect(byType(await get(maria), 'DAY')).toMatchObject({ maximumValue: 8_000, status: 'ACTIVE' });
    expect((await adjust(maria, 8_000, 800)).status).toBe(200);
  });

  it('refuses a night above the day, or above the ceiling (PIXLIMIT 111, the fields named), writing nothing', async () => {
    const snapshot = databaseSnapshot(sb.app);
    for (const [day, night, field] of [
      [1_000, 1_000.01, 'nighttimeValue'],
      [100_000.01, 500, 'daytimeValue'],
      [5_000, 0.001, 'nighttimeValue'],
    ] as const) {
      const res = await adjust(maria, day, night);
      expect(res.status, `${day}/${night}`).toBe(422);
      expect(res.body.error).toMatchObject({ group: 'PIXLIMIT', code: 111 });
      expect(res.body.messages?.join()).toContain(field);
    }
    // A company's ceiling is higher.
    expect((await adjust(padaria, 100_000.01, 500)).status).toBe(200);
    expect(databaseSnapshot(sb.app)).not.toBe(snapshot);
  });

  it('refuses what the contract refuses (zero, a negative, a missing field) with 400', async () => {
    for (const json of [
      { daytimeValue: 0, nighttimeValue: 100 },
      { daytimeValue: 100, nighttimeValue: -1 },
      { daytimeValue: 100 },
    ]) {
      const res = await call(sb.app, 'requestPixLimitAdjustment', {
        token: maria.token,
        params: { accountId: maria.accountId },
        json,
      });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
  });
});

describe('setPixNightWindow', () => {
  it('22h is an increase (24 h), back to 20h is at once; only 20 and 22 exist', async () => {
    const later = await window(maria, 22);
    expect(later.body.data.nightWindow).toMatchObject({
      startHour: 20,
      status: 'PENDENT',
      requestedStartHour: 22,
    });
    expect((await adjust(maria, 100, 50)).body.error).toMatchObject({ code: 110 });
    await at(24 * HOUR);
    expect((await get(maria)).body.data.nightWindow).toMatchObject({ startHour: 22, status: 'ACTIVE' });
    const back = await window(maria, 20);
    expect(back.body.data.nightWindow).toMatchObject({ startHour: 20, status: 'ACTIVE' });
    expect((await window(maria, 21)).status).toBe(400);
  });
});
