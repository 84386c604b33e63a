import { describe, expect, it } from 'vitest';
import { boletoPdf, type BoletoPdfInput } from './boleto-pdf.ts';

/**
 * The deposit boleto's "Data do documento" is the day of issue on the bank's calendar (São
 * Paulo's), whatever the zone of the server: not the UTC date (a boleto issued at 23:30 in São
 * Paulo was dated the next day) nor the server's local one. Also run with TZ=Asia/Tokyo and
 * TZ=America/Rio_Branco (vitest.config.ts, the clock projects).
 */

const slip = (createdAt: Date): BoletoPdfInput => ({
  idDeposit: 7,
  payerName: 'Maria Silva Santos',
  payerTaxId: '12345678909',
  accountNumber: '123456',
  amountCents: 25_000,
  dueDate: '2026-12-04',
  createdAt,
  typeableLine: '00190000090000000000000000000000000000000000000',
  barcode: '00190000000000000000000000000000000000000000',
});

/** The text drawn right after a label (jsPDF writes each text uncompressed as `(…) Tj`). */
function valueOf(pdf: Buffer, label: string): string | undefined {
  const texts = [...pdf.toString('latin1').matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((m) =>
    m[1]?.replace(/\\(.)/g, '$1'),
  );
  return texts[texts.indexOf(label) + 1];
}
const documentDate = (pdf: Buffer) => valueOf(pdf, 'Data do documento');

describe('the deposit boleto PDF', () => {
  it("dates a boleto issued at 23:30 in São Paulo on that day, not on UTC's next day", () => {
    // 2026-11-24T02:30Z is 23:30 of the 23rd in São Paulo and 11:30 of the 24th in Tokyo.
    expect(documentDate(boletoPdf(slip(new Date('2026-11-24T02:30:00Z'))))).toBe('23/11/2026');
  });

  it('dates a boleto issued at 00:30 in São Paulo on that day, not on the previous one further west', () => {
    // 2026-11-24T03:30Z is 00:30 of the 24th in São Paulo and 22:30 of the 23rd in Rio Branco.
    expect(documentDate(boletoPdf(slip(new Date('2026-11-24T03:30:00Z'))))).toBe('24/11/2026');
  });

  it("prints the account with its leading zero and the payer's CPF masked (issue 32)", () => {
    const pdf = boletoPdf(slip(new Date('2026-11-24T12:00:00Z')));
    expect(valueOf(pdf, 'Beneficiário')).toBe(
      'Maria Silva Santos - conta 0123456 (depósito na própria conta)',
    );
    expect(valueOf(pdf, 'Pagador')).toBe('Maria Silva Santos - CPF 123.456.789-09');
  });

  it('prints an alphanumeric CNPJ with its mask and label', () => {
    const pdf = boletoPdf({ ...slip(new Date('2026-11-24T12:00:00Z')), payerTaxId: '12abc34501de35' });
    expect(valueOf(pdf, 'Pagador')).toBe('Maria Silva Santos - CNPJ 12.ABC.345/01DE-35');
  });
});
