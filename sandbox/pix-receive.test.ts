import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../demo/users.ts';
import { balanceCents, totalCents } from './db/ledger.ts';
import { parseBrCode } from './sim/brcode.ts';
import { addDays, localDate } from './sim/dates.ts';
import type { JwkSet } from './sim/charge-jws.ts';
import { readSignedCharge } from './sim/charge-payload.ts';
import { amountDueCents, brCodeText, daysBetween } from './sim/pix-charges.ts';
import { newEndToEndId } from './sim/spi.ts';
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
 * Pix receive (issue 17): the charges the bank makes (COB, COBV, static), their BR Codes and
 * location, and their payment by another customer through copy and paste; every answer checked
 * against the contract by `call`.
 */

const sb = useSandbox();
const maria = signedIn(sb, 'maria');
const padaria = signedIn(sb, 'padaria');

const db = () => sb.app.sandbox.db;
const cents = (who: Session) => balanceCents(db(), who.accountId);
const errorOf = (res: { body: unknown }) => (res.body as Failure).error;
const today = () => localDate(sb.clock.now);
let serial = 0;

interface ChargeAnswer {
  data: {
    emv: string;
    imagem_base64: string;
    txid: string;
    location: string;
    status: string;
    id_cobranca_imediata_pix?: string;
    id_cobranca_vencimento_pix?: string;
  };
}

const immediate = (who: Session, body: Record<string, unknown>) =>
  call<ChargeAnswer & Failure>(sb.app, 'createImmediateCharge', { token: who.token, json: body });

function dueBody(
  o: Partial<{ due: string; original: number; cpf: string; fine: number; interest: number }> = {},
) {
  return {
    calendario: { dataDeVencimento: o.due ?? addDays(today(), 5) },
    devedor: { nome: 'Maria Aparecida Santos', cpf: o.cpf ?? DEMO_USERS.maria.taxId },
    valor: {
      original: o.original ?? 100,
      multa: { modalidade: 2, valorPerc: o.fine ?? 2 },
      juros: { modalidade: 3, valorPerc: o.interest ?? 1 },
    },
    chave: DEMO_USERS.padaria.taxId,
    infoAdicionais: [{ nome: 'Pagador', valor: 'Maria Aparecida Santos' }],
  };
}

const dueDate = (who: Session, body: Record<string, unknown>) =>
  call<ChargeAnswer & Failure>(sb.app, 'createDueDateCharge', {
    token: who.token,
    params: { accountId: who.accountId },
    json: body,
  });

const decode = (who: Session, emv: string) =>
  call<
    {
      data: { qrcode_pix: { tipo: string; valor?: number; cobranca?: { valor: { final: number } } } };
    } & Failure
  >(sb.app, 'decodePixQrCode', {
    token: who.token,
    json: { numero_documento_decodificador: DEMO_USERS.maria.taxId, qrcode_emv: emv },
  });

/** Maria pays a code by copy and paste, with her security code. */
async function pay(emv: string, amount: number, instrument: 'QRES' | 'QRDN') {
  const e2e = newEndToEndId(sb.clock.now);
  const signature = [String(Math.trunc(amount)), maria.accountId, e2e, emv.slice(-4)].join('|');
  const externalIdentifier = `recv-${++serial}`;
  const token = await confirmationToken(sb, maria, DEMO_USERS.maria.totpSecret, signature, {
    amount,
    externalIdentifier,
  });
  return call<{ data: { endToEndId?: string; transactionId?: string } } & Failure>(sb.app, 'payPixQrCode', {
    token: maria.token,
    params: { accountId: maria.accountId },
    headers: { 'S-Transaction': signature, 'S-Confirmation': token },
    json: {
      externalIdentifier,
      emv,
      amount,
      localInstrument: instrument,
      endToEndId: e2e,
    },
  });
}

/** The location's JWS, verified with the published key as a payer does (sim/charge-payload.ts). */
async function payload(location: string, query: Record<string, string> = {}) {
  const [, kind = '', id = ''] = /\/(cobv?)\/([^/]+)$/.exec(location) ?? [];
  const res = await call<string>(sb.app, 'getPixChargePayload', {
    params: { chargeKind: kind, locationId: id },
    query,
  });
  expect(res.status).toBe(200);
  const jwks = (await call<JwkSet>(sb.app, 'getPixJwks')).body;
  const read = readSignedCharge(res.body, location.split('/')[0] ?? '', () => jwks);
  if ('refusal' in read) throw new Error(`the location's answer is refused: ${read.refusal}`);
  return read.payload;
}

describe('an immediate charge', () => {
  it('is a dynamic BR Code with a served location, paid once by another customer on-us', async () => {
    const res = await immediate(padaria, {
      valor: { valorOriginal: 42.5 },
      chave: DEMO_USERS.padaria.email,
      solicitacaoPagador: 'Pedido 77',
    });
    expect(res.status).toBe(200);
    const { emv, txid, location } = res.body.data;
    expect(txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    const code = parseBrCode(emv);
    expect(code).toMatchObject({
      type: 'DYNAMIC',
      singleUse: true,
      location,
      name: 'Padaria Pao Dourado Ltda',
    });
    expect(code?.key).toBeUndefined();
    expect(code?.amountCents).toBeUndefined();
    expect(Buffer.from(res.body.data.imagem_base64, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(await payload(location)).toMatchObject({
      status: 'ATIVA',
      txid,
      valor: { original: '42.50' },
    });

    const before = { maria: cents(maria), padaria: cents(padaria) };
    const paid = await pay(emv, 42.5, 'QRDN');
    expect(paid.status).toBe(200);
    expect(cents(padaria)).toBe(before.padaria + 4_250);
    expect(cents(maria)).toBe(before.maria - 4_250);
    expect((await payload(location)).status).toBe('CONCLUIDA');
    expect(errorOf(await pay(emv, 42.5, 'QRDN'))).toMatchObject({ group: 'PIXSEND', code: 89 });
    // The receiver's statement shows the credit with the payment's end-to-end id.
    const credit = db()
      .prepare(
        `SELECT t.detail FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
         WHERE e.account_id = ? AND t.id = ? AND e.amount_cents > 0`,
      )
      .get(padaria.accountId, paid.body.data.transactionId) as { detail: string } | undefined;
    expect(JSON.parse(credit?.detail ?? '{}')).toMatchObject({
      instantPayment: { endToEndId: paid.body.data.endToEndId },
    });
    expect(totalCents(db())).toBe(0);
  });

  it('another amount is refused; it expires after 86400 s', async () => {
    const { emv, location } = (
      await immediate(padaria, { valor: { valorOriginal: 10 }, chave: DEMO_USERS.padaria.phone })
    ).body.data;
    expect(errorOf(await pay(emv, 9.99, 'QRDN'))).toMatchObject({ code: 90 });
    sb.clock.now = new Date(FIXED_NOW.getTime() + 86_400_000);
    expect((await payload(location)).status).toBe('REMOVIDA_PELO_PSP');
  });

  it('needs one of the holder’s ACTIVE keys, and a refusal writes nothing', async () => {
    const snapshot = databaseSnapshot(sb.app);
    for (const chave of [DEMO_USERS.maria.email, 'pix@paodourado.com.br', 'nobody@exemplo.com.br']) {
      expect(errorOf(await immediate(padaria, { valor: { valorOriginal: 5 }, chave }))).toMatchObject({
        group: 'PIXRECV',
        code: 91,
      });
    }
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
  });

  it('the same externalIdentifier answers the first charge; another body is 93', async () => {
    const body = { valor: { valorOriginal: 7 }, chave: DEMO_USERS.padaria.email, externalIdentifier: 'c-1' };
    const a = await immediate(padaria, body);
    const b = await immediate(padaria, body);
    expect(b.body.data.txid).toBe(a.body.data.txid);
    const count = (db().prepare('SELECT COUNT(*) AS n FROM pix_charges').get() as { n: number }).n;
    const c = await immediate(padaria, { ...body, valor: { valorOriginal: 8 } });
    expect(c.status).toBe(409);
    expect(errorOf(c)).toMatchObject({ group: 'PIXRECV', code: 93 });
    expect((db().prepare('SELECT COUNT(*) AS n FROM pix_charges').get() as { n: number }).n).toBe(count);
  });
});

describe('a due-date charge', () => {
  it('asks the original until the due date, then fine and interest per day, within 30 days', async () => {
    const due = addDays(today(), 2);
    const res = await dueDate(padaria, dueBody({ due, original: 1_000, fine: 2, interest: 1 }));
    expect(res.status).toBe(200);
    const { emv, location } = res.body.data;
    expect(location).toContain('/cobv/');
    expect((await payload(location, { DPP: due })).valor).toMatchObject({
      original: '1000.00',
      multa: '0.00',
      juros: '0.00',
      final: '1000.00',
    });
    // 3 days late: fine 2 % = 20,00; interest 1 % a month / 30 × 3 = 1,00.
    expect((await payload(location, { DPP: addDays(due, 3) })).valor).toMatchObject({
      multa: '20.00',
      juros: '1.00',
      final: '1021.00',
    });
    // Payable up to 30 days after the due date.
    sb.clock.now = new Date(FIXED_NOW.getTime() + 5 * 86_400_000);
    await maria.signIn();
    expect((await decode(maria, emv)).body.data.qrcode_pix.cobranca?.valor.final).toBe(1_021);
    expect(errorOf(await pay(emv, 1_000, 'QRDN'))).toMatchObject({ code: 90 });
    const p = cents(padaria);
    expect((await pay(emv, 1_021, 'QRDN')).status).toBe(200);
    expect(cents(padaria)).toBe(p + 102_100);
  });

  it('is gone 31 days after the due date', async () => {
    const due = today();
    const { emv } = (await dueDate(padaria, dueBody({ due }))).body.data;
    sb.clock.now = new Date(FIXED_NOW.getTime() + 31 * 86_400_000);
    await maria.signIn();
    expect(errorOf(await decode(maria, emv))).toMatchObject({ code: 89 });
  });

  it('refuses a past due date (92), a wrong CPF (54), another account’s key (91); nothing written', async () => {
    const snapshot = databaseSnapshot(sb.app);
    expect(errorOf(await dueDate(padaria, dueBody({ due: addDays(today(), -1) })))).toMatchObject({
      group: 'PIXRECV',
      code: 92,
    });
    expect(errorOf(await dueDate(padaria, dueBody({ cpf: '12345678900' })))).toMatchObject({
      group: 'TRANSFER',
      code: 54,
    });
    expect(errorOf(await dueDate(maria, dueBody()))).toMatchObject({ group: 'PIXRECV', code: 91 });
    // Issue 27: amounts under a cent were once 0 cents (a 500 from a CHECK constraint).
    const tinyDue = await dueDate(padaria, dueBody({ original: 1e-9 }));
    expect(tinyDue.status).toBe(422);
    expect(tinyDue.body.messages?.join()).toMatch(/valor\.original/);
    const tiny = await immediate(padaria, {
      valor: { valorOriginal: 1e-9 },
      chave: DEMO_USERS.padaria.email,
    });
    expect(tiny.status).toBe(422);
    expect(tiny.body.messages?.join()).toMatch(/valor\.valorOriginal/);
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
  });
});

describe('static codes', () => {
  it('carry the key and a recorded txid; the account API adds an amount the payer must pay', async () => {
    const res = await call<{ data: { qrcode_pix: { emv: string }; id_cobranca_estatico_pix: string } }>(
      sb.app,
      'createStaticCharge',
      { token: padaria.token, json: { chave: DEMO_USERS.padaria.email } },
    );
    expect(res.status).toBe(200);
    const code = parseBrCode(res.body.data.qrcode_pix.emv);
    expect(code).toMatchObject({
      type: 'STATIC',
      key: DEMO_USERS.padaria.email,
      txid: res.body.data.id_cobranca_estatico_pix,
    });
    expect(code?.amountCents).toBeUndefined();
    expect((await pay(res.body.data.qrcode_pix.emv, 3.25, 'QRES')).status).toBe(200);

    const withAmount = await call<{ data: { instantPayment: { textContent: string; qrcodeURL?: string } } }>(
      sb.app,
      'createStaticQrCode',
      {
        token: padaria.token,
        params: { accountId: padaria.accountId },
        json: {
          alias: { alias: DEMO_USERS.padaria.email, aliasType: 'EMAIL' },
          amount: '15.90',
          externalIdentifier: 'st-1',
          imageGeneration: { errorCorrectionLevel: 'L', imageWidth: 400 },
        },
      },
    );
    expect(withAmount.status).toBe(200);
    const emv = withAmount.body.data.instantPayment.textContent;
    expect(parseBrCode(emv)?.amountCents).toBe(1_590);
    expect(withAmount.body.data.instantPayment.qrcodeURL).toMatch(/^data:image\/png;base64,/);
    expect(errorOf(await pay(emv, 15, 'QRES'))).toMatchObject({ code: 90 });
    expect((await pay(emv, 15.9, 'QRES')).status).toBe(200);
    expect((await pay(emv, 15.9, 'QRES')).status).toBe(200); // reusable
  });
});

describe('the location', () => {
  it('is public and an unknown one is 404', async () => {
    const res = await call(sb.app, 'getPixChargePayload', {
      params: { chargeKind: 'cob', locationId: 'nada' },
    });
    expect(res.status).toBe(404);
  });
});

describe('the due-date arithmetic', () => {
  it('is the original up to the due date and grows by the fine once and the interest per day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: -40, max: 40 }),
        (original, fine, interest, late) => {
          const due = '2026-11-21';
          const day = addDays(due, late);
          const d = amountDueCents(
            { originalCents: original, dueDate: due, fineHundredths: fine, interestHundredths: interest },
            day,
          );
          if (late <= 0) return d.total === original && d.fine === 0 && d.interest === 0;
          const exactFine = (original * fine) / 10_000;
          const exactInterest = (original * interest * late) / 300_000;
          return (
            d.total === original + d.fine + d.interest &&
            Math.abs(d.fine - exactFine) <= 0.5 &&
            Math.abs(d.interest - exactInterest) <= 0.5 &&
            daysBetween(due, day) === late
          );
        },
      ),
    );
  });

  it('rounds half up at the cent: 0,5 cent goes up', () => {
    // 1 cent × 50 % = 0,5 cent → 1 cent of fine.
    expect(
      amountDueCents(
        { originalCents: 1, dueDate: '2026-01-01', fineHundredths: 5_000, interestHundredths: 0 },
        '2026-01-02',
      ).fine,
    ).toBe(1);
    expect(
      amountDueCents(
        { originalCents: 1, dueDate: '2026-01-01', fineHundredths: 4_999, interestHundredths: 0 },
        '2026-01-02',
      ).fine,
    ).toBe(0);
  });

  it('writes names without accents, at most the length asked', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.integer({ min: 1, max: 25 }), (text, max) => {
        const out = brCodeText(text, max);
        return out.length <= max && /^[\x20-\x7e]*$/.test(out) && out === out.trim();
      }),
    );
    expect(brCodeText('São João do Piauí', 15)).toBe('Sao Joao do Pia');
  });
});
