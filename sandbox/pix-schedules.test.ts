import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_USERS, type DemoUserKey } from '../demo/users.ts';
import { DEMO_PASSWORD } from './db/demo-logins.ts';
import { balanceCents } from './db/ledger.ts';
import { insertSchedule as insertSeedSchedule, SCHEDULE_SEED_KEY } from './db/seed-pix-schedules.ts';
import { call, FIXED_NOW, login, startSandbox, type LoginData, type TestSandbox } from './test-support.ts';

/**
 * Scheduled Pix (issue 28): the grid's paged list, the receipt, delete, and the runner that sends
 * each schedule on its São Paulo day from 07:00 through the SPI (routes/pix-send-schedule.ts
 * runDueSchedules). The schedules are written as createWithdrawal keeps them (its checks are
 * pix-send.test.ts's 'a scheduled Pix'); every answer is checked against the contract by `call`.
 */

type Session = LoginData & { accountId: string };
interface Schedule {
  idPixPaymentSchedule: number;
  status: 'PENDING' | 'SENT' | 'FAILED';
  failureReason?: string | null;
  is_active: boolean;
  paymentDate: string;
  value: number;
  favoredName?: string;
  recipientAlias?: string | null;
  additionalInformation?: string | null;
  endToEndId?: string | null;
}
interface Failure {
  error: { code: number; group: string };
}

let sb: TestSandbox;
let maria: Session;
let padaria: Session;

const signIn = (who: DemoUserKey) => login(sb.app, DEMO_USERS[who].email, DEMO_PASSWORD);
const db = () => sb.app.sandbox.db;
const EXTERNAL_KEY = SCHEDULE_SEED_KEY; // Loja Aurora, a company at Itaú

beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb.app.close();
});
beforeEach(async () => {
  sb.clock.now = FIXED_NOW;
  await sb.app.inject({ method: 'POST', url: '/sandbox/reset' });
  maria = await signIn('maria');
  padaria = await signIn('padaria');
});

/** Moves the clock (sessions last 30 minutes) and signs in again. */
async function moveTo(at: Date) {
  sb.clock.now = at;
  maria = await signIn('maria');
  padaria = await signIn('padaria');
}

/** A pending schedule made now, as createWithdrawal keeps it (to Loja Aurora's key by default). */
const insertSchedule = (who: Session, o: { date: string; cents: number; key?: string; note?: string }) =>
  insertSeedSchedule(db(), { accountId: who.accountId, at: sb.clock.now, ...o });

const page = (who: Session, body: Record<string, unknown>) =>
  call<{ data: { dataset: Schedule[]; recordCount: number; totalPages: number } }>(
    sb.app,
    'listPixSchedulesPaged',
    {
      token: who.token,
      params: { view: 'PixPaymentSchedules' },
      json: {
        datasets: [],
        filters: {},
        groups: [],
        fieldToSort: 'idPixPaymentSchedule',
        direction: 1,
        ...body,
      },
    },
  );
const getOne = (who: Session, id: number) =>
  call<{ data: Schedule } & Failure>(sb.app, 'getPixSchedule', {
    token: who.token,
    params: { idPixPaymentSchedule: id },
  });
const remove = (who: Session, id: number) =>
  call<{ data: { success: boolean } } & Failure>(sb.app, 'deletePixSchedule', {
    token: who.token,
    params: { idPixPaymentSchedule: id },
  });
const cents = (who: Session) => balanceCents(db(), who.accountId);

describe('the scheduled Pix grid', () => {
  it('pages on the server, id descending by default, 1 to 20 a page', async () => {
    const ids = Array.from({ length: 23 }, (_, i) =>
      insertSchedule(padaria, { date: '2026-12-01', cents: 100 + i }),
    );
    insertSchedule(maria, { date: '2026-12-01', cents: 500 });
    const first = await page(padaria, { pageNumber: 1, pageSize: 20 });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ recordCount: 23, totalPages: 2 });
    expect(first.body.data.dataset.map((s) => s.idPixPaymentSchedule)).toEqual(
      [...ids].reverse().slice(0, 20),
    );
    const second = await page(padaria, { pageNumber: 2, pageSize: 20 });
    expect(second.body.data.dataset.map((s) => s.idPixPaymentSchedule)).toEqual(ids.slice(0, 3).reverse());
    const five = await page(padaria, { pageNumber: 2, pageSize: 5, direction: 0 });
    expect(five.body.data.dataset.map((s) => s.idPixPaymentSchedule)).toEqual(ids.slice(5, 10));
    expect((await page(maria, { pageNumber: 1, pageSize: 21 })).status).toBe(400);
    expect((await page(maria, { pageNumber: 1, pageSize: 5, fieldToSort: 'creditor_name' })).status).toBe(
      400,
    );
    expect((await page(maria, { pageNumber: 1, pageSize: 5, filters: { is_pix: true } })).status).toBe(400);
  });

  it("Maria's seed: a pending Pix far ahead and one that failed for balance", async () => {
    const { dataset } = (await page(maria, { pageNumber: 1, pageSize: 5 })).body.data;
    expect(dataset).toEqual([
      expect.objectContaining({ status: 'PENDING', paymentDate: '2027-09-17', value: 70 }),
      expect.objectContaining({ status: 'FAILED', failureReason: 'BALANCE', paymentDate: '2026-11-18' }),
    ]);
  });

  it("answers the receipt's fields; another account's schedule is 404", async () => {
    const id = insertSchedule(maria, { date: '2026-12-01', cents: 12_345, note: 'Aluguel' });
    const res = await getOne(maria, id);
    expect(res.body.data).toMatchObject({
      idPixPaymentSchedule: id,
      paymentDate: '2026-12-01',
      value: 123.45,
      favoredName: 'Loja Aurora Ltda',
      recipientAlias: EXTERNAL_KEY,
      additionalInformation: 'Aluguel',
      status: 'PENDING',
      is_active: true,
    });
    expect((await getOne(padaria, id)).status).toBe(404);
    expect((await remove(padaria, id)).status).toBe(404);
  });

  it('deletes a pending schedule: it is no longer listed and never runs', async () => {
    const id = insertSchedule(maria, { date: '2026-11-23', cents: 5_000 });
    const before = cents(maria);
    expect((await remove(maria, id)).body.data.success).toBe(true);
    expect((await getOne(maria, id)).status).toBe(404);
    expect((await page(maria, { pageNumber: 1, pageSize: 5 })).body.data.recordCount).toBe(2);
    expect((await remove(maria, id)).status).toBe(404);
    await moveTo(new Date('2026-11-23T12:00:00Z'));
    await page(maria, { pageNumber: 1, pageSize: 5 });
    expect(cents(maria)).toBe(before);
  });
});

describe('the schedule runner', () => {
  it('runs once, on its São Paulo day from 07:00, and shows in both statements', async () => {
    const id = insertSchedule(maria, { date: '2026-11-23', cents: 7_000, note: 'Mensalidade' });
    const before = cents(maria);
    await moveTo(new Date('2026-11-23T09:59:59Z')); // 06:59:59 in São Paulo
    expect((await getOne(maria, id)).body.data.status).toBe('PENDING');
    await moveTo(new Date('2026-11-23T10:00:00Z')); // 07:00
    const sent = (await getOne(maria, id)).body.data;
    expect(sent).toMatchObject({ status: 'SENT', is_active: false, failureReason: null });
    expect(cents(maria)).toBe(before - 7_000);
    // Many calls later, and days later, it has not run again.
    for (let i = 0; i < 3; i++) await getOne(maria, id);
    await moveTo(new Date('2026-11-25T12:00:00Z'));
    await getOne(maria, id);
    expect(cents(maria)).toBe(before - 7_000);
    const period = { start: '2026-11-23', ending: '2026-11-25' };
    const pix = await call<{ data: { statement: { endToEndId: string; historyCode: string }[] } }>(
      sb.app,
      'getPixStatement',
      { token: maria.token, params: { accountId: maria.accountId }, query: period },
    );
    expect(pix.body.data.statement.filter((e) => e.endToEndId === sent.endToEndId)).toEqual([
      expect.objectContaining({ historyCode: '8011' }),
    ]);
    const all = await call<{ data: { statement: { amount: number; description: string }[] } }>(
      sb.app,
      'getStatement',
      { token: maria.token, params: { accountId: maria.accountId }, query: period },
    );
    expect(all.body.data.statement.filter((e) => Math.abs(e.amount) === 70)).toHaveLength(1);
    // Deleting it now is refused: it already ran.
    const refused = await remove(maria, id);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ group: 'PIXSCHED', code: 110 });
  });

  it("near midnight the day is São Paulo's, not UTC's", async () => {
    // 23:30 on the 22nd in São Paulo is already the 23rd in UTC.
    await moveTo(new Date('2026-11-23T02:30:00Z'));
    const id = insertSchedule(maria, { date: '2026-11-23', cents: 1_000 });
    const before = cents(maria);
    await moveTo(new Date('2026-11-23T09:00:00Z')); // 06:00 on the 23rd in São Paulo
    expect((await getOne(maria, id)).body.data.status).toBe('PENDING');
    await moveTo(new Date('2026-11-23T10:00:00Z'));
    expect((await getOne(maria, id)).body.data.status).toBe('SENT');
    expect(cents(maria)).toBe(before - 1_000);
  });

  it('a schedule the balance cannot pay fails with its reason, nothing debited, and cannot be deleted', async () => {
    const id = insertSchedule(padaria, { date: '2026-11-22', cents: cents(padaria) + 1 });
    const before = cents(padaria);
    await moveTo(new Date('2026-11-22T12:00:00Z'));
    const failed = (await getOne(padaria, id)).body.data;
    expect(failed).toMatchObject({
      status: 'FAILED',
      failureReason: 'BALANCE',
      is_active: false,
      endToEndId: null,
    });
    expect(cents(padaria)).toBe(before);
    expect((await page(padaria, { pageNumber: 1, pageSize: 5 })).body.data.dataset[0]).toMatchObject({
      idPixPaymentSchedule: id,
      failureReason: 'BALANCE',
    });
    expect((await remove(padaria, id)).body.error).toMatchObject({ group: 'PIXSCHED', code: 110 });
  });

  it('a schedule whose key was deleted fails with KEY_NOT_FOUND', async () => {
    const id = insertSchedule(maria, { date: '2026-11-22', cents: 1_000 });
    db()
      .prepare("UPDATE pix_keys SET status = 'DELETED', removed_at = ? WHERE key = ?")
      .run(sb.clock.now.toISOString(), EXTERNAL_KEY);
    await moveTo(new Date('2026-11-22T12:00:00Z'));
    expect((await getOne(maria, id)).body.data).toMatchObject({
      status: 'FAILED',
      failureReason: 'KEY_NOT_FOUND',
    });
  });

  it('runs under the limits in force when it runs: over the night cap it fails with LIMIT', async () => {
    // R$ 1.000,01 at 07:00 is a day Pix: it leaves.
    const day = insertSchedule(maria, { date: '2026-11-22', cents: 100_001 });
    await moveTo(new Date('2026-11-22T10:00:00Z'));
    expect((await getOne(maria, day)).body.data.status).toBe('SENT');
    // The same amount due on the 23rd is first seen by the sweep at 23:30 of the 23rd in São
    // Paulo (no call before): the night cap of R$ 1.000,00 refuses it.
    const night = insertSchedule(maria, { date: '2026-11-23', cents: 100_001 });
    await moveTo(new Date('2026-11-24T02:30:00Z'));
    expect((await getOne(maria, night)).body.data).toMatchObject({
      status: 'FAILED',
      failureReason: 'LIMIT',
    });
  });
});
