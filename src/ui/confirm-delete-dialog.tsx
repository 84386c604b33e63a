/**
 * The confirmation before deleting something (an address, a saved recipient): an alertdialog whose
 * focus starts on Cancel, the safe choice; while the call runs it cannot be dismissed and says so
 * in a status line; a failure keeps it open with the API's error so the person can try again or
 * give up. The areas give the texts and the events of their machine.
 */
import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { describeApiError, isShownError } from '../api/errors';
import type { CallError } from '../../machines/kernel/call-error';
import { Button } from './button';
import { Dialog } from './dialog';
import { ErrorAlert } from './error-alert';

const Text = styled.div`
  p {
    margin: 0 0 ${({ theme }) => theme.space(3)};
  }
`;

export interface ConfirmDeleteDialogProps {
  title: string;
  /** What will be deleted, as paragraphs. */
  text: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  /** Said in the status line while the call runs. */
  busyText: string;
  /** The first line of the error shown when the call failed. */
  failureText: string;
  busy: boolean;
  failed: boolean;
  error: CallError | null;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ConfirmDeleteDialog(props: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { busy, failed, error } = props;
  const cancel = () => {
    if (!busy) props.onCancel();
  };
  return (
    <Dialog
      open
      role="alertdialog"
      aria-describedby={textId}
      title={props.title}
      onClose={cancel}
      dismissible={!busy}
      initialFocus={cancelRef}
      actions={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={cancel} disabled={busy}>
            {props.cancelLabel}
          </Button>
          <Button variant="danger" loading={busy} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </>
      }
    >
      <Text id={textId}>{props.text}</Text>
      <p role="status">{busy ? props.busyText : ''}</p>
      {failed && isShownError(error) && (
        <ErrorAlert>
          <p>{props.failureText}</p>
          <p>{describeApiError(error, t)}</p>
        </ErrorAlert>
      )}
    </Dialog>
  );
}
