/**
 * The Pix statement's OFX (issue 27): written by the portal's writer from the sandbox bank's own
 * Pix report (getPixReportStatement, never hand-made rows) and read back by libofx's ofxdump and
 * Python's ofxparse. The Pix report is framed by the account's real balances (SALDO ANTERIOR, SALDO
 * DO DIA) with the account's other movements summed between the Pix entries
 * (sandbox/routes/pix-statement.ts), so the file reconciles: opening + Σ TRNAMT = LEDGERBAL, and
 * LEDGERBAL is the account's real balance at DTASOF, with every Pix entry of the Pix statement in
 * it by its transaction id.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/portal';
import { balanceCents } from '../../sandbox/db/ledger';
import { OTHER_MOVEMENTS_DESCRIPTION } from '../../sandbox/routes/pix-statement';
import { addDays, localDate } from '../../sandbox/sim/dates';
import { call, FIXED_NOW, login, startSandbox, type TestSandbox } from '../../sandbox/test-support';
import { DEMO_PASSWORD, DEMO_USERS } from '../../demo/users';
import { ofxBlob } from '../../src/export/ofx-writer';
import { parseTransactionDate } from '../../src/export/datetime';
import type { StatementExport } from '../../src/export/types';
import { cents, expectReconciles } from '../export/reconcile';
import { python, requireCommand, requirePythonModule } from './tools';

type Row = components['schemas']['PixReportRow'];
type PixEntry = components['schemas']['PixStatementEntry'];

interface Written {
  name: string;
  data: StatementExport;
  pixIds: string[];
  /** The account's real balance at the file's DTASOF, from the ledger. */
  realCents: number;
  ofx: string;
}

let sandbox: TestSandbox;
let dir = '';
const files: Written[] = [];

const today = localDate(FIXED_NOW);
/** A past fortnight and a period ending today (the export made at FIXED_NOW). */
const PERIODS = [
  { name: 'a past fortnight', start: addDays(today, -30), end: addDays(today, -16) },
  { name: 'the last 15 days, ending today', start: addDays(today, -14), end: today },
];

beforeAll(async () => {
  sandbox = await startSandbox();
  dir = mkdtempSync(join(tmpdir(), 'pix-ofx-'));
  const maria = await login(sandbox.app, DEMO_USERS.maria.email, DEMO_PASSWORD);
  for (const [i, p] of PERIODS.entries()) {
    const query = { start: p.start, ending: p.end };
    const report = await call<{ data: Row[] }>(sandbox.app, 'getPixReportStatement', {
      token: maria.token,
      params: { accountId: maria.accountId },
      query,
    });
    expect(report.status).toBe(200);
    const listed = await call<{ data: { statement: PixEntry[] } }>(sandbox.app, 'getPixStatement', {
      token: maria.token,
      params: { accountId: maria.accountId },
      query,
    });
    const data: StatementExport = {
      account: { account: '123456', branch: '0001', name: 'Maria Silva Santos', taxId: '52998224725' },
      period: { start: p.start, end: p.end },
      rows: report.body.data,
      generatedAt: FIXED_NOW,
    };
    const endOfPeriod = parseTransactionDate(`${p.end.split('-').reverse().join('/')} 23:59:59`);
    const asOf = new Date(Math.min(endOfPeriod.getTime(), FIXED_NOW.getTime()) + 1000);
    const file = join(dir, `Export_${i}.ofx`);
    writeFileSync(file, Buffer.from(await ofxBlob(data).arrayBuffer()));
    files.push({
      name: p.name,
      data,
      pixIds: listed.body.data.statement.map((e) => e.transactionId ?? ''),
      realCents: balanceCents(sandbox.app.sandbox.db, maria.accountId, asOf),
      ofx: file,
    });
  }
}, 60_000);

afterAll(async () => {
  await sandbox?.app.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const cases = PERIODS.map((p, at) => ({ name: p.name, at }));
const file = (i: number): Written => files[i] as Written;

describe('the Pix report the files are written from', () => {
  it.each(cases)('$name: Pix entries framed by the real balances, the rest summed', ({ at }) => {
    const { data, pixIds } = file(at);
    expect(pixIds.length).toBeGreaterThan(0);
    expect(data.rows[0]?.transactionType).toBe('SALDO');
    const movements = data.rows.filter((r) => r.transactionType !== 'SALDO');
    const pix = movements.filter((r) => 'endToEndId' in r);
    expect(pix.map((r) => r.transactionId).sort()).toEqual([...pixIds].sort());
    // Whatever is not a Pix is one summing line, never an entry of its own.
    for (const r of movements.filter((m) => !('endToEndId' in m))) {
      expect(r.description).toBe(OTHER_MOVEMENTS_DESCRIPTION);
      expect(r.transactionId ?? null).toBeNull();
    }
    // Each day's closing line is the running sum of what is listed above it.
    let running = cents(data.rows[0]?.amount ?? 0);
    for (const r of data.rows.slice(1)) {
      if (r.transactionType === 'SALDO') expect(cents(r.amount), r.transactionDate).toBe(running);
      else running += (r.transactionType === 'D' ? -1 : 1) * cents(r.amount);
    }
  });
});

describe('the Pix OFX read by libofx (ofxdump)', () => {
  it.each(cases)('$name: every Pix entry and a LEDGERBAL that is the real balance', ({ at }) => {
    requireCommand('ofxdump', 'ofx');
    const { data, ofx, pixIds, realCents } = file(at);
    const out = spawnSync('ofxdump', [ofx], { encoding: 'utf8' });
    expect(out.status, out.stderr).toBe(0);
    expect(`${out.stdout}\n${out.stderr}`.split('\n').filter((l) => /LibOFX ERROR/.test(l))).toEqual([]);
    const field = (label: string): string[] =>
      [...out.stdout.matchAll(new RegExp(`^\\s*${label}\\s*:\\s*(.*)$`, 'gm'))].map((m) =>
        (m[1] ?? '').trim(),
      );
    const ids = field("Financial institution's ID for this transaction");
    for (const id of pixIds) expect(ids).toContain(id);
    const amounts = field('Total money amount');
    const ledger = field('Ledger balance')[0] ?? '';
    expectReconciles(data, { amounts, ledgerBalance: ledger });
    expect(cents(ledger)).toBe(realCents);
  });
});

const OFXPARSE = `
import json, sys
from ofxparse import OfxParser
with open(sys.argv[1], 'rb') as f:
    ofx = OfxParser.parse(f)
s = ofx.account.statement
print(json.dumps({
  'balance': str(s.balance),
  'transactions': [{'id': t.id, 'amount': str(t.amount)} for t in s.transactions],
}))
`;

describe('the Pix OFX read by Python ofxparse', () => {
  it.each(cases)('$name: the same entries and a reconciling real balance', ({ at }) => {
    requirePythonModule('ofxparse', 'python3-ofxparse');
    const { data, ofx, pixIds, realCents } = file(at);
    const read = JSON.parse(python(OFXPARSE, [ofx])) as {
      balance: string;
      transactions: Array<{ id: string; amount: string }>;
    };
    for (const id of pixIds) expect(read.transactions.map((t) => t.id)).toContain(id);
    expectReconciles(data, { amounts: read.transactions.map((t) => t.amount), ledgerBalance: read.balance });
    expect(cents(read.balance)).toBe(realCents);
  });
});
