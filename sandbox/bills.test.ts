import { describe, expect, it } from 'vitest';
import { DEMO_TOTP } from './db/demo-totp.ts';
import { BANK_ACCOUNTS, balanceCents, totalCents } from './db/ledger.ts';
import { seedBills, type SeedBillKey } from './db/seed-bills.ts';
import { DEMO_IDS } from './db/seed.ts';
import { amountAccepted, billCharges, type BillTerms } from './sim/bills.ts';
import { readBillCode } from './sim/boleto.ts';
import { localDate } from './sim/dates.ts';
import { billSignature } from './sim/signature.ts';
import {
  call,
  confirmationToken,
  databaseSnapshot,
  drainTo,
  fault,
  FIXED_NOW,
  holdTwoCalls,
  ledgerTransactionCount,
  signedIn,
  useSandbox,
  type Failure,
  type Session,
} from './test-support.ts';

/**
 * Bills (issue #14, 2-money-movement.md §2 Bill payment, §5, §7): the registry answered by
 * POST /bills and the payment through createWithdrawal (Boleto, Utilities).
 */

interface Details {
  data: {
    beneficiary: { name: string; taxIdentifier?: { taxId: string } };
    paymentDetails: Record<string, number | string | null | undefined>;
  };
}
interface Withdrawal {
  data: { success: boolean; transactionId?: string; message?: string };
}

const MARIA = DEMO_IDS.maria.accountId;
const TODAY = localDate(FIXED_NOW);
const BILLS = seedBills(TODAY);
const bill = (key: SeedBillKey) => {
  const b = BILLS.find((x) => x.key === key);
  if (!b) throw new Error(key);
  return b;
};

let serial = 0;

const sb = useSandbox();
const maria = signedIn(sb, 'maria');
const padaria = signedIn(sb, 'padaria');

const db = () => sb.app.sandbox.db;
const ledgerTransactions = () => ledgerTransactionCount(sb);

function lookUp(document: string, who: Session = maria, payingAccount = who.accountId) {
  return call<Details & Failure>(sb.app, 'getBillDetails', {
    token: who.token,
    json: { document, payingAccount: { accountId: payingAccount } },
  });
}

function billBody(o: { barcode: string; amount: number; utilityTaxId?: string; id?: string }) {
  const order = { barcode: o.barcode, dueDate: '2026-11-14' };
  return {
    payments: [],
    withdraw: {
      currency: 'BRL',
      externalIdentifier: o.id ?? `bill-${++serial}`,
      totalAmount: o.amount,
      withdrawInfo:
        o.utilityTaxId === undefined
          ? { withdrawType: 'Boleto', boleto: order }
          : {
              withdrawType: 'Utilities',
              utilities: { ...order, beneficiaryTaxIdentifier: { country: 'BRA', taxId: o.utilityTaxId } },
            },
    },
  };
}
type BillBody = ReturnType<typeof billBody>;

/** A right security code for `signature` and the exact movement of `body` (issue 27). */
const confirm = (who: Session, secret: string, signature: string, body: BillBody): Promise<string> =>
  confirmationToken(sb, who, secret, signature, {
    amount: body.withdraw.totalAmount,
    externalIdentifier: body.withdraw.externalIdentifier,
  });

const signatureOf = (body: BillBody, accountId: string) => {
  const info = body.withdraw.withdrawInfo as {
    boleto?: { barcode: string };
    utilities?: { barcode: string };
  };
  const barcode = (info.boleto ?? info.utilities)?.barcode ?? '';
  return billSignature({ totalAmount: body.withdraw.totalAmount, sourceAccountId: accountId, barcode });
};

function pay(body: BillBody, headers: Record<string, string>, who: Session = maria) {
  return call<Withdrawal & Failure>(sb.app, 'createWithdrawal', {
    token: who.token,
    params: { accountId: who.accountId },
    headers,
    json: body,
  });
}

/** Pays with a fresh security code; returns the answer. */
async function payConfirmed(body: BillBody, who: Session = maria) {
  const secret = who === maria ? DEMO_TOTP.maria.secret : DEMO_TOTP.padaria.secret;
  const signature = signatureOf(body, who.accountId);
  const token = await confirm(who, secret, signature, body);
  return pay(body, { 'S-Transaction': signature, 'S-Confirmation': token }, who);
}

describe('the codes of the registry', () => {
  it('every seeded bill reads back from its barcode and its typeable line, of its kind', () => {
    for (const b of BILLS) {
      expect(b.slip.barcode).toHaveLength(44);
      expect(b.slip.typeableLine).toHaveLength(b.kind === 'BOLETO' ? 47 : 48);
      for (const document of [b.slip.barcode, b.slip.typeableLine])
        expect(readBillCode(document), `${b.key} ${document}`).toEqual({
          ok: true,
          kind: b.kind,
          barcode: b.slip.barcode,
        });
    }
  });

  it('bank slips carry currency 9, the amount and the due-date factor of the 2025 cycle', () => {
    for (const b of BILLS.filter((x) => x.kind === 'BOLETO')) {
      expect(b.slip.barcode[3]).toBe('9');
      expect(Number(b.slip.barcode.slice(9, 19))).toBe(b.documentCents);
      // Factor 1000 is 2025-02-22; the factor counts days from there.
      const days = (Date.parse(b.dueDate) - Date.parse('2025-02-22')) / 86_400_000;
      expect(Number(b.slip.barcode.slice(5, 9))).toBe(1000 + days);
    }
  });

  it('utility slips: segment and value identifier right, the amount in the barcode', () => {
    const expected: Partial<Record<SeedBillKey, [string, string]>> = {
      energy: ['3', '6'],
      waterOverdue: ['2', '6'],
      telecom: ['4', '8'],
      municipalTax: ['1', '6'],
    };
    for (const [key, [segment, identifier]] of Object.entries(expected)) {
      const b = bill(key as SeedBillKey);
      expect([b.slip.barcode[1], b.slip.barcode[2]]).toEqual([segment, identifier]);
      expect(Number(b.slip.barcode.slice(4, 15))).toBe(b.documentCents);
    }
  });

  it('any one digit changed is caught by a check digit', () => {
    for (const b of BILLS) {
      for (const document of [b.slip.barcode, b.slip.typeableLine]) {
        for (let i = 0; i < document.length; i++) {
          const digit = document[i] ?? '0';
          const changed = `${document.slice(0, i)}${(Number(digit) + 1) % 10}${document.slice(i + 1)}`;
          const read = readBillCode(changed);
          // A changed first digit may turn one layout into another length; never the same bill.
          if (read.ok) expect(read.barcode).not.toBe(b.slip.barcode);
        }
      }
    }
  });
});

describe('charges on the day of payment', () => {
  const terms: BillTerms = {
    dueDate: '2026-11-21', // a Saturday
    documentCents: 100_000,
    discountCents: 5_000,
    deductionsCents: 1_000,
    fineBasisPoints: 200,
    interestMonthlyBasisPoints: 100,
    minimumCents: null,
    maximumCents: null,
    lastPaymentDate: null,
  };

  it('up to the due date: the discount and deductions, no fine or interest', () => {
    expect(billCharges(terms, '2026-11-20')).toMatchObject({
      fineCents: 0,
      interestCents: 0,
      totalCents: 94_000,
    });
  });

  it('a due date on a weekend is paid on Monday without charges, then the charges count from the due date', () => {
    expect(billCharges(terms, '2026-11-23')).toMatchObject({ daysLate: 0, totalCents: 94_000 });
    // Tuesday: 3 days late, fine 2 % = 2000, interest 1 %/month * 3/30 = 100; no discount.
    expect(billCharges(terms, '2026-11-24')).toMatchObject({
      daysLate: 3,
      discountCents: 0,
      fineCents: 2_000,
      interestCents: 100,
      totalCents: 100_000 - 1_000 + 2_000 + 100,
    });
  });

  it('a last payment date stops the bill; minimum and maximum open a range', () => {
    expect(billCharges({ ...terms, lastPaymentDate: '2026-11-21' }, '2026-11-22').payable).toBe(false);
    const ranged = { ...terms, minimumCents: 20_000, maximumCents: 100_000 };
    const c = billCharges(ranged, '2026-11-20');
    expect([19_999, 20_000, 100_000, 100_001].map((x) => amountAccepted(ranged, c, x))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(amountAccepted(terms, c, c.totalCents)).toBe(true);
    expect(amountAccepted(terms, c, c.totalCents - 1)).toBe(false);
  });
});

describe('/sandbox/bills.json', () => {
  it('lists the registry with today’s state for testers (this machine only)', async () => {
    const res = await sb.app.inject({ method: 'GET', url: '/sandbox/bills.json' });
    const data = res.json<{ data: { typeableLine: string; state: string; totalToday: number }[] }>().data;
    expect(data).toHaveLength(BILLS.length);
    const state = (key: SeedBillKey) =>
      data.find((r) => r.typeableLine === bill(key).slip.typeableLine)?.state;
    expect([
      state('gymPaidSantander'),
      state('rentExpiredCaixa'),
      state('condoOverdueBradesco'),
      state('energy'),
    ]).toEqual(['paid', 'expired', 'overdue', 'open']);
    const far = await sb.app.inject({
      method: 'GET',
      url: '/sandbox/bills.json',
      remoteAddress: '203.0.113.9',
    });
    expect(far.statusCode).toBe(404);
  });
});

describe('POST /bills (getBillDetails)', () => {
  it('a bill due later: document, discount, no charges, the consolidated total', async () => {
    const b = bill('schoolBB');
    const res = await lookUp(b.slip.typeableLine);
    expect(res.status).toBe(200);
    expect(res.body.data.beneficiary).toEqual({
      name: 'Colégio Horizonte Ltda',
      taxIdentifier: { country: 'BRA', taxId: b.beneficiaryTaxId },
    });
    expect(res.body.data.paymentDetails).toEqual({
      barcode: b.slip.barcode,
      dueDate: b.dueDate,
      totalAmount: 850,
      consolidatedAmount: 807.5,
      discount: 42.5,
      deductions: 0,
      interest: 0,
      fine: 0,
    });
  });

  it('an overdue bill: fine and interest computed on today (São Paulo), and they grow with the days', async () => {
    const b = bill('condoOverdueBradesco');
    const res = await lookUp(b.slip.barcode);
    // 12 days late: fine 2 % of 1230.45 = 24.61; interest 1 %/month * 12/30 = 4.92.
    expect(res.body.data.paymentDetails).toMatchObject({
      totalAmount: 1230.45,
      fine: 24.61,
      interest: 4.92,
      discount: 0,
      consolidatedAmount: 1259.98,
    });
    // Deductions stay, the discount does not.
    const coop = await lookUp(bill('coopOverdueSicoob').slip.typeableLine);
    expect(coop.body.data.paymentDetails).toMatchObject({
      deductions: 60,
      fine: 11.2,
      interest: 7.47,
      consolidatedAmount: 518.67,
    });
    sb.clock.now = new Date(FIXED_NOW.getTime() + 10 * 86_400_000);
    await maria.signIn();
    const later = await lookUp(b.slip.barcode);
    expect(later.body.data.paymentDetails).toMatchObject({ fine: 24.61, interest: 9.02 });
  });

  it('minimum and maximum amounts, and a utility read from its 48-digit line', async () => {
    const card = await lookUp(bill('cardItau').slip.typeableLine);
    expect(card.body.data.paymentDetails).toMatchObject({ minimumAmount: 351.85, maximumAmount: 2345.67 });
    const energy = bill('energy');
    const res = await lookUp(energy.slip.typeableLine);
    expect(res.status).toBe(200);
    expect(res.body.data.paymentDetails).toMatchObject({
      barcode: energy.slip.barcode,
      totalAmount: 187.43,
      consolidatedAmount: 187.43,
    });
    // An overdue utility is still accepted at its barcode's amount (the charges come on the next bill).
    const water = await lookUp(bill('waterOverdue').slip.barcode);
    expect(water.body.data.paymentDetails).toMatchObject({ fine: 0, interest: 0, consolidatedAmount: 96.18 });
  });

  it('refusals: invalid digits 60, unknown 61, paid 62, past the last payment date 63, another account 403', async () => {
    const snapshot = databaseSnapshot(sb.app);
    const line = bill('schoolBB').slip.typeableLine;
    const broken = `${line.slice(0, 5)}${(Number(line[5]) + 1) % 10}${line.slice(6)}`;
    expect((await lookUp(broken)).body.error).toMatchObject({ group: 'BILL', code: 60 });
    // A valid line of a bill nobody registered (same bank, other amount).
    const unknown = seedBills('2026-12-01').find((x) => x.key === 'schoolBB')?.slip.typeableLine ?? '';
    expect(readBillCode(unknown).ok).toBe(true);
    expect((await lookUp(unknown)).body.error).toMatchObject({ group: 'BILL', code: 61 });
    expect((await lookUp(bill('gymPaidSantander').slip.barcode)).body.error).toMatchObject({ code: 62 });
    expect((await lookUp(bill('rentExpiredCaixa').slip.barcode)).body.error).toMatchObject({ code: 63 });
    const other = await lookUp(line, maria, padaria.accountId);
    expect(other.status).toBe(403);
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
  });
});

describe('paying a bill (createWithdrawal Boleto / Utilities)', () => {
  it('pays an overdue bank slip with its charges: one balanced movement, the receipt shows beneficiary and barcode', async () => {
    const b = bill('condoOverdueBradesco');
    const before = balanceCents(db(), MARIA);
    const clearing = balanceCents(db(), BANK_ACCOUNTS.clearing);
    const res = await payConfirmed(billBody({ barcode: b.slip.typeableLine, amount: 1259.98 }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ success: true });
    expect(balanceCents(db(), MARIA)).toBe(before - 125_998);
    expect(balanceCents(db(), BANK_ACCOUNTS.clearing)).toBe(clearing + 125_998);
    expect(totalCents(db())).toBe(0);
    const row = db()
      .prepare('SELECT kind, additional_info, detail FROM ledger_transactions WHERE id = ?')
      .get(res.body.data.transactionId) as { kind: string; additional_info: string; detail: string };
    expect(row.kind).toBe('BOLETO_PAYMENT');
    expect(row.additional_info).toContain(b.slip.barcode);
    expect(row.additional_info).toContain('Condomínio Edifício Flores');
    expect(JSON.parse(row.detail)).toMatchObject({
      requestData: { bill: { fine: 24.61, interest: 4.92, totalCharged: 1259.98 } },
    });
    const detail = await call<{ data: unknown }>(sb.app, 'getTransactionDetail', {
      token: maria.token,
      params: {
        accountHolderId: maria.accountHolderId,
        accountId: MARIA,
        transactionId: res.body.data.transactionId ?? '',
      },
    });
    expect(detail.status).toBe(200);
    expect(JSON.stringify(detail.body)).toContain(b.slip.barcode);
  });

  it('pays a utility (the beneficiary tax id must be the bill’s) and any amount of a card bill between min and max', async () => {
    const energy = bill('energy');
    const wrongTaxId = await payConfirmed(
      billBody({
        barcode: energy.slip.barcode,
        amount: 187.43,
        utilityTaxId: bill('telecom').beneficiaryTaxId,
      }),
    );
    expect(wrongTaxId.body.error).toMatchObject({ group: 'TRANSFER', code: 54 });
    const ok = await payConfirmed(
      billBody({ barcode: energy.slip.typeableLine, amount: 187.43, utilityTaxId: energy.beneficiaryTaxId }),
    );
    expect(ok.body.data).toMatchObject({ success: true });
    const kind = db()
      .prepare('SELECT kind FROM ledger_transactions WHERE id = ?')
      .get(ok.body.data.transactionId) as {
      kind: string;
    };
    expect(kind.kind).toBe('UTILITY_PAYMENT');
    const card = await payConfirmed(billBody({ barcode: bill('cardItau').slip.barcode, amount: 500 }));
    expect(card.body.data).toMatchObject({ success: true });
  });

  it('a bill is paid once: the same barcode again, by anyone, is 422 BILL 62 and writes nothing', async () => {
    const b = bill('shopInter');
    expect((await payConfirmed(billBody({ barcode: b.slip.barcode, amount: 389 }))).status).toBe(200);
    const again = billBody({ barcode: b.slip.typeableLine, amount: 389 });
    const signature = signatureOf(again, MARIA);
    const token = await confirm(maria, DEMO_TOTP.maria.secret, signature, again);
    const snapshot = databaseSnapshot(sb.app);
    const res = await pay(again, { 'S-Transaction': signature, 'S-Confirmation': token });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ group: 'BILL', code: 62 });
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
    const byPadaria = await payConfirmed(billBody({ barcode: b.slip.barcode, amount: 389 }), padaria);
    expect(byPadaria.body.error).toMatchObject({ group: 'BILL', code: 62 });
    expect((await lookUp(b.slip.barcode)).body.error).toMatchObject({ code: 62 });
  });

  it('the same request again gets the first answer and moves money once; concurrent doubles too', async () => {
    const body = billBody({
      barcode: bill('telecom').slip.barcode,
      amount: 149.99,
      utilityTaxId: bill('telecom').beneficiaryTaxId,
    });
    const signature = signatureOf(body, MARIA);
    const token = await confirm(maria, DEMO_TOTP.maria.secret, signature, body);
    const count = ledgerTransactions();
    await holdTwoCalls(sb, 'createWithdrawal');
    const headers = { 'S-Transaction': signature, 'S-Confirmation': token };
    const [a, b] = await Promise.all([pay(body, headers), pay(body, headers)]);
    expect(a.body).toEqual(b.body);
    expect(a.body.data.success).toBe(true);
    const replayed = await pay(body, { 'S-Transaction': signature });
    expect(replayed.body).toEqual(a.body);
    expect(ledgerTransactions()).toBe(count + 1);
  });

  it('refusals write nothing and keep the token: wrong amount 64, signature 51, no token 50, expired 63, field 54, balance 16', async () => {
    const b = bill('condoOverdueBradesco');
    const cases: [BillBody, string | undefined, number, string][] = [
      [billBody({ barcode: b.slip.barcode, amount: 1230.45 }), undefined, 64, 'BILL'],
      [billBody({ barcode: bill('rentExpiredCaixa').slip.barcode, amount: 1800 }), undefined, 63, 'BILL'],
      [billBody({ barcode: bill('cardItau').slip.barcode, amount: 351.84 }), undefined, 64, 'BILL'],
      [billBody({ barcode: bill('energy').slip.barcode, amount: 187.43 }), undefined, 54, 'TRANSFER'],
    ];
    for (const [body, , code, group] of cases) {
      const signature = signatureOf(body, MARIA);
      const token = await confirm(maria, DEMO_TOTP.maria.secret, signature, body);
      const snapshot = databaseSnapshot(sb.app);
      const res = await pay(body, { 'S-Transaction': signature, 'S-Confirmation': token });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.error).toMatchObject({ group, code });
      expect(databaseSnapshot(sb.app)).toBe(snapshot);
    }

    const body = billBody({ barcode: b.slip.barcode, amount: 1259.98 });
    const signature = signatureOf(body, MARIA);
    const token = await confirm(maria, DEMO_TOTP.maria.secret, signature, body);
    const snapshot = databaseSnapshot(sb.app);
    const wrongSignature = await pay(body, {
      'S-Transaction': signatureOf({ ...body, withdraw: { ...body.withdraw, totalAmount: 1 } }, MARIA),
      'S-Confirmation': token,
    });
    expect(wrongSignature.body.error).toMatchObject({ group: 'TRANSFER', code: 51 });
    const noToken = await pay(body, { 'S-Transaction': signature });
    expect(noToken.status).toBe(403);
    expect(noToken.body.error).toMatchObject({ group: 'SECURITY', code: 50 });
    expect(databaseSnapshot(sb.app)).toBe(snapshot);

    // Leave Maria 100.00, then the same payment is 422 code 16, and the token still works after.
    drainTo(sb, MARIA, 10_000);
    const drained = databaseSnapshot(sb.app);
    const poor = await pay(body, { 'S-Transaction': signature, 'S-Confirmation': token });
    expect(poor.body.error).toMatchObject({ code: 16 });
    expect(databaseSnapshot(sb.app)).toBe(drained);
  });

  it('a decline fault moves nothing and leaves the bill unpaid', async () => {
    const b = bill('schoolBB');
    await fault(sb, { operationId: 'createWithdrawal', decline: true });
    const count = ledgerTransactions();
    const res = await payConfirmed(billBody({ barcode: b.slip.barcode, amount: 807.5 }));
    expect(res.body.data.success).toBe(false);
    expect(ledgerTransactions()).toBe(count);
    expect((await lookUp(b.slip.barcode)).status).toBe(200);
  });
});

describe("an individual's night cap (TRANSFER 113, issue 28)", () => {
  it('refuses a bill that takes the night past R$ 1,000; the same bill is paid by day', async () => {
    const card = bill('cardItau');
    // 20:30 in São Paulo on the seed's day.
    sb.clock.now = new Date(FIXED_NOW.getTime() + 8.5 * 3_600_000);
    await maria.signIn();
    const before = balanceCents(db(), MARIA);
    const night = await payConfirmed(billBody({ barcode: card.slip.barcode, amount: 1_000.01 }));
    expect(night.status).toBe(422);
    expect(night.body.error).toMatchObject({ group: 'TRANSFER', code: 113 });
    expect(balanceCents(db(), MARIA)).toBe(before);
    sb.clock.now = new Date(FIXED_NOW.getTime() + 18 * 3_600_000); // 06:00 the next day
    await maria.signIn();
    expect((await payConfirmed(billBody({ barcode: card.slip.barcode, amount: 1_000.01 }))).status).toBe(200);
  });
});
