/**
 * Download and share of a movement's receipt (issue 32: the success screens of the bill, the
 * top-up and the others had no file, where the TED's had its PDF). The receipt's label/value lines
 * are written to a PDF (src/export/receipt-pdf.ts; jspdf loads only when asked) with the time it
 * was issued. 'Baixar comprovante (PDF)' saves it; where the browser can share a file (the phone's
 * share sheet: Web Share API level 2, `navigator.canShare({ files })`), 'Compartilhar comprovante'
 * hands it to the app the customer picks. A failure says so and the buttons stay.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../format/instant';
import { Button } from './button';
import type { SummaryLine } from './summary-lines';

/** The receipt's PDF (the first line emphasised, as on the screen's headline). */
export async function receiptPdf(
  title: string,
  lines: readonly SummaryLine[],
  issuedAt: string,
): Promise<Blob> {
  const { writeReceiptPdf } = await import('../export/receipt-pdf');
  return writeReceiptPdf({
    title,
    sections: [
      { lines: lines.map((l, i) => ({ label: l.label, value: String(l.value), emphasis: i === 0 })) },
    ],
    issuedAt,
  });
}

/** Whether this browser can hand a PDF to the system's share sheet. */
function canSharePdf(): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.canShare !== 'function') return false;
  try {
    return navigator.canShare({ files: [new File([''], 'comprovante.pdf', { type: 'application/pdf' })] });
  } catch {
    return false;
  }
}

export interface ReceiptFileActionsProps {
  /** The PDF's title ('Comprovante de pagamento'). */
  title: string;
  lines: readonly SummaryLine[];
  /** The file's name, with its .pdf. */
  fileName: string;
}

/** The buttons (loaded with the success screen, not with the page: src/ui/receipt-file-actions.tsx). */
export default function ReceiptFileButtons({ title, lines, fileName }: ReceiptFileActionsProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const [shareable] = useState(canSharePdf);
  const run = (use: (blob: Blob) => Promise<void>) => {
    setState('busy');
    receiptPdf(title, lines, t('COMMON.RECEIPT_FILE.ISSUED_AT', { date: formatInstant(new Date()) }))
      .then(use)
      .then(
        () => setState('idle'),
        // The customer closing the share sheet is not a failure.
        (e: unknown) => setState(e instanceof DOMException && e.name === 'AbortError' ? 'idle' : 'failed'),
      );
  };
  const download = () =>
    run(async (blob) => {
      const { downloadBlob } = await import('../export/download');
      downloadBlob(blob, fileName);
    });
  const share = () =>
    run((blob) =>
      navigator.share({ title, files: [new File([blob], fileName, { type: 'application/pdf' })] }),
    );
  return (
    <>
      <Button variant="secondary" onClick={download} loading={state === 'busy'} disabled={state === 'busy'}>
        {t('COMMON.RECEIPT_FILE.PDF')}
      </Button>
      {shareable && (
        <Button variant="secondary" onClick={share} disabled={state === 'busy'}>
          {t('COMMON.RECEIPT_FILE.SHARE')}
        </Button>
      )}
      {state === 'failed' && <p role="alert">{t('COMMON.RECEIPT_FILE.FAILED')}</p>}
    </>
  );
}
