/**
 * Sample codes and decoded answers of the copy-and-paste fixtures: Maria pays the bakery (demo
 * users, as the sandbox seeds them: sandbox/db/seed-pix-keys.ts, seed-pix-send.ts). The codes are
 * built with the portal's own writer (machines/validators/brcode.ts), so each one passes the
 * browser's check; the decoded answers are what decodePixQrCode answers for them.
 */
import type { components } from '../../openapi/portal';
import { DEMO_USERS } from '../../demo/users.ts';
import { buildStaticBrCode } from '../validators/brcode.ts';
import type { DecodePixQrOutput } from './pix-copy-paste.machine.ts';

type Schemas = components['schemas'];
const { padaria } = DEMO_USERS;

/** The bakery's static code for R$ 12,50 (its e-mail key). */
export const BAKERY_CODE = buildStaticBrCode({
  key: padaria.email,
  name: 'PADARIA PAO DOURADO',
  city: 'SAO PAULO',
  amountCents: 1_250,
  txid: 'CAFE0001',
});

/** The same code with its last character changed: the CRC no longer matches. */
export const ALTERED_BAKERY_CODE = `${BAKERY_CODE.slice(0, -1)}${BAKERY_CODE.endsWith('0') ? '1' : '0'}`;

/** A code of 29 characters (the field asks at least 30). */
export const SHORT_CODE = BAKERY_CODE.slice(0, 29);

/** An end-to-end id of this bank, as the decoding gives it. */
export const DECODED_END_TO_END_ID = 'E99999999202611241200abcdEFGH123';

const bakery: NonNullable<Schemas['DecodedPixQr']['qrcode_pix']['recebedor']> = {
  nome: padaria.name,
  cnpj: padaria.taxId,
  chave_enderecamento: padaria.email,
  tipo_chave: 'EMAIL',
  dados_conta: {
    agencia: '0001',
    conta: padaria.number,
    tipo_conta: 'CORRENTE',
    ispb: '99999999',
    nome_instituicao: 'Banco Sandbox',
  },
};

/** The bank's reading of BAKERY_CODE: R$ 12,50 to the bakery. */
export const DECODED_WITH_AMOUNT: DecodePixQrOutput = {
  qrcode_pix: {
    tipo: 'STATIC',
    valor: 12.5,
    recebedor: bakery,
    payload: { txid: 'CAFE0001', infoAdicionais: [] },
  },
  id_fim_a_fim: DECODED_END_TO_END_ID,
};

/** A code without an amount: the payer types it. */
export const DECODED_WITHOUT_AMOUNT: DecodePixQrOutput = {
  qrcode_pix: { tipo: 'STATIC', recebedor: bakery, payload: { infoAdicionais: [] } },
  id_fim_a_fim: DECODED_END_TO_END_ID,
};

/** A reading without the end-to-end id the payment needs (an unexpected answer). */
export const DECODED_WITHOUT_END_TO_END_ID: DecodePixQrOutput = {
  qrcode_pix: DECODED_WITH_AMOUNT.qrcode_pix,
};

/** A Pix Saque code: R$ 100,00 to withdraw at the bakery (issue 29: paid as the bank decodes it). */
export const DECODED_WITHDRAWAL: DecodePixQrOutput = {
  qrcode_pix: {
    tipo: 'DYNAMIC',
    valor: 100,
    recebedor: bakery,
    payload: {
      txid: 'SAQUE0001PADARIAPAODOURADO1',
      infoAdicionais: [],
      valor: { original: 0, retirada: { saque: { valor: 100, modalidadeAgente: 'AGTEC' } } },
    },
  },
  id_fim_a_fim: DECODED_END_TO_END_ID,
};
