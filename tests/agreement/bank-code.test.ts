/**
 * One bank code everywhere (issue 27): the portal's BANK_CODE (src/format/bank.ts), which its OFX
 * writes as BANKID and FID, is the code the sandbox bank gives itself (sandbox/sim/bank.ts) and
 * prints on its receipts (the transaction detail's brinksBankAccount).
 */
import { describe, expect, it } from 'vitest';
import type { components } from '../../openapi/portal';
import { OWN_BANK } from '../../sandbox/sim/bank';
import { call, login, startSandbox } from '../../sandbox/test-support';
import { DEMO_PASSWORD, DEMO_USERS } from '../../demo/users';
import { BANK_CODE } from '../../src/format/bank';
import { writeOfx } from '../../src/export/ofx-writer';

type Entry = components['schemas']['StatementEntry'];
type Detail = components['schemas']['TransactionDetail'];

describe('the bank code', () => {
  it('is the sandbox bank’s own code, as its receipts print it and the OFX writes it', async () => {
    expect(BANK_CODE).toBe(OWN_BANK.code);
    const sandbox = await startSandbox();
    try {
      const maria = await login(sandbox.app, DEMO_USERS.maria.email, DEMO_PASSWORD);
      const statement = await call<{ data: { statement: Entry[] } }>(sandbox.app, 'getStatement', {
        token: maria.token,
        params: { accountId: maria.accountId },
        query: { start: '2026-11-01', ending: '2026-11-21' },
      });
      const entry = statement.body.data.statement.find((e) => e.transactionId);
      const detail = await call<{ data: Detail }>(sandbox.app, 'getTransactionDetail', {
        token: maria.token,
        params: {
          accountHolderId: maria.accountHolderId,
          accountId: maria.accountId,
          transactionId: entry?.transactionId ?? '',
        },
      });
      expect(detail.body.data.brinksBankAccount?.bankCode).toBe(BANK_CODE);
    } finally {
      await sandbox.app.close();
    }
    const ofx = writeOfx({
      account: { account: '1234', branch: '0001', name: 'Maria', taxId: '52998224725' },
      period: { start: '2026-11-20', end: '2026-11-20' },
      rows: [
        {
          transactionDate: '20/11/2026 00:00:00',
          transactionType: 'SALDO',
          description: 'SALDO ANTERIOR',
          amount: 10,
        },
      ],
      generatedAt: new Date('2026-11-21T15:00:00Z'),
    });
    expect(ofx).toMatch(/\r\n<BANKID>999\r\n<BRANCHID>0001\r\n/);
    expect(ofx).toMatch(/\r\n<FID>999\r\n/);
  });
});
