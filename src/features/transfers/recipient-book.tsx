/**
 * The recipient book (2-money-movement.md §2 Recipient book, §8 messages, §9 grid constants): a
 * projection of machines/transfers/recipient-book.machine.ts, shown on /Transfer/Recipient and in
 * the dialog the transfer screens open (recipient-book-dialog.tsx). The grid is paged and sorted
 * by the bank; below the phone breakpoint each recipient is a card with the same data and actions.
 * The list and the dialogs it opens are separate components, so that a host dialog can render the
 * dialogs beside itself rather than inside (a dialog nested in another's tree traps Tab twice).
 *
 * The Pix recipient book (/PixRecipientPage; 3-pix-part-one.md §2 Recipient book (Pix variant)) is
 * the same view of the same machine started with `variant: 'pix'`: columns key type, nickname and
 * key; actions send Pix, edit and delete. It lives here, beside the book it shares, because a
 * feature area may not import another; its texts are pix.json's PIX_RECIPIENTS. The rows of a page
 * (the grid or the cards) and their buttons are recipient-book-rows.tsx.
 */
import { useSelector } from '@xstate/react';
import { useEffect, type RefObject } from 'react';
import { useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  RECIPIENT_PAGE_SIZES,
  recipientBookMachine,
  type Recipient,
  type RecipientBookInput,
} from '../../../machines/transfers/recipient-book.machine';
import { RECIPIENT_TYPES } from '../../../machines/validators/recipient';
import { useFlow } from '../../runtime/use-flow';
import { QUERIES, media, useMediaQuery } from '../../ui/breakpoints';
import { Button } from '../../ui/button';
import { BookArea, useFocusAfterDialog } from '../../ui/book-view';
import { Icon } from '../../ui/icons';
import { Select } from '../../ui/select';
import { useToast } from '../../ui/toasts';
import { DeleteRecipientDialog } from './dialogs/delete-recipient-dialog';
import { RecipientFormDialog } from './dialogs/recipient-form-dialog';
import { PIX_KEY_ROUTE, RecipientRows, type RecipientBookActor } from './recipient-book-rows';

export type { RecipientBookActor } from './recipient-book-rows';

/**
 * Starts the book and shows the success messages of §8 (saved, deleted). When the book ends with a
 * Pix recipient to send to, opens /PixKey with its id (the send-by-key screen loads it).
 */
export function useRecipientBook(input: RecipientBookInput): RecipientBookActor {
  const actor = useFlow('recipient-book', recipientBookMachine, input);
  const toast = useToast();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  useEffect(() => {
    const subs = [
      actor.on('recipient.saved', () => toast.success(t('RECIPIENTS.SAVED'))),
      actor.on('recipient.deleted', () => toast.success(t('RECIPIENTS.DELETED'))),
      actor.subscribe((s) => {
        if (s.status === 'done') navigate(`${PIX_KEY_ROUTE}?recipient=${s.output.sendPixTo}`);
      }),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, toast, t, navigate]);
  return actor;
}

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(2)};
  & > div:first-child {
    min-width: 200px;
  }
  ${media.phone} {
    & > * {
      flex: 1 1 100%;
    }
  }
`;

/** The pager's previous and next buttons. */
const PagerButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(3)};
  & > div:first-child {
    width: 120px;
  }
  & p {
    margin: 0;
  }
  ${media.phone} {
    justify-content: space-between;
  }
`;

export interface RecipientBookContentProps {
  actor: RecipientBookActor;
  /** 'manage' (the page: add, edit, delete) or 'pick' (the transfer screens' dialog: choose). */
  mode: 'manage' | 'pick';
  /** Level of each card's heading on phones: 2 on the page (under its h1), 3 in a dialog. */
  headingLevel: 2 | 3;
  /** The type filter is offered (the page); the transfer dialogs open already filtered. */
  showFilter: boolean;
  /** The add button, where focus goes back when the row that had it is gone. */
  addButtonRef?: RefObject<HTMLButtonElement | null>;
  /** In 'pick' mode: the row chosen, handed to the screen that opened the book. */
  onPick?: (recipient: Recipient) => void;
}

/** The grid, its paging, loading and failure, the filter and the add button. */
export function RecipientBookContent({
  actor,
  mode,
  headingLevel,
  showFilter,
  addButtonRef,
  onPick,
}: RecipientBookContentProps) {
  const { t } = useTranslation();
  // Cards on a phone, and always in the pick dialog: its 560 px cannot hold the grid's seven
  // columns (words split, 'Escolher' pushed off-screen on a desktop; issue 32 item 8).
  const cards = useMediaQuery(QUERIES.phone) || mode === 'pick';
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadError'));
  const empty = useSelector(actor, (s) => s.matches({ browsing: 'empty' }));
  const browsing = useSelector(actor, (s) => s.matches('browsing'));
  const recipients = useSelector(actor, (s) => s.context.recipients);
  const query = useSelector(actor, (s) => s.context.query);
  const totalPages = useSelector(actor, (s) => Math.max(1, s.context.totalPages));
  const recordCount = useSelector(actor, (s) => s.context.recordCount);
  const error = useSelector(actor, (s) => s.context.error);
  const pix = useSelector(actor, (s) => s.context.query.pixOnly);
  const text = (key: string) => t(pix ? `PIX_${key}` : key);

  // A dialog of the book closed with focus nowhere (its row gone after a delete or a reload).
  useFocusAfterDialog(
    useSelector(actor, (s) => s.hasTag('dialog')),
    addButtonRef,
  );

  const showRows = !loadFailed && recipients.length > 0 && !empty;
  return (
    <>
      <Toolbar>
        {showFilter ? (
          <Select
            label={t('RECIPIENTS.FILTER')}
            value={query.recipientType ?? ''}
            disabled={!browsing}
            onChange={(e) =>
              actor.send({
                type: 'query.change',
                recipientType: e.target.value === '' ? null : e.target.value,
              })
            }
            options={[
              { value: '', label: t('RECIPIENTS.FILTER_ALL') },
              ...RECIPIENT_TYPES.map((type) => ({ value: type, label: t(`RECIPIENTS.TYPES.${type}`) })),
            ]}
          />
        ) : (
          <div />
        )}
        {mode === 'manage' && (
          <Button
            ref={addButtonRef}
            onClick={() => actor.send({ type: 'recipient.add' })}
            disabled={!browsing}
          >
            {text('RECIPIENTS.ADD')}
          </Button>
        )}
      </Toolbar>
      <BookArea
        loading={loading}
        loadingLabel={t('RECIPIENTS.LOADING')}
        loadFailed={loadFailed}
        loadErrorText={t('RECIPIENTS.LOAD_ERROR')}
        error={error}
        onRetry={() => actor.send({ type: 'retry' })}
        empty={empty}
      >
        {showRows && (
          <RecipientRows
            actor={actor}
            mode={mode}
            headingLevel={headingLevel}
            cards={cards}
            onPick={onPick}
          />
        )}
        {showRows && (
          <Pager aria-label={t('RECIPIENTS.PAGINATION')}>
            <Select
              label={t('RECIPIENTS.PAGE_SIZE')}
              value={String(query.pageSize)}
              disabled={!browsing}
              onChange={(e) => actor.send({ type: 'query.change', pageSize: Number(e.target.value) })}
              options={RECIPIENT_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
            />
            <p aria-live="polite">
              {t('RECIPIENTS.PAGE_OF', { page: query.pageNumber, pages: totalPages })} ·{' '}
              {t('RECIPIENTS.RECORDS', { count: recordCount })}
            </p>
            <PagerButtons>
              <Button
                variant="secondary"
                aria-label={t('RECIPIENTS.PREVIOUS_PAGE')}
                disabled={!browsing || query.pageNumber <= 1}
                onClick={() => actor.send({ type: 'query.change', pageNumber: query.pageNumber - 1 })}
              >
                <Icon name="chevronLeft" aria-hidden="true" />
              </Button>
              <Button
                variant="secondary"
                aria-label={t('RECIPIENTS.NEXT_PAGE')}
                disabled={!browsing || query.pageNumber >= totalPages}
                onClick={() => actor.send({ type: 'query.change', pageNumber: query.pageNumber + 1 })}
              >
                <Icon name="chevronRight" aria-hidden="true" />
              </Button>
            </PagerButtons>
          </Pager>
        )}
      </BookArea>
    </>
  );
}

/** The dialogs the book opens: the form and the delete confirmation. */
export function RecipientBookDialogs({ actor }: { actor: RecipientBookActor }) {
  const formOpen = useSelector(actor, (s) => s.matches('form'));
  const confirmOpen = useSelector(actor, (s) => s.matches('confirmingDelete'));
  return (
    <>
      {formOpen && <RecipientFormDialog actor={actor} />}
      {confirmOpen && <DeleteRecipientDialog actor={actor} />}
    </>
  );
}
