import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../demo/users.ts';
import { BANK_ACCOUNTS, balanceCents, post } from './db/ledger.ts';
import { customer } from './routes/movement-common.ts';
import { OWN_BANK } from './sim/bank.ts';
import { addDays, localDate } from './sim/dates.ts';
import { toTransaction } from './sim/movements/to-transaction.ts';
import { call, FIXED_NOW, signedIn, useSandbox, type Session } from './test-support.ts';

/**
 * The MED timeline on the bank's clock (issue 31; sim/med.ts, routes/med-timeline.ts): the seed in
 * every status, opened and received; a fraud report accepted on the receiver's seventh day and
 * its money back 24 h later in the Pix statement, in part when only part of it is at the
 * receiver; an error report rejected; a received report closed with no money moving.
 */

const sb = useSandbox();
const maria = signedIn(sb, 'maria');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Infraction {
  idInfraction: number;
  infractionStatus: string;
  infractionReportParticipant?: string;
  infractionE2E: string;
  updatedAt?: string | null;
  analysisResult?: string | null;
  refundedAmount?: number | null;
}

interface Entry {
  historyCode: string;
  endToEndId: string;
  description: string;
  amount: number;
  amountRefund: number;
  type?: string;
}

async function list(who: Session): Promise<Infraction[]> {
  const res = await call<{ data: Infraction[] }>(sb.app, 'listInfractions', {
    token: who.token,
    params: { accountId: who.accountId },
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function pixEntries(who: Session): Promise<Entry[]> {
  const res = await call<{ data: { statement: Entry[] } }>(sb.app, 'getPixStatement', {
    token: who.token,
    params: { accountId: who.accountId },
    query: { start: addDays(localDate(sb.clock.now), -120), ending: localDate(sb.clock.now) },
  });
  return res.body.data.statement;
}

async function report(e2e: string, type: 'FRAUD' | 'ERROR' = 'FRAUD'): Promise<number> {
  const res = await call<{ data: { idInfraction: number } }>(sb.app, 'createInfraction', {
    token: maria.token,
    params: { accountId: maria.accountId },
    json: { infractionE2E: e2e, infractionType: type, infractionDescription: 'Fui vítima de um golpe' },
  });
  expect(res.status).toBe(200);
  return res.body.data.idInfraction;
}

/** Moves the bank's clock to `ms` after FIXED_NOW and signs Maria in again (the token's life). */
async function at(ms: number): Promise<void> {
  sb.clock.now = new Date(FIXED_NOW.getTime() + ms);
  await maria.signIn();
}

/** What the MED refund of infraction `id` credited to `accountId` (0 when there is none). */
function returned(id: number, accountId: string = DEMO_USERS.maria.accountId): number {
  const row = sb.app.sandbox.db
    .prepare(
      `SELECT COALESCE(SUM(e.amount_cents), 0) AS cents FROM ledger_entries e
       JOIN ledger_transactions t ON t.id = e.transaction_id
       WHERE t.external_identifier = ? AND e.account_id = ?`,
    )
    .get(`med:refund:${id}`, accountId) as { cents: number };
  return row.cents;
}

const byId = async (id: number) => (await list(maria)).find((i) => i.idInfraction === id);

async function shopPix(): Promise<Entry> {
  const e = (await pixEntries(maria)).find((x) => /Loja Virtual Ofertas/.test(x.description));
  if (!e) throw new Error('no seeded Pix sent to the online shop');
  return e;
}

describe('the seed', () => {
  it('holds every status of §4, opened and received, each with its origin', async () => {
    const all = await list(maria);
    const statuses = new Set(all.map((i) => i.infractionStatus));
    for (const s of [
      'OPEN',
      'CLOSED',
      'CANCELLED',
      'AWAITING',
      'ANALYSIS',
      'WAITINGDESTINATIONBANK',
      'ACKNOWLEDGED',
    ])
      expect(statuses, s).toContain(s);
    const received = all.filter((i) => i.infractionReportParticipant !== OWN_BANK.ispb);
    expect(new Set(received.map((i) => i.infractionStatus))).toEqual(
      new Set(['AWAITING', 'ANALYSIS', 'CLOSED']),
    );
    expect(all.filter((i) => i.infractionReportParticipant === OWN_BANK.ispb).length).toBeGreaterThanOrEqual(
      5,
    );
  });

  it('stays as seeded through the seed day (the OPEN one is still cancellable 23 h later)', async () => {
    const open = (await list(maria)).find((i) => i.infractionStatus === 'OPEN');
    await at(23 * HOUR);
    expect((await byId(open?.idInfraction ?? 0))?.infractionStatus).toBe('OPEN');
    const cancel = await call<{ data: Infraction }>(sb.app, 'cancelInfraction', {
      token: maria.token,
      params: { idInfraction: open?.idInfraction ?? 0 },
    });
    expect(cancel.body.data.infractionStatus).toBe('CANCELLED');
    // A cancelled report never moves again.
    await at(30 * DAY);
    expect((await byId(open?.idInfraction ?? 0))?.infractionStatus).toBe('CANCELLED');
  });
});

describe('a report Maria opened', () => {
  it('moves on the clock, is accepted on day 7 and its money is back 24 h later, in her Pix statement', async () => {
    const paid = await shopPix();
    const id = await report(paid.endToEndId);

    await at(DAY - 1);
    expect((await byId(id))?.infractionStatus).toBe('OPEN');
    await at(DAY);
    expect((await byId(id))?.infractionStatus).toBe('WAITINGDESTINATIONBANK');
    await at(3 * DAY);
    expect((await byId(id))?.infractionStatus).toBe('ACKNOWLEDGED');
    await at(7 * DAY);
    expect(await byId(id)).toMatchObject({
      infractionStatus: 'CLOSED',
      analysisResult: 'AGREED',
      refundedAmount: null,
      updatedAt: new Date(FIXED_NOW.getTime() + 7 * DAY).toISOString(),
    });
    await at(8 * DAY - 1);
    expect((await byId(id))?.refundedAmount).toBeNull();
    expect(returned(id)).toBe(0);

    await at(8 * DAY);
    expect((await byId(id))?.refundedAmount).toBe(paid.amount);
    expect(returned(id)).toBe(Math.round(paid.amount * 100));
    const entries = await pixEntries(maria);
    const refund = entries.find((e) => e.historyCode === '8031' && /Devolução MED/.test(e.description));
    expect(refund?.amount).toBe(paid.amount);
    expect(entries.find((e) => e.endToEndId === paid.endToEndId)?.amountRefund).toBe(paid.amount);
    // Once: later calls do not return it again.
    await at(9 * DAY);
    expect(returned(id)).toBe(Math.round(paid.amount * 100));
    expect(
      (await pixEntries(maria)).filter(
        (e) => /Devolução MED/.test(e.description) && e.amount === paid.amount,
      ),
    ).toHaveLength(1);
  });

  it('a clock moved a week and a day at once takes it through every step, each at its time', async () => {
    const paid = await shopPix();
    const id = await report(paid.endToEndId);
    await at(8 * DAY + HOUR);
    expect(await byId(id)).toMatchObject({
      infractionStatus: 'CLOSED',
      analysisResult: 'AGREED',
      refundedAmount: paid.amount,
      updatedAt: new Date(FIXED_NOW.getTime() + 7 * DAY).toISOString(),
    });
  });

  it('an error report is rejected by the receiver: closed, no money', async () => {
    const paid = await shopPix();
    const id = await report(paid.endToEndId, 'ERROR');
    await at(9 * DAY);
    expect(await byId(id)).toMatchObject({
      infractionStatus: 'CLOSED',
      analysisResult: 'DISAGREED',
      refundedAmount: null,
    });
    expect(returned(id)).toBe(0);
  });

  it('returns in part when only part of the money is still at the receiver (a customer of this bank)', async () => {
    const db = sb.app.sandbox.db;
    const own = customer(db, DEMO_USERS.maria.accountId);
    const bakery = customer(db, DEMO_USERS.padaria.accountId);
    if (!own || !bakery) throw new Error('demo customers missing');
    const endToEndId = `E${OWN_BANK.ispb}202611211500${'x'.repeat(11)}`;
    post(
      db,
      toTransaction({
        kind: 'PIX_INTERNAL',
        id: randomUUID(),
        externalIdentifier: `test:${randomUUID()}`,
        at: new Date(FIXED_NOW.getTime() - HOUR),
        amountCents: 10_000,
        accountId: own.account.id,
        customer: own.party,
        toAccountId: bakery.account.id,
        to: {
          ...bakery.party,
          ispb: OWN_BANK.ispb,
          bankCode: '999',
          bankName: OWN_BANK.name,
          branch: '0001',
          account: bakery.account.number,
          accountType: 'cc',
        },
        endToEndId,
      }),
    );
    // The bakery spends all but R$ 30,00 before the refund is due.
    const spend = balanceCents(db, bakery.account.id) - 3_000;
    post(db, {
      id: randomUUID(),
      kind: 'PIX_OUT',
      description: 'Pix enviado',
      createdAt: FIXED_NOW,
      externalIdentifier: `test:${randomUUID()}`,
      entries: [
        { accountId: bakery.account.id, amountCents: -spend },
        { accountId: BANK_ACCOUNTS.clearing, amountCents: spend },
      ],
    });
    const id = await report(endToEndId);
    await at(8 * DAY);
    expect(await byId(id)).toMatchObject({
      infractionStatus: 'CLOSED',
      analysisResult: 'AGREED',
      refundedAmount: 30,
    });
    expect(returned(id)).toBe(3_000);
    expect(returned(id, bakery.account.id)).toBe(-3_000);
  });
});

describe('a report received about a Pix Maria received', () => {
  it('goes from awaiting to analysis to closed, rejected, and no money leaves her', async () => {
    const awaiting = (await list(maria)).find((i) => i.infractionStatus === 'AWAITING');
    await at(DAY);
    expect((await byId(awaiting?.idInfraction ?? 0))?.infractionStatus).toBe('ANALYSIS');
    await at(7 * DAY);
    expect(await byId(awaiting?.idInfraction ?? 0)).toMatchObject({
      infractionStatus: 'CLOSED',
      analysisResult: 'DISAGREED',
      refundedAmount: null,
    });
    expect(returned(awaiting?.idInfraction ?? 0)).toBe(0);
  });
});
