import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { OfxMissingBalanceError, ofxBlob, ofxDateTime, ofxName, writeOfx } from '../../src/export/ofx-writer';
import { encodeCp1252, squeezeSpaces, toCp1252Line } from '../../src/export/text';
import type { ExportedStatementRow } from '../../src/export/types';
import { decodeCp1252 } from './cp1252';
import { ROWS, statement } from './fixtures';
import { type OfxDocument, at, fields, parseOfx, transactions, valueAt } from './ofx-sgml';
import { type ReadOfx, expectReconciles } from './reconcile';

/** TRNAMTs and LEDGERBAL as the strict reader sees them. */
function readOfx(doc: OfxDocument): ReadOfx {
  return {
    amounts: transactions(doc).map((t) => fields(t).TRNAMT ?? ''),
    ledgerBalance: valueAt(at(doc.root, ...STMTRS, 'LEDGERBAL'), 'BALAMT') ?? '',
  };
}

const STMTRS = ['BANKMSGSRSV1', 'STMTTRNRS', 'STMTRS'] as const;

describe('writeOfx (OFX 1.02 SGML)', () => {
  let text = '';
  let doc: OfxDocument;
  beforeAll(() => {
    text = writeOfx(statement());
    doc = parseOfx(text);
  });

  it('passes the strict 1.02 reader: header, nesting, DTD order, values', () => {
    expect(doc.header[2]).toEqual(['VERSION', '102']);
    expect(text.startsWith('OFXHEADER:100\r\nDATA:OFXSGML\r\n')).toBe(true);
    expect(text.endsWith('</OFX>\r\n')).toBe(true);
  });

  it('answers the sign-on with status 0 INFO, the server time, POR and the FI', () => {
    const sonrs = at(doc.root, 'SIGNONMSGSRSV1', 'SONRS');
    expect(valueAt(sonrs, 'STATUS', 'CODE')).toBe('0');
    expect(valueAt(sonrs, 'STATUS', 'SEVERITY')).toBe('INFO');
    expect(valueAt(sonrs, 'DTSERVER')).toBe('20261121150000[-3:BRT]');
    expect(valueAt(sonrs, 'LANGUAGE')).toBe('POR');
    expect(valueAt(sonrs, 'FI', 'ORG')).not.toBe('');
    expect(valueAt(sonrs, 'FI', 'FID')).toBe('999');
  });

  it('describes the account: BRL, bank 999 (the code receipts print), branch 0001, account padded to 7, checking', () => {
    const trnrs = at(doc.root, 'BANKMSGSRSV1', 'STMTTRNRS');
    expect(valueAt(trnrs, 'TRNUID')).toMatch(/^[0-9a-f]{16}$/);
    expect(valueAt(trnrs, 'STATUS', 'CODE')).toBe('0');
    const stmtrs = at(doc.root, ...STMTRS);
    expect(valueAt(stmtrs, 'CURDEF')).toBe('BRL');
    expect(valueAt(stmtrs, 'BANKACCTFROM', 'BANKID')).toBe('999');
    expect(valueAt(stmtrs, 'BANKACCTFROM', 'BRANCHID')).toBe('0001');
    expect(valueAt(stmtrs, 'BANKACCTFROM', 'ACCTID')).toBe('0001234');
    expect(valueAt(stmtrs, 'BANKACCTFROM', 'ACCTTYPE')).toBe('CHECKING');
  });

  it('spans the period in São Paulo time, ending at the export when the period is not over', () => {
    const list = at(doc.root, ...STMTRS, 'BANKTRANLIST');
    expect(valueAt(list, 'DTSTART')).toBe('20261114000000[-3:BRT]');
    expect(valueAt(list, 'DTEND')).toBe('20261121150000[-3:BRT]');
    const past = parseOfx(writeOfx(statement({ generatedAt: new Date('2026-12-01T12:00:00Z') })));
    expect(valueAt(at(past.root, ...STMTRS, 'BANKTRANLIST'), 'DTEND')).toBe('20261121235959[-3:BRT]');
  });

  it('lists posted transactions only: no SALDO line, nothing dated after generatedAt', () => {
    const trns = transactions(doc).map(fields);
    expect(trns).toHaveLength(3);
    expect(trns.map((t) => t.MEMO)).toEqual([
      'Pix recebido de João & Filhos <Ltda>',
      'Pagamento de boleto',
      'Tarifa mensal',
    ]);
    expect(text).not.toMatch(/Saldo|FUTURE-1|Pix agendado/);
  });

  it('writes DTPOSTED as São Paulo time with [-3:BRT], whatever form the row date had', () => {
    const posted = transactions(doc).map((t) => fields(t).DTPOSTED);
    // '14/11/2026 10:15:30' is São Paulo wall time; '2026-11-15T11:00:00Z' is 08:00 there.
    expect(posted).toEqual(['20261114101530[-3:BRT]', '20261115080000[-3:BRT]', '20261116090000[-3:BRT]']);
    for (const p of posted) expect(p).toMatch(/^\d{14}\[-3:BRT\]$/);
  });

  it('signs amounts from the holder side with "." as decimal separator', () => {
    const trns = transactions(doc).map(fields);
    expect(trns.map((t) => t.TRNAMT)).toEqual(['250.50', '-1234.56', '-12.90']);
    expect(trns.map((t) => t.TRNTYPE)).toEqual(['XFER', 'PAYMENT', 'FEE']);
  });

  it('writes LEDGERBAL as opening + Σ TRNAMT, as of the export when the period is not over', () => {
    const ledger = at(doc.root, ...STMTRS, 'LEDGERBAL');
    expect(valueAt(ledger, 'BALAMT')).toBe('3.04');
    // Issue #11: as of the end of the period or the export, whichever is earlier (here the export).
    expect(valueAt(ledger, 'DTASOF')).toBe('20261121150000[-3:BRT]');
    expectReconciles(statement(), readOfx(doc));
  });

  it('reconciles when the period ends today: the day-end line dated 23:59:59 does not count', () => {
    // The bank closes today with a SALDO DO DIA dated 23:59:59, after the export; today's
    // movements are in the file, so LEDGERBAL must hold them too (Maria's 22,562.37 vs 22,360.31).
    const rows: ExportedStatementRow[] = [
      {
        transactionDate: '20/11/2026 00:00:00',
        transactionType: 'SALDO',
        description: 'SALDO ANTERIOR',
        amount: 22562.37,
      },
      {
        transactionDate: '20/11/2026 23:59:59',
        transactionType: 'SALDO',
        description: 'SALDO DO DIA',
        amount: 22562.37,
      },
      {
        transactionDate: '21/11/2026 09:12:00',
        transactionType: 'D',
        description: 'Pagamento de boleto',
        amount: 250,
        transactionId: 'B1',
      },
      {
        transactionDate: '21/11/2026 10:30:00',
        transactionType: 'C',
        description: 'Pix recebido',
        amount: 47.94,
        transactionId: 'P1',
      },
      {
        transactionDate: '21/11/2026 23:59:59',
        transactionType: 'SALDO',
        description: 'SALDO DO DIA',
        amount: 22360.31,
      },
    ];
    const data = statement({ rows, period: { start: '2026-11-20', end: '2026-11-21' } });
    const today = parseOfx(writeOfx(data));
    const ledger = at(today.root, ...STMTRS, 'LEDGERBAL');
    expect(valueAt(ledger, 'BALAMT')).toBe('22360.31');
    expect(valueAt(ledger, 'DTASOF')).toBe('20261121150000[-3:BRT]');
    expectReconciles(data, readOfx(today));
  });

  it('reconciles a past period, as of its last second', () => {
    const rows = ROWS.filter((r) => r.transactionId !== 'FUTURE-1');
    const data = statement({ rows, generatedAt: new Date('2026-12-05T12:00:00Z') });
    const past = parseOfx(writeOfx(data));
    const ledger = at(past.root, ...STMTRS, 'LEDGERBAL');
    expect(valueAt(ledger, 'BALAMT')).toBe('3.04');
    expect(valueAt(ledger, 'DTASOF')).toBe('20261121235959[-3:BRT]');
    expectReconciles(data, readOfx(past));
  });

  it('derives the opening balance when the first balance line comes after movements', () => {
    const rows = ROWS.filter((r) => r.description !== 'Saldo anterior');
    const data = statement({ rows });
    // 3.04 after the three movements: the opening was 1000, and LEDGERBAL is 3.04 again.
    expect(valueAt(at(parseOfx(writeOfx(data)).root, ...STMTRS, 'LEDGERBAL'), 'BALAMT')).toBe('3.04');
  });

  it('escapes & < > in NAME and MEMO and cuts NAME to 32 characters', () => {
    expect(text).toContain('<MEMO>Pix recebido de João &amp; Filhos &lt;Ltda&gt;\r\n');
    const [first] = transactions(doc).map(fields);
    // Issue #11: cut at a word boundary ("<Ltda>" does not fit whole), the whole text in MEMO.
    expect(first?.NAME).toBe('Pix recebido de João & Filhos');
  });

  it('cuts NAME at a word boundary and keeps the whole description in MEMO', () => {
    expect(ofxName('Pix recebido - Fernanda Rodrigues Albuquerque')).toBe('Pix recebido - Fernanda');
    expect(ofxName('Pagamento de boleto')).toBe('Pagamento de boleto');
    expect(ofxName('Transferênciarecebidadeumapessoamuitolonga')).toBe('Transferênciarecebidadeumapessoa');
    const row: ExportedStatementRow = {
      transactionDate: '17/11/2026 10:00:00',
      transactionType: 'C',
      description: 'Pix recebido - Fernanda Rodrigues Albuquerque',
      amount: 10,
      transactionId: 'N1',
    };
    const trn = transactions(parseOfx(writeOfx(statement({ rows: [...ROWS, row] }))))
      .map(fields)
      .find((t) => t.FITID === 'N1');
    expect(trn?.NAME).toBe('Pix recebido - Fernanda');
    expect(trn?.MEMO).toBe('Pix recebido - Fernanda Rodrigues Albuquerque');
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-zçãé]{1,12}$/), { minLength: 1, maxLength: 9 }),
        (words) => {
          const text = words.join(' ');
          const name = ofxName(text);
          expect(name.length).toBeLessThanOrEqual(32);
          // Whole words, a prefix of the text, unless the first word alone is longer than the field.
          if (words[0]!.length <= 32) expect(`${text} `.startsWith(`${name} `)).toBe(true);
        },
      ),
    );
  });

  it('uses transactionId as FITID, a deterministic hash when missing, all unique and stable', () => {
    const ids = transactions(doc).map((t) => fields(t).FITID);
    expect(ids[0]).toBe('E9040088820261114131500123873170');
    expect(ids[1]).toBe('T-0002');
    expect(ids[2]).toMatch(/^H[0-9a-f]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
    const fitids = (text: string): Array<string | undefined> =>
      transactions(parseOfx(text)).map((t) => fields(t).FITID);
    expect(fitids(writeOfx(statement()))).toEqual(ids);
    // A later export, which now also holds the item that was still in the future, keeps the old ids.
    const later = fitids(writeOfx(statement({ generatedAt: new Date('2026-11-30T12:00:00Z') })));
    expect(later).toEqual([...ids, 'FUTURE-1']);
  });

  it('keeps FITIDs unique when ids repeat or identical rows have none', () => {
    const dup: ExportedStatementRow = {
      transactionDate: '15/11/2026 10:00:00',
      transactionType: 'D',
      description: 'Pix enviado',
      amount: 10,
      transactionId: null,
    };
    const rows = [...ROWS, dup, { ...dup }, { ...dup, transactionId: 'T-0002' }];
    const ids = transactions(parseOfx(writeOfx(statement({ rows })))).map((t) => fields(t).FITID);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('T-0002-2');
    expect(transactions(parseOfx(writeOfx(statement({ rows })))).map((t) => fields(t).FITID)).toEqual(ids);
  });

  it('refuses to write a statement without a balance line (LEDGERBAL is required)', () => {
    expect(() => writeOfx(statement({ rows: ROWS.filter((r) => r.transactionType !== 'SALDO') }))).toThrow(
      OfxMissingBalanceError,
    );
  });

  it('writes the old summer time as [-2:BRST] and converts explicit offsets', () => {
    expect(ofxDateTime(new Date('2018-01-15T12:00:00Z'))).toBe('20180115100000[-2:BRST]');
    expect(ofxDateTime(new Date('2026-11-21T02:59:59Z'))).toBe('20261120235959[-3:BRT]');
  });

  it('is text of windows-1252 characters, and the Blob holds exactly those bytes', async () => {
    const rows: ExportedStatementRow[] = [
      ...ROWS,
      {
        transactionDate: '17/11/2026 10:00:00',
        transactionType: 'C',
        description: 'Ação “Ü” € 😀 Zürich ő\u0000\tfim',
        amount: 1,
        transactionId: 'X1',
      },
    ];
    const data = statement({ rows });
    const written = writeOfx(data);
    const blob = ofxBlob(data);
    expect(blob.type).toBe('application/x-ofx');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect(decodeCp1252(bytes)).toBe(written);
    // 'ç' is one byte 0xE7, not the two bytes of UTF-8.
    expect(bytes.length).toBe(written.length);
    expect(bytes.includes(0xe7)).toBe(true);
    const memo = transactions(parseOfx(written))
      .map(fields)
      .find((t) => t.FITID === 'X1')?.MEMO;
    expect(memo).toBe('Ação “Ü” € ? Zürich o fim');
  });
});

describe('writeOfx property: no description or id breaks the structure', () => {
  it('stays valid 1.02 with every posted row present, round-tripping through windows-1252', () => {
    const text = fc.string({ unit: 'binary', maxLength: 300 });
    const row = fc.record({
      description: fc.oneof(
        text,
        fc.constantFrom('&', '<', '>', '</STMTTRN>', '<MEMO>x', '&amp;', '\r\n<OFX>', ' '),
      ),
      transactionId: fc.option(fc.oneof(text, fc.constantFrom('&<>', '  ')), { nil: null }),
      cents: fc.integer({ min: -10_000_000, max: 10_000_000 }),
      minute: fc.integer({ min: 0, max: 8 * 24 * 60 - 1 }),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 25 }), (items) => {
        const rows: ExportedStatementRow[] = [
          ...items.map((it) => ({
            transactionDate: new Date(Date.parse('2026-11-14T03:00:00Z') + it.minute * 60_000).toISOString(),
            transactionType: it.cents < 0 ? 'D' : 'C',
            description: it.description,
            amount: Math.abs(it.cents) / 100,
            transactionId: it.transactionId,
          })),
          {
            transactionDate: '21/11/2026 12:00:00',
            transactionType: 'SALDO',
            description: it0(items),
            amount: 1,
            transactionId: null,
          },
        ];
        const written = writeOfx(statement({ rows, generatedAt: new Date('2026-12-01T00:00:00Z') }));
        const doc = parseOfx(written);
        const trns = transactions(doc).map(fields);
        expect(trns).toHaveLength(items.length);
        expect(new Set(trns.map((t) => t.FITID)).size).toBe(items.length);
        // Order is by date; compare as multisets of (amount, memo).
        const expected = items.map((it) => {
          const memo = [...squeezeSpaces(toCp1252Line(it.description))].slice(0, 255).join('').trimEnd();
          return `${it.cents}|${memo}`;
        });
        const got = trns.map((t) => `${Math.round(Number(t.TRNAMT) * 100)}|${t.MEMO ?? ''}`);
        expect(got.sort()).toEqual(expected.sort());
        // The only balance line (1.00) closes every movement: opening + Σ TRNAMT brings it back.
        expect(valueAt(at(doc.root, ...STMTRS, 'LEDGERBAL'), 'BALAMT')).toBe('1.00');
        expect(decodeCp1252(encodeCp1252(written))).toBe(written);
      }),
      { numRuns: 200 },
    );
  });
});

/** A balance description that is itself hostile, to show SALDO text never leaks into the list. */
function it0(items: ReadonlyArray<{ description: string }>): string {
  return items[0]?.description ?? '<SALDO>&';
}
