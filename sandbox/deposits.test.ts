import { describe, expect, it } from 'vitest';
import { DEMO_TOTP } from './db/demo-totp.ts';
import { BANK_ACCOUNTS, balanceCents, totalCents } from './db/ledger.ts';
import { DEMO_IDS } from './db/seed.ts';
import { ALMOST_EXPIRED_DAYS, DEPOSIT_DUE_DAYS } from './routes/deposits.ts';
import { OWN_BANK } from './sim/bank.ts';
import { BARCODE_LAYOUT, formatTypeableLine } from './sim/boleto-pdf.ts';
import { readBillCode } from './sim/boleto.ts';
import { addDays, localDate } from './sim/dates.ts';
import { decodeI2of5, encodeI2of5, START, STOP } from './sim/interleaved-2of5.ts';
import { billSignature } from './sim/signature.ts';
import {
  call,
  confirmationToken,
  databaseSnapshot,
  FIXED_NOW,
  signedIn,
  useSandbox,
  type Failure,
  type Session,
} from './test-support.ts';

/**
 * Deposit boletos (issue #14, 2-money-movement.md §2 Deposit by boleto, §7): issue, list, PDF, and
 * the loop closed when another customer pays one.
 */

interface DepositData {
  idDeposit: number;
  dueDate: string;
  typeableLine: string;
  boletoUrl?: string;
  totalAmount: number;
  financialStatementStatus?: string;
  externalIdentifier: string;
}

const MARIA = DEMO_IDS.maria.accountId;
const PADARIA = DEMO_IDS.padaria.accountId;
const DAY = 86_400_000;

let serial = 0;

const sb = useSandbox();
const maria = signedIn(sb, 'maria');
const padaria = signedIn(sb, 'padaria');

const db = () => sb.app.sandbox.db;

function depositBody(o: { amount?: number; id?: string; accountId?: string; bank?: string } = {}) {
  const amount = o.amount ?? 250;
  return {
    currency: 'BRL',
    externalIdentifier: o.id ?? `dep-${++serial}`,
    paymentInfo: {
      transactionType: 'Boleto',
      boleto: { accountingMethod: 'DEF', ...(o.bank ? { bank: o.bank } : {}) },
    },
    recipients: [{ account: { accountId: o.accountId ?? MARIA }, amount, currency: 'BRL', mediatorFee: 0 }],
    totalAmount: amount,
  };
}

function deposit(body: ReturnType<typeof depositBody>, who: Session = maria) {
  return call<{ data: DepositData } & Failure>(sb.app, 'createDeposit', { token: who.token, json: body });
}

function list(
  o: { pageSize?: number; pageNumber?: number; filters?: Record<string, string> } = {},
  who = maria,
) {
  return call<{ data: { dataset: DepositData[]; recordCount: number; totalPages?: number } }>(
    sb.app,
    'listDepositsPaged',
    {
      token: who.token,
      params: { dataset: 'deposits' },
      json: { pageNumber: o.pageNumber ?? 1, pageSize: o.pageSize ?? 10, filters: o.filters ?? {} },
    },
  );
}

/** Moves the bank's clock and signs in again (sessions expire). */
async function moveTo(instant: Date) {
  sb.clock.now = instant;
  await maria.signIn();
  await padaria.signIn();
}

describe('Interleaved 2 of 5', () => {
  it('start and stop patterns, two wide of five per digit, 405 units for 44 digits', () => {
    const widths = encodeI2of5('0123456789'.repeat(4) + '0123');
    expect(widths.slice(0, 4)).toEqual([...START]);
    expect(widths.slice(-3)).toEqual([...STOP]);
    expect(widths.reduce((s, w) => s + w, 0)).toBe(405);
    for (let i = 4; i < widths.length - 3; i += 10) {
      const bars = [0, 2, 4, 6, 8].map((k) => widths[i + k]);
      const spaces = [1, 3, 5, 7, 9].map((k) => widths[i + k]);
      expect(bars.filter((w) => w === 3)).toHaveLength(2);
      expect(spaces.filter((w) => w === 3)).toHaveLength(2);
    }
    // The pair "12": 1 = WNNNW on the bars, 2 = NWNNW on the spaces.
    expect(encodeI2of5('12').slice(4, 14)).toEqual([3, 1, 1, 3, 1, 1, 1, 1, 3, 3]);
  });

  it('decodes its own bars back, and refuses a broken start', () => {
    for (let n = 0; n < 50; n++) {
      let digits = '';
      for (let i = 0; i < 44; i++) digits += String((n * 7 + i * i * 3 + n * i) % 10);
      expect(decodeI2of5(encodeI2of5(digits).map((w) => w * 0.2541))).toBe(digits);
    }
    const widths = encodeI2of5('1234');
    widths[0] = 3;
    expect(decodeI2of5(widths)).toBeUndefined();
    expect(() => encodeI2of5('123')).toThrow();
  });
});

describe('POST /deposit (createDeposit)', () => {
  it('issues a boleto of this bank: 47-digit line, currency 9, the amount, the due date in the current factor cycle', async () => {
    const res = await deposit(depositBody({ amount: 1234.56 }));
    expect(res.status).toBe(200);
    const d = res.body.data;
    const today = localDate(FIXED_NOW);
    expect(d.dueDate).toBe(addDays(today, DEPOSIT_DUE_DAYS));
    expect(d.typeableLine).toMatch(/^[0-9]{47}$/);
    expect(d.boletoUrl).toBe(`/api/boletopdf/${d.idDeposit}`);
    // Re-checked independently of the bank's reader: the portal's rules (machines/validators/boleto.ts)
    // are the FEBRABAN ones, re-implemented in sim/boleto.ts; here the fields are read by position.
    const read = readBillCode(d.typeableLine);
    expect(read.ok).toBe(true);
    const barcode = read.ok ? read.barcode : '';
    expect(barcode.slice(0, 3)).toBe(OWN_BANK.code);
    expect(barcode[3]).toBe('9');
    expect(Number(barcode.slice(9, 19))).toBe(123_456);
    const factor = Number(barcode.slice(5, 9));
    // Factor 1000 = 2025-02-22 (the 2025 reset); the date lies within 3,000 days before and 5,500
    // after today, the window rule of the validator.
    const due = new Date(Date.UTC(2025, 1, 22) + (factor - 1000) * DAY).toISOString().slice(0, 10);
    expect(due).toBe(d.dueDate);
    const days = (Date.parse(due) - Date.parse(today)) / DAY;
    expect(days).toBeGreaterThan(-3000);
    expect(days).toBeLessThan(5500);
  });

  it('the same request again is the same boleto; the id with another body is 409 and writes nothing', async () => {
    const body = depositBody();
    const first = await deposit(body);
    const again = await deposit(body);
    expect(again.body).toEqual(first.body);
    const snapshot = databaseSnapshot(sb.app);
    const other = await deposit({
      ...depositBody({ amount: 10 }),
      externalIdentifier: body.externalIdentifier,
    });
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({ group: 'TRANSFER', code: 52 });
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
  });

  it('refuses, writing nothing: another customer’s account 403, amounts that differ 54, another bank 54', async () => {
    const snapshot = databaseSnapshot(sb.app);
    expect((await deposit(depositBody({ accountId: PADARIA }))).status).toBe(403);
    const diff = depositBody();
    const body = { ...diff, recipients: [{ ...diff.recipients[0], amount: 1 }] };
    const mismatch = await deposit(body as ReturnType<typeof depositBody>);
    expect(mismatch.body.error).toMatchObject({ group: 'TRANSFER', code: 54 });
    expect((await deposit(depositBody({ bank: '001' }))).body.error).toMatchObject({ code: 54 });
    expect((await deposit(depositBody({ amount: 50_000.01 }))).body.error).toMatchObject({ code: 54 });
    // Issue 27: under a cent was once 0 cents, then a 500 from a CHECK constraint.
    const tiny = await deposit(depositBody({ amount: 1e-9 }));
    expect(tiny.status).toBe(422);
    expect(tiny.body.messages?.join()).toMatch(/totalAmount/);
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
  });
});

describe('the list (listDepositsPaged)', () => {
  it('pages in SQL, idDeposit descending by default, 5/10/20', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++)
      ids.push((await deposit(depositBody({ amount: 10 + i }))).body.data.idDeposit);
    const page1 = await list();
    expect(page1.body.data.recordCount).toBe(12);
    expect(page1.body.data.totalPages).toBe(2);
    expect(page1.body.data.dataset.map((d) => d.idDeposit)).toEqual([...ids].reverse().slice(0, 10));
    const page3of5 = await list({ pageSize: 5, pageNumber: 3 });
    expect(page3of5.body.data.dataset.map((d) => d.idDeposit)).toEqual([ids[1], ids[0]]);
    expect((await list({ pageSize: 20 })).body.data.dataset).toHaveLength(12);
    // Another customer sees none of them.
    expect((await list({}, padaria)).body.data.recordCount).toBe(0);
  });

  it('expired (due_date_finish = today) and almost expired (due_date_start = today, 2 days ahead)', async () => {
    const early = (await deposit(depositBody())).body.data;
    await moveTo(new Date(FIXED_NOW.getTime() + 5 * DAY));
    const late = (await deposit(depositBody())).body.data;
    let today = localDate(sb.clock.now);
    expect(
      (await list({ filters: { due_date_finish: today } })).body.data.dataset.map((d) => d.idDeposit),
    ).toEqual([early.idDeposit]);
    // The late one is due in 3 days: not yet "almost".
    expect((await list({ filters: { due_date_start: today } })).body.data.recordCount).toBe(0);
    await moveTo(new Date(FIXED_NOW.getTime() + (5 + DEPOSIT_DUE_DAYS - ALMOST_EXPIRED_DAYS) * DAY));
    today = localDate(sb.clock.now);
    expect(
      (await list({ filters: { due_date_start: today } })).body.data.dataset.map((d) => d.idDeposit),
    ).toEqual([late.idDeposit]);
    expect((await list({ filters: { due_date_start: '' } })).body.data.recordCount).toBe(2);
    const bad = await call(sb.app, 'listDepositsPaged', {
      token: maria.token,
      params: { dataset: 'deposits' },
      json: { pageNumber: 1, pageSize: 10, filters: { due_date_start: 'amanhã' } },
    });
    expect(bad.status).toBe(400);
  });
});

/** The bars of the page: filled rectangles of the barcode's height, left to right, in points. */
function barsOf(pdf: string): { x: number; w: number }[] {
  const heightPt = (BARCODE_LAYOUT.heightMm * 72) / 25.4;
  const out: { x: number; w: number }[] = [];
  for (const m of pdf.matchAll(/(-?[0-9.]+) (-?[0-9.]+) (-?[0-9.]+) (-?[0-9.]+) re\s*\nf/g)) {
    const [x, , w, h] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
    if (Math.abs(Math.abs(h) - heightPt) < 0.01) out.push({ x, w });
  }
  return out.sort((a, b) => a.x - b.x);
}

describe('GET /boletopdf/{idDeposit}', () => {
  it('an A4 PDF with payer, amount, due date, line, and bars that decode to the 44 digits at 103 mm', async () => {
    const d = (await deposit(depositBody({ amount: 321.09 }))).body.data;
    const res = await sb.app.inject({
      method: 'GET',
      url: `/api/boletopdf/${d.idDeposit}`,
      headers: { authorization: `Bearer ${maria.token}`, deviceId: 'web' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const pdf = res.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toMatch(/\/MediaBox \[0 0 595\.2\d+ 841\.8\d+\]/);
    expect(pdf).toContain(formatTypeableLine(d.typeableLine));
    expect(pdf).toContain('Maria Silva Santos');
    expect(pdf).toContain('R$ 321,09');
    expect(pdf).toContain(d.dueDate.split('-').reverse().join('/'));
    const bars = barsOf(pdf);
    expect(bars).toHaveLength(2 + (44 * 5) / 2 + 2);
    const widths: number[] = [];
    bars.forEach((bar, i) => {
      widths.push(bar.w);
      const next = bars[i + 1];
      if (next) widths.push(next.x - (bar.x + bar.w));
    });
    const read = readBillCode(d.typeableLine);
    expect(decodeI2of5(widths)).toBe(read.ok ? read.barcode : 'unreadable');
    const last = bars[bars.length - 1];
    const lengthMm = (((last?.x ?? 0) + (last?.w ?? 0) - (bars[0]?.x ?? 0)) * 25.4) / 72;
    expect(lengthMm).toBeCloseTo(BARCODE_LAYOUT.lengthMm, 1);
  });

  it('another customer’s boleto is a 404', async () => {
    const d = (await deposit(depositBody())).body.data;
    const res = await call<Failure>(sb.app, 'getBoletoPdf', {
      token: padaria.token,
      params: { idDeposit: d.idDeposit },
    });
    expect(res.status).toBe(404);
  });
});

describe('paying a deposit boleto closes the loop', () => {
  async function payAs(who: Session, secret: string, typeableLine: string, amount: number) {
    const body = {
      payments: [],
      withdraw: {
        currency: 'BRL',
        externalIdentifier: `pay-dep-${++serial}`,
        totalAmount: amount,
        withdrawInfo: { withdrawType: 'Boleto', boleto: { barcode: typeableLine, dueDate: '2026-11-14' } },
      },
    };
    const signature = billSignature({
      totalAmount: amount,
      sourceAccountId: who.accountId,
      barcode: typeableLine,
    });
    const token = await confirmationToken(sb, who, secret, signature, {
      amount,
      externalIdentifier: body.withdraw.externalIdentifier,
    });
    return call<{ data: { success: boolean } } & Failure>(sb.app, 'createWithdrawal', {
      token: who.token,
      params: { accountId: who.accountId },
      headers: { 'S-Transaction': signature, 'S-Confirmation': token },
      json: body,
    });
  }

  it('the bakery pays Maria’s boleto: Maria is credited, the clearing account nets zero, paid once', async () => {
    const d = (await deposit(depositBody({ amount: 250 }))).body.data;
    const own = await payAs(maria, DEMO_TOTP.maria.secret, d.typeableLine, 250);
    expect(own.body.error).toMatchObject({ group: 'TRANSFER', code: 53 });

    const lookup = await call<{ data: { beneficiary: { name: string } } }>(sb.app, 'getBillDetails', {
      token: padaria.token,
      json: { document: d.typeableLine, payingAccount: { accountId: PADARIA } },
    });
    expect(lookup.body.data.beneficiary.name).toBe('Maria Silva Santos');
    const before = { maria: balanceCents(db(), MARIA), padaria: balanceCents(db(), PADARIA) };
    const clearing = balanceCents(db(), BANK_ACCOUNTS.clearing);
    const paid = await payAs(padaria, DEMO_TOTP.padaria.secret, d.typeableLine, 250);
    expect(paid.body.data.success).toBe(true);
    expect(balanceCents(db(), MARIA)).toBe(before.maria + 25_000);
    expect(balanceCents(db(), PADARIA)).toBe(before.padaria - 25_000);
    expect(balanceCents(db(), BANK_ACCOUNTS.clearing)).toBe(clearing);
    expect(totalCents(db())).toBe(0);
    const listed = (await list()).body.data.dataset.find((x) => x.idDeposit === d.idDeposit);
    expect(listed?.financialStatementStatus).toBe('PAID');
    const again = await payAs(padaria, DEMO_TOTP.padaria.secret, d.typeableLine, 250);
    expect(again.body.error).toMatchObject({ group: 'BILL', code: 62 });
  });

  it('an expired deposit boleto can no longer be paid (BILL 63)', async () => {
    const d = (await deposit(depositBody())).body.data;
    await moveTo(new Date(FIXED_NOW.getTime() + (DEPOSIT_DUE_DAYS + 1) * DAY));
    const res = await call<Failure>(sb.app, 'getBillDetails', {
      token: padaria.token,
      json: { document: d.typeableLine, payingAccount: { accountId: PADARIA } },
    });
    expect(res.body.error).toMatchObject({ group: 'BILL', code: 63 });
  });
});
