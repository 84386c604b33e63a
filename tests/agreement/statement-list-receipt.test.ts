/**
 * Issue 26: the account statement (getStatement) sends each entry without what would say nothing
 * (false flags, nothing refunded, no counterpart) and a Pix without its additionalInfo, whose facts
 * are the receipt's (sandbox/routes/statement.ts listEntry). The portal must read the short entry
 * exactly as it read the whole one (toEntry, what the Pix statement still sends): the same row
 * (tags, receipt icon, search) and, with the transaction detail the bank answers for it, the same
 * receipt, for every entry of every demo customer who signs in.
 */
import { describe, expect, it } from 'vitest';
import type { components } from '../../openapi/portal';
import { entriesBetween, toEntry } from '../../sandbox/routes/statement';
import { call, login, startSandbox } from '../../sandbox/test-support';
import { DEMO_PASSWORD, DEMO_USERS } from '../../demo/users';
import { buildReceipt } from '../../src/features/statement/receipt-model';
import {
  filterEntries,
  hasReceipt,
  isRefundCredit,
  isReturnedDebit,
  signedAmount,
} from '../../src/features/statement/statement-rows';

type Entry = components['schemas']['StatementEntry'];
type Detail = components['schemas']['TransactionDetail'];

/** The whole history the seed writes, up to the sandbox's fixed day. */
const PERIOD = { start: '2024-01-01', ending: '2026-11-21' };

/** What the statement's row shows of an entry. */
const row = (e: Entry) => ({
  signed: signedAmount(e),
  refundCredit: isRefundCredit(e),
  returnedDebit: isReturnedDebit(e),
  receipt: hasReceipt(e),
  found: filterEntries([e], e.description.slice(0, 8)).length,
});

describe('the account statement’s short entries (issue 26)', () => {
  it('read as the whole entries did: the same rows and the same receipts', async () => {
    // Empresa Volume exists with its bulk entries only (SANDBOX_BULK): a few of them are enough.
    const sandbox = await startSandbox({ bulkEntries: 60 });
    try {
      let entries = 0;
      let pix = 0;
      for (const who of ['maria', 'padaria', 'volume', 'docesabor'] as const) {
        const user = DEMO_USERS[who];
        const session = await login(sandbox.app, user.email, DEMO_PASSWORD);
        const answer = await call<{ data: { statement: Entry[] } }>(sandbox.app, 'getStatement', {
          token: session.token,
          params: { accountId: session.accountId },
          query: PERIOD,
        });
        expect(answer.status).toBe(200);
        const short = answer.body.data.statement;
        const whole = entriesBetween(
          sandbox.app.sandbox.db,
          session.accountId,
          PERIOD.start,
          PERIOD.ending,
          false,
        )
          .reverse()
          .map(toEntry);
        expect(short.map((e) => e.transactionId)).toEqual(whole.map((e) => e.transactionId));
        const holder = { name: user.name, taxId: user.taxId };
        // Each row is compared; the receipts of the first three entries of each kind (its history
        // code, side and flags) are, which reads every kind the seed books at a fraction of the calls.
        const seen = new Map<string, number>();
        for (const [index, entry] of short.entries()) {
          const full = whole[index] as Entry;
          expect(row(entry), entry.description).toEqual(row(full));
          const kind = JSON.stringify([
            full.historyCode,
            full.type,
            full.isPix,
            full.isPaymentRefundCredit,
            full.isPaymentRefundDebit,
            full.amountRefund !== 0,
            full.counterpart === null,
            full.additionalInfo === null,
          ]);
          const count = (seen.get(kind) ?? 0) + 1;
          seen.set(kind, count);
          if (count > 3) continue;
          const detail = await call<{ data: Detail }>(sandbox.app, 'getTransactionDetail', {
            token: session.token,
            params: {
              accountHolderId: session.accountHolderId,
              accountId: session.accountId,
              transactionId: entry.transactionId ?? '',
            },
          });
          expect(detail.status).toBe(200);
          expect(buildReceipt(entry, detail.body.data, holder), entry.description).toEqual(
            buildReceipt(full, detail.body.data, holder),
          );
          entries += 1;
          if (full.isPix) pix += 1;
        }
      }
      // Every kind the seed books was read, Pix and the others.
      expect(pix).toBeGreaterThan(10);
      expect(entries - pix).toBeGreaterThan(20);
    } finally {
      await sandbox.app.close();
    }
  }, 60_000);
});
