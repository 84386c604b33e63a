import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../demo/users.ts';
import { balanceCents, totalCents } from './db/ledger.ts';
import { OWN_BANK } from './sim/bank.ts';
import { parseBrCode } from './sim/brcode.ts';
import type { JwkSet } from './sim/charge-jws.ts';
import { readSignedCharge } from './sim/charge-payload.ts';
import { fromLocal, localDate } from './sim/dates.ts';
import { newEndToEndId } from './sim/spi.ts';
import {
  call,
  confirmationToken,
  databaseSnapshot,
  signedIn,
  useSandbox,
  type Failure,
  type Session,
} from './test-support.ts';

/**
 * Pix Saque and Pix Troco (issue 29): the agent's dynamic code (createDynamicQrCode), what its
 * location serves (valid against the BCB schema's facts), the payer's decoding and payment by copy
 * and paste, the statement of both sides and the 2026 caps (R$ 3,000 by day, R$ 1,000 by night).
 */

const sb = useSandbox();
const maria = signedIn(sb, 'maria');
const padaria = signedIn(sb, 'padaria');
const db = () => sb.app.sandbox.db;
const cents = (who: Session) => balanceCents(db(), who.accountId);
const errorOf = (res: { body: unknown }) => (res.body as Failure).error;
let serial = 0;

const bcb = new Ajv2020({ strict: false, allErrors: true });
addFormats(bcb);
bcb.addSchema(
  JSON.parse(
    readFileSync(new URL('./contract/bcb-pix-payload.schema.json', import.meta.url), 'utf8'),
  ) as object,
);
const cobErrors = (value: unknown) => {
  const validate = bcb.getSchema(
    'https://sandbox.banco.example/schemas/bcb-pix-payload.json#/$defs/CobPayload',
  );
  if (!validate) throw new Error('no CobPayload');
  return validate(value) ? [] : validate.errors;
};

function qrBody(
  kind: 'WITHDRAW' | 'CHANGE',
  total: number,
  cash: number,
  o: Partial<{ expiration: number; ispb: string; key: string; account: string; id: string }> = {},
) {
  return {
    externalIdentifier: o.id ?? `cash-${++serial}`,
    totalAmount: total,
    currency: 'BRL',
    paymentInfo: {
      transactionType: 'InstantPayment',
      instantPayment: {
        alias: { alias: o.key ?? DEMO_USERS.padaria.email, aliasType: 'EMAIL' },
        cashValue: {
          cashValueType: kind,
          value: cash,
          allowValueChange: false,
          agentModality: 'AGTEC',
          serviceProviderIspb: o.ispb ?? OWN_BANK.ispb,
        },
        qrCodeImageGenerationSpecification: {
          errorCorrectionLevel: 'M',
          imageWidth: 400,
          generateImageRendering: true,
        },
        dynamicQrCodeType: 'IMMEDIATE',
        ...(o.expiration !== undefined ? { expiration: o.expiration } : {}),
        modalityChange: 0,
      },
    },
    recipients: [{ account: { accountId: o.account ?? padaria.accountId }, amount: total, currency: 'BRL' }],
  };
}

type QrAnswer = {
  data: { instantPayment: { textContent: string; qrcodeURL?: string; txid?: string } };
} & Failure;

const create = (who: Session, body: Record<string, unknown>) =>
  call<QrAnswer>(sb.app, 'createDynamicQrCode', {
    token: who.token,
    params: { accountId: who.accountId },
    json: body,
  });

async function served(emv: string) {
  const location = parseBrCode(emv)?.location ?? '';
  const [, id = ''] = /\/cob\/([^/]+)$/.exec(location) ?? [];
  const res = await call<string>(sb.app, 'getPixChargePayload', {
    params: { chargeKind: 'cob', locationId: id },
  });
  const jwks = (await call<JwkSet>(sb.app, 'getPixJwks')).body;
  const read = readSignedCharge(res.body, location.split('/')[0] ?? '', () => jwks);
  if ('refusal' in read) throw new Error(read.refusal);
  return read;
}

const decode = (emv: string) =>
  call<{ data: { qrcode_pix: Record<string, unknown>; id_fim_a_fim: string } } & Failure>(
    sb.app,
    'decodePixQrCode',
    {
      token: maria.token,
      json: { numero_documento_decodificador: DEMO_USERS.maria.taxId, qrcode_emv: emv },
    },
  );

async function pay(emv: string, amount: number) {
  const e2e = newEndToEndId(sb.clock.now);
  const signature = [String(Math.trunc(amount)), maria.accountId, e2e, emv.slice(-4)].join('|');
  const externalIdentifier = `cash-pay-${++serial}`;
  const token = await confirmationToken(sb, maria, DEMO_USERS.maria.totpSecret, signature, {
    amount,
    externalIdentifier,
  });
  return call<{ data: { transactionId?: string } } & Failure>(sb.app, 'payPixQrCode', {
    token: maria.token,
    params: { accountId: maria.accountId },
    headers: { 'S-Transaction': signature, 'S-Confirmation': token },
    json: { externalIdentifier, emv, amount, localInstrument: 'QRDN', endToEndId: e2e },
  });
}

const entryOf = (accountId: string, transactionId: string | undefined) =>
  db()
    .prepare(
      `SELECT e.description, e.amount_cents FROM ledger_entries e
       WHERE e.account_id = ? AND e.transaction_id = ?`,
    )
    .get(accountId, transactionId) as { description: string; amount_cents: number } | undefined;

describe('a Pix Saque code', () => {
  it('is a dynamic code whose payload has original 0.00 and retirada.saque; Maria pays it and both statements say so', async () => {
    const res = await create(padaria, qrBody('WITHDRAW', 100, 100));
    expect(res.status).toBe(200);
    const { textContent: emv, qrcodeURL } = res.body.data.instantPayment;
    expect(parseBrCode(emv)).toMatchObject({ type: 'DYNAMIC', singleUse: true });
    expect(qrcodeURL).toMatch(/^data:image\/png;base64,/);
    const read = await served(emv);
    expect(cobErrors(read.payload)).toEqual([]);
    expect(read.payload.valor).toEqual({
      original: '0.00',
      modalidadeAlteracao: 0,
      retirada: {
        saque: {
          valor: '100.00',
          modalidadeAlteracao: 0,
          modalidadeAgente: 'AGTEC',
          prestadorDoServicoDeSaque: OWN_BANK.ispb,
        },
      },
    });
    expect(read.amountCents).toBe(10_000);
    expect(read.payload.calendario.expiracao).toBe(86_400);

    const decoded = await decode(emv);
    expect(decoded.body.data.qrcode_pix).toMatchObject({
      valor: 100,
      recebedor: { nome: 'Padaria Pão Dourado Ltda' },
      payload: { valor: { original: 0, retirada: { saque: { valor: 100, modalidadeAgente: 'AGTEC' } } } },
    });

    const before = { maria: cents(maria), padaria: cents(padaria) };
    const paid = await pay(emv, 100);
    expect(paid.status).toBe(200);
    expect(cents(maria)).toBe(before.maria - 10_000);
    expect(cents(padaria)).toBe(before.padaria + 10_000);
    expect(entryOf(maria.accountId, paid.body.data.transactionId)?.description).toBe(
      'Pix Saque - Padaria Pão Dourado Ltda',
    );
    expect(entryOf(padaria.accountId, paid.body.data.transactionId)?.description).toBe(
      `Pix Saque recebido - ${DEMO_USERS.maria.name}`,
    );
    expect((await served(emv)).payload.status).toBe('CONCLUIDA');
    expect(totalCents(db())).toBe(0);
  });

  it('over the night cap (R$ 1,000) is refused with PIXCASH 122 and moves nothing', async () => {
    sb.clock.now = fromLocal(localDate(sb.clock.now), '21:00:00');
    await Promise.all([maria.signIn(), padaria.signIn()]);
    const big = (await create(padaria, qrBody('WITHDRAW', 900, 900))).body.data.instantPayment.textContent;
    const more = (await create(padaria, qrBody('WITHDRAW', 200, 200))).body.data.instantPayment.textContent;
    expect((await pay(big, 900)).status).toBe(200);
    const snapshot = cents(maria);
    const refused = await pay(more, 200);
    expect(refused.status).toBe(422);
    expect(errorOf(refused)).toMatchObject({ group: 'PIXCASH', code: 122 });
    expect(cents(maria)).toBe(snapshot);
  });
});

describe('a Pix Troco code', () => {
  it('has the purchase as original and retirada.troco; the payer pays purchase plus change', async () => {
    const res = await create(padaria, qrBody('CHANGE', 80, 30));
    expect(res.status).toBe(200);
    const emv = res.body.data.instantPayment.textContent;
    const read = await served(emv);
    expect(cobErrors(read.payload)).toEqual([]);
    expect(read.payload.valor).toMatchObject({ original: '50.00', retirada: { troco: { valor: '30.00' } } });
    expect(read.payload.calendario.expiracao).toBe(120);
    expect(read.amountCents).toBe(8_000);
    expect((await decode(emv)).body.data.qrcode_pix).toMatchObject({
      valor: 80,
      payload: { valor: { original: 50, retirada: { troco: { valor: 30 } } } },
    });
    const paid = await pay(emv, 80);
    expect(paid.status).toBe(200);
    expect(entryOf(maria.accountId, paid.body.data.transactionId)?.description).toBe(
      'Pix Troco - Padaria Pão Dourado Ltda',
    );
  });

  it('expires after its expiration', async () => {
    const emv = (await create(padaria, qrBody('CHANGE', 20, 5, { expiration: 60 }))).body.data.instantPayment
      .textContent;
    sb.clock.now = new Date(sb.clock.now.getTime() + 61_000);
    expect(errorOf(await pay(emv, 20))).toMatchObject({ group: 'PIXSEND', code: 89 });
  });
});

describe('the agent’s refusals write nothing', () => {
  it.each([
    ['a change not below the total', () => qrBody('CHANGE', 30, 30), 124],
    ['a withdraw whose cash is not the total', () => qrBody('WITHDRAW', 100, 50), 124],
    ['another account as recipient', () => qrBody('WITHDRAW', 10, 10, { account: maria.accountId }), 124],
    ['another service provider', () => qrBody('WITHDRAW', 10, 10, { ispb: '00038166' }), 125],
    ['a key of someone else', () => qrBody('WITHDRAW', 10, 10, { key: DEMO_USERS.maria.email }), 123],
  ])('%s', async (_name, body, code) => {
    const snapshot = databaseSnapshot(sb.app);
    const res = await create(padaria, body());
    expect(res.status).toBe(422);
    expect(errorOf(res)).toMatchObject({ group: 'PIXCASH', code });
    expect(databaseSnapshot(sb.app)).toBe(snapshot);
  });

  it('a holder without PIX SAQUE / PIX TROCO (Maria) is refused with 403 PIXCASH 120', async () => {
    const body = qrBody('WITHDRAW', 10, 10, { key: DEMO_USERS.maria.email, account: maria.accountId });
    const res = await create(maria, body);
    expect(res.status).toBe(403);
    expect(errorOf(res)).toMatchObject({ group: 'PIXCASH', code: 120 });
  });

  it('the same externalIdentifier answers the first code', async () => {
    const body = qrBody('WITHDRAW', 15, 15, { id: 'cash-same' });
    const a = await create(padaria, body);
    const b = await create(padaria, body);
    expect(b.body.data.instantPayment.textContent).toBe(a.body.data.instantPayment.textContent);
  });
});
