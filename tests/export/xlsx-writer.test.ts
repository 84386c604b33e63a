import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { AMOUNT_FORMAT, DATE_FORMAT, SHEET_NAME, XLSX_MIME, writeXlsx } from '../../src/export/xlsx-writer';
import { statement } from './fixtures';

/** Tests read back our own output; the library's parser is never used on outside files. */
async function readBack(blob: Blob): Promise<XLSX.WorkSheet> {
  const wb = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: 'array', cellNF: true });
  expect(wb.SheetNames).toEqual([SHEET_NAME]);
  return wb.Sheets[SHEET_NAME] as XLSX.WorkSheet;
}

const cell = (ws: XLSX.WorkSheet, ref: string): XLSX.CellObject | undefined =>
  ws[ref] as XLSX.CellObject | undefined;

describe('writeXlsx', () => {
  it('writes one sheet named Extrato, as an xlsx Blob', async () => {
    const blob = await writeXlsx(statement());
    expect(blob.type).toBe(XLSX_MIME);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.subarray(0, 2)]).toEqual([0x50, 0x4b]); // a ZIP container
    await readBack(blob);
  });

  it('heads the sheet with account padded to 7, branch 0001, name, CPF, period', async () => {
    const ws = await readBack(await writeXlsx(statement()));
    const rows = XLSX.utils.sheet_to_json<string[]>(ws, { header: 1, raw: false, blankrows: true });
    expect(rows.slice(0, 7)).toEqual([
      ['Extrato da conta'],
      ['Conta', '0001234'],
      ['Agência', '0001'],
      ['Nome', 'Maria José da Conceição'],
      ['CPF', '123.456.789-09'],
      ['Período', '14/11/2026 a 21/11/2026'],
      ['Gerado em', '21/11/2026 15:00:00'],
    ]);
    expect(cell(ws, 'B2')?.t).toBe('s'); // the padding survives: text, not a number
    expect(rows[8]).toEqual([
      'Data',
      'Tipo',
      'Descrição',
      'Informações adicionais',
      'Valor (R$)',
      'ID da transação',
    ]);
  });

  it('formats an alphanumeric CNPJ in the header', async () => {
    const data = statement();
    const ws = await readBack(
      await writeXlsx({ ...data, account: { ...data.account, taxId: '12abc34501de35' } }),
    );
    expect(cell(ws, 'A5')?.v).toBe('CNPJ');
    expect(cell(ws, 'B5')?.v).toBe('12.ABC.345/01DE-35');
  });

  it('writes rows with São Paulo dates, numeric signed amounts and the transaction id', async () => {
    const ws = await readBack(await writeXlsx(statement()));
    // Row 11 is the credit '14/11/2026 10:15:30'; row 12 the boleto debit at 11:00Z (08:00 in São Paulo).
    expect(cell(ws, 'A11')).toMatchObject({ t: 'n', z: DATE_FORMAT, w: '14/11/2026 10:15:30' });
    expect(cell(ws, 'B11')?.v).toBe('C');
    expect(cell(ws, 'C11')?.v).toBe('Pix recebido de João & Filhos <Ltda>');
    // Issue 27: the additional information in words, never the bank's JSON; this one holds no fact
    // a person reads (its sender is not an object), so the cell is empty rather than raw JSON.
    expect(cell(ws, 'D11')?.v).toBe('');
    expect(cell(ws, 'E11')).toMatchObject({ t: 'n', v: 250.5, z: AMOUNT_FORMAT });
    expect(cell(ws, 'F11')?.v).toBe('E9040088820261114131500123873170');

    expect(cell(ws, 'A12')?.w).toBe('15/11/2026 08:00:00');
    expect(cell(ws, 'E12')).toMatchObject({ t: 'n', v: -1234.56, z: AMOUNT_FORMAT, w: '-1,234.56' });
    expect(cell(ws, 'E13')?.v).toBe(-12.9);
  });

  it('marks balance lines with the type SALDO and keeps every row, future ones included', async () => {
    const ws = await readBack(await writeXlsx(statement()));
    const types = [10, 11, 12, 13, 14, 15].map((r) => cell(ws, `B${r}`)?.v);
    expect(types).toEqual(['SALDO', 'C', 'D', 'D', 'SALDO', 'D']);
    expect(cell(ws, 'E14')?.v).toBe(3.04);
    expect(ws['!ref']).toBe('A1:F15');
    expect(ws['!autofilter']?.ref).toBe('A9:F15');
  });

  it('keeps a description starting with "=" as text, never a formula', async () => {
    const data = statement();
    const rows = [{ ...data.rows[1]!, description: '=HYPERLINK("http://x","y")' }];
    const ws = await readBack(await writeXlsx({ ...data, rows }));
    expect(cell(ws, 'C10')).toMatchObject({ t: 's', v: '=HYPERLINK("http://x","y")' });
    expect(cell(ws, 'C10')?.f).toBeUndefined();
  });
});
