/**
 * The receipt dialog, Comprovante (1-access-shell-statement.md §2 Receipt dialog; §8 "an empty
 * receipt with dashes and R$ 0,00" when the load fails; "Print failure: logged only").
 *
 * A projection of machines/statement/receipt.machine.ts. The fields come from the transaction
 * detail and the statement entry's additionalInfo (receipt-model.ts); 'Baixar PDF' loads jspdf on
 * demand, 'Imprimir' prints the dialog alone (its own print stylesheet hides the page behind it).
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { createGlobalStyle } from 'styled-components';
import { fromPromise } from 'xstate';
import { receiptMachine, type ReceiptOutputInput } from '../../../machines/statement/receipt.machine';
import { useFlow } from '../../runtime/use-flow';
import { formatDateTime } from '../../format/dates';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toasts';
import { errorTextToShow } from '../../api/errors';
import { printWindow } from './print';
import { receiptModelOf, type ReceiptHolder } from './receipt-model';
import { receiptSections, receiptTitle, type ReceiptSection } from './receipt-lines';
import type { StatementEntry } from './statement-rows';

/** While a receipt is open, printing shows the receipt alone. */
const ReceiptPrintStyle = createGlobalStyle`
  @media print {
    @page { size: A4; margin: 16mm; }
    body > *:not(:has([data-receipt-print])) { display: none !important; }
    body > div:has([data-receipt-print]) {
      position: static !important;
      display: block !important;
      padding: 0 !important;
      background: none !important;
    }
    [role='dialog']:has([data-receipt-print]) {
      position: static !important;
      width: 100% !important;
      max-height: none !important;
      box-shadow: none !important;
      border-radius: 0 !important;
    }
    [role='dialog']:has([data-receipt-print]) > div { overflow: visible !important; border: none !important; }
    [role='dialog']:has([data-receipt-print]) button { display: none !important; }
  }
`;

const Section = styled.section`
  & + & {
    margin-top: ${({ theme }) => theme.space(4)};
    padding-top: ${({ theme }) => theme.space(3)};
    border-top: 1px solid ${({ theme }) => theme.color.divider};
  }
  & > h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.font.size.md};
  }
  & > dl {
    display: grid;
    grid-template-columns: minmax(120px, 40%) 1fr;
    gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
    margin: 0;
  }
  & dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  & dd {
    margin: 0;
    overflow-wrap: anywhere;
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  & dd[data-emphasis] {
    font-size: ${({ theme }) => theme.font.size.lg};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

const Notice = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.warningSoft};
  & > p {
    margin: 0;
    flex: 1 1 200px;
  }
`;

const Status = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
`;

/** The sections as definition lists. */
export function ReceiptSections({ sections }: { sections: readonly ReceiptSection[] }) {
  return (
    <>
      {sections.map((s) => (
        <Section key={s.id} aria-label={s.title}>
          {s.title && <h3>{s.title}</h3>}
          <dl>
            {s.lines.map((l) => (
              <div key={l.id} style={{ display: 'contents' }}>
                <dt>{l.label}</dt>
                <dd data-field={l.id} data-emphasis={l.emphasis ? '' : undefined}>
                  {l.value}
                </dd>
              </div>
            ))}
          </dl>
        </Section>
      ))}
    </>
  );
}

export interface ReceiptDialogProps {
  entry: StatementEntry;
  holder: ReceiptHolder;
  accountHolderId: string;
  accountId: string;
  onClose: () => void;
  /** The Pix statement's receipt: 'Comprovante de Transação PIX', empty in its Pix form on failure. */
  variant?: 'account' | 'pix';
}

/** File name of a downloaded receipt. */
export function receiptFileName(transactionId: string | null | undefined): string {
  const id = (transactionId ?? '').replace(/[^\w-]/g, '').slice(0, 64);
  return `Comprovante_${id || 'transacao'}.pdf`;
}

export function ReceiptDialog({
  entry,
  holder,
  accountHolderId,
  accountId,
  onClose,
  variant = 'account',
}: ReceiptDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const tRef = useRef(t);
  tRef.current = t;

  const actor = useFlow(
    'receipt',
    receiptMachine,
    { accountHolderId, accountId, transactionId: entry.transactionId ?? '' },
    {
      // The receipt's file and printing are the view's (the PDF writer loads on demand).
      actors: {
        downloadPdf: fromPromise<void, ReceiptOutputInput>(async ({ input }) => {
          const tr = tRef.current;
          const model = receiptModelOf(entry, input.detail, holder, variant);
          const [{ writeReceiptPdf }, { downloadBlob }] = await Promise.all([
            import('../../export/receipt-pdf'),
            import('../../export/download'),
          ]);
          const blob = await writeReceiptPdf({
            title: receiptTitle(model, tr),
            sections: receiptSections(model, tr),
            issuedAt: tr('STATEMENT_SCREEN.PRINTED_AT', { date: formatDateTime(new Date()) }),
          });
          downloadBlob(blob, receiptFileName(entry.transactionId));
        }),
        printReceipt: fromPromise<void, ReceiptOutputInput>(async () => {
          if (!printWindow()) throw new Error('print failed');
        }),
      },
    },
  );
  const view = useSelector(
    actor,
    (s) => ({
      loading: s.matches('loading'),
      unavailable: s.matches('unavailable'),
      shown: s.matches('shown'),
      downloading: s.matches({ shown: 'downloading' }),
      downloadFailed: s.matches({ shown: 'downloadFailed' }),
      printing: s.matches({ shown: 'printing' }),
      closed: s.status === 'done',
      detail: s.context.detail,
      error: s.context.error,
    }),
    (a, b) =>
      a.loading === b.loading &&
      a.unavailable === b.unavailable &&
      a.shown === b.shown &&
      a.downloading === b.downloading &&
      a.downloadFailed === b.downloadFailed &&
      a.printing === b.printing &&
      a.closed === b.closed &&
      a.detail === b.detail &&
      a.error === b.error,
  );

  useEffect(() => {
    if (view.closed) onClose();
  }, [view.closed, onClose]);
  useEffect(() => {
    if (view.downloadFailed) toast.error(t('RECEIPT.PDF_ERROR'));
  }, [view.downloadFailed, toast, t]);

  const model = view.loading ? null : receiptModelOf(entry, view.shown ? view.detail : null, holder, variant);
  const title = model ? receiptTitle(model, t) : t(variant === 'pix' ? 'RECEIPT.TITLE_PIX' : 'RECEIPT.TITLE');
  const errorText = errorTextToShow(view.error, t);
  const close = () => actor.send({ type: 'receipt.close' });

  return (
    <Dialog
      open
      onClose={close}
      title={title}
      actions={
        view.shown ? (
          <>
            <Button
              variant="secondary"
              loading={view.downloading}
              onClick={() => actor.send({ type: 'receipt.download' })}
            >
              {t('RECEIPT.DOWNLOAD_PDF')}
            </Button>
            <Button
              variant="primary"
              loading={view.printing}
              onClick={() => actor.send({ type: 'receipt.print' })}
            >
              {t('RECEIPT.PRINT')}
            </Button>
          </>
        ) : undefined
      }
    >
      <ReceiptPrintStyle />
      <div data-receipt-print="" aria-busy={view.loading || undefined}>
        {view.loading && (
          <Status role="status">
            <Spinner /> {t('RECEIPT.LOADING')}
          </Status>
        )}
        {view.unavailable && (
          <Notice>
            <p role="alert">
              {t('RECEIPT.UNAVAILABLE')} {errorText}
            </p>
            <Button variant="secondary" onClick={() => actor.send({ type: 'retry' })}>
              {t('RECEIPT.RETRY')}
            </Button>
          </Notice>
        )}
        {model && <ReceiptSections sections={receiptSections(model, t)} />}
      </div>
    </Dialog>
  );
}
