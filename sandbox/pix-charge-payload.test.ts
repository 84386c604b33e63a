import { constants, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../demo/users.ts';
import { addDays, localDate } from './sim/dates.ts';
import { jwkThumbprint, type JwkSet, type PublicJwk, verifyCharge } from './sim/charge-jws.ts';
import { payloadCents, payloadMoney, readSignedCharge } from './sim/charge-payload.ts';
import { newEndToEndId } from './sim/spi.ts';
import { call, confirmationToken, contract, signedIn, useSandbox, type Failure } from './test-support.ts';

/**
 * Issue 27: what a payer's bank reads at a charge's location. The answer is a JWS signed with
 * the bank's key published at the `jku` of its header, verified here with node:crypto alone (not
 * the sandbox's verifier); its payload is checked against the BCB schema's facts
 * (contract/bcb-pix-payload.schema.json, from bacen/pix-api); a due-date charge's interest is the
 * BCB's modality 3, and what a payer computes from it is what the bank asks and takes.
 */

const sb = useSandbox();
const maria = signedIn(sb, 'maria');
const padaria = signedIn(sb, 'padaria');
const today = () => localDate(sb.clock.now);
const SITE = 'qr.sandbox.banco.example';

const bcb = new Ajv2020({ strict: false, allErrors: true });
addFormats(bcb);
bcb.addSchema(
  JSON.parse(
    readFileSync(new URL('./contract/bcb-pix-payload.schema.json', import.meta.url), 'utf8'),
  ) as object,
);
function bcbErrors(def: 'CobPayload' | 'CobVPayload', value: unknown) {
  const validate = bcb.getSchema(`https://sandbox.banco.example/schemas/bcb-pix-payload.json#/$defs/${def}`);
  if (!validate) throw new Error(`no ${def}`);
  return validate(value) ? [] : validate.errors;
}

interface ChargeAnswer {
  data: { emv: string; location: string };
}

const immediate = async (valorOriginal: number) =>
  (
    await call<ChargeAnswer>(sb.app, 'createImmediateCharge', {
      token: padaria.token,
      json: { valor: { valorOriginal }, chave: DEMO_USERS.padaria.email, solicitacaoPagador: 'Pedido 12' },
    })
  ).body.data;

const dueDate = (due: string, juros: { modalidade: number; valorPerc: number }) =>
  call<ChargeAnswer & Failure>(sb.app, 'createDueDateCharge', {
    token: padaria.token,
    params: { accountId: padaria.accountId },
    json: {
      calendario: { dataDeVencimento: due },
      devedor: { nome: 'Maria Aparecida Santos', cpf: DEMO_USERS.maria.taxId },
      valor: { original: 100, multa: { modalidade: 2, valorPerc: 2 }, juros },
      chave: DEMO_USERS.padaria.taxId,
    },
  });

/** GET of the location, as a payer's bank does it: the raw answer and its media type. */
async function fetchLocation(location: string, query: Record<string, string> = {}) {
  const [, kind = '', id = ''] = /\/(cobv?)\/([^/]+)$/.exec(location) ?? [];
  return call<string>(sb.app, 'getPixChargePayload', { params: { chargeKind: kind, locationId: id }, query });
}

const part = (jws: string, i: number) =>
  JSON.parse(Buffer.from(jws.split('.')[i] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

/** An independent verification: the key of the JWK Set the `jku` names, RFC 7518 PS256. */
async function verifiedPayload(jws: string): Promise<Record<string, unknown>> {
  const header = part(jws, 0);
  expect(header).toMatchObject({ alg: 'PS256', jku: `https://${SITE}/.well-known/jwks.json` });
  // The jku's path is the operation the sandbox serves under /api (getPixJwks).
  expect(new URL(String(header.jku)).pathname).toBe(contract.operation('getPixJwks')?.path);
  const jwks = await call<JwkSet>(sb.app, 'getPixJwks');
  expect(jwks.contentType).toContain('application/jwk-set+json');
  const jwk = jwks.body.keys.find((k) => k.kid === header.kid);
  if (!jwk) throw new Error('kid not in the published JWK Set');
  const key = createPublicKey({ key: { kty: jwk.kty, n: jwk.n, e: jwk.e }, format: 'jwk' });
  const [h, p, s] = jws.split('.') as [string, string, string];
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 },
    Buffer.from(s, 'base64url'),
  );
  expect(ok, 'signature verified with the published key').toBe(true);
  return part(jws, 1);
}

describe('the location of an immediate charge', () => {
  it('answers a JWS signed with the published key, whose body meets the BCB schema', async () => {
    const { location } = await immediate(37.45);
    const res = await fetchLocation(location);
    expect(res.status).toBe(200);
    expect(res.contentType).toContain('application/jose');
    const body = await verifiedPayload(res.body);
    expect(bcbErrors('CobPayload', body)).toEqual([]);
    expect(body).toMatchObject({
      status: 'ATIVA',
      valor: { original: '37.45' },
      chave: DEMO_USERS.padaria.email,
    });
  });

  it('writes every amount with two decimals', async () => {
    for (const [amount, text] of [
      [10, '10.00'],
      [0.5, '0.50'],
      [1234.5, '1234.50'],
    ] as const) {
      const body = await verifiedPayload((await fetchLocation((await immediate(amount)).location)).body);
      expect((body.valor as { original: unknown }).original).toBe(text);
    }
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (cents) => {
        const text = payloadMoney(cents);
        return /^\d{1,10}\.\d{2}$/.test(text) && payloadCents(text) === cents;
      }),
    );
  });
});

describe('the location of a due-date charge', () => {
  it('asks, for "% ao mês" (BCB modality 3), what a payer computes; the bank takes that amount', async () => {
    const due = addDays(today(), 1);
    // Modality 1 is an amount per calendar day in the BCB table: not what the screen asks.
    expect((await dueDate(due, { modalidade: 1, valorPerc: 1 })).status).toBe(400);
    const res = await dueDate(due, { modalidade: 3, valorPerc: 1 });
    expect(res.status).toBe(200);
    const { emv, location } = res.body.data;

    const late = 10;
    const payDay = addDays(due, late);
    const body = await verifiedPayload((await fetchLocation(location, { DPP: payDay })).body);
    expect(bcbErrors('CobVPayload', body)).toEqual([]);
    // A payer's reading of modality 3 (percent a month, calendar days): 100 × 1 % × 10 / 30 = 0,33;
    // the fine (modality 2, percent) 100 × 2 % = 2,00. Modality 1 would have been 1,00 a day: 112,00.
    const interest = Math.round((10_000 * 1 * late) / 100 / 30);
    const fine = Math.round((10_000 * 2) / 100);
    expect(body.valor).toEqual({
      original: '100.00',
      multa: payloadMoney(fine),
      juros: payloadMoney(interest),
      final: payloadMoney(10_000 + fine + interest),
    });
    expect((body.valor as { final: string }).final).toBe('102.33');
    expect(body.devedor).toEqual({ nome: 'Maria Aparecida Santos', cpf: DEMO_USERS.maria.taxId });
    expect(body.recebedor).toMatchObject({ cnpj: DEMO_USERS.padaria.taxId });

    // On that day the bank's own payer reads the same amount and pays it.
    sb.clock.now = new Date(sb.clock.now.getTime() + (late + 1) * 86_400_000);
    await maria.signIn();
    const decoded = await call<{ data: { qrcode_pix: { cobranca?: { valor: { final: number } } } } }>(
      sb.app,
      'decodePixQrCode',
      {
        token: maria.token,
        json: { numero_documento_decodificador: DEMO_USERS.maria.taxId, qrcode_emv: emv },
      },
    );
    expect(decoded.body.data.qrcode_pix.cobranca?.valor.final).toBe(102.33);
    const e2e = newEndToEndId(sb.clock.now);
    const signature = ['102', maria.accountId, e2e, emv.slice(-4)].join('|');
    const token = await confirmationToken(sb, maria, DEMO_USERS.maria.totpSecret, signature, {
      amount: 102.33,
      externalIdentifier: 'jws-1',
    });
    const paid = await call(sb.app, 'payPixQrCode', {
      token: maria.token,
      params: { accountId: maria.accountId },
      headers: { 'S-Transaction': signature, 'S-Confirmation': token },
      json: { externalIdentifier: 'jws-1', emv, amount: 102.33, localInstrument: 'QRDN', endToEndId: e2e },
    });
    expect(paid.status).toBe(200);
  });
});

describe('a payer verifying the JWS', () => {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const served = async () => {
    const jws = (await fetchLocation((await immediate(50)).location)).body;
    const jwks = (await call<JwkSet>(sb.app, 'getPixJwks')).body;
    return {
      jws,
      jwks,
      fetchJwks: (jku: string) => (jku === `https://${SITE}/.well-known/jwks.json` ? jwks : undefined),
    };
  };

  it('finds only the public key in the JWK Set, named by its RFC 7638 thumbprint', async () => {
    const { jws, jwks } = await served();
    expect(jwks.keys).toHaveLength(1);
    const [key] = jwks.keys;
    expect(Object.keys(key ?? {}).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    expect(key?.kid).toBe(jwkThumbprint({ n: key?.n ?? '', e: key?.e ?? '' }));
    expect(part(jws, 0).kid).toBe(key?.kid);
  });

  it('reads the untouched answer', async () => {
    const { jws, fetchJwks } = await served();
    const read = readSignedCharge(jws, SITE, fetchJwks);
    expect(read).toMatchObject({ amountCents: 5_000, payload: { valor: { original: '50.00' } } });
  });

  it('refuses a tampered payload, another key, another algorithm and a foreign jku', async () => {
    const { jws, jwks, fetchJwks } = await served();
    const [h = '', p = '', s = ''] = jws.split('.');
    const header = part(jws, 0);
    const cheaper = { ...part(jws, 1), valor: { original: '0.01' } };
    expect(verifyCharge(`${h}.${b64(cheaper)}.${s}`, SITE, fetchJwks)).toEqual({ refusal: 'bad signature' });
    expect(readSignedCharge(`${h}.${b64(cheaper)}.${s}`, SITE, fetchJwks)).toEqual({
      refusal: 'bad signature',
    });

    // Signed by someone else's key under the bank's kid.
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const input = `${h}.${b64(cheaper)}`;
    const forged = sign('sha256', Buffer.from(input), {
      key: privateKey,
      padding: constants.RSA_PKCS1_PSS_PADDING,
      saltLength: 32,
    });
    expect(verifyCharge(`${input}.${forged.toString('base64url')}`, SITE, fetchJwks)).toEqual({
      refusal: 'bad signature',
    });
    // Unsigned, or HMAC keyed with the public modulus (algorithm confusion).
    expect(verifyCharge(`${b64({ ...header, alg: 'none' })}.${p}.`, SITE, fetchJwks)).toEqual({
      refusal: 'malformed',
    });
    expect(verifyCharge(`${b64({ ...header, alg: 'HS256' })}.${p}.${s}`, SITE, fetchJwks)).toEqual({
      refusal: 'algorithm not accepted',
    });
    // A jku elsewhere, or over plain http, is not the location's site.
    for (const jku of [
      'https://evil.example/.well-known/jwks.json',
      `http://${SITE}/.well-known/jwks.json`,
    ]) {
      expect(verifyCharge(`${b64({ ...header, jku })}.${p}.${s}`, SITE, () => jwks)).toEqual({
        refusal: 'jku not on the location site',
      });
    }
    const otherKid: JwkSet = { keys: jwks.keys.map((k): PublicJwk => ({ ...k, kid: 'other' })) };
    expect(verifyCharge(jws, SITE, () => otherKid)).toEqual({ refusal: 'kid not published' });
  });
});
