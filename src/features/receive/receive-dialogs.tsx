/**
 * The dialogs of /Receive (2-money-movement.md §2 Receive by QR code): the 4-step tutorial, the
 * confirmation (receiving method, name, contact), the failure whose result is unknown (retry with
 * the same externalIdentifier) and the receipt with its PDF and Finish: src/ui's movement dialogs
 * with the RECEIVE texts. They draw what the page gives them and report clicks.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Stepper } from '../../ui/stepper';
import { ConfirmMovementDialog, MovementDoneDialog, SendingMovementDialog } from '../../ui/movement-dialogs';
import type { SummaryLine } from '../../ui/summary-lines';

/** One label and its value. */
export type ReceiveLine = SummaryLine;

/** Number of steps of the tutorial (RECEIVE.TUTORIAL.STEP<n> and STEP<n>_TEXT). */
export const TUTORIAL_STEPS = 4;

/**
 * §2: the 4-step tutorial. The dialog pages through its steps itself (Voltar, Próximo); 'Pular
 * tutorial', Escape or 'Entendi' on the last step close it (the machine's tutorial.close).
 */
export function TutorialDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const n = index + 1;
  const last = n === TUTORIAL_STEPS;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('RECEIVE.TUTORIAL.TITLE')}
      actions={
        <>
          <Button variant="text" onClick={onClose}>
            {t('RECEIVE.TUTORIAL.SKIP')}
          </Button>
          {index > 0 && (
            <Button variant="secondary" onClick={() => setIndex(index - 1)}>
              {t('RECEIVE.TUTORIAL.BACK')}
            </Button>
          )}
          <Button onClick={last ? onClose : () => setIndex(index + 1)}>
            {t(last ? 'RECEIVE.TUTORIAL.DONE' : 'RECEIVE.TUTORIAL.NEXT')}
          </Button>
        </>
      }
    >
      <Stepper
        aria-label={t('RECEIVE.TUTORIAL.STEPS')}
        current={index}
        steps={Array.from({ length: TUTORIAL_STEPS }, (_, i) => t(`RECEIVE.TUTORIAL.STEP${i + 1}`))}
      />
      <section aria-live="polite">
        <h3>{t('RECEIVE.TUTORIAL.STEP_OF', { step: n, total: TUTORIAL_STEPS })}</h3>
        <p>{t(`RECEIVE.TUTORIAL.STEP${n}_TEXT`)}</p>
      </section>
    </Dialog>
  );
}

type Lines = { lines: readonly ReceiveLine[] };

export const ConfirmReceiveDialog = (p: Lines & { onConfirm: () => void; onCancel: () => void }) => (
  <ConfirmMovementDialog texts="RECEIVE" {...p} />
);

/** The check was sent and no answer says whether it was credited: retry, never a new attempt. */
export const ReceivingDialog = (p: { busy: boolean; error: string | null; onRetry: () => void }) => (
  <SendingMovementDialog texts="RECEIVE" {...p} />
);

/** §2: the receipt (date, amount received, transaction), its PDF ('Comprovante') and Finish. */
export function ReceivedDialog({
  lines,
  onPdf,
  onFinish,
}: Lines & {
  /** Writes and downloads the PDF; rejects when it could not. */
  onPdf: () => Promise<void>;
  onFinish: () => void;
}) {
  const { t } = useTranslation();
  const [pdf, setPdf] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = () => {
    setPdf('busy');
    onPdf().then(
      () => setPdf('idle'),
      () => setPdf('failed'),
    );
  };
  return (
    <MovementDoneDialog
      texts="RECEIVE"
      lines={lines}
      onFinish={onFinish}
      actions={
        <Button variant="secondary" onClick={download} loading={pdf === 'busy'} disabled={pdf === 'busy'}>
          {t('RECEIVE.DONE.PDF')}
        </Button>
      }
    >
      {pdf === 'failed' && <p role="alert">{t('RECEIVE.DONE.PDF_FAILED')}</p>}
    </MovementDoneDialog>
  );
}
