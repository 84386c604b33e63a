/**
 * A receipt as an A4 PDF ('Baixar PDF', 1-access-shell-statement.md §2 Receipt dialog: "a
 * PDF/print toolbar is available on receipts"; 2-money-movement.md §2 Receive by QR code, the
 * 'Comprovante' PDF). jspdf is loaded only when the user asks for it (DESIGN.md Budgets). It
 * prints the translated sections the screen lists: the statement's receipt dialog and the receipt
 * of a redeemed digital check share it, so it lives here rather than in one area.
 */

/** One printed section: an optional title over label/value lines (the amount line emphasised). */
export interface ReceiptSection {
  title?: string;
  lines: readonly { label: string; value: string; emphasis?: boolean }[];
}

/** Page layout in points. */
const MARGIN = 48;
const LINE = 16;

/** Helvetica writes windows-1252: fold the few characters it cannot show (the text stays readable). */
function printable(text: string): string {
  return text
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u202f\u2007]/g, ' ')
    .replace(/[^\u0020-\u00ff€\n]/g, '?');
}

export interface ReceiptPdfInput {
  title: string;
  sections: readonly ReceiptSection[];
  /** 'Emitido em 20/05/2026 10:00:00'. */
  issuedAt: string;
}

/** The receipt PDF as a Blob. */
export async function writeReceiptPdf({ title, sections, issuedAt }: ReceiptPdfInput): Promise<Blob> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'pt', format: 'a4', orientation: 'portrait' });
  doc.setProperties({ title: printable(title), subject: printable(title) });
  doc.setLanguage('pt-BR');
  const width = doc.internal.pageSize.getWidth();
  const bottom = doc.internal.pageSize.getHeight() - MARGIN;
  let y = MARGIN;
  const ensure = (space: number) => {
    if (y + space > bottom) {
      doc.addPage();
      y = MARGIN;
    }
  };

  doc.setFont('helvetica', 'bold');
  doc.setFontSize(16);
  doc.text(printable(title), MARGIN, y);
  y += LINE * 1.5;
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(9);
  doc.text(printable(issuedAt), MARGIN, y);
  y += LINE * 1.5;

  for (const section of sections) {
    ensure(LINE * 3);
    if (section.title) {
      doc.setDrawColor(200);
      doc.line(MARGIN, y - LINE * 0.6, width - MARGIN, y - LINE * 0.6);
      doc.setFont('helvetica', 'bold');
      doc.setFontSize(11);
      doc.text(printable(section.title), MARGIN, y + 4);
      y += LINE * 1.4;
    }
    for (const l of section.lines) {
      const valueLines = doc.splitTextToSize(printable(l.value), width - MARGIN * 2 - 180) as string[];
      ensure(LINE * valueLines.length);
      doc.setFont('helvetica', 'normal');
      doc.setFontSize(10);
      doc.text(printable(l.label), MARGIN, y);
      doc.setFont('helvetica', l.emphasis ? 'bold' : 'normal');
      doc.setFontSize(l.emphasis ? 12 : 10);
      doc.text(valueLines, MARGIN + 180, y);
      y += LINE * valueLines.length;
    }
    y += LINE * 0.5;
  }
  return doc.output('blob');
}
