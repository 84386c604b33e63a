/**
 * The withdraw and change receipts (Pix Saque, Pix Troco; issue 29; 1-access-shell-statement.md §2
 * Receipt dialog): the bakery makes a Saque of R$ 100 and a Troco of R$ 30 on a R$ 50 purchase in
 * the sandbox bank, Maria pays each by copy and paste, and the receipt of each side, opened from
 * /Statement (the transaction detail, buildReceipt) and from /PixExtractPage (the Pix receipt,
 * buildPixReceipt), has the layout of its kind: the cash (for a Troco the purchase, the change and
 * the total), the payer and the agent, the end-to-end id, the date and the transaction id.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/portal';
import { DEMO_USERS } from '../../../demo/users';
import { OWN_BANK } from '../../../sandbox/sim/bank';
import { localDate } from '../../../sandbox/sim/dates';
import { newEndToEndId } from '../../../sandbox/sim/spi';
import {
  call,
  confirmationToken,
  signedIn,
  useSandbox,
  type LiveSession,
} from '../../../sandbox/test-support';
import { writeReceiptPdf } from '../../../src/export/receipt-pdf';
import { i18n, loadAreaCatalogues } from '../../../src/i18n/i18n';
import {
  receiptSections,
  receiptTitle,
  type ReceiptSection,
} from '../../../src/features/statement/receipt-lines';
import {
  buildPixReceipt,
  buildReceipt,
  type ReceiptModel,
} from '../../../src/features/statement/receipt-model';
import { requireCommand, run } from '../../readers/tools';

type Entry = components['schemas']['StatementEntry'];
type Detail = components['schemas']['TransactionDetail'];
type PixReceipt = components['schemas']['PixReceipt'];

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, { lng: 'pt-BR', ...options });

// The statement's texts, as the router loads them before showing the page.
beforeAll(loadAreaCatalogues);

const sb = useSandbox();
const maria = signedIn(sb, 'maria');
const padaria = signedIn(sb, 'padaria');
let serial = 0;

/** The bakery's code of `kind` for `total` reais, `cash` of them in cash (createDynamicQrCode, §3). */
async function makeCode(kind: 'WITHDRAW' | 'CHANGE', total: number, cash: number): Promise<string> {
  const res = await call<{ data: { instantPayment: { textContent: string } } }>(
    sb.app,
    'createDynamicQrCode',
    {
      token: padaria.token,
      params: { accountId: padaria.accountId },
      json: {
        externalIdentifier: `receipt-cash-${++serial}`,
        totalAmount: total,
        currency: 'BRL',
        paymentInfo: {
          transactionType: 'InstantPayment',
          instantPayment: {
            alias: { alias: DEMO_USERS.padaria.email, aliasType: 'EMAIL' },
            cashValue: {
              cashValueType: kind,
              value: cash,
              allowValueChange: false,
              agentModality: 'AGTEC',
              serviceProviderIspb: OWN_BANK.ispb,
            },
            dynamicQrCodeType: 'IMMEDIATE',
            modalityChange: 0,
          },
        },
        recipients: [{ account: { accountId: padaria.accountId }, amount: total, currency: 'BRL' }],
      },
    },
  );
  expect(res.status).toBe(200);
  return res.body.data.instantPayment.textContent;
}

/** Maria pays `emv` by copy and paste with her security code; the transaction id. */
async function pay(emv: string, amount: number): Promise<string> {
  const e2e = newEndToEndId(sb.clock.now);
  const signature = [String(Math.trunc(amount)), maria.accountId, e2e, emv.slice(-4)].join('|');
  const externalIdentifier = `receipt-cash-pay-${++serial}`;
  const token = await confirmationToken(sb, maria, DEMO_USERS.maria.totpSecret, signature, {
    amount,
    externalIdentifier,
  });
  const res = await call<{ data: { transactionId?: string } }>(sb.app, 'payPixQrCode', {
    token: maria.token,
    params: { accountId: maria.accountId },
    headers: { 'S-Transaction': signature, 'S-Confirmation': token },
    json: { externalIdentifier, emv, amount, localInstrument: 'QRDN', endToEndId: e2e },
  });
  expect(res.status).toBe(200);
  return res.body.data.transactionId ?? '';
}

interface Side {
  fromStatement: ReceiptModel;
  fromPixStatement: ReceiptModel;
}

/** Both receipts of `transactionId` as `who` opens them. */
async function receiptsOf(who: LiveSession, holder: { name: string; taxId: string }, transactionId: string) {
  const today = localDate(sb.clock.now);
  const statement = await call<{ data: { statement: Entry[] } }>(sb.app, 'getStatement', {
    token: who.token,
    params: { accountId: who.accountId },
    query: { start: today, ending: today },
  });
  const entry = statement.body.data.statement.find((e) => e.transactionId === transactionId);
  if (!entry) throw new Error(`no statement entry ${transactionId}`);
  const detail = await call<{ data: Detail }>(sb.app, 'getTransactionDetail', {
    token: who.token,
    params: { accountHolderId: who.accountHolderId, accountId: who.accountId, transactionId },
  });
  const receipt = await call<{ data: PixReceipt }>(sb.app, 'getPixReceipt', {
    token: who.token,
    params: { accountId: who.accountId, transactionId },
  });
  expect(receipt.status).toBe(200);
  return {
    fromStatement: buildReceipt(entry, detail.body.data, holder),
    fromPixStatement: buildPixReceipt(receipt.body.data),
  } satisfies Side;
}

const holders = {
  maria: { name: DEMO_USERS.maria.name, taxId: DEMO_USERS.maria.taxId },
  padaria: { name: DEMO_USERS.padaria.name, taxId: DEMO_USERS.padaria.taxId },
};

const lines = (sections: ReceiptSection[], id: string) =>
  (sections.find((s) => s.id === id)?.lines ?? []).map((l) =>
    `${l.label}: ${l.value}`.replace(/\u00a0/g, ' '),
  );

/** What a person reads on a cash receipt: title, the cash section, names, the Pix section. */
function read(model: ReceiptModel) {
  const sections = receiptSections(model, t);
  const name = (id: string) => sections.find((s) => s.id === id)?.lines[0]?.value;
  return {
    title: receiptTitle(model, t),
    headings: sections.map((s) => s.title ?? ''),
    cash: lines(sections, 'cash'),
    payer: name('from'),
    agent: name('to'),
    pix: lines(sections, 'transaction'),
  };
}

/** Both sides, both routes: the same layout, the cash section `cash`. */
async function expectLayout(transactionId: string, title: string, cash: string[]) {
  const sides = [
    await receiptsOf(maria, holders.maria, transactionId),
    await receiptsOf(padaria, holders.padaria, transactionId),
  ];
  const seen = sides.flatMap((s) => [read(s.fromStatement), read(s.fromPixStatement)]);
  for (const r of seen) {
    expect(r.title).toBe(title);
    expect(r.headings).toEqual([
      title.endsWith('Troco') ? 'Troco' : 'Saque',
      'Pagador',
      'Agente de saque',
      'Transação Pix',
    ]);
    expect(r.cash).toEqual(cash);
    expect(r.payer).toBe(DEMO_USERS.maria.name);
    expect(r.agent).toBe(DEMO_USERS.padaria.name);
    expect(r.pix.map((l) => l.split(':')[0])).toEqual([
      'ID fim a fim',
      'Data e hora do Pix',
      'ID da transação',
    ]);
    expect(r.pix[0]).toMatch(/^ID fim a fim: E[0-9A-Za-z]{31}$/);
    expect(r.pix[1]).toMatch(/^Data e hora do Pix: \d\d\/\d\d\/\d{4} \d\d:\d\d/);
    expect(r.pix[2]).toBe(`ID da transação: ${transactionId}`);
  }
  // The payer and the agent read the same receipt, wherever they open it.
  expect(new Set(seen.map((r) => JSON.stringify(r))).size).toBe(1);
  return sides[1]?.fromPixStatement;
}

/** The text of the receipt's PDF ('Baixar PDF'), read back with poppler's pdftotext. */
async function pdfText(model: ReceiptModel): Promise<string> {
  requireCommand('pdftotext', 'poppler-utils');
  const blob = await writeReceiptPdf({
    title: receiptTitle(model, t),
    sections: receiptSections(model, t),
    issuedAt: 'Emitido em 21/11/2026 12:00:00',
  });
  const dir = mkdtempSync(join(tmpdir(), 'cash-receipt-'));
  try {
    const file = join(dir, 'receipt.pdf');
    writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
    return run('pdftotext', ['-layout', file, '-']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the withdraw and change receipts of both sides', () => {
  it('a Saque of R$ 100: the withdraw amount, the payer and the agent', async () => {
    const transactionId = await pay(await makeCode('WITHDRAW', 100, 100), 100);
    await expectLayout(transactionId, 'Comprovante de Pix Saque', ['Valor do saque: R$ 100,00']);
  });

  it('a Troco of R$ 30 on a R$ 50 purchase: the purchase, the change and the total paid', async () => {
    const transactionId = await pay(await makeCode('CHANGE', 80, 30), 80);
    const agents = await expectLayout(transactionId, 'Comprovante de Pix Troco', [
      'Valor da compra: R$ 50,00',
      'Valor do troco: R$ 30,00',
      'Valor total pago: R$ 80,00',
    ]);
    // The PDF prints the same layout.
    const pdf = (await pdfText(agents as ReceiptModel)).replace(/\u00a0/g, ' ');
    for (const text of [
      'Comprovante de Pix Troco',
      'Agente de saque',
      'Valor do troco',
      'R$ 30,00',
      transactionId,
    ])
      expect(pdf).toContain(text);
  });

  it('an ordinary Pix keeps the Pix receipt, and an empty cash receipt is the empty Pix one', () => {
    const plain = buildPixReceipt({
      pixId: `E${'1'.repeat(31)}`,
      pixDate: '2026-11-21T12:00:00-03:00',
      amount: 5,
    });
    expect(plain.cash).toBeUndefined();
    expect(receiptTitle(plain, t)).toBe('Comprovante de Transação PIX');
    const odd = buildPixReceipt({
      pixId: `E${'1'.repeat(31)}`,
      pixDate: '2026-11-21T12:00:00-03:00',
      amount: 5,
      // A cash part the portal cannot read is left out rather than shown wrong.
      cash: { kind: 'OTHER', cashAmount: 5, purchaseAmount: 0 } as unknown as PixReceipt['cash'],
    });
    expect(odd.cash).toBeUndefined();
    const empty = receiptSections(
      { kind: 'pix', empty: true, amount: 0, cash: { kind: 'WITHDRAW', cash: 1, purchase: 0 } },
      t,
    );
    expect(empty.map((s) => s.id)).toEqual(['summary', 'from', 'to', 'transaction']);
  });
});
