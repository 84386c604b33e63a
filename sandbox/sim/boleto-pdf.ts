import { jsPDF } from 'jspdf';
import { saoPauloDateBr } from '../../clock/sao-paulo.ts';
import { OWN_BANK } from './bank.ts';
import { encodeI2of5 } from './interleaved-2of5.ts';

/**
 * The PDF of a deposit boleto (2-money-movement.md §2 Deposit by boleto, §7 GET /boletopdf): an A4
 * page with the payer, the amount, the due date, the typeable line and the Interleaved 2 of 5
 * barcode of the 44 digits, drawn to the FEBRABAN proportions: 103 mm long (405 narrow units, so a
 * narrow element is 103/405 mm), wide elements 3 times the narrow, 13 mm high, with a quiet zone of
 * more than 5 mm on each side. Uncompressed, so a test can read the bars back from the page.
 */

export interface BoletoPdfInput {
  idDeposit: number;
  payerName: string;
  payerTaxId: string;
  accountNumber: string;
  amountCents: number;
  dueDate: string;
  createdAt: Date;
  typeableLine: string;
  barcode: string;
}

export const BARCODE_LAYOUT = { x: 15, y: 150, lengthMm: 103, heightMm: 13 } as const;

const brl = (cents: number) =>
  `R$ ${(cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const brDate = (iso: string) => iso.split('-').reverse().join('/');

/**
 * The account number as the portal shows it everywhere (1-access-shell-statement.md §9: padded to
 * 7 digits), so the slip matches the statement header: '0123456', never '123456' (issue 32).
 */
export function slipAccountNumber(account: string): string {
  const trimmed = account.trim();
  return /^\d+$/.test(trimmed) ? trimmed.padStart(7, '0') : trimmed;
}

/**
 * The payer's document with its label and mask (shared/domain/notes.md §a): 'CPF 529.982.247-25'
 * for 11 digits, 'CNPJ 12.ABC.345/01DE-35' for 12 letters-or-digits and 2 check digits
 * (alphanumeric CNPJ, IN RFB 2.229/2024); any other shape as the bank keeps it (issue 32).
 */
export function slipTaxId(taxId: string): string {
  const c = taxId.replace(/[\s./-]/g, '').toUpperCase();
  if (/^\d{11}$/.test(c)) return `CPF ${c.slice(0, 3)}.${c.slice(3, 6)}.${c.slice(6, 9)}-${c.slice(9)}`;
  if (/^[0-9A-Z]{12}\d{2}$/.test(c))
    return `CNPJ ${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;
  return `CPF/CNPJ ${taxId.trim()}`;
}

/** 47 digits written as on the slip: AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE. */
export function formatTypeableLine(line: string): string {
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line.slice(32, 33)} ${line.slice(33)}`;
}

export function boletoPdf(b: BoletoPdfInput): Buffer {
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: false });
  doc.setProperties({ title: `Boleto de depósito ${b.idDeposit}`, creator: OWN_BANK.name });
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(14);
  doc.text(`${OWN_BANK.name}  |  ${OWN_BANK.code}`, 15, 20);
  doc.setFontSize(11);
  doc.text(formatTypeableLine(b.typeableLine), 15, 30);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(10);
  const rows: [string, string][] = [
    [
      'Beneficiário',
      `${b.payerName} - conta ${slipAccountNumber(b.accountNumber)} (depósito na própria conta)`,
    ],
    ['Pagador', `${b.payerName} - ${slipTaxId(b.payerTaxId)}`],
    ['Vencimento', brDate(b.dueDate)],
    ['Valor do documento', brl(b.amountCents)],
    ['Nosso número', String(b.idDeposit)],
    // The day of issue on the bank's calendar: a boleto issued at 23:30 in São Paulo is of that day,
    // not of the next (the UTC date).
    ['Data do documento', saoPauloDateBr(b.createdAt)],
    ['Instruções', 'Não receber após o vencimento. Depósito em conta por boleto.'],
  ];
  let y = 45;
  for (const [label, value] of rows) {
    doc.setFont('helvetica', 'bold');
    doc.text(label, 15, y);
    doc.setFont('helvetica', 'normal');
    doc.text(value, 60, y);
    y += 8;
  }
  doc.setLineWidth(0.2);
  doc.line(15, 140, 195, 140);
  const widths = encodeI2of5(b.barcode);
  const units = widths.reduce((s, w) => s + w, 0);
  const narrow = BARCODE_LAYOUT.lengthMm / units;
  let x = BARCODE_LAYOUT.x;
  doc.setFillColor(0, 0, 0);
  widths.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(x, BARCODE_LAYOUT.y, w * narrow, BARCODE_LAYOUT.heightMm, 'F');
    x += w * narrow;
  });
  doc.setFontSize(8);
  doc.text(b.barcode, BARCODE_LAYOUT.x, BARCODE_LAYOUT.y + BARCODE_LAYOUT.heightMm + 5);
  return Buffer.from(doc.output('arraybuffer'));
}
