/**
 * The statement exports read back by the programs their readers use (issue #11): libofx's
 * `ofxdump` and Python's ofxparse for the OFX, openpyxl for the spreadsheet, poppler for the PDF.
 * Each file is written by the real writers from statements shaped as the sandbox bank sends them
 * (./statements.ts), and what the reader found is checked against the rows: every movement, the
 * amounts to the centavo, the dates, LEDGERBAL = opening + Σ TRNAMT, no formula cells, A4 pages,
 * every transaction id whole on one line, the additional information as words, not JSON.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ofxBlob } from '../../src/export/ofx-writer';
import { writePdf } from '../../src/export/pdf-writer';
import { writeXlsx } from '../../src/export/xlsx-writer';
import { formatBRLFromCents } from '../../src/format/brl';
import { formatDateTimeBr, parseTransactionDate } from '../../src/export/datetime';
import type { StatementExport } from '../../src/export/types';
import { cents, expectReconciles } from '../export/reconcile';
import { STATEMENTS } from './statements';
import { python, requireCommand, requirePythonModule, run } from './tools';

interface Written {
  name: string;
  data: StatementExport;
  ofx: string;
  xlsx: string;
  pdf: string;
}

const movementsOf = (data: StatementExport) =>
  data.rows.filter(
    (r) => r.transactionType !== 'SALDO' && parseTransactionDate(r.transactionDate) <= data.generatedAt,
  );
const signedCents = (r: { transactionType: string; amount: number }): number =>
  (r.transactionType === 'D' ? -1 : 1) * cents(Math.abs(r.amount));

let dir = '';
const files: Written[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'statement-readers-'));
  for (const [i, s] of STATEMENTS.entries()) {
    const data = s.data();
    const base = join(dir, `Export_${i}`);
    const bytes = async (blob: Blob): Promise<Buffer> => Buffer.from(await blob.arrayBuffer());
    writeFileSync(`${base}.ofx`, await bytes(ofxBlob(data)));
    writeFileSync(`${base}.xlsx`, await bytes(await writeXlsx(data)));
    writeFileSync(`${base}.pdf`, await bytes(await writePdf(data)));
    files.push({ name: s.name, data, ofx: `${base}.ofx`, xlsx: `${base}.xlsx`, pdf: `${base}.pdf` });
  }
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Each statement by name, for it.each (the files exist once beforeAll has run). */
const cases = STATEMENTS.map((s, i) => ({ name: s.name, at: i }));
const file = (i: number): Written => files[i] as Written;

describe('OFX read by libofx (ofxdump)', () => {
  it.each(cases)('$name: every posted movement, the account, and a LEDGERBAL that reconciles', ({ at }) => {
    requireCommand('ofxdump', 'ofx');
    const { data, ofx } = file(at);
    const out = spawnSync('ofxdump', [ofx], { encoding: 'utf8' });
    expect(out.status, out.stderr).toBe(0);
    // libofx reports what it could not read as ERROR lines; INFO lines are its running commentary.
    expect(`${out.stdout}\n${out.stderr}`.split('\n').filter((l) => /LibOFX ERROR/.test(l))).toEqual([]);
    const field = (label: string): string[] =>
      [...out.stdout.matchAll(new RegExp(`^\\s*${label}\\s*:\\s*(.*)$`, 'gm'))].map((m) =>
        (m[1] ?? '').trim(),
      );
    expect(field('Bank ID')).toEqual(['999']);
    expect(field('Account #')).toEqual([data.account.account.padStart(7, '0')]);
    expect(field('Default Currency')[0]).toBe('BRL');

    const posted = movementsOf(data);
    const amounts = field('Total money amount');
    expect(amounts).toHaveLength(posted.length);
    expect(field("Financial institution's ID for this transaction").sort()).toEqual(
      posted.map((r) => r.transactionId).sort(),
    );
    expect(amounts.map(cents).sort((a, b) => a - b)).toEqual(posted.map(signedCents).sort((a, b) => a - b));
    // The whole description, accents and all, in MEMO; NAME is whole words of it (≤ 32).
    const memos = field('Extra transaction information \\(memo\\)');
    expect(memos.sort()).toEqual(posted.map((r) => r.description).sort());
    for (const name of field('Name of payee or transaction description')) {
      expect(name.length).toBeLessThanOrEqual(32);
      // Whole words, unless the first word alone is longer than the field.
      const whole = (d: string): boolean =>
        `${d} `.startsWith(`${name} `) || (d.startsWith(name) && d.split(' ')[0]!.length > 32);
      expect(
        posted.some((r) => whole(r.description)),
        name,
      ).toBe(true);
    }
    expectReconciles(data, { amounts, ledgerBalance: field('Ledger balance')[0] ?? '' });
  });
});

const OFXPARSE = `
import json, sys
from ofxparse import OfxParser
with open(sys.argv[1], 'rb') as f:
    ofx = OfxParser.parse(f)
a = ofx.account
s = a.statement
print(json.dumps({
  'number': a.number, 'routing': a.routing_number, 'branch': a.branch_id, 'currency': s.currency,
  'balance': str(s.balance), 'balance_date': s.balance_date.isoformat(),
  'start': s.start_date.isoformat(), 'end': s.end_date.isoformat(),
  'transactions': [
    {'id': t.id, 'amount': str(t.amount), 'date': t.date.isoformat(), 'payee': t.payee, 'memo': t.memo, 'type': t.type}
    for t in s.transactions
  ],
}))
`;

describe('OFX read by Python ofxparse', () => {
  it.each(cases)('$name: the same movements, dates and a reconciling balance', ({ at }) => {
    requirePythonModule('ofxparse', 'python3-ofxparse');
    const { data, ofx } = file(at);
    const read = JSON.parse(python(OFXPARSE, [ofx])) as {
      number: string;
      routing: string;
      branch: string;
      currency: string;
      balance: string;
      balance_date: string;
      end: string;
      transactions: Array<{ id: string; amount: string; date: string; memo: string }>;
    };
    expect(read.number).toBe(data.account.account.padStart(7, '0'));
    expect(read.routing).toBe('999');
    expect(read.currency.toUpperCase()).toBe('BRL');
    const posted = movementsOf(data);
    expect(read.transactions).toHaveLength(posted.length);
    for (const row of posted) {
      const t = read.transactions.find((x) => x.id === row.transactionId);
      expect(t, `transaction ${row.transactionId}`).toBeDefined();
      expect(cents(t?.amount ?? '')).toBe(signedCents(row));
      expect(t?.memo).toBe(row.description);
      // ofxparse gives naive UTC datetimes: the instant must be the row's São Paulo time.
      expect(Date.parse(`${t?.date ?? ''}Z`)).toBe(parseTransactionDate(row.transactionDate).getTime());
    }
    expectReconciles(data, { amounts: read.transactions.map((t) => t.amount), ledgerBalance: read.balance });
    // As of the end of the period or the export, whichever is earlier.
    const endOfPeriod = parseTransactionDate(`${data.period.end.split('-').reverse().join('/')} 23:59:59`);
    const asOf = Math.min(endOfPeriod.getTime(), data.generatedAt.getTime());
    expect(Date.parse(`${read.balance_date}Z`)).toBe(Math.floor(asOf / 1000) * 1000);
  });
});

const OPENPYXL = `
import json, sys, datetime
from openpyxl import load_workbook
wb = load_workbook(sys.argv[1])
out = {'sheets': wb.sheetnames, 'formulas': [], 'rows': [], 'header': []}
ws = wb[wb.sheetnames[0]]
head = None
for row in ws.iter_rows():
    for c in row:
        if c.data_type == 'f' or (isinstance(c.value, str) and c.value.startswith('=') and c.data_type != 's'):
            out['formulas'].append(c.coordinate)
    values = [c.value for c in row]
    if head is None:
        if values and values[0] == 'Data':
            head = values
        else:
            out['header'].append([v for v in values if v is not None])
        continue
    d, t, desc, info, amount, tid = (values + [None] * 6)[:6]
    out['rows'].append({
        'date': d.isoformat() if isinstance(d, datetime.datetime) else None,
        'dateType': type(d).__name__, 'amountType': type(amount).__name__,
        'type': t, 'description': desc, 'info': info, 'amount': amount, 'id': tid,
        'descriptionType': row[2].data_type,
    })
print(json.dumps(out, default=str))
`;

describe('spreadsheet read by openpyxl', () => {
  it.each(cases)('$name: sheet Extrato, every row with real dates and numbers, no formula', ({ at }) => {
    requirePythonModule('openpyxl', 'python3-openpyxl');
    const { data, xlsx } = file(at);
    const read = JSON.parse(python(OPENPYXL, [xlsx])) as {
      sheets: string[];
      formulas: string[];
      header: string[][];
      rows: Array<{
        date: string | null;
        dateType: string;
        amountType: string;
        type: string;
        description: string;
        info: string | null;
        amount: number;
        id: string | null;
        descriptionType: string;
      }>;
    };
    expect(read.sheets).toEqual(['Extrato']);
    expect(read.formulas).toEqual([]);
    expect(read.header.flat()).toContain(data.account.name);
    expect(read.header.flat()).toContain(data.account.account.padStart(7, '0'));
    expect(read.rows).toHaveLength(data.rows.length);
    data.rows.forEach((row, i) => {
      const got = read.rows[i];
      expect(got?.dateType).toBe('datetime');
      // Excel dates carry no zone: the cell is São Paulo's wall clock.
      expect(got?.date?.replace('T', ' ')).toBe(
        formatDateTimeBr(parseTransactionDate(row.transactionDate)).replace(
          /^(\d{2})\/(\d{2})\/(\d{4})/,
          '$3-$2-$1',
        ),
      );
      expect(['int', 'float']).toContain(got?.amountType);
      expect(cents(got?.amount ?? NaN)).toBe(
        row.transactionType === 'SALDO' ? cents(row.amount) : signedCents(row),
      );
      expect(got?.type).toBe(row.transactionType);
      expect(got?.description).toBe(row.description);
      expect(got?.descriptionType).toBe('s');
      expect(got?.id ?? null).toBe(row.transactionId ?? null);
      // Issue 27: the additional information in words, as the PDF prints it, never JSON.
      expect(got?.info ?? '').not.toMatch(/\{"|"body"|requestBody/);
    });
  });

  it('says in words what each movement was, as the receipt and the PDF do', () => {
    requirePythonModule('openpyxl', 'python3-openpyxl');
    const read = JSON.parse(python(OPENPYXL, [file(0).xlsx])) as { rows: Array<{ info: string | null }> };
    const infos = read.rows.map((r) => r.info ?? '');
    const text = infos.join('\n');
    expect(text).toContain('Destino: Fernanda Rodrigues Albuquerque');
    expect(text).toContain('Chave Pix: fernanda.albuquerque@exemplo.com.br');
    expect(text).toContain('Descrição informada: Aluguel de novembro');
    expect(text).toContain('Banco: 341 - Itaú Unibanco');
    expect(text).toContain('Origem: João Pereira Lima');
    expect(text).toContain('Beneficiário: Companhia de Energia Elétrica');
    expect(text).toContain('Operadora: Vivo · Telefone: (11) 98765-4321');
    // A CPF is hidden, as on the receipt; balance lines say nothing.
    expect(text).toContain('***.533.447-**');
    expect(text).not.toMatch(/\{"|"body"|requestBody/);
  });
});

describe('PDF read by poppler', () => {
  it.each(cases)('$name: A4 pages, every row, ids whole on one line, info in words', ({ at }) => {
    requireCommand('pdfinfo', 'poppler-utils');
    requireCommand('pdftotext', 'poppler-utils');
    const { data, pdf } = file(at);
    const info = run('pdfinfo', ['-f', '1', '-l', '9999', pdf]);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
    expect(pages).toBeGreaterThanOrEqual(1);
    const sizes = [...info.matchAll(/^Page\s+\d+ size:\s+(.*)$/gm)].map((m) => m[1]);
    expect(sizes).toHaveLength(pages);
    expect(new Set(sizes)).toEqual(new Set(['595.28 x 841.89 pts (A4)']));

    const text = run('pdftotext', ['-layout', '-enc', 'UTF-8', pdf, '-']);
    const lines = text.split('\n');
    expect(text).toContain(data.account.name);
    expect(text).toMatch(new RegExp(`Conta:\\s+${data.account.account.padStart(7, '0')}`));
    for (const row of data.rows) {
      // Every row: its date and time, and its amount as pt-BR currency.
      const when = formatDateTimeBr(parseTransactionDate(row.transactionDate));
      expect(text, when).toContain(when);
      const amount = formatBRLFromCents(
        row.transactionType === 'SALDO' ? cents(row.amount) : signedCents(row),
      );
      expect(text.replace(/\u00a0/g, ' '), amount).toContain(amount.replace(/\u00a0/g, ' '));
      // A copied id is whole: the id is on one line, never broken across two.
      if (row.transactionId) {
        expect(
          lines.some((l) => l.includes(row.transactionId as string)),
          `id ${row.transactionId} on one line`,
        ).toBe(true);
      }
    }
    // The additional information is read as words, never as the bank's raw JSON.
    expect(text).not.toMatch(/\{"|"body"|requestBody/);
    expect(text).toMatch(/Página 1 de \d+/);
  });

  it('prints what each movement was, as the receipt says it', () => {
    const text = run('pdftotext', ['-raw', '-enc', 'UTF-8', file(0).pdf, '-']).replace(/\s+/g, ' ');
    expect(text).toContain('Destino: Fernanda Rodrigues Albuquerque');
    expect(text).toContain('Chave Pix: fernanda.albuquerque@exemplo.com.br');
    expect(text).toContain('Descrição informada: Aluguel de novembro');
    expect(text).toContain('Banco: 341 - Itaú Unibanco');
    expect(text).toContain('Agência: 1234 · Conta: 56789-0');
    expect(text).toContain('Origem: João Pereira Lima');
    expect(text).toContain('Beneficiário: Companhia de Energia Elétrica');
    expect(text).toContain('Data de vencimento: 20/11/2026');
    expect(text).toContain('Operadora: Vivo · Telefone: (11) 98765-4321');
    // A CPF is hidden, as on the receipt.
    expect(text).toContain('***.533.447-**');
    expect(text).not.toContain('39053344705');
    // Free text from the bank is printed as it is.
    const company = run('pdftotext', ['-raw', '-enc', 'UTF-8', file(2).pdf, '-']).replace(/\s+/g, ' ');
    expect(company).toContain('Débito avulso: ajuste & conferência <manual>');
  });

  // Issue 27: a barcode was cut with '…' and a deposit's 47 digits broke across two lines.
  it.each(cases)('$name: every barcode whole on one line, never cut', ({ at }) => {
    const { data, pdf } = file(at);
    const lines = run('pdftotext', ['-layout', '-enc', 'UTF-8', pdf, '-']).split('\n');
    const barcodes = data.rows.flatMap((r) => {
      const found =
        /"barcode":"(\d{44,48})"/.exec(r.additionalInfo ?? '') ??
        /"typeableLine":"(\d{44,48})"/.exec(r.additionalInfo ?? '');
      return found?.[1] ? [found[1]] : [];
    });
    for (const code of barcodes) {
      expect(
        lines.some((l) => l.includes(code)),
        `barcode ${code} whole on one line`,
      ).toBe(true);
    }
    expect(lines.filter((l) => /\d…/.test(l))).toEqual([]);
  });

  it('the statements hold a bill barcode of 44 digits and a deposit line of 47', () => {
    const all = files.flatMap((f) => f.data.rows.map((r) => r.additionalInfo ?? '')).join('\n');
    expect(all).toMatch(/"barcode":"\d{44}"/);
    expect(all).toMatch(/"typeableLine":"\d{47}"/);
  });

  it('renders every page (pdftoppm)', () => {
    requireCommand('pdftoppm', 'poppler-utils');
    const { pdf } = file(3);
    const prefix = join(dir, 'page');
    run('pdftoppm', ['-r', '24', '-png', pdf, prefix]);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(run('pdfinfo', [pdf]))?.[1]);
    expect(pages).toBeGreaterThan(1);
    const width = String(pages).length;
    for (let n = 1; n <= pages; n++) {
      const png = `${prefix}-${String(n).padStart(width, '0')}.png`;
      const bytes = readFileSync(png);
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      // A blank page compresses to almost nothing; a page of table does not.
      expect(statSync(png).size).toBeGreaterThan(2_000);
    }
  });
});
