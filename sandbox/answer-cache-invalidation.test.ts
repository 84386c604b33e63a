import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../demo/users.ts';
import { DEMO_TOTP } from './db/demo-totp.ts';
import { insertSchedule } from './db/seed-pix-schedules.ts';
import { refundSignature } from './routes/pix-refunds.ts';
import { statementHandlers } from './routes/statement.ts';
import type { Handlers } from './routes/types.ts';
import { addDays, localDate } from './sim/dates.ts';
import { tedSignature } from './sim/signature.ts';
import { newEndToEndId } from './sim/spi.ts';
import { call, confirmationToken, FIXED_NOW, signedIn, useSandbox, type Session } from './test-support.ts';

/**
 * A kept statement (http/answer-cache.ts) is never sent once the account's ledger has changed:
 * each kind of movement that writes it — a Pix, a TED, a Pix refund, a scheduled Pix run by the
 * statement's own call, the MED's refund, a reset of the sandbox, an update of a row — makes the
 * next statement a miss that shows it.
 */

let built = 0;
const counting: Handlers = {
  getStatement: (input, ctx) => {
    built++;
    return statementHandlers.getStatement(input, ctx);
  },
};

const sb = useSandbox({ handlers: counting });
const maria = signedIn(sb, 'maria');
const padaria = signedIn(sb, 'padaria');

const DAY = 86_400_000;
/** A period that holds the seed's last months and the days the tests move the clock to. */
const PERIOD = { start: '2026-07-01', ending: '2026-12-31' };
let serial = 0;

interface Entry {
  transactionId: string;
  description: string;
  amount: number;
  /** Absent when nothing was refunded (issue 26). */
  amountRefund?: number;
  endToEndId?: string;
}

async function statement(who: Session): Promise<Entry[]> {
  const res = await call<{ data: { statement: Entry[] } }>(sb.app, 'getStatement', {
    token: who.token,
    params: { accountId: who.accountId },
    query: PERIOD,
  });
  expect(res.status).toBe(200);
  return res.body.data.statement;
}

/** The statement twice: the second a hit (nothing built), both the same. */
async function kept(who: Session): Promise<Entry[]> {
  const first = await statement(who);
  const builds = built;
  expect(await statement(who)).toEqual(first);
  expect(built, 'the second statement is a hit').toBe(builds);
  return first;
}

/** The next statement is built again (a miss) and returned. */
async function rebuilt(who: Session): Promise<Entry[]> {
  const builds = built;
  const entries = await statement(who);
  expect(built, 'the statement is built again').toBe(builds + 1);
  return entries;
}

/** Padaria charges `amount` and Maria pays it by copy and paste: a Pix on-us. */
async function payPadaria(amount: number): Promise<string> {
  const charge = await call<{ data: { emv: string } }>(sb.app, 'createImmediateCharge', {
    token: padaria.token,
    json: { valor: { valorOriginal: amount }, chave: DEMO_USERS.padaria.email },
  });
  const emv = charge.body.data.emv;
  const e2e = newEndToEndId(sb.clock.now);
  const signature = [String(Math.trunc(amount)), maria.accountId, e2e, emv.slice(-4)].join('|');
  const externalIdentifier = `pay-${++serial}`;
  const token = await confirmationToken(sb, maria, DEMO_USERS.maria.totpSecret, signature, {
    amount,
    externalIdentifier,
  });
  const paid = await call<{ data: { transactionId: string } }>(sb.app, 'payPixQrCode', {
    token: maria.token,
    params: { accountId: maria.accountId },
    headers: { 'S-Transaction': signature, 'S-Confirmation': token },
    json: { externalIdentifier, emv, amount, localInstrument: 'QRDN', endToEndId: e2e },
  });
  expect(paid.status).toBe(200);
  return paid.body.data.transactionId;
}

describe('a kept statement is not sent once the ledger changed', () => {
  it('by a Pix: both sides, then by its refund (the original row shows the amount refunded)', async () => {
    await kept(maria);
    await kept(padaria);
    const transactionId = await payPadaria(12.34);
    expect((await rebuilt(maria)).map((e) => e.transactionId)).toContain(transactionId);
    const received = (await rebuilt(padaria)).find((e) => e.transactionId === transactionId);
    expect(received).toBeDefined();
    expect(received?.amountRefund).toBeUndefined();
    await kept(maria);
    await kept(padaria);

    const externalIdentifier = `refund-${++serial}`;
    const signature = refundSignature(5, padaria.accountId, transactionId);
    const token = await confirmationToken(sb, padaria, DEMO_USERS.padaria.totpSecret, signature, {
      amount: 5,
      externalIdentifier,
    });
    const refunded = await call(sb.app, 'refundPixPayment', {
      token: padaria.token,
      params: { accountId: padaria.accountId },
      headers: { 'S-Transaction': signature, 'S-Confirmation': token },
      json: {
        accountId: padaria.accountId,
        transactionId,
        valor: 5,
        deviceValue: 'web',
        externalIdentifier,
      },
    });
    expect(refunded.status).toBe(200);
    const original = (await rebuilt(padaria)).find((e) => e.transactionId === transactionId);
    expect(original?.amountRefund).toBe(5);
    expect((await rebuilt(maria)).find((e) => e.transactionId === transactionId)?.amountRefund).toBe(5);
  });

  it('by a TED', async () => {
    const before = await kept(maria);
    const body = {
      payments: [],
      withdraw: {
        currency: 'BRL',
        externalIdentifier: `ted-${++serial}`,
        totalAmount: 150.75,
        withdrawInfo: {
          withdrawType: 'BankTransfer',
          bankTransfer: {
            accountDestination: '8812345-0',
            accountTypeDestination: 'cc',
            bankDestination: '260',
            bankDestinationName: 'NU PAGAMENTOS S.A. - INSTITUIÇÃO DE PAGAMENTO',
            branchDestination: '0001',
            name: 'Carlos Silva Santos',
            taxIdentifier: { country: 'BRA', taxId: '70291358497' },
            personType: 'PERSON',
            purposeCode: '10',
            transferMethod: 'TED',
          },
        },
      },
      phoneNumber: '11987654321',
    };
    const signature = tedSignature({
      totalAmount: 150.75,
      sourceAccountId: maria.accountId,
      bankDestination: '260',
      branchDestination: '0001',
      accountDestination: '8812345-0',
      taxId: '70291358497',
    });
    const token = await confirmationToken(sb, maria, DEMO_TOTP.maria.secret, signature, {
      amount: 150.75,
      externalIdentifier: body.withdraw.externalIdentifier,
    });
    const sent = await call<{ data: { success: boolean; transactionId: string } }>(
      sb.app,
      'createWithdrawal',
      {
        token: maria.token,
        params: { accountId: maria.accountId },
        headers: { 'S-Transaction': signature, 'S-Confirmation': token },
        json: body,
      },
    );
    expect(sent.body.data.success).toBe(true);
    const after = await rebuilt(maria);
    expect(after).toHaveLength(before.length + 1);
    expect(after.map((e) => e.transactionId)).toContain(sent.body.data.transactionId);
  });

  it("by a scheduled Pix that the statement's own call runs (the work due is done before the lookup)", async () => {
    insertSchedule(sb.app.sandbox.db, {
      accountId: maria.accountId,
      at: sb.clock.now,
      date: '2026-11-23',
      cents: 7_000,
      note: 'Mensalidade',
    });
    sb.clock.now = new Date('2026-11-23T09:59:59Z'); // 06:59:59 in São Paulo: not yet
    await maria.signIn();
    const before = await kept(maria);
    sb.clock.now = new Date('2026-11-23T10:00:00Z'); // 07:00: it runs
    await maria.signIn();
    const after = await rebuilt(maria);
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((e) => e.amount === 70)).toHaveLength(
      before.filter((e) => e.amount === 70).length + 1,
    );
  });

  it("by the MED's refund of a fraud report, credited by the statement's own call", async () => {
    const pix = await call<{ data: { statement: Entry[] } }>(sb.app, 'getPixStatement', {
      token: maria.token,
      params: { accountId: maria.accountId },
      query: { start: addDays(localDate(FIXED_NOW), -120), ending: localDate(FIXED_NOW) },
    });
    const paid = pix.body.data.statement.find((e) => /Loja Virtual Ofertas/.test(e.description));
    if (!paid?.endToEndId) throw new Error('no seeded Pix sent to the online shop');
    const reported = await call(sb.app, 'createInfraction', {
      token: maria.token,
      params: { accountId: maria.accountId },
      json: {
        infractionE2E: paid.endToEndId,
        infractionType: 'FRAUD',
        infractionDescription: 'Fui vítima de um golpe',
      },
    });
    expect(reported.status).toBe(200);
    sb.clock.now = new Date(FIXED_NOW.getTime() + 8 * DAY - 1);
    await maria.signIn();
    const before = await kept(maria);
    const medRefunds = (entries: Entry[]) => entries.filter((e) => /Devolução MED/.test(e.description));
    sb.clock.now = new Date(FIXED_NOW.getTime() + 8 * DAY); // the refund is due
    await maria.signIn();
    const after = await rebuilt(maria);
    // Seeded reports may come due the same day; this one's refund is there once.
    const ofThisPix = (entries: Entry[]) => medRefunds(entries).filter((e) => e.amount === paid.amount);
    expect(ofThisPix(after)).toHaveLength(ofThisPix(before).length + 1);
  });

  it("by a reset of the sandbox, whose restore of the seed's image raises the versions", async () => {
    const seeded = await kept(maria);
    await payPadaria(3.21);
    const paid = await kept(maria);
    expect(paid).toHaveLength(seeded.length + 1);
    await sb.app.inject({ method: 'POST', url: '/sandbox/reset' });
    await maria.signIn();
    expect(await rebuilt(maria)).toEqual(seeded);
  });

  it('by a change of a row it shows, and only for the accounts of that row', async () => {
    const before = await kept(maria);
    await kept(padaria);
    const row = before[0];
    if (!row) throw new Error('Maria has no entry');
    const db = sb.app.sandbox.db;
    db.prepare('UPDATE ledger_entries SET description = ? WHERE transaction_id = ? AND account_id = ?').run(
      'Descrição corrigida',
      row.transactionId,
      maria.accountId,
    );
    const after = await rebuilt(maria);
    expect(after.find((e) => e.transactionId === row.transactionId)?.description).toBe('Descrição corrigida');
    await kept(padaria); // Padaria's ledger did not change: still a hit
    db.prepare("UPDATE ledger_transactions SET additional_info = '{}' WHERE id = ?").run(row.transactionId);
    expect((await rebuilt(maria)).find((e) => e.transactionId === row.transactionId)).toMatchObject({
      additionalInfo: '{}',
    });
  });
});
