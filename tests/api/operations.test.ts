/**
 * Every operation of the contract's tags that src/api covers is called (a tag module's function,
 * or callOperation where no wrapper is needed), reaches the contract's method and path and tags
 * its errors with the operationId.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { beforeEach, describe, expect, it } from 'vitest';
import * as access from '../../src/api/access';
import { createApiClient, setApiClient } from '../../src/api/client';
import { callOperation } from '../../src/api/operation';
import * as notifications from '../../src/api/notifications';
import * as password from '../../src/api/password';
import * as recipients from '../../src/api/recipients';
import * as transfers from '../../src/api/transfers';

interface Operation {
  operationId: string;
  method: string;
  path: string;
  tags: string[];
}

const contract = parse(readFileSync(join(import.meta.dirname, '../../openapi/portal.yaml'), 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>>;
};
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const operations: Operation[] = Object.entries(contract.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method, op]) => METHODS.includes(method) && op.operationId)
    .map(([method, op]) => ({
      operationId: op.operationId as string,
      method: method.toUpperCase(),
      path,
      tags: op.tags ?? [],
    })),
);

/** The contract tags src/api covers so far, and the module of each. */
const COVERED_TAGS = [
  'access',
  'client',
  'notifications',
  'statement',
  'addresses',
  'password',
  'recipients',
  'transfers',
  'security',
];

const ref = { accountHolderId: '5001', accountId: '1001' };
const period = { start: '2026-11-01', ending: '2026-11-21' };
const address = {
  addressOne: 'Rua A',
  number: '10',
  neighborhood: 'Centro',
  postalCode: '01310-100',
  city: 'São Paulo',
  state: 'SP' as const,
  country: 'BRA',
};

/** One invocation per operationId, with plausible arguments. */
const invoke: Record<string, () => Promise<unknown>> = {
  login: () => access.login({ username: 'ana@exemplo.com.br', password: 'x' }),
  logout: () => access.logout(),
  verifyAction: () => access.verifyAction('primeiro-acesso', 'h4sh'),
  checkLogin: () => access.checkLogin({ username: 'ana@exemplo.com.br', password: 'x' }),
  getMe: () => access.getMe(),
  resetPassword: () => password.resetPassword('12345678909'),
  savePassword: () => password.savePassword({ account_id: '1001', pass: 'Abcdef1!', token: 'h4sh' }),
  changePassword: () =>
    password.changePassword('+5511987654321', { currentPassword: 'a', newPassword: 'abc123' }),
  verifyEmail: () => password.verifyEmail({ taxId: '12345678909', email: 'a@b.co' }),
  sendPasswordChangeCode: () => password.sendPasswordChangeCode({ taxId: '12345678909', email: 'a@b.co' }),
  verifyPasswordChangeCode: () => password.verifyPasswordChangeCode({ taxId: '12345678909', code: '123456' }),
  changePasswordWithCode: () =>
    password.changePasswordWithCode({ taxId: '12345678909', code: '123456', newPassword: 'Abcdef1!' }),
  hasValidPasswordChangeCode: () => password.hasValidPasswordChangeCode('12345678909'),
  getClient: () => callOperation('getClient', { path: { accountId: '1001' } }),
  updateClient: () =>
    callOperation('updateClient', {
      path: ref,
      body: {
        externalIdentifier: 'e1',
        client: { name: 'Ana', taxIdentifier: { taxId: '12345678909', country: 'BRA' } },
      },
    }),
  getPixTutorial: () => callOperation('getPixTutorial', { path: { accountId: '1001' } }),
  closePixTutorial: () => callOperation('closePixTutorial', { body: { userAccountId: '1001' } }),
  listNotifications: () => notifications.listNotifications('1001'),
  markNotificationsRead: () => notifications.markNotificationsRead([1, 2]),
  hasGeneralNotification: () => notifications.hasGeneralNotification(),
  getStatement: () => callOperation('getStatement', { path: { accountId: '1001' }, query: period }),
  getReportStatement: () =>
    callOperation('getReportStatement', { path: { accountId: '1001' }, query: period }),
  getBalance: () => callOperation('getBalance', { path: { accountId: '1001' } }),
  getTransactionDetail: () =>
    callOperation('getTransactionDetail', { path: { ...ref, transactionId: 't-1' } }),
  listAddresses: () => callOperation('listAddresses', { path: ref }),
  createAddress: () => callOperation('createAddress', { path: ref, body: address }),
  updateAddress: () => callOperation('updateAddress', { path: { ...ref, addressId: '77' }, body: address }),
  deleteAddress: () => callOperation('deleteAddress', { path: { ...ref, addressId: '77' } }),
  listRecipientsPaged: () =>
    recipients.listRecipientsPaged('recipients', {
      pageNumber: 1,
      pageSize: 10,
      fieldToSort: 'idRecipient',
      direction: 1,
    }),
  listRecipients: () => recipients.listRecipients(),
  getRecipient: () => recipients.getRecipient(3),
  createRecipient: () => recipients.createRecipient({ recipientType: 'Pix', nickname: 'Ana' }),
  updateRecipient: () =>
    recipients.updateRecipient({ idRecipient: 3, isEdit: true, recipientType: 'Pix', nickname: 'Ana' }),
  deleteRecipient: () => recipients.deleteRecipient(3),
  getContactUser: () => recipients.getContactUser('11222333000181', true),
  getContactUserByPhone: () => recipients.getContactUserByPhone('11987654321'),
  checkEnabledUsers: () => recipients.checkEnabledUsers([{ phoneNumber: '11987654321' }]),
  createWithdrawal: () =>
    transfers.createWithdrawal(
      '1001',
      {
        payments: [],
        withdraw: {
          currency: 'BRL',
          externalIdentifier: 'e1',
          totalAmount: 10,
          withdrawInfo: { withdrawType: 'Boleto', boleto: { barcode: '8'.repeat(48) } },
        },
      },
      movementHeaders,
    ),
  createPayment: () =>
    transfers.createPayment(
      {
        currency: 'BRL',
        externalIdentifier: 'e1',
        paymentInfo: { transactionType: 'InternalTransfer' },
        recipients: [{ account: { accountId: '1002' }, amount: 10, currency: 'BRL' }],
        sender: { account: { accountId: '1001' } },
        totalAmount: 10,
      },
      movementHeaders,
    ),
  validateTotp: () =>
    transfers.validateTotp('1001', {
      totpCode: '123456',
      transactionSignature: '10|1001|1002',
      movement: { amount: 10, externalIdentifier: 'e1' },
    }),
};

/** A movement's S-Transaction and S-Confirmation, checked on the wire below. */
const movementHeaders = { transactionSignature: '10|1001|1002', confirmationToken: 'conf-token-0001-abcdef' };

const covered = operations.filter((op) => op.tags.some((t) => COVERED_TAGS.includes(t)));

let seen: Request[] = [];
let status = 200;

beforeEach(() => {
  seen = [];
  setApiClient(
    createApiClient({
      baseUrl: 'http://bank.test/api',
      getToken: () => 'tok',
      exists: () => false,
      fetch: async (request) => {
        seen.push(request);
        const body = status === 200 ? { data: {} } : { error: { code: 1 } };
        return new Response(JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json' },
        });
      },
    }),
  );
});

describe('src/api functions against openapi/portal.yaml', () => {
  it('has a function for every operation of the covered tags, and none for unknown operations', () => {
    expect(covered.map((o) => o.operationId).sort()).toEqual(Object.keys(invoke).sort());
  });

  it.each(covered.map((o) => [o.operationId, o] as const))(
    '%s calls its method and path',
    async (_id, op) => {
      status = 200;
      await invoke[op.operationId]?.();
      const req = seen[0] as Request;
      const pattern = new RegExp(`^/api${op.path.replace(/\{[^}]+\}/g, '[^/?]+')}$`);
      expect(req.method).toBe(op.method);
      expect(new URL(req.url).pathname).toMatch(pattern);
      expect(req.headers.get('deviceId')).toBeTruthy();
    },
  );

  it('a movement carries its signature in S-Transaction and its token in S-Confirmation', async () => {
    status = 200;
    for (const id of ['createWithdrawal', 'createPayment']) {
      seen = [];
      await invoke[id]?.();
      expect(seen[0]?.headers.get('S-Transaction')).toBe(movementHeaders.transactionSignature);
      expect(seen[0]?.headers.get('S-Confirmation')).toBe(movementHeaders.confirmationToken);
    }
  });

  it.each(covered.map((o) => o.operationId))('%s tags its errors with the operationId', async (id) => {
    status = 422;
    await expect(invoke[id]?.()).rejects.toMatchObject({ operation: id, status: 422 });
  });
});
