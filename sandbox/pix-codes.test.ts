import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../demo/users.ts';
import { OWN_BANK } from './sim/bank.ts';
import { writeBrCode } from './sim/brcode.ts';
import { localDate } from './sim/dates.ts';
import { call, signedIn, useSandbox, type Failure } from './test-support.ts';

/**
 * decodeQrCode, the account service's decoding (3-pix-part-one.md §7 POST /qrcode/decoding; issue
 * 29; routes/pix-codes.ts): the same decoded data as decodePixQrCode for the payment date asked,
 * with §8's refusals; a date before today or a municipality code that is not IBGE's 7 digits is
 * refused with the field's problem.
 */

const sb = useSandbox();
const maria = signedIn(sb, 'maria');
const padaria = signedIn(sb, 'padaria');

type Decoded = { data: { qrcode_pix: Record<string, unknown>; id_fim_a_fim: string } } & Failure;

const decodeQr = (document: string, extra: Record<string, string> = {}) =>
  call<Decoded>(sb.app, 'decodeQrCode', {
    token: maria.token,
    json: {
      document,
      externalIdentifier: `decode-${document.length}-${Object.keys(extra).join()}`,
      ...extra,
    },
  });

const decodePix = (emv: string) =>
  call<Decoded>(sb.app, 'decodePixQrCode', {
    token: maria.token,
    json: { numero_documento_decodificador: DEMO_USERS.maria.taxId, qrcode_emv: emv },
  });

/** A Pix Saque code of R$ 100 made by the bakery. */
async function saqueCode(): Promise<string> {
  const res = await call<{ data: { instantPayment: { textContent: string } } } & Failure>(
    sb.app,
    'createDynamicQrCode',
    {
      token: padaria.token,
      params: { accountId: padaria.accountId },
      json: {
        externalIdentifier: 'decode-saque-1',
        totalAmount: 100,
        currency: 'BRL',
        paymentInfo: {
          transactionType: 'InstantPayment',
          instantPayment: {
            alias: { alias: DEMO_USERS.padaria.email, aliasType: 'EMAIL' },
            cashValue: {
              cashValueType: 'WITHDRAW',
              value: 100,
              allowValueChange: false,
              agentModality: 'AGTEC',
              serviceProviderIspb: OWN_BANK.ispb,
            },
            qrCodeImageGenerationSpecification: { errorCorrectionLevel: 'M', imageWidth: 400 },
            dynamicQrCodeType: 'IMMEDIATE',
            modalityChange: 0,
          },
        },
        recipients: [{ account: { accountId: padaria.accountId }, amount: 100, currency: 'BRL' }],
      },
    },
  );
  expect(res.status).toBe(200);
  return res.body.data.instantPayment.textContent;
}

const staticCode = (key: string) =>
  writeBrCode({ key, name: 'PADARIA PAO DOURADO', city: 'SAO PAULO', amountCents: 1_250, txid: 'CAIXA01' });

describe('decodeQrCode', () => {
  it('answers what decodePixQrCode answers: a Saque code with its cash, for today or a later day', async () => {
    const emv = await saqueCode();
    const today = localDate(sb.clock.now);
    const byAccount = await decodeQr(emv, { dateForPayment: today, municipalityCode: '3550308' });
    const byIndirect = await decodePix(emv);
    expect(byAccount.status).toBe(200);
    expect(byAccount.body.data.qrcode_pix).toEqual(byIndirect.body.data.qrcode_pix);
    expect(JSON.stringify(byAccount.body.data.qrcode_pix)).toContain('saque');
    expect((await decodeQr(staticCode(DEMO_USERS.padaria.email))).status).toBe(200);
  });

  it("refuses with §8's messages: a broken code (88), an unknown key (84)", async () => {
    const broken = await decodeQr(`${staticCode(DEMO_USERS.padaria.email).slice(0, -4)}0000`);
    expect(broken.status).toBe(422);
    expect(broken.body.error).toMatchObject({ group: 'PIXSEND', code: 88 });
    const unknown = await decodeQr(staticCode('ninguem@exemplo.com.br'));
    expect(unknown.status).toBe(422);
    expect(unknown.body.error).toMatchObject({ group: 'PIXSEND', code: 84 });
  });

  it('refuses a payment date before today and a municipality code that is not 7 digits', async () => {
    const code = staticCode(DEMO_USERS.padaria.email);
    const past = await decodeQr(code, { dateForPayment: '2020-01-02' });
    expect(past.status).toBe(422);
    expect(past.body.error).toMatchObject({ group: 'TRANSFER', code: 54 });
    expect(JSON.stringify(past.body)).toContain('dateForPayment');
    const city = await decodeQr(code, { municipalityCode: '355030' });
    expect(city.status).toBe(422);
    expect(JSON.stringify(city.body)).toContain('municipalityCode');
  });
});
