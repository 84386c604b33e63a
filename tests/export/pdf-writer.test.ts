import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PDF_MIME, writePdf } from '../../src/export/pdf-writer';
import { wrap } from '../../src/export/pdf-text';
import { ROWS, manyRows, statement } from './fixtures';
import { readPdf } from './pdf-text';

async function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

describe('writePdf', () => {
  it('returns a compressed PDF Blob by default', async () => {
    const blob = await writePdf(statement());
    expect(blob.type).toBe(PDF_MIME);
    const text = new TextDecoder('latin1').decode(await bytesOf(blob));
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('/FlateDecode');
  });

  it('is A4 portrait: 595.28 × 841.89 pt on every page', async () => {
    const pdf = readPdf(
      await bytesOf(await writePdf(statement({ rows: manyRows(300) }), { compress: false })),
    );
    expect(pdf.mediaBoxes.length).toBeGreaterThan(1);
    for (const [w, h] of pdf.mediaBoxes) {
      expect(w).toBeCloseTo(595.28, 2);
      expect(h).toBeCloseTo(841.89, 2);
    }
  });

  it('shows the title and header: account padded to 7, branch, name, CPF, period', async () => {
    const { texts } = readPdf(await bytesOf(await writePdf(statement(), { compress: false })));
    expect(texts).toContain('Extrato da conta');
    expect(texts).toEqual(
      expect.arrayContaining(['Conta:', '0001234', 'Agência:', '0001', 'Nome:', 'Maria José da Conceição']),
    );
    expect(texts).toEqual(
      expect.arrayContaining(['CPF:', '123.456.789-09', 'Período:', '14/11/2026 a 21/11/2026']),
    );
  });

  it('lists the rows with the six columns, pt-BR amounts, debits with a minus sign', async () => {
    const { texts } = readPdf(await bytesOf(await writePdf(statement(), { compress: false })));
    expect(texts).toEqual(
      expect.arrayContaining(['Data', 'Tipo', 'Descrição', 'Valor (R$)', 'ID da transação']),
    );
    expect(texts).toEqual(expect.arrayContaining(['15/11/2026 08:00:00', 'Pagamento de boleto', 'T-0002']));
    expect(texts).toContain('-R$\u00a01.234,56');
    expect(texts).toContain('R$\u00a0250,50');
    expect(texts).toContain('SALDO');
    expect(texts.filter((t) => t === 'SALDO')).toHaveLength(
      ROWS.filter((r) => r.transactionType === 'SALDO').length,
    );
  });

  it('numbers every page "Página X de Y"', async () => {
    const pdf = readPdf(
      await bytesOf(await writePdf(statement({ rows: manyRows(300) }), { compress: false })),
    );
    const total = pdf.mediaBoxes.length;
    const numbers = pdf.texts.filter((t) => t.startsWith('Página '));
    expect(numbers).toEqual(Array.from({ length: total }, (_, i) => `Página ${i + 1} de ${total}`));
  });

  it('prints text the standard font cannot show as folded or "?", never as stray bytes', async () => {
    const rows = [{ ...ROWS[1]!, description: 'Café 😀 ő\u0007fim' }];
    const { texts } = readPdf(await bytesOf(await writePdf(statement({ rows }), { compress: false })));
    expect(texts).toContain('Café ? ofim');
  });

  it('writes windows-1252 punctuation as its WinAnsi byte and escapes the string delimiters', async () => {
    const description = 'Preço “x” (10€) a\\b…';
    const rows = [{ ...ROWS[1]!, description }];
    const bytes = await bytesOf(await writePdf(statement({ rows }), { compress: false }));
    expect(readPdf(bytes).texts).toContain(description);
    // Byte for byte (a TextDecoder 'latin1' would read windows-1252).
    const raw = Buffer.from(bytes).toString('latin1');
    expect(raw).toContain('(Pre\xe7o \x93x\x94 \\(10\x80\\) a\\\\b\x85) Tj');
  });
});

describe('wrap (the PDF cells)', () => {
  // Widths of a proportional font: narrow i and l, wide m and w, the rest in between.
  const charWidth = (ch: string) => (/[il ]/.test(ch) ? 2 : /[mw]/.test(ch) ? 8 : 5);
  const widthOf = (line: string) => [...line].reduce((sum, ch) => sum + charWidth(ch), 0);
  const text = fc
    .array(fc.constantFrom('a', 'i', 'm', 'w', ' ', 'é', '0'), { maxLength: 200 })
    .map((cs) => cs.join(''));

  it('keeps every line within the width and every character but the spaces it breaks at', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 8, max: 80 }), (t, width) => {
        const lines = wrap(t, width, charWidth, 1_000);
        for (const line of lines) expect(widthOf(line)).toBeLessThanOrEqual(width);
        expect(lines.join('').replace(/ /g, '')).toBe(t.replace(/ /g, ''));
        expect(lines.join(' ').length).toBeLessThanOrEqual(t.length + lines.length);
      }),
    );
  });

  it('breaks at a space when one fits, and cuts past the last line with an ellipsis', () => {
    expect(wrap('aaa aaa aaa', 35, charWidth)).toEqual(['aaa aaa', 'aaa']);
    expect(wrap('aaaaaaaaaa', 20, charWidth)).toEqual(['aaaa', 'aaaa', 'aa']);
    expect(wrap('aaaa aaaa aaaa aaaa', 20, charWidth, 2)).toEqual(['aaaa', 'aaa…']);
    expect(wrap('', 20, charWidth)).toEqual(['']);
  });
});
