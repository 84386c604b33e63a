/**
 * QA plans carry their day (issue 27). The fixtures are written for one day (the bill-payment
 * fixtures' lines are the sandbox's seed of 2026-11-24, machines/payments/bill-sample-data.ts):
 * played on another day's bank, the registry does not know them (BILL 61). Each plan says the day
 * and the request that puts the bank there; following it, the bank answers the fixtures' bill.
 */
import { describe, expect, it } from 'vitest';
import { catalog } from '../../machines/catalog';
import { exportPlans, planDay, type FlowPlan } from '../../machines/harness/export-plan';
import { generatePaths } from '../../machines/harness/generate';
import { BILL_TODAY, SLIP_DETAILS, SLIP_LINE } from '../../machines/payments/bill-sample-data';
import { FIXTURE_TODAY as STATEMENT_TODAY } from '../../machines/statement/sample-data';
import { call, login, useSandbox } from '../../sandbox/test-support';
import { DEMO_USERS } from '../../demo/users';

const entry = (id: string) => {
  const found = catalog.find((e) => e.id === id);
  if (!found) throw new Error(`no flow ${id}`);
  return found;
};
const planOf = (id: string): FlowPlan[] => [
  { entry: entry(id), strategy: 'shortest', paths: generatePaths(entry(id), { strategy: 'shortest' }).paths },
];

describe('the day of a plan', () => {
  it('is the fixtures’ today or now, with the request that seeds the bank for it', () => {
    expect(planDay(entry('bill-payment'))).toEqual({
      day: BILL_TODAY,
      at: `${BILL_TODAY}T12:00:00-03:00`,
      request: { method: 'POST', path: '/sandbox/reset', body: { at: `${BILL_TODAY}T12:00:00-03:00` } },
    });
    expect(planDay(entry('statement'))?.day).toBe(STATEMENT_TODAY);
    // Only a `now`: its instant, on its São Paulo day.
    expect(planDay(entry('pix-send-manual'))).toMatchObject({
      day: '2026-11-24',
      at: '2026-11-24T15:00:00.000Z',
    });
    expect(planDay(entry('login'))).toBeUndefined();
  });

  it('is said by every format: the Markdown header and step 0, a CSV column, the JSON', () => {
    const md = exportPlans(planOf('bill-payment'), 'md');
    expect(md).toContain('- Dia assumido: 24/11/2026. Antes de jogar, ponha o banco nesse dia');
    expect(md).toContain('POST /sandbox/reset com {"at":"2026-11-24T12:00:00-03:00"}');
    expect(md).toMatch(/^0\. \*\*Início\*\*: Põe o banco em 24\/11\/2026 \(POST \/sandbox\/reset /m);
    expect(exportPlans(planOf('login'), 'md')).toContain('- Dia assumido: qualquer');

    const rows = exportPlans(planOf('bill-payment'), 'csv').slice(1).trim().split('\r\n');
    expect(rows[0]?.split(';').at(-1)).toBe('dia assumido');
    for (const row of rows.slice(1)) expect(row.split(';').at(-1)).toBe('24/11/2026');

    const [json] = JSON.parse(exportPlans(planOf('bill-payment'), 'json')) as Array<{
      day: { day: string; request: { body: { at: string } } } | null;
    }>;
    expect(json?.day?.request.body.at).toBe('2026-11-24T12:00:00-03:00');
  });
});

describe('the bank put on a plan’s day', () => {
  const sb = useSandbox();
  const reset = (payload?: Record<string, unknown>) =>
    sb.app.inject({ method: 'POST', url: '/sandbox/reset', ...(payload === undefined ? {} : { payload }) });
  async function lookUpSlip() {
    const maria = await login(sb.app, DEMO_USERS.maria.email, DEMO_USERS.maria.password);
    return call<{ data?: typeof SLIP_DETAILS; error?: { group: string; code: number } }>(
      sb.app,
      'getBillDetails',
      { token: maria.token, json: { document: SLIP_LINE, payingAccount: { accountId: maria.accountId } } },
    );
  }

  it('on another day, the fixtures’ bill line is unknown (BILL 61)', async () => {
    const res = await lookUpSlip();
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ group: 'BILL', code: 61 });
  });

  it('following the plan, the bank answers the fixtures’ bill; a plain reset brings today back', async () => {
    const day = planDay(entry('bill-payment'));
    expect((await reset(day?.request.body)).statusCode).toBe(200);
    const bill = await lookUpSlip();
    expect(bill.status).toBe(200);
    expect(bill.body.data?.paymentDetails).toMatchObject({
      barcode: SLIP_DETAILS.paymentDetails.barcode,
      totalAmount: SLIP_DETAILS.paymentDetails.totalAmount,
      consolidatedAmount: SLIP_DETAILS.paymentDetails.consolidatedAmount,
    });
    expect((await reset()).statusCode).toBe(200);
    expect((await lookUpSlip()).status).toBe(422);
  });

  it('refuses a day without its zone, and moves nothing', async () => {
    for (const at of ['2026-11-24', '2026-11-24T12:00:00', 12]) {
      expect((await reset({ at })).statusCode, String(at)).toBe(400);
    }
    expect((await lookUpSlip()).status).toBe(422);
  });
});
