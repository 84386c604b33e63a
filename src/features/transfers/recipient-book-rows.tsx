/**
 * The rows of one page of the recipient book (src/features/transfers/recipient-book.tsx): the
 * sortable grid, or below the phone breakpoint and in the transfer screens' pick dialog a card per
 * recipient with the same data, each for the TED book (type, nickname, bank, account, document,
 * favored) and the Pix book (key type, nickname, key); the row's buttons (edit, delete, send Pix;
 * choose in the pick dialog) and how a cell shows a key, an account, a bank and a document.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { isFavored } from '../../../machines/transfers/recipient-mapping';
import type {
  Recipient,
  RecipientSortField,
  recipientBookMachine,
} from '../../../machines/transfers/recipient-book.machine';
import { dictKeyTypeOf } from '../../../machines/validators/pix-key';
import { useIsRegisteredRoute } from '../../shell/registered-routes';
import { maskTaxId } from '../../format/masks';
import { formatPixKey } from '../../format/pix-key';
import { TOUCH_TARGET } from '../../ui/breakpoints';
import { Button } from '../../ui/button';
import { BookRowActions } from '../../ui/book-view';
import { Icon } from '../../ui/icons';

/** The running recipient book. */
export type RecipientBookActor = ActorRefFrom<typeof recipientBookMachine>;

/** The route of send by key, opened with a Pix recipient (3-pix-part-one.md §2 Send by key). */
export const PIX_KEY_ROUTE = '/PixKey';

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

/** The rows of the page shown: cards or the grid, of the Pix book or the TED book. */
export function RecipientRows({
  actor,
  mode,
  headingLevel,
  cards,
  onPick,
}: {
  actor: RecipientBookActor;
  mode: 'manage' | 'pick';
  headingLevel: 2 | 3;
  /** A card per recipient (phones, the pick dialog) instead of the grid. */
  cards: boolean;
  onPick?: (recipient: Recipient) => void;
}) {
  const { t } = useTranslation();
  const tableId = useId();
  const browsing = useSelector(actor, (s) => s.matches('browsing'));
  const recipients = useSelector(actor, (s) => s.context.recipients);
  const query = useSelector(actor, (s) => s.context.query);
  const pix = useSelector(actor, (s) => s.context.query.pixOnly);
  const text = (key: string) => t(pix ? `PIX_${key}` : key);

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
  return (
    <>
      {cards && pix && (
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
      {!cards && pix && (
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
      {cards && !pix && (
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
      {!cards && !pix && (
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
    </>
  );
}
