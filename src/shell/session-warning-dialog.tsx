import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { ErrorAlert } from '../ui/error-alert';

/** '1:45': minutes and seconds left. */
function formatLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export interface SessionWarningDialogProps {
  /** Milliseconds until the token ends. */
  left: number;
  renewing: boolean;
  failure: string | null;
  onStay: () => void;
  onLeave: () => void;
}

/**
 * The warning of src/shell/session-timeout.tsx (issue 32): the time left and the two ways on. A
 * chunk of its own, fetched when a session starts, so the shell's first load does not carry the
 * dialog every page would otherwise pay for. Escape stays signed in: the customer is there.
 */
export default function SessionWarningDialog({
  left,
  renewing,
  failure,
  onStay,
  onLeave,
}: SessionWarningDialogProps) {
  const { t } = useTranslation();
  const textId = useId();
  return (
    <Dialog
      open
      role="alertdialog"
      aria-describedby={textId}
      title={t('SESSION_TIMEOUT.TITLE')}
      onClose={onStay}
      dismissible={!renewing}
      actions={
        <>
          <Button variant="secondary" onClick={onLeave}>
            {t('SESSION_TIMEOUT.LEAVE')}
          </Button>
          <Button loading={renewing} onClick={onStay}>
            {t('SESSION_TIMEOUT.STAY')}
          </Button>
        </>
      }
    >
      <p id={textId}>{t('SESSION_TIMEOUT.TEXT', { time: formatLeft(left) })}</p>
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
    </Dialog>
  );
}
