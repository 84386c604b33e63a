import { describe, expect, it } from 'vitest';
import { DEMO_TOTP } from './db/demo-totp.ts';
import { balanceCents, totalCents } from './db/ledger.ts';
import { DOCE_SABOR_CNPJ, PADARIA_CNPJ } from './db/seed-recipients.ts';
import { DEMO_IDS } from './db/seed.ts';
import { internalTransferSignature, tedSignature } from './sim/signature.ts';
import {
  call,
  confirmationToken,
  databaseSnapshot,
  fault,
  holdTwoCalls,
  ledgerTransactionCount,
  signedIn,
  useSandbox,
  type Failure,
  type Session,
  type TotpMovement,
} from './test-support.ts';
import { DEMO_USERS } from '../demo/users.ts';

/**
 * TED (createWithdrawal BankTransfer) and company transfer (createPayment InternalTransfer), as
 * the contract describes them (2-money-movement.md §2, §5, §7, §8).
 */

interface Withdrawal {
  data: { success: boolean; transactionId?: string; message?: string; createdAt?: string };
}

let serial = 0;

const MARIA = DEMO_IDS.maria.accountId;
const PADARIA = DEMO_IDS.padaria.accountId;
const DOCE = DEMO_IDS.docesabor.accountId;

const sb = useSandbox();
const maria = signedIn(sb, 'maria');
const padaria = signedIn(sb, 'padaria');

/**
 * A right security code for `signature` and the exact movement (each in a new time step: a step
 * confirms only once).
 */
const confirm = (who: Session, secret: string, signature: string, movement: TotpMovement): Promise<string> =>
  confirmationToken(sb, who, secret, signature, movement);

/** The movement validateTotp confirms for a TED body: its amount and externalIdentifier. */
const tedMovement = (b: { withdraw: { totalAmount: number; externalIdentifier: string } }): TotpMovement => ({
  amount: b.withdraw.totalAmount,
  externalIdentifier: b.withdraw.externalIdentifier,
});

function tedBody(
  o: {
    amount?: number;
    name?: string;
    taxId?: string;
    bank?: string;
    account?: string;
    id?: string;
    personType?: string;
  } = {},
) {
  const taxId = o.taxId ?? '70291358497';
  return {
    payments: [],
    withdraw: {
      currency: 'BRL',
      externalIdentifier: o.id ?? `ted-${++serial}`,
      totalAmount: o.amount ?? 150.75,
      withdrawInfo: {
        withdrawType: 'BankTransfer',
        bankTransfer: {
          accountDestination: o.account ?? '8812345-0',
          accountTypeDestination: 'cc',
          bankDestination: o.bank ?? '260',
          bankDestinationName: 'NU PAGAMENTOS S.A. - INSTITUIÇÃO DE PAGAMENTO',
          branchDestination: '0001',
          name: o.name ?? 'Carlos Silva Santos',
          taxIdentifier: { country: 'BRA', taxId },
          personType: o.personType ?? (taxId.length > 11 ? 'CORPORATE' : 'PERSON'),
          purposeCode: '10',
          transferMethod: 'TED',
        },
      },
    },
    phoneNumber: '11987654321',
  };
}

type TedBody = ReturnType<typeof tedBody>;

function signatureOfTed(body: TedBody, accountId = MARIA): string {
  const t = body.withdraw.withdrawInfo.bankTransfer;
  return tedSignature({
    totalAmount: body.withdraw.totalAmount,
    sourceAccountId: accountId,
    bankDestination: t.bankDestination,
    branchDestination: t.branchDestination,
    accountDestination: t.accountDestination,
    taxId: t.taxIdentifier.taxId,
  });
}

function sendTed(body: TedBody, headers: Record<string, string>, who: Session = maria) {
  return call<Withdrawal & Failure>(sb.app, 'createWithdrawal', {
    token: who.token,
    params: { accountId: who.accountId },
    headers,
    json: body,
  });
}

const ledgerTransactions = () => ledgerTransactionCount(sb);

describe('TED (createWithdrawal BankTransfer)', () => {
  it('debits the account against the clearing account in one balanced transaction', async () => {
    const db = sb.app.sandbox.db;
    const before = balanceCents(db, MARIA);
    const count = ledgerTransactions();
    const body = tedBody();
    const signature = signatureOfTed(body);
    const token = await confirm(maria, DEMO_TOTP.maria.secret, signature, tedMovement(body));
    const res = await sendTed(body, { 'S-Transaction': signature, 'S-Confirmation': token });
    expect(res.status).toBe(200);
    expect(res.body.data.success).toBe(true);
    expect(Date.parse(res.body.data.createdAt ?? '')).toBe(sb.app.sandbox.now().getTime());
    expect(balanceCents(db, MARIA)).toBe(before - 15_075);
    expect(ledgerTransactions()).toBe(count + 1);
    expect(totalCents(db)).toBe(0);
    // The statement row and its receipt carry the destination (bank, branch, account).
    const detail = await call<{
      data: {
        requestData: { bankTransfer: Record<string, string> };
        transactions: { counterPart: { name: string } };
      };
    }>(sb.app, 'getTransactionDetail', {
      token: maria.token,
      params: {
        accountHolderId: maria.accountHolderId,
        accountId: MARIA,
        transactionId: res.body.data.transactionId ?? '',
      },
    });
    expect(detail.body.data.requestData.bankTransfer).toMatchObject({
      bankDestination: '260',
      branchDestination: '0001',
      accountDestination: '8812345-0',
      name: 'Carlos Silva Santos',
    });
    expect(detail.body.data.transactions.counterPart.name).toBe('Carlos Silva Santos');
  });

  it('the same request again answers the first answer without a token; another body with the id is 409', async () => {
    const body = tedBody();
    const signature = signatureOfTed(body);
    const token = await confirm(maria, DEMO_TOTP.maria.secret, signature, tedMovement(body));
    const first = await sendTed(body, { 'S-Transaction': signature, 'S-Confirmation': token });
    const count = ledgerTransactions();
    const again = await sendTed(body, { 'S-Transaction': signature });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(ledgerTransactions()).toBe(count);
    const snapshot = databaseSnapshot(sb.app);
    const other = tedBody({ id: body.withdraw.externalIdentifier, amount: 99 });
    const reused = await sendTed(other, { 'S-Transaction': signatureOfTed(other), 'S-Confirmation': token });
    expect(reused.status).toBe(409);
    expect(reused.body.error).toMatchObject({ group: 'TRANSFER', code: 52 });
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
  });

  it('two concurrent identical requests make one movement and get the same answer', async () => {
    const body = tedBody();
    const signature = signatureOfTed(body);
    const token = await confirm(maria, DEMO_TOTP.maria.secret, signature, tedMovement(body));
    const count = ledgerTransactions();
    // Both wait in the server at the same time before their handlers run.
    await holdTwoCalls(sb, 'createWithdrawal');
    const headers = { 'S-Transaction': signature, 'S-Confirmation': token };
    const [a, b] = await Promise.all([sendTed(body, headers), sendTed(body, headers)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.data.transactionId).toBeDefined();
    expect(b.body.data.transactionId).toBe(a.body.data.transactionId);
    expect(ledgerTransactions()).toBe(count + 1);
    expect(totalCents(sb.app.sandbox.db)).toBe(0);
  });

  it.each([
    ['a one-word name of a person', { name: 'Carlos' }, 'name'],
    ['an invalid CPF', { taxId: '70291358490' }, 'taxId'],
    ['a bank not on the list', { bank: '998' }, 'bankDestination'],
    ['a person type that does not match the document', { personType: 'CORPORATE' }, 'personType'],
    ['three decimals', { amount: 10.005 }, 'totalAmount'],
    // Issue 27: once within the tolerance of 0 cents, it reached the ledger (a 500).
    ['an amount under a cent (1e-9)', { amount: 1e-9 }, 'totalAmount'],
    ['an amount of 0.001', { amount: 0.001 }, 'totalAmount'],
  ])('refuses %s: 422 TRANSFER 54 naming the field, nothing written', async (_, change, field) => {
    const body = tedBody(change);
    const signature = signatureOfTed(body);
    // validateTotp confirms only amounts a movement may carry; the field is refused before the token.
    const token = await confirm(maria, DEMO_TOTP.maria.secret, signature, {
      ...tedMovement(body),
      amount: Math.max(1, Math.trunc(body.withdraw.totalAmount)),
    });
    const snapshot = databaseSnapshot(sb.app);
    const res = await sendTed(body, { 'S-Transaction': signature, 'S-Confirmation': token });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ group: 'TRANSFER', code: 54 });
    expect(res.body.messages?.some((m) => m.includes(field))).toBe(true);
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
  });

  it('a company name of one word is accepted with a CNPJ (alphanumeric too)', async () => {
    const body = tedBody({ name: 'Dourado', taxId: PADARIA_CNPJ });
    const signature = signatureOfTed(body);
    const token = await confirm(maria, DEMO_TOTP.maria.secret, signature, tedMovement(body));
    expect((await sendTed(body, { 'S-Transaction': signature, 'S-Confirmation': token })).status).toBe(200);
  });

  it('refuses a signature that does not match the body: 422 TRANSFER 51, nothing written', async () => {
    const body = tedBody();
    const signature = signatureOfTed(body);
    const token = await confirm(maria, DEMO_TOTP.maria.secret, signature, tedMovement(body));
    const snapshot = databaseSnapshot(sb.app);
    const changed = { ...body, withdraw: { ...body.withdraw, totalAmount: 1150.75 } };
    const res = await sendTed(changed, { 'S-Transaction': signature, 'S-Confirmation': token });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ group: 'TRANSFER', code: 51 });
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
  });

  it('requires a valid S-Confirmation: missing, of another signature, expired, used or of another account is 403 SECURITY 50', async () => {
    const body = tedBody();
    const signature = signatureOfTed(body);
    const otherSignature = signatureOfTed(tedBody({ amount: 2 }));
    const forOther = await confirm(
      maria,
      DEMO_TOTP.maria.secret,
      otherSignature,
      tedMovement(tedBody({ amount: 2 })),
    );
    const padariaToken = await confirm(padaria, DEMO_TOTP.padaria.secret, signature, tedMovement(body));
    const expiring = await confirm(maria, DEMO_TOTP.maria.secret, signature, tedMovement(body));
    const snapshot = databaseSnapshot(sb.app);
    for (const headers of [
      { 'S-Transaction': signature } as Record<string, string>,
      { 'S-Transaction': signature, 'S-Confirmation': forOther },
      { 'S-Transaction': signature, 'S-Confirmation': padariaToken },
      { 'S-Transaction': signature, 'S-Confirmation': 'x'.repeat(32) },
    ]) {
      const res = await sendTed(body, headers);
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ group: 'SECURITY', code: 50 });
    }
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
    sb.clock.now = new Date(sb.clock.now.getTime() + 301_000);
    expect((await sendTed(body, { 'S-Transaction': signature, 'S-Confirmation': expiring })).status).toBe(
      403,
    );
    // A token is spent by the movement it confirmed: a new movement cannot use it again.
    const token = await confirm(maria, DEMO_TOTP.maria.secret, signature, tedMovement(body));
    expect((await sendTed(body, { 'S-Transaction': signature, 'S-Confirmation': token })).status).toBe(200);
    const second = tedBody();
    expect(signatureOfTed(second)).toBe(signature);
    const res = await sendTed(second, { 'S-Transaction': signature, 'S-Confirmation': token });
    expect(res.status).toBe(403);
  });

  it('a token confirmed for R$ 10,00 does not move R$ 10,50, nor another externalIdentifier; the right movement goes (issue 27)', async () => {
    const db = sb.app.sandbox.db;
    const confirmed = tedBody({ amount: 10 });
    const signature = signatureOfTed(confirmed);
    const token = await confirm(maria, DEMO_TOTP.maria.secret, signature, tedMovement(confirmed));
    const before = balanceCents(db, MARIA);
    const snapshot = databaseSnapshot(sb.app);
    // Same whole reais, so the same S-Transaction signature: only the token's binding tells them apart.
    const moreCents = { ...confirmed, withdraw: { ...confirmed.withdraw, totalAmount: 10.5 } };
    const otherId = {
      ...confirmed,
      withdraw: { ...confirmed.withdraw, externalIdentifier: `ted-${++serial}` },
    };
    for (const body of [moreCents, otherId]) {
      expect(signatureOfTed(body)).toBe(signature);
      const res = await sendTed(body, { 'S-Transaction': signature, 'S-Confirmation': token });
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ group: 'SECURITY', code: 50 });
    }
    expect(balanceCents(db, MARIA)).toBe(before);
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
    const res = await sendTed(confirmed, { 'S-Transaction': signature, 'S-Confirmation': token });
    expect(res.status).toBe(200);
    expect(balanceCents(db, MARIA)).toBe(before - 1_000);
  });

  it('refuses more than the balance: 422 code 16, nothing written, the token still unspent', async () => {
    const db = sb.app.sandbox.db;
    const body = tedBody({ amount: balanceCents(db, MARIA) / 100 + 1 });
    const signature = signatureOfTed(body);
    const token = await confirm(maria, DEMO_TOTP.maria.secret, signature, tedMovement(body));
    const snapshot = databaseSnapshot(sb.app);
    const res = await sendTed(body, { 'S-Transaction': signature, 'S-Confirmation': token });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe(16);
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
  });

  it('a decline fault answers success: false, moves no money, and the retry is told the same', async () => {
    const db = sb.app.sandbox.db;
    await fault(sb, { operationId: 'createWithdrawal', decline: true });
    const before = balanceCents(db, MARIA);
    const count = ledgerTransactions();
    const body = tedBody();
    const signature = signatureOfTed(body);
    const token = await confirm(maria, DEMO_TOTP.maria.secret, signature, tedMovement(body));
    const res = await sendTed(body, { 'S-Transaction': signature, 'S-Confirmation': token });
    expect(res.status).toBe(200);
    expect(res.body.data.success).toBe(false);
    expect(res.body.data.transactionId).toBeUndefined();
    expect(balanceCents(db, MARIA)).toBe(before);
    expect(ledgerTransactions()).toBe(count);
    expect((await sendTed(body, { 'S-Transaction': signature })).body).toEqual(res.body);
  });
});

describe('company transfer (createPayment InternalTransfer)', () => {
  function payment(o: { to?: string; amount?: number; from?: string; id?: string } = {}) {
    const amount = o.amount ?? 250.4;
    return {
      currency: 'BRL',
      externalIdentifier: o.id ?? `int-${++serial}`,
      paymentInfo: { transactionType: 'InternalTransfer' },
      recipients: [{ account: { accountId: o.to ?? PADARIA }, amount, currency: 'BRL', mediatorFee: 0 }],
      sender: { account: { accountId: o.from ?? MARIA } },
      totalAmount: amount,
    };
  }
  type Body = ReturnType<typeof payment>;
  const signatureOf = (b: Body) =>
    internalTransferSignature({
      totalAmount: b.totalAmount,
      senderAccountId: b.sender.account.accountId,
      recipientAccountId: b.recipients[0]!.account.accountId,
    });
  const paymentMovement = (b: Body): TotpMovement => ({
    amount: b.totalAmount,
    externalIdentifier: b.externalIdentifier,
  });
  const pay = (b: Body, headers: Record<string, string>, who: Session = maria) =>
    call<Withdrawal & Failure>(sb.app, 'createPayment', { token: who.token, headers, json: b });

  interface Entry {
    transactionId: string;
    type: string;
    amount: number;
    entryDate: string;
    counterpart: { name: string; taxIdentifier: { taxId: string } } | null;
  }
  const statementOf = async (who: Session) =>
    (
      await call<{ data: { statement: Entry[] } }>(sb.app, 'getStatement', {
        token: who.token,
        params: { accountId: who.accountId },
        query: { start: '2026-11-21', ending: '2026-11-21' },
      })
    ).body.data.statement;

  it("an individual's night cap holds TED and transfers together at R$ 1,000 (TRANSFER 113, issue 28)", async () => {
    // 21:10 in São Paulo: the R$ 3,000 TED went through at night before.
    sb.clock.now = new Date('2026-11-22T00:10:00Z');
    await maria.signIn();
    const db = sb.app.sandbox.db;
    const big = tedBody({ amount: 3_000 });
    const bigToken = await confirm(maria, DEMO_TOTP.maria.secret, signatureOfTed(big), tedMovement(big));
    const before = balanceCents(db, MARIA);
    const refused = await sendTed(big, { 'S-Transaction': signatureOfTed(big), 'S-Confirmation': bigToken });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ group: 'TRANSFER', code: 113 });
    const ted = tedBody({ amount: 600 });
    const tedToken = await confirm(maria, DEMO_TOTP.maria.secret, signatureOfTed(ted), tedMovement(ted));
    expect(
      (await sendTed(ted, { 'S-Transaction': signatureOfTed(ted), 'S-Confirmation': tedToken })).status,
    ).toBe(200);
    const over = payment({ amount: 400.01 });
    const overToken = await confirm(maria, DEMO_TOTP.maria.secret, signatureOf(over), paymentMovement(over));
    const res = await pay(over, { 'S-Transaction': signatureOf(over), 'S-Confirmation': overToken });
    expect(res.body.error).toMatchObject({ group: 'TRANSFER', code: 113 });
    expect(balanceCents(db, MARIA)).toBe(before - 60_000);
    const fits = payment({ amount: 400 });
    const fitsToken = await confirm(maria, DEMO_TOTP.maria.secret, signatureOf(fits), paymentMovement(fits));
    expect(
      (await pay(fits, { 'S-Transaction': signatureOf(fits), 'S-Confirmation': fitsToken })).status,
    ).toBe(200);
    // At 06:00 the night is over.
    sb.clock.now = new Date('2026-11-22T09:00:00Z');
    await maria.signIn();
    const day = tedBody({ amount: 1_500 });
    const dayToken = await confirm(maria, DEMO_TOTP.maria.secret, signatureOfTed(day), tedMovement(day));
    expect(
      (await sendTed(day, { 'S-Transaction': signatureOfTed(day), 'S-Confirmation': dayToken })).status,
    ).toBe(200);
  });

  it('refuses an amount under a cent (1e-9), confirmed: 422 naming totalAmount, nothing written (issue 27)', async () => {
    const b = payment({ amount: 1e-9 });
    const signature = signatureOf(b);
    // validateTotp confirms only amounts a movement may carry; the field is refused before the token.
    const token = await confirm(maria, DEMO_TOTP.maria.secret, signature, {
      ...paymentMovement(b),
      amount: 1,
    });
    const snapshot = databaseSnapshot(sb.app);
    const res = await pay(b, { 'S-Transaction': signature, 'S-Confirmation': token });
    expect(res.status).toBe(422);
    expect(res.body.messages?.some((m) => m.includes('totalAmount'))).toBe(true);
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
  });

  it('moves money between the two customer accounts; both statements show it with the counterpart', async () => {
    const db = sb.app.sandbox.db;
    const [m0, p0] = [balanceCents(db, MARIA), balanceCents(db, PADARIA)];
    const b = payment();
    const signature = signatureOf(b);
    const token = await confirm(maria, DEMO_TOTP.maria.secret, signature, paymentMovement(b));
    const res = await pay(b, { 'S-Transaction': signature, 'S-Confirmation': token });
    expect(res.status).toBe(200);
    const id = res.body.data.transactionId;
    expect(balanceCents(db, MARIA)).toBe(m0 - 25_040);
    expect(balanceCents(db, PADARIA)).toBe(p0 + 25_040);
    expect(totalCents(db)).toBe(0);
    const sent = (await statementOf(maria)).find((e) => e.transactionId === id);
    expect(sent).toMatchObject({ type: 'D', amount: 250.4 });
    // The answer says when the bank made it: the receipt on screen and the statement agree (issue 32).
    expect(Date.parse(res.body.data.createdAt ?? '')).toBe(Date.parse(sent?.entryDate ?? 'none'));
    expect(sent?.counterpart).toEqual({
      name: 'Padaria Pão Dourado Ltda',
      taxIdentifier: { taxId: PADARIA_CNPJ },
    });
    const received = (await statementOf(padaria)).find((e) => e.transactionId === id);
    expect(received).toMatchObject({ type: 'C', amount: 250.4 });
    expect(received?.counterpart).toEqual({
      name: 'Maria Silva Santos',
      taxIdentifier: { taxId: DEMO_USERS.maria.taxId },
    });
    // The receipt's destination block: this bank, the bakery's account.
    const detail = await call<{ data: { requestData: { bankTransfer: Record<string, string> } } }>(
      sb.app,
      'getTransactionDetail',
      {
        token: padaria.token,
        params: { accountHolderId: padaria.accountHolderId, accountId: PADARIA, transactionId: id ?? '' },
      },
    );
    expect(detail.body.data.requestData.bankTransfer).toMatchObject({
      accountDestination: DEMO_IDS.padaria.number,
    });
  });

  it('a company sends to the other company (numeric CNPJ)', async () => {
    const b = payment({ from: PADARIA, to: DOCE, amount: 10 });
    const signature = signatureOf(b);
    const token = await confirm(padaria, DEMO_TOTP.padaria.secret, signature, paymentMovement(b));
    const res = await pay(b, { 'S-Transaction': signature, 'S-Confirmation': token }, padaria);
    expect(res.status).toBe(200);
    expect(DOCE_SABOR_CNPJ).toHaveLength(14);
  });

  it('refuses the sender itself and a person as destination: 422 TRANSFER 53, nothing written', async () => {
    const toPadariaItself = payment({ from: PADARIA, to: PADARIA });
    const toPerson = payment({ from: PADARIA, to: MARIA });
    for (const b of [toPadariaItself, toPerson]) {
      const signature = signatureOf(b);
      const token = await confirm(padaria, DEMO_TOTP.padaria.secret, signature, paymentMovement(b));
      const snapshot = databaseSnapshot(sb.app);
      const res = await pay(b, { 'S-Transaction': signature, 'S-Confirmation': token }, padaria);
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ group: 'TRANSFER', code: 53 });
      expect(databaseSnapshot(sb.app)).toBe(snapshot);
    }
  });

  it("refuses a sender that is not the caller's account (403)", async () => {
    const b = payment({ from: PADARIA, to: DOCE });
    const res = await call(sb.app, 'createPayment', {
      token: maria.token,
      headers: { 'S-Transaction': signatureOf(b), 'S-Confirmation': 'x'.repeat(32) },
      json: b,
    });
    expect(res.status).toBe(403);
  });

  it('refuses a recipient amount that is not the total, a wrong signature, no token, the balance', async () => {
    const db = sb.app.sandbox.db;
    const b = payment();
    const signature = signatureOf(b);
    const token = await confirm(maria, DEMO_TOTP.maria.secret, signature, paymentMovement(b));
    const snapshot = databaseSnapshot(sb.app);
    const split = { ...b, recipients: [{ ...b.recipients[0]!, amount: 1 }] };
    expect(
      (await pay(split, { 'S-Transaction': signature, 'S-Confirmation': token })).body.error,
    ).toMatchObject({
      code: 54,
    });
    expect(
      (await pay(b, { 'S-Transaction': `${signature}9`, 'S-Confirmation': token })).body.error,
    ).toMatchObject({ code: 51 });
    expect((await pay(b, { 'S-Transaction': signature })).body.error).toMatchObject({ code: 50 });
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
    const big = payment({ amount: balanceCents(db, MARIA) / 100 + 0.01 });
    const bigSignature = signatureOf(big);
    const bigToken = await confirm(maria, DEMO_TOTP.maria.secret, bigSignature, paymentMovement(big));
    const after = databaseSnapshot(sb.app);
    const res = await pay(big, { 'S-Transaction': bigSignature, 'S-Confirmation': bigToken });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe(16);
    expect(databaseSnapshot(sb.app)).toBe(after);
  });

  it('is idempotent per account: the same request answers the first transactionId; two at once move once', async () => {
    const b = payment();
    const signature = signatureOf(b);
    const token = await confirm(maria, DEMO_TOTP.maria.secret, signature, paymentMovement(b));
    const count = ledgerTransactions();
    await holdTwoCalls(sb, 'createPayment');
    const headers = { 'S-Transaction': signature, 'S-Confirmation': token };
    const [x, y] = await Promise.all([pay(b, headers), pay(b, headers)]);
    expect(x.body.data.transactionId).toBeDefined();
    expect(y.body.data.transactionId).toBe(x.body.data.transactionId);
    expect((await pay(b, { 'S-Transaction': signature })).body.data.transactionId).toBe(
      x.body.data.transactionId,
    );
    expect(ledgerTransactions()).toBe(count + 1);
    // The bakery may use the same externalIdentifier for its own movement.
    const theirs = payment({ from: PADARIA, to: DOCE, id: b.externalIdentifier, amount: 5 });
    const theirSignature = signatureOf(theirs);
    const theirToken = await confirm(
      padaria,
      DEMO_TOTP.padaria.secret,
      theirSignature,
      paymentMovement(theirs),
    );
    expect(
      (await pay(theirs, { 'S-Transaction': theirSignature, 'S-Confirmation': theirToken }, padaria)).status,
    ).toBe(200);
    expect(ledgerTransactions()).toBe(count + 2);
  });
});
