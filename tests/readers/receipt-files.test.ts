/**
 * The receipts a customer downloads ('Baixar PDF'), read back with poppler as their reader would
 * (issue #11): one receipt of each kind of movement the bank records, built from the sandbox's own
 * statement and transaction details (never hand-made JSON), written by the portal's receipt writer,
 * then checked with pdfinfo (one A4 page, titled) and pdftotext (the title, the amount, the holder's
 * account in the one form the exports use, the transaction id whole on one line).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/portal';
import { call, login, startSandbox, type TestSandbox } from '../../sandbox/test-support';
import { i18n } from '../../src/i18n/i18n';
import { receiptSections, receiptTitle } from '../../src/features/statement/receipt-lines';
import { buildReceipt } from '../../src/features/statement/receipt-model';
import { writeReceiptPdf } from '../../src/export/receipt-pdf';
import { formatAccountNumber } from '../../src/format/account';
import { formatBRL } from '../../src/format/brl';
import { requireCommand, run } from './tools';
import { DEMO_PASSWORD, DEMO_USERS } from '../../demo/users';

type Entry = components['schemas']['StatementEntry'];
type Detail = components['schemas']['TransactionDetail'];

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, { lng: 'pt-BR', ...options });

/** The kinds of movement, told apart by what the bank writes on the statement row. */
const KINDS: { name: string; matches: (e: Entry) => boolean }[] = [
  { name: 'TED enviada', matches: (e) => e.description.startsWith('TED enviada') },
  { name: 'TED recebida', matches: (e) => e.description.startsWith('TED recebida') },
  { name: 'Pix enviado', matches: (e) => e.description.startsWith('Pix enviado') },
  { name: 'Pix recebido', matches: (e) => e.description.startsWith('Pix recebido') },
  { name: 'boleto pago', matches: (e) => e.description.startsWith('Pagamento de boleto') },
  { name: 'conta paga', matches: (e) => e.description.startsWith('Pagamento de conta') },
  { name: 'recarga', matches: (e) => e.description.startsWith('Recarga de celular') },
  { name: 'depósito por boleto', matches: (e) => e.description.startsWith('Depósito por boleto') },
];

interface Written {
  kind: string;
  id: string;
  entry: Entry;
  title: string;
  file: string;
}

let sandbox: TestSandbox;
let dir: string;
const written: Written[] = [];
let ownAccount = '';

beforeAll(async () => {
  requireCommand('pdfinfo', 'poppler-utils');
  requireCommand('pdftotext', 'poppler-utils');
  sandbox = await startSandbox();
  dir = mkdtempSync(join(tmpdir(), 'receipts-'));
  const maria = await login(sandbox.app, DEMO_USERS.maria.email, DEMO_PASSWORD);
  const statement = await call<{ data: { statement: Entry[] } }>(sandbox.app, 'getStatement', {
    token: maria.token,
    params: { accountId: maria.accountId },
    query: { start: '2026-07-24', ending: '2026-11-21' },
  });
  expect(statement.status).toBe(200);
  const entries = statement.body.data.statement;
  for (const kind of KINDS) {
    const entry = entries.find(kind.matches);
    const id = entry?.transactionId;
    if (!entry || !id) throw new Error(`the seed has no '${kind.name}' in Maria's statement`);
    const detail = await call<{ data: Detail }>(sandbox.app, 'getTransactionDetail', {
      token: maria.token,
      params: {
        accountHolderId: maria.accountHolderId,
        accountId: maria.accountId,
        transactionId: id,
      },
    });
    expect(detail.status).toBe(200);
    const model = buildReceipt(entry, detail.body.data, {
      name: 'Maria Silva Santos',
      taxId: DEMO_USERS.maria.taxId,
    });
    ownAccount ||= detail.body.data.brinksBankAccount?.accountNumber ?? '';
    const title = receiptTitle(model, t);
    const blob = await writeReceiptPdf({
      title,
      sections: receiptSections(model, t),
      issuedAt: 'Emitido em 21/11/2026 12:00:00',
    });
    const file = join(dir, `${written.length}.pdf`);
    writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
    written.push({ kind: kind.name, id, entry, title, file });
  }
});

afterAll(async () => {
  await sandbox?.app.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('receipts read back with poppler', () => {
  it('are one titled A4 page each', () => {
    expect(written).toHaveLength(KINDS.length);
    for (const w of written) {
      const info = run('pdfinfo', [w.file]);
      expect(info, w.kind).toMatch(/^Pages:\s+1$/m);
      expect(info, w.kind).toMatch(/^Page size:\s+595\.2\d? x 841\.8\d? pts \(A4\)/m);
      expect(info, w.kind).toContain(`Title:`);
    }
  });

  it('say what they are, how much, and whose account, with the id whole on one line', () => {
    expect(ownAccount).not.toBe('');
    for (const w of written) {
      const text = run('pdftotext', ['-layout', w.file, '-']);
      expect(text, w.kind).toContain(w.title);
      expect(text, w.kind).toContain(formatBRL(Math.abs(w.entry.amount)).replace(/\s/g, ' '));
      expect(
        text.split('\n').some((line) => line.includes(w.id)),
        `${w.kind}: transaction id ${w.id} on one line`,
      ).toBe(true);
      expect(text, w.kind).toContain('Emitido em 21/11/2026 12:00:00');
    }
    // The holder's account is written as the statement header and the exports write it.
    const sent = written.find((w) => w.kind === 'TED enviada') as Written;
    expect(run('pdftotext', ['-layout', sent.file, '-'])).toContain(formatAccountNumber(ownAccount));
  });
});
