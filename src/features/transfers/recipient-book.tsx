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
 * feature area may not import another; its texts are pix.json's PIX_RECIPIENTS.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, type RefObject } from 'react';
import { useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { isFavored } from '../../../machines/transfers/recipient-mapping';
import {
  RECIPIENT_PAGE_SIZES,
  recipientBookMachine,
  type Recipient,
  type RecipientBookInput,
  type RecipientSortField,
} from '../../../machines/transfers/recipient-book.machine';
import { RECIPIENT_TYPES } from '../../../machines/validators/recipient';
import { dictKeyTypeOf } from '../../../machines/validators/pix-key';
import { useIsRegisteredRoute } from '../../shell/registered-routes';
import { useFlow } from '../../runtime/use-flow';
import { maskTaxId } from '../../format/masks';
import { formatPixKey } from '../../format/pix-key';
import { QUERIES, TOUCH_TARGET, media, useMediaQuery } from '../../ui/breakpoints';
import { Button } from '../../ui/button';
import { BookArea, BookRowActions, useFocusAfterDialog } from '../../ui/book-view';
import { Icon } from '../../ui/icons';
import { Select } from '../../ui/select';
import { useToast } from '../../ui/toasts';
import { DeleteRecipientDialog } from './dialogs/delete-recipient-dialog';
import { RecipientFormDialog } from './dialogs/recipient-form-dialog';

/** The running recipient book. */
export type RecipientBookActor = ActorRefFrom<typeof recipientBookMachine>;

/** The route of send by key, opened with a Pix recipient (3-pix-part-one.md §2 Send by key). */
export const PIX_KEY_ROUTE = '/PixKey';

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

/** The DICT type of a Pix recipient's key (the Pix grid's type column), or undefined. */
export function keyTypeOfRecipient(r: Pick<Recipient, 'key'>) {
  return r.key ? dictKeyTypeOf(r.key) : undefined;
}

/** A Pix key as people read it: a phone and a tax id masked, the rest as saved. */
export function displayPixKey(key: string | null | undefined): string {
  return key ? formatPixKey(key) : '-';
}

/** 'number-digit' as the grid shows an account (§2), or '-' for a recipient without one. */
export function accountOf(r: Pick<Recipient, 'accountNumber' | 'accountNumberDigit'>): string {
  if (!r.accountNumber) return '-';
  return r.accountNumberDigit ? `${r.accountNumber}-${r.accountNumberDigit}` : r.accountNumber;
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

const TableWrap = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  & th,
  & td {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    text-align: start;
    border-bottom: 1px solid ${({ theme }) => theme.color.divider};
    vertical-align: middle;
  }
  & th {
    font-weight: ${({ theme }) => theme.font.weight.bold};
    border-bottom-width: 2px;
    white-space: nowrap;
  }
  & td {
    overflow-wrap: anywhere;
  }
`;

const SortButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  min-height: ${TOUCH_TARGET}px;
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

/** The pager's previous and next buttons. */
const PagerButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Cards = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const CardItem = styled.li`
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  & h2,
  & h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.font.size.md};
    overflow-wrap: anywhere;
  }
  & dl {
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
    margin: 0 0 ${({ theme }) => theme.space(3)};
  }
  & dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  & dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
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

const SORTABLE: readonly { id: RecipientSortField; key: string }[] = [
  { id: 'recipientType', key: 'RECIPIENTS.COLUMNS.TYPE' },
  { id: 'nickname', key: 'RECIPIENTS.COLUMNS.NICKNAME' },
  { id: 'bankName', key: 'RECIPIENTS.COLUMNS.BANK' },
  { id: 'accountNumber', key: 'RECIPIENTS.COLUMNS.ACCOUNT' },
  { id: 'cpfCnpj', key: 'RECIPIENTS.COLUMNS.DOCUMENT' },
];

/** The Pix book's sortable columns (its type column is the key's, told by its shape: not sortable). */
const PIX_SORTABLE: readonly { id: RecipientSortField; key: string }[] = [
  { id: 'nickname', key: 'PIX_RECIPIENTS.COLUMNS.NICKNAME' },
  { id: 'key', key: 'PIX_RECIPIENTS.COLUMNS.KEY' },
];

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

/** The row's buttons: edit and delete on the page, choose in the transfer dialog. */
function Actions({
  actor,
  recipient,
  mode,
  onPick,
}: {
  actor: RecipientBookActor;
  recipient: Recipient;
  mode: 'manage' | 'pick';
  onPick?: (recipient: Recipient) => void;
}) {
  const { t } = useTranslation();
  const browsing = useSelector(actor, (s) => s.matches({ browsing: 'list' }));
  const isRegistered = useIsRegisteredRoute();
  const nickname = recipient.nickname;
  // Send Pix only once /PixKey exists (never a dead end), and only to a recipient with a key.
  const canSend = recipient.recipientType === 'Pix' && !!recipient.key && isRegistered(PIX_KEY_ROUTE);
  if (mode === 'pick') {
    return (
      <Button
        variant="secondary"
        aria-label={t('RECIPIENTS.PICK_ITEM', { nickname })}
        disabled={!browsing}
        onClick={() => onPick?.(recipient)}
      >
        {t('RECIPIENTS.PICK')}
      </Button>
    );
  }
  return (
    <BookRowActions
      editLabel={t('RECIPIENTS.EDIT_ITEM', { nickname })}
      deleteLabel={t('RECIPIENTS.DELETE_ITEM', { nickname })}
      disabled={!browsing}
      onEdit={() => actor.send({ type: 'recipient.edit', idRecipient: recipient.idRecipient })}
      onDelete={() => actor.send({ type: 'recipient.delete', idRecipient: recipient.idRecipient })}
    >
      {canSend && (
        <Button
          aria-label={t('PIX_RECIPIENTS.SEND_ITEM', { nickname })}
          disabled={!browsing}
          onClick={() => actor.send({ type: 'recipient.send', idRecipient: recipient.idRecipient })}
        >
          {t('PIX_RECIPIENTS.SEND')}
        </Button>
      )}
    </BookRowActions>
  );
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
  const tableId = useId();
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

  const typeLabel = (r: Recipient) => t(`RECIPIENTS.TYPES.${r.recipientType}`);
  const bankOf = (r: Recipient) => (r.bankCode ? `${r.bankCode} - ${r.bankName ?? ''}` : '-');
  const documentOf = (r: Recipient) => (r.cpfCnpj ? maskTaxId(r.cpfCnpj) : '-');
  const favoredOf = (r: Recipient) => t(isFavored(r) ? 'RECIPIENTS.YES' : 'RECIPIENTS.NO');
  const keyTypeLabel = (r: Recipient) => {
    const type = keyTypeOfRecipient(r);
    return type ? t(`PIX_KEYS.TYPES.${type}`) : '-';
  };

  const sortHeader = (id: RecipientSortField, key: string) => {
    const active = query.fieldToSort === id;
    const ariaSort = active ? (query.direction === 0 ? 'ascending' : 'descending') : undefined;
    const next = active && query.direction === 0 ? 1 : 0;
    return (
      <th key={id} scope="col" aria-sort={ariaSort}>
        <SortButton
          type="button"
          disabled={!browsing}
          onClick={() => actor.send({ type: 'query.change', fieldToSort: id, direction: next })}
        >
          {t(key)}
          {active && (
            <Icon name={query.direction === 0 ? 'expandLess' : 'expandMore'} size={18} aria-hidden="true" />
          )}
        </SortButton>
      </th>
    );
  };

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
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
        {showRows && cards && pix && (
          <Cards aria-label={text('RECIPIENTS.LIST_LABEL')}>
            {recipients.map((r) => (
              <CardItem key={r.idRecipient}>
                <Heading>{r.nickname}</Heading>
                <dl>
                  <dt>{t('PIX_RECIPIENTS.COLUMNS.TYPE')}</dt>
                  <dd>{keyTypeLabel(r)}</dd>
                  <dt>{t('PIX_RECIPIENTS.COLUMNS.KEY')}</dt>
                  <dd>{displayPixKey(r.key)}</dd>
                </dl>
                <Actions actor={actor} recipient={r} mode={mode} onPick={onPick} />
              </CardItem>
            ))}
          </Cards>
        )}
        {showRows && !cards && pix && (
          <TableWrap>
            <Table id={tableId} aria-label={t('PIX_RECIPIENTS.LIST_LABEL')}>
              <thead>
                <tr>
                  <th scope="col">{t('PIX_RECIPIENTS.COLUMNS.TYPE')}</th>
                  {PIX_SORTABLE.map((c) => sortHeader(c.id, c.key))}
                  <th scope="col">{t('PIX_RECIPIENTS.COLUMNS.ACTIONS')}</th>
                </tr>
              </thead>
              <tbody>
                {recipients.map((r) => (
                  <tr key={r.idRecipient}>
                    <td>{keyTypeLabel(r)}</td>
                    <td>{r.nickname}</td>
                    <td>{displayPixKey(r.key)}</td>
                    <td>
                      <Actions actor={actor} recipient={r} mode={mode} onPick={onPick} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableWrap>
        )}
        {showRows && cards && !pix && (
          <Cards aria-label={t('RECIPIENTS.LIST_LABEL')}>
            {recipients.map((r) => (
              <CardItem key={r.idRecipient}>
                <Heading>{r.nickname}</Heading>
                <dl>
                  <dt>{t('RECIPIENTS.COLUMNS.TYPE')}</dt>
                  <dd>{typeLabel(r)}</dd>
                  <dt>{t('RECIPIENTS.COLUMNS.BANK')}</dt>
                  <dd>{bankOf(r)}</dd>
                  <dt>{t('RECIPIENTS.COLUMNS.ACCOUNT')}</dt>
                  <dd>{accountOf(r)}</dd>
                  <dt>{t('RECIPIENTS.COLUMNS.DOCUMENT')}</dt>
                  <dd>{documentOf(r)}</dd>
                  <dt>{t('RECIPIENTS.COLUMNS.FAVORED')}</dt>
                  <dd>{favoredOf(r)}</dd>
                </dl>
                <Actions actor={actor} recipient={r} mode={mode} onPick={onPick} />
              </CardItem>
            ))}
          </Cards>
        )}
        {showRows && !cards && !pix && (
          <TableWrap>
            <Table id={tableId} aria-label={t('RECIPIENTS.LIST_LABEL')}>
              <thead>
                <tr>
                  {SORTABLE.map((c) => sortHeader(c.id, c.key))}
                  <th scope="col">{t('RECIPIENTS.COLUMNS.FAVORED')}</th>
                  <th scope="col">{t('RECIPIENTS.COLUMNS.ACTIONS')}</th>
                </tr>
              </thead>
              <tbody>
                {recipients.map((r) => (
                  <tr key={r.idRecipient}>
                    <td>{typeLabel(r)}</td>
                    <td>{r.nickname}</td>
                    <td>{bankOf(r)}</td>
                    <td>{accountOf(r)}</td>
                    <td>{documentOf(r)}</td>
                    <td>{favoredOf(r)}</td>
                    <td>
                      <Actions actor={actor} recipient={r} mode={mode} onPick={onPick} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableWrap>
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
