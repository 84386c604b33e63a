/**
 * One receipt for a Pix, wherever it is opened (issue 27). From /Statement the receipt is built
 * from the bank's transaction detail (buildReceipt); from /PixExtractPage from the bank's Pix
 * receipt (buildPixReceipt). Both are taken from the sandbox bank for every Pix of Maria's seeded
 * history, and the lines a person reads must be the same: the description (the payer's note when
 * there is one), the names of both sides, and the Pix section (pixId, pixDate, pixKey, on a refund
 * the original Pix's id, amount, transaction id), which /Statement printed as dashes before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/portal';
import { call, login, startSandbox, type TestSandbox } from '../../../sandbox/test-support';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../demo/users';
import { i18n } from '../../../src/i18n/i18n';
import { receiptSections, type ReceiptSection } from '../../../src/features/statement/receipt-lines';
import { buildPixReceipt, buildReceipt } from '../../../src/features/statement/receipt-model';

type Entry = components['schemas']['StatementEntry'];
type Detail = components['schemas']['TransactionDetail'];
type PixReceipt = components['schemas']['PixReceipt'];

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, { lng: 'pt-BR', ...options });

interface Pair {
  entry: Entry;
  fromStatement: ReceiptSection[];
  fromPixStatement: ReceiptSection[];
  receipt: PixReceipt;
}

let sandbox: TestSandbox;
const pairs: Pair[] = [];
const period = { start: '2026-07-24', ending: '2026-11-21' };

beforeAll(async () => {
  sandbox = await startSandbox();
  const maria = await login(sandbox.app, DEMO_USERS.maria.email, DEMO_PASSWORD);
  const statement = await call<{ data: { statement: Entry[] } }>(sandbox.app, 'getStatement', {
    token: maria.token,
    params: { accountId: maria.accountId },
    query: period,
  });
  const pixEntries = statement.body.data.statement.filter((e) => e.isPix && e.transactionId);
  for (const entry of pixEntries) {
    const transactionId = entry.transactionId ?? '';
    const detail = await call<{ data: Detail }>(sandbox.app, 'getTransactionDetail', {
      token: maria.token,
      params: { accountHolderId: maria.accountHolderId, accountId: maria.accountId, transactionId },
    });
    const receipt = await call<{ data: PixReceipt }>(sandbox.app, 'getPixReceipt', {
      token: maria.token,
      params: { accountId: maria.accountId, transactionId },
    });
    // Only the entries the Pix statement lists have a Pix receipt.
    if (receipt.status !== 200) continue;
    const holder = { name: DEMO_USERS.maria.name, taxId: DEMO_USERS.maria.taxId };
    pairs.push({
      entry,
      receipt: receipt.body.data,
      fromStatement: receiptSections(buildReceipt(entry, detail.body.data, holder), t),
      fromPixStatement: receiptSections(buildPixReceipt(receipt.body.data), t),
    });
  }
}, 60_000);

afterAll(async () => {
  await sandbox?.app.close();
});

const lines = (sections: ReceiptSection[], id: string) =>
  (sections.find((s) => s.id === id)?.lines ?? []).map((l) => `${l.id}: ${l.value}`);
const names = (sections: ReceiptSection[]) =>
  ['from', 'to'].map(
    (id) => sections.find((s) => s.id === id)?.lines.find((l) => l.id === 'RECEIPT.FIELDS.NAME')?.value,
  );

describe('a Pix receipt opened from /Statement and from /PixExtractPage', () => {
  it('covers Pix sent by key, with a note, received and given back', () => {
    expect(pairs.length).toBeGreaterThan(3);
    expect(pairs.some((p) => p.receipt.pixKey)).toBe(true);
    expect(pairs.some((p) => p.receipt.type === 'C')).toBe(true);
    expect(pairs.some((p) => p.receipt.type === 'D')).toBe(true);
    expect(pairs.some((p) => p.receipt.description !== p.entry.description)).toBe(true);
    expect(pairs.some((p) => p.receipt.endToEndOriginalId)).toBe(true);
  });

  it('shows the same Pix id, date, key, amount and transaction id', () => {
    for (const p of pairs) {
      const fromStatement = lines(p.fromStatement, 'transaction');
      expect(fromStatement, p.entry.description).toEqual(lines(p.fromPixStatement, 'transaction'));
      expect(fromStatement.find((l) => l.startsWith('RECEIPT.FIELDS.PIX_ID:'))).not.toMatch(/: -$/);
      expect(fromStatement.find((l) => l.startsWith('RECEIPT.FIELDS.PIX_DATE:'))).not.toMatch(/: -$/);
    }
  });

  it('shows the payer’s note as the description, and the same names on both sides', () => {
    for (const p of pairs) {
      expect(lines(p.fromStatement, 'summary'), p.entry.description).toEqual(
        lines(p.fromPixStatement, 'summary'),
      );
      expect(names(p.fromStatement), p.entry.description).toEqual(names(p.fromPixStatement));
    }
  });
});
