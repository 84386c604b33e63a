/**
 * The parts every book's view shares (issue 25): the profile's address book and the recipient
 * book (TED and Pix) are one view over machines/kernel/book-states.ts that differs only in its
 * rows' fields: the area that shows the load (an overlay over the rows kept on screen), its
 * failure with "Tentar novamente", the empty text; each row's edit and delete buttons; and focus
 * brought back to the add button when a dialog of the book closes and left focus nowhere. The
 * delete confirmation is ConfirmDeleteDialog (confirm-delete-dialog.tsx). The areas give their
 * texts and the events of their machine.
 */
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { describeApiError, isShownError } from '../api/errors';
import type { CallError } from '../../machines/kernel/call-error';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { ErrorAlert } from './error-alert';
import { LoadingOverlay } from './loading-overlay';

const Area = styled.div`
  position: relative;
  min-height: 160px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

export interface BookAreaProps {
  /** The list call is running (`loading`): the overlay, over the rows still shown. */
  loading: boolean;
  loadingLabel: string;
  /** The list call failed (`loadError`): its text, the API's error, and "Tentar novamente". */
  loadFailed: boolean;
  loadErrorText: string;
  error: CallError | null;
  onRetry: () => void;
  /** Nothing to list: 'Nenhum registro encontrado!'. */
  empty: boolean;
  /** The rows, drawn by the area (a list, a grid, cards). */
  children?: ReactNode;
}

/** The book's area: its loading, its load failure, its empty text and the rows. */
export function BookArea(props: BookAreaProps) {
  const { t } = useTranslation();
  return (
    <Area aria-busy={props.loading || undefined}>
      <LoadingOverlay inline open={props.loading} label={props.loadingLabel} />
      {props.loadFailed && (
        <ErrorAlert
          action={
            <Button variant="secondary" onClick={props.onRetry}>
              {t('COMMON.BUTTONS.RETRY')}
            </Button>
          }
        >
          <p>{props.loadErrorText}</p>
          {isShownError(props.error) && <p>{describeApiError(props.error, t)}</p>}
        </ErrorAlert>
      )}
      {props.empty && <EmptyState title={t('COMMON.NO_RECORDS')} />}
      {props.children}
    </Area>
  );
}

export interface BookRowActionsProps {
  /** The accessible names, which say the row (`Editar <apelido>`). */
  editLabel: string;
  deleteLabel: string;
  disabled: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** Actions of this book before edit and delete (the Pix book's Send Pix). */
  children?: ReactNode;
}

/** A row's edit and delete buttons. */
export function BookRowActions(props: BookRowActionsProps) {
  const { t } = useTranslation();
  return (
    <Actions>
      {props.children}
      <Button
        variant="secondary"
        aria-label={props.editLabel}
        onClick={props.onEdit}
        disabled={props.disabled}
      >
        {t('COMMON.BUTTONS.EDIT')}
      </Button>
      <Button
        variant="text"
        aria-label={props.deleteLabel}
        onClick={props.onDelete}
        disabled={props.disabled}
      >
        {t('COMMON.BUTTONS.DELETE')}
      </Button>
    </Actions>
  );
}

/**
 * When a dialog of the book closes (`dialogOpen` turns false) and focus was left nowhere (the row
 * that opened it is gone after a delete or a reload; some browsers do not focus a clicked button),
 * focus goes to `target`, the add button.
 */
export function useFocusAfterDialog(dialogOpen: boolean, target?: RefObject<HTMLElement | null>): void {
  const wasOpen = useRef(dialogOpen);
  useEffect(() => {
    const closed = wasOpen.current && !dialogOpen;
    wasOpen.current = dialogOpen;
    if (!closed || !target) return undefined;
    // After React has run the dialog's own clean-up, which gives focus back to its opener if it can.
    const timer = setTimeout(() => {
      const active = document.activeElement;
      if (!active || active === document.body) target.current?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [dialogOpen, target]);
}
