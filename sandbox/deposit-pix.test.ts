import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../demo/users.ts';
import { balanceCents } from './db/ledger.ts';
import { DEPOSIT_PIX_EXPIRY_SECONDS } from './routes/deposit-pix.ts';
import { parseBrCode } from './sim/brcode.ts';
import { newEndToEndId } from './sim/spi.ts';
import {
  call,
  confirmationToken,
  databaseSnapshot,
  useSandbox,
  signedIn,
  type Failure,
  type Session,
} from './test-support.ts';

/**
 * Deposit by Pix (issue 31; 2-money-movement.md §7 POST /deposit-pix; contract createDepositPix):
 * an immediate charge on one of the holder's active keys, credited when it is paid, from another
 * institution (the test route POST /sandbox/pix/incoming) or by a customer of this bank.
 */

interface DepositPix {
  emv: string;
  imagem_base64?: string;
  txid: string;
  expiresAt: string;
}

const sb = useSandbox();
const maria = signedIn(sb, 'maria');
const padaria = signedIn(sb, 'padaria');
const db = () => sb.app.sandbox.db;

let serial = 0;

function body(o: { amount?: number; id?: string; accountId?: string; currency?: string } = {}) {
  return {
    externalIdentifier: o.id ?? `dpix-${++serial}`,
    totalAmount: o.amount ?? 120.5,
    currency: o.currency ?? 'BRL',
    account: { accountId: o.accountId ?? maria.accountId },
  };
}

const depositPix = (json: ReturnType<typeof body>, who: Session = maria) =>
  call<{ data: DepositPix } & Failure>(sb.app, 'createDepositPix', { token: who.token, json });

const incoming = (emv: string) =>
  sb.app.inject({ method: 'POST', url: '/sandbox/pix/incoming', payload: { emv } });

const chargeOf = (txid: string) =>
  db()
    .prepare('SELECT key, amount_cents, account_id, expires_at FROM pix_charges WHERE txid = ?')
    .get(txid) as { key: string; amount_cents: number; account_id: string; expires_at: string } | undefined;

describe('createDepositPix', () => {
  it("answers an immediate charge on the holder's random key, for the amount, with its QR image", async () => {
    const res = await depositPix(body({ amount: 120.5 }));
    expect(res.status).toBe(200);
    const data = res.body.data;
    const code = parseBrCode(data.emv);
    expect(code?.type).toBe('DYNAMIC');
    const charge = chargeOf(data.txid);
    expect(charge).toMatchObject({ amount_cents: 12_050, account_id: maria.accountId });
    const evp = db()
      .prepare("SELECT key FROM pix_keys WHERE account_id = ? AND status = 'ACTIVE' AND key_type = 'EVP'")
      .get(maria.accountId) as { key: string };
    expect(charge?.key).toBe(evp.key);
    expect(Date.parse(data.expiresAt) - sb.clock.now.getTime()).toBe(DEPOSIT_PIX_EXPIRY_SECONDS * 1000);
    expect(
      Buffer.from(data.imagem_base64 ?? '', 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  it('is credited once when another institution pays it, and the charge is then concluded', async () => {
    const { data } = (await depositPix(body({ amount: 75 }))).body;
    const before = balanceCents(db(), maria.accountId);
    const paid = await incoming(data.emv);
    expect(paid.statusCode).toBe(200);
    expect(balanceCents(db(), maria.accountId)).toBe(before + 7_500);
    const row = db()
      .prepare(
        `SELECT t.kind, t.description FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
         WHERE e.account_id = ? ORDER BY t.created_at DESC, t.rowid DESC LIMIT 1`,
      )
      .get(maria.accountId) as { kind: string; description: string };
    expect(row).toEqual({ kind: 'PIX_IN', description: 'Pix recebido - Ana Paula Ferreira' });
    // Paid once: the same code again is refused and credits nothing.
    const again = await incoming(data.emv);
    expect(again.statusCode).toBe(422);
    expect(balanceCents(db(), maria.accountId)).toBe(before + 7_500);
  });

  it('may be paid by a customer of this bank instead, on-us, with her security code', async () => {
    const { data } = (await depositPix(body({ amount: 30 }))).body;
    const before = balanceCents(db(), maria.accountId);
    const e2e = newEndToEndId(sb.clock.now);
    const signature = ['30', padaria.accountId, e2e, data.emv.slice(-4)].join('|');
    const externalIdentifier = `dpix-pay-${++serial}`;
    const token = await confirmationToken(sb, padaria, DEMO_USERS.padaria.totpSecret, signature, {
      amount: 30,
      externalIdentifier,
    });
    const res = await call<Failure>(sb.app, 'payPixQrCode', {
      token: padaria.token,
      params: { accountId: padaria.accountId },
      headers: { 'S-Transaction': signature, 'S-Confirmation': token },
      json: { externalIdentifier, emv: data.emv, amount: 30, localInstrument: 'QRDN', endToEndId: e2e },
    });
    expect(res.status).toBe(200);
    expect(balanceCents(db(), maria.accountId)).toBe(before + 3_000);
    expect((await incoming(data.emv)).statusCode).toBe(422);
  });

  it('is not payable after it expires', async () => {
    const { data } = (await depositPix(body())).body;
    sb.clock.now = new Date(sb.clock.now.getTime() + DEPOSIT_PIX_EXPIRY_SECONDS * 1000 + 1000);
    const before = balanceCents(db(), maria.accountId);
    expect((await incoming(data.emv)).statusCode).toBe(422);
    expect(balanceCents(db(), maria.accountId)).toBe(before);
  });

  it('answers the same charge to the same request, and 409 TRANSFER 52 to the id reused for another', async () => {
    const first = await depositPix(body({ id: 'dpix-same', amount: 10 }));
    const again = await depositPix(body({ id: 'dpix-same', amount: 10 }));
    expect(again.body.data.txid).toBe(first.body.data.txid);
    const other = await depositPix(body({ id: 'dpix-same', amount: 11 }));
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({ group: 'TRANSFER', code: 52 });
  });

  it("refuses another holder's account (403) and broken amounts (422 TRANSFER 54), writing nothing", async () => {
    const snapshot = databaseSnapshot(sb.app);
    const foreign = await depositPix(body({ accountId: padaria.accountId }));
    expect(foreign.status).toBe(403);
    for (const amount of [0.001, 50_000.01]) {
      const res = await depositPix(body({ amount }));
      expect(res.status, String(amount)).toBe(422);
      expect(res.body.error).toMatchObject({ group: 'TRANSFER', code: 54 });
    }
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
  });

  it('refuses an account with no active key (422 DEPOSIT 120), since a charge needs one', async () => {
    db()
      .prepare("UPDATE pix_keys SET status = 'INACTIVE' WHERE account_id = ? AND status = 'ACTIVE'")
      .run(maria.accountId);
    const res = await depositPix(body());
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ group: 'DEPOSIT', code: 120 });
  });
});

describe('POST /sandbox/pix/incoming', () => {
  it('refuses what is not a payable code of this bank', async () => {
    expect((await incoming('not a code')).statusCode).toBe(422);
    expect(
      (await sb.app.inject({ method: 'POST', url: '/sandbox/pix/incoming', payload: {} })).statusCode,
    ).toBe(400);
  });
});
