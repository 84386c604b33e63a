/**
 * Deposit boletos made through the bank's API for e2e (POST /api/deposit with a customer's session):
 * the list's paths and the top-up/deposit spec start from boletos that really exist.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { components } from '../../openapi/portal';
import { DEVICE_HEADER } from './sandbox';
import type { StoredSession } from './session';

type Deposit = components['schemas']['Deposit'];

/** Issues one deposit boleto of `cents` for the session's first account. */
export async function issueDeposit(
  request: APIRequestContext,
  session: StoredSession,
  cents: number,
  externalIdentifier: string,
  /** Another bank's origin (a test's own sandbox); default: the worker's. */
  base = '',
): Promise<Deposit> {
  const accountId = session.account.accounts[0]?.accountId ?? '';
  const amount = cents / 100;
  const res = await request.post(`${base}/api/deposit`, {
    headers: { ...DEVICE_HEADER, Authorization: `Bearer ${session.token}` },
    data: {
      currency: 'BRL',
      externalIdentifier,
      paymentInfo: { boleto: { accountingMethod: 'DEF' }, transactionType: 'Boleto' },
      recipients: [{ account: { accountId }, amount, currency: 'BRL', mediatorFee: 0 }],
      totalAmount: amount,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: Deposit }).data;
}
