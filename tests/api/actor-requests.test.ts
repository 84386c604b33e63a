/**
 * The portal's actors are the calls (src/app/actors/*, `fromOperation`): each actor, given its
 * machine's input, sends its operation's method and path with the request its `mapInput` builds:
 * the path and query values, the JSON body, and for a money movement the S-Transaction and
 * S-Confirmation headers (src/api/movement-call.ts). The typing of each request is the compiler's
 * (`satisfies FlowActors[...]`); this checks the values a wrong field mapping would send.
 */
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, setApiClient } from '../../src/api/client';
import {
  changeByCodeActors,
  changePasswordActors,
  logoutActors,
  passwordSetupActors,
  verifyLinkActors,
} from '../../src/app/actors/access-actors';
import { depositBoletoActors, depositListActors } from '../../src/app/actors/deposit-actors';
import { billPaymentActors } from '../../src/app/actors/payment-actors';
import { pixHubActors, pixKeyRegisterActors, pixKeysActors } from '../../src/app/actors/pix-actors';
import { pixInfractionActors } from '../../src/app/actors/pix-infraction-actors';
import { pixReceiveActors } from '../../src/app/actors/pix-receive-actors';
import { pixRefundActors } from '../../src/app/actors/pix-refund-actors';
import { pixSendCalls, pixSendKeyActors, pixSettlementActors } from '../../src/app/actors/pix-send-actors';
import {
  pixExportActors,
  pixReceiptActors,
  pixStatementActors,
} from '../../src/app/actors/pix-statement-actors';
import { receiveCheckActors } from '../../src/app/actors/receive-actors';
import { recipientBookActors } from '../../src/app/actors/recipient-actors';
import { mobileTopUpActors } from '../../src/app/actors/topup-actors';
import { bankTransferActors, companyTransferActors } from '../../src/app/actors/transfer-actors';
import { config } from '../../src/runtime/config';

let seen: Request[] = [];
let answer: unknown = { data: {} };

beforeEach(() => {
  seen = [];
  answer = { data: {} };
  setApiClient(
    createApiClient({
      baseUrl: 'http://bank.test/api',
      getToken: () => 'tok',
      exists: () => false,
      fetch: async (request) => {
        seen.push(request);
        return new Response(JSON.stringify(answer), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      },
    }),
  );
});

/** Runs an actor to its end with `input`; the one request it made. */
async function requestOf(logic: AnyActorLogic, input: unknown): Promise<Request> {
  await toPromise(createActor(logic, { input }).start());
  expect(seen).toHaveLength(1);
  return seen[0] as Request;
}

async function bodyOf(req: Request): Promise<unknown> {
  const text = await req.text();
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

const secured = { transactionSignature: '10|1001|t-9', confirmationToken: 'conf-token-0001' };
const body = { any: 'body' };

interface Case {
  actor: AnyActorLogic;
  input: unknown;
  method: string;
  /** The path after the API base, query included. */
  url: string;
  body?: unknown;
  /** A money movement: carries `secured` in its two headers. */
  movement?: true;
}

const cases: Record<string, Case> = {
  logout: { actor: logoutActors.logout, input: { token: 't' }, method: 'DELETE', url: '/logout' },
  verifyAction: {
    actor: verifyLinkActors.verifyAction,
    input: { action: 'primeiro-acesso', hash: 'h4sh' },
    method: 'POST',
    url: '/VerifyAction/primeiro-acesso',
    body: { hash: 'h4sh' },
  },
  savePassword: {
    actor: passwordSetupActors.savePassword,
    input: body,
    method: 'POST',
    url: '/SavePassword',
    body,
  },
  changePassword: {
    actor: changePasswordActors.changePassword,
    input: { username: 'ana@exemplo.com.br', currentPassword: 'a', newPassword: 'b' },
    method: 'POST',
    url: '/user/ana%40exemplo.com.br/changePass',
    body: { currentPassword: 'a', newPassword: 'b' },
  },
  hasValidPasswordChangeCode: {
    actor: changeByCodeActors.hasValidPasswordChangeCode,
    input: { taxId: '12345678909' },
    method: 'GET',
    url: '/HasValidPasswordChangeCode/12345678909',
  },
  verifyEmail: {
    actor: changeByCodeActors.verifyEmail,
    input: body,
    method: 'POST',
    url: '/VerifyEmail',
    body,
  },
  sendPasswordChangeCode: {
    actor: changeByCodeActors.sendPasswordChangeCode,
    input: body,
    method: 'POST',
    url: '/SendPasswordChangeCode',
    body,
  },
  verifyPasswordChangeCode: {
    actor: changeByCodeActors.verifyPasswordChangeCode,
    input: body,
    method: 'POST',
    url: '/VerifyPasswordChangeCode',
    body,
  },
  changePasswordWithCode: {
    actor: changeByCodeActors.changePasswordWithCode,
    input: body,
    method: 'POST',
    url: '/ChangePasswordWithCode',
    body,
  },
  'validateTotp (security code)': {
    actor: bankTransferActors.securityCode.implementations.actors.validateTotp as AnyActorLogic,
    input: { accountId: '1001', body },
    method: 'POST',
    url: '/totp/validate/1001',
    body,
  },
  'createWithdrawal (TED)': {
    actor: bankTransferActors.createWithdrawal,
    input: { accountId: '1001', body, ...secured },
    method: 'POST',
    url: '/account/1001/withdraw',
    body,
    movement: true,
  },
  'createRecipient (after a TED)': {
    actor: bankTransferActors.createRecipient,
    input: { body },
    method: 'POST',
    url: '/Recipients',
    body,
  },
  'getContactUser (company transfer)': {
    actor: companyTransferActors.lookupContact,
    input: { cnpj: '11222333000181' },
    method: 'GET',
    url: '/contact-users/11222333000181?isAddFavored=false',
  },
  'createPayment (company transfer)': {
    actor: companyTransferActors.createPayment,
    input: { body, ...secured },
    method: 'POST',
    url: '/payments',
    body,
    movement: true,
  },
  getBillDetails: {
    actor: billPaymentActors.getBillDetails,
    input: { body },
    method: 'POST',
    url: '/bills',
    body,
  },
  'createWithdrawal (bill)': {
    actor: billPaymentActors.payBill,
    input: { accountId: '1001', body, ...secured },
    method: 'POST',
    url: '/account/1001/withdraw',
    body,
    movement: true,
  },
  listTopupCarriers: {
    actor: mobileTopUpActors.listCarriers,
    input: { areaCode: '011' },
    method: 'GET',
    url: '/country/BRA/area-code/011/operators',
  },
  listTopupValues: {
    actor: mobileTopUpActors.listValues,
    input: { areaCode: '011', carrierId: 'c-7' },
    method: 'GET',
    url: '/country/BRA/area-code/011/operator/c-7/values',
  },
  createRecharge: {
    actor: mobileTopUpActors.createRecharge,
    input: { accountHolderId: '5001', accountId: '1001', body },
    method: 'POST',
    url: '/client/5001/account/1001/recharge',
    body,
  },
  createDeposit: {
    actor: depositBoletoActors.createDeposit,
    input: { body },
    method: 'POST',
    url: '/deposit',
    body,
  },
  listDepositsPaged: {
    actor: depositListActors.listDeposits,
    input: { dataset: 'deposits', body },
    method: 'POST',
    url: '/Deposits/ListWithPagination/deposits',
    body,
  },
  'createPayment (digital check)': {
    actor: receiveCheckActors.redeemCheck,
    input: { body },
    method: 'POST',
    url: '/payments',
    body,
  },
  listRecipientsPaged: {
    actor: recipientBookActors.listRecipients,
    input: { dataset: 'recipients', body },
    method: 'POST',
    url: '/Recipients/ListWithPagination/recipients',
    body,
  },
  createRecipient: {
    actor: recipientBookActors.createRecipient,
    input: body,
    method: 'POST',
    url: '/Recipients',
    body,
  },
  updateRecipient: {
    actor: recipientBookActors.updateRecipient,
    input: body,
    method: 'PUT',
    url: '/Recipients',
    body,
  },
  deleteRecipient: {
    actor: recipientBookActors.deleteRecipient,
    input: { idRecipient: 3 },
    method: 'DELETE',
    url: '/Recipients/3',
  },
  'getContactUser (recipient book: tax id normalised, already saved reported)': {
    actor: recipientBookActors.lookupContact,
    input: { cnpj: '11.222.333/0001-81' },
    method: 'GET',
    url: '/contact-users/11222333000181?isAddFavored=true',
  },
  getPixTutorial: {
    actor: pixHubActors.getPixTutorial,
    input: { accountId: '1001' },
    method: 'GET',
    url: '/pixTutorials/GetByUserAccountId/1001',
  },
  closePixTutorial: {
    actor: pixHubActors.closePixTutorial,
    input: body,
    method: 'POST',
    url: '/pixTutorials/CloseTutorial',
    body,
  },
  'getMe (device status)': { actor: pixHubActors.getDeviceStatus, input: {}, method: 'GET', url: '/me' },
  checkPixKeys: {
    actor: pixKeyRegisterActors.checkPixKeys,
    input: body,
    method: 'POST',
    url: '/PixIndiretoDict/KeyCheck',
    body,
  },
  createPixKey: {
    actor: pixKeyRegisterActors.createPixKey,
    input: { accountId: '1001', body },
    method: 'POST',
    url: '/PixIndiretoDict/createKey/1001',
    body,
  },
  registerAlias: {
    actor: pixKeyRegisterActors.registerAlias,
    input: { accountId: '1001', body },
    method: 'POST',
    url: '/account/1001/postKey',
    body,
  },
  requestAliasValidationCode: {
    actor: pixKeyRegisterActors.requestAliasCode,
    input: { accountId: '1001', body },
    method: 'POST',
    url: '/account/1001/postValidationKey',
    body,
  },
  validateAliasOtp: {
    actor: pixKeyRegisterActors.validateAliasOtp,
    input: { accountId: '1001', alias: '+5511987654321', body },
    method: 'POST',
    url: '/account/1001/aliases/%2B5511987654321/otp-validation',
    body,
  },
  listAliases: {
    actor: pixKeysActors.listAliases,
    input: { accountId: '1001' },
    method: 'GET',
    url: '/account/1001/aliases',
  },
  deletePixKey: {
    actor: pixKeysActors.deletePixKey,
    input: { accountId: '1001', key: 'ana@exemplo.com.br' },
    method: 'DELETE',
    url: '/account/1001/key/ana%40exemplo.com.br?reason=USER_REQUESTED',
  },
  'listAliases (receive)': {
    actor: pixReceiveActors.listAliases,
    input: { accountId: '1001' },
    method: 'GET',
    url: '/account/1001/aliases',
  },
  createImmediateCharge: {
    actor: pixReceiveActors.createImmediateCharge,
    input: { body },
    method: 'POST',
    url: '/PixIndiretoRecebimento/cobrancaimediata',
    body,
  },
  createDueDateCharge: {
    actor: pixReceiveActors.createDueDateCharge,
    input: { accountId: '1001', body },
    method: 'POST',
    url: '/PixIndiretoRecebimento/1001/cobrancaVencimento',
    body,
  },
  createStaticCharge: {
    actor: pixReceiveActors.createStaticCharge,
    input: { body },
    method: 'POST',
    url: '/PixIndiretoRecebimento/qrCodeEstatico',
    body,
  },
  getPixStatement: {
    actor: pixStatementActors.loadStatement,
    input: { accountId: '1001', start: '2026-11-01', ending: '2026-11-21' },
    method: 'GET',
    url: '/account/1001/statementPix?start=2026-11-01&ending=2026-11-21',
  },
  getPixReportStatement: {
    actor: pixExportActors.fetchReport,
    input: { accountId: '1001', start: '2026-11-01', ending: '2026-11-21' },
    method: 'GET',
    url: '/account/1001/reportPix?start=2026-11-01&ending=2026-11-21',
  },
  getPixReceipt: {
    actor: pixReceiptActors.loadTransactionDetail,
    input: { accountId: '1001', transactionId: 't-1' },
    method: 'GET',
    url: '/account/1001/pix-receipt/t-1',
  },
  getOpenInfraction: {
    actor: pixInfractionActors.getOpenInfraction,
    input: { endToEndId: 'E1' },
    method: 'GET',
    url: '/Infraction/GetOpenInfraction/E1',
  },
  'getPixReceipt (infraction)': {
    actor: pixInfractionActors.getPixReceipt,
    input: { accountId: '1001', transactionId: 't-1' },
    method: 'GET',
    url: '/account/1001/pix-receipt/t-1',
  },
  createInfraction: {
    actor: pixInfractionActors.createInfraction,
    input: { accountId: '1001', body },
    method: 'POST',
    url: '/Infraction/1001/CreateInfraction',
    body,
  },
  checkPixTransaction: {
    actor: pixSettlementActors.checkPixTransaction,
    input: { endToEndId: 'E1' },
    method: 'GET',
    url: '/PixPaymentIssuance/checkTransaction/E1',
  },
  'createWithdrawal (Pix)': {
    actor: pixSendCalls.createPixWithdrawal,
    input: { accountId: '1001', body, ...secured },
    method: 'POST',
    url: '/account/1001/withdraw',
    body,
    movement: true,
  },
  createInternalPix: {
    actor: pixSendCalls.createInternalPix,
    input: { accountId: '1001', body, ...secured },
    method: 'POST',
    url: '/account/1001/internal-pix',
    body,
    movement: true,
  },
  payPixQrCode: {
    actor: pixSendCalls.payPixQrCode,
    input: { accountId: '1001', body, ...secured },
    method: 'POST',
    url: '/account/1001/postPixReceive',
    body,
    movement: true,
  },
  refundPixPayment: {
    actor: pixRefundActors.refundPixPayment,
    input: { accountId: '1001', body, ...secured },
    method: 'POST',
    url: '/PixPaymentReturn/paymentReturn/1001',
    body,
    movement: true,
  },
  listPsps: { actor: pixSendCalls.listPsps, input: {}, method: 'GET', url: '/instant-payments/BRA/psps' },
  decodePixQrCode: {
    actor: pixSendCalls.decodePixQrCode,
    input: { body },
    method: 'POST',
    url: '/PixIndiretoRecebimento/decodingQrCode',
    body,
  },
  lookupPixKey: {
    actor: pixSendCalls.lookupPixKey,
    input: { key: 'ana@exemplo.com.br', payerId: '12345678909' },
    method: 'GET',
    url: '/PixIndiretoDict/GetLink?keyId=ana%40exemplo.com.br&payerId=12345678909&includeStatistics=false',
  },
  getRecipient: {
    actor: pixSendKeyActors.getRecipient,
    input: { idRecipient: 3 },
    method: 'GET',
    url: '/Recipients/3',
  },
};

describe('the actors of src/app/actors send their operation', () => {
  it.each(Object.entries(cases))('%s', async (_name, c) => {
    const req = await requestOf(c.actor, c.input);
    const url = new URL(req.url);
    expect(req.method).toBe(c.method);
    expect(`${url.pathname}${url.search}`).toBe(`/api${c.url}`);
    expect(req.headers.get('deviceId')).toBeTruthy();
    expect(await bodyOf(req)).toEqual(c.body);
    expect(req.headers.get('S-Transaction')).toBe(c.movement ? secured.transactionSignature : null);
    expect(req.headers.get('S-Confirmation')).toBe(c.movement ? secured.confirmationToken : null);
  });

  it('the settlement fallback names this institution and the payment, at the moment of the call', async () => {
    const endToEndId = 'E1234567820261121120000ABCDEFGHI';
    const before = new Date().toISOString();
    const req = await requestOf(pixSettlementActors.queryPixPaymentStatus, { endToEndId });
    expect(req.method).toBe('POST');
    expect(new URL(req.url).pathname).toBe('/api/PixPaymentIssuance/status');
    const sent = (await bodyOf(req)) as {
      data: { document: { group_header: { message_identification: string; creation_date_time: string } } };
    };
    const header = sent.data.document.group_header;
    expect(header.message_identification).toBe(`M${config.serviceProviderId}20261121120000ABCDEFGHI`);
    expect(header.creation_date_time >= before).toBe(true);
    expect(JSON.stringify(sent)).toContain(endToEndId);
  });

  it('the device status reads getMe: validated unless the bank says false', async () => {
    answer = { data: { deviceValidated: false } };
    await expect(
      toPromise(createActor(pixHubActors.getDeviceStatus, { input: { accountId: '1001' } }).start()),
    ).resolves.toEqual({
      validated: false,
    });
    answer = { data: {} };
    await expect(
      toPromise(createActor(pixHubActors.getDeviceStatus, { input: { accountId: '1001' } }).start()),
    ).resolves.toEqual({
      validated: true,
    });
  });
});
