/**
 * The statement list (1-access-shell-statement.md §2 Statement screen): one windowed ARIA table
 * with columns date, history, amount and receipt; each day opens with a date row. Only the rows in
 * view are mounted (the UI kit's fixed-height windowing), so 5,000 entries scroll and filter
 * without long tasks; aria-rowcount and aria-rowindex keep the true size for assistive technology.
 *
 * On phones the same table is drawn as a list of entries: each row shows the description on top
 * (up to two lines), the date and the amount under it, and the receipt button on the right, all
 * within 360 px; the column headers stay for assistive technology only. There the page scrolls the
 * entries (the rows in the viewport are mounted), with no scrolling box inside the page.
 *
 * Credits are plain; debits are red AND carry a minus sign, so colour is never the only cue.
 * Refund credits are tagged 'ESTORNO'. The receipt button appears only where a transaction id
 * exists and the row is not a refund debit.
 */
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { formatBRL } from '../../format/brl';
import { formatDate, formatLongDate } from '../../format/dates';
import { media, QUERIES, TOUCH_TARGET, useMediaQuery } from '../../ui/breakpoints';
import { IconButton } from '../../ui/button';
import { focusRing, visuallyHidden } from '../../ui/global-style';
import { Icon } from '../../ui/icons';
import { useWindowing } from '../../ui/windowing';
import {
  hasReceipt,
  isRefundCredit,
  isReturnedDebit,
  signedAmount,
  type StatementEntry,
  type StatementRow,
} from './statement-rows';

/** Fixed height of every row (date rows included), in px. */
export const ROW_HEIGHT = 56;
/** The same on phones, where an entry takes two lines: description, then date and amount. */
export const PHONE_ROW_HEIGHT = 80;
/** Height of the scrolling body, in px, when the rows do not fit. */
export const LIST_HEIGHT = 480;

/** The receipt column fits its title ('Comprovante' in bold) whole, or its buttons side by side. */
const tracks = (slots: number) =>
  `minmax(96px, 120px) minmax(0, 1fr) minmax(120px, 170px) ${Math.max(136, slots * TOUCH_TARGET + 8)}px`;

const Table = styled.div`
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  overflow: hidden;
`;

/**
 * Three buttons or more leave a phone row too little width for both the date and the amount: the
 * date is then read only by screen readers (the day's row above the entries shows it anyway).
 */
const WIDE_ACTIONS = 3;

/**
 * One row's grid. Every row is its own grid, so the columns are fixed widths: `$slots` is the
 * number of buttons the last column holds at most (the receipt, plus a list's row actions).
 */
const Grid = styled.div<{ $slots: number }>`
  display: grid;
  grid-template-columns: ${({ $slots }) => tracks($slots)};
  align-items: center;
  column-gap: ${({ theme }) => theme.space(3)};
  padding: 0 ${({ theme }) => theme.space(4)};
  ${media.phone} {
    grid-template-columns: minmax(0, 1fr) auto ${({ $slots }) => $slots * TOUCH_TARGET}px;
    grid-template-areas: ${({ $slots }) =>
      $slots >= WIDE_ACTIONS
        ? `'history history receipt' 'amount amount receipt'`
        : `'history history receipt' 'date amount receipt'`};
    column-gap: ${({ theme }) => theme.space(2)};
    row-gap: ${({ theme }) => theme.space(1)};
    padding: 0 ${({ theme }) => theme.space(1)} 0 ${({ theme }) => theme.space(3)};
    align-content: center;
    & > [data-col='date'] {
      grid-area: date;
      color: ${({ theme }) => theme.color.textMuted};
      font-size: ${({ theme }) => theme.font.size.sm};
    }
    & > [data-col='history'] {
      grid-area: history;
    }
    & > [data-col='amount'] {
      grid-area: amount;
    }
    & > [data-col='receipt'] {
      grid-area: receipt;
      display: flex;
      justify-content: flex-end;
    }
    ${({ $slots }) =>
      $slots >= WIDE_ACTIONS &&
      css`
        & > [data-col='date'] {
          ${visuallyHidden}
        }
        & > [data-col='amount'] {
          text-align: start;
        }
      `}
  }
`;

const HeaderRow = styled(Grid)`
  min-height: 44px;
  font-weight: ${({ theme }) => theme.font.weight.bold};
  border-bottom: 2px solid ${({ theme }) => theme.color.divider};
  /* A list of entries needs no column titles on screen; screen readers still get them. */
  ${media.phone} {
    ${visuallyHidden}
  }
`;

const Body = styled.div`
  position: relative;
  overflow-y: auto;
  ${focusRing}
`;

const Spacer = styled.div`
  position: relative;
  width: 100%;
`;

const BodyRow = styled(Grid)`
  position: absolute;
  left: 0;
  right: 0;
  border-bottom: 1px solid ${({ theme }) => theme.color.divider};
`;

const DateRow = styled(BodyRow)`
  background: ${({ theme }) => theme.color.background};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ theme }) => theme.color.textMuted};
  & > div {
    grid-column: 1 / -1;
  }
  & > div::first-letter {
    text-transform: uppercase;
  }
  ${media.phone} {
    grid-template-columns: minmax(0, 1fr);
    grid-template-areas: none;
    & > div {
      white-space: normal;
    }
  }
`;

const Cell = styled.div<{ $align?: 'start' | 'end' | 'center' }>`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  text-align: ${({ $align = 'start' }) => $align};
`;

const History = styled(Cell)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  & > span:first-child {
    overflow: hidden;
    text-overflow: ellipsis;
  }
  /* On a phone the description may take two lines rather than be cut at a few words. */
  ${media.phone} {
    white-space: normal;
    line-height: 1.3;
    /* The tag goes under the description rather than cutting it (issue 32, 360 px). */
    flex-wrap: wrap;
    row-gap: ${({ theme }) => theme.space(1)};
    & > span:first-child {
      flex: 1 1 100%;
      display: -webkit-box;
      -webkit-box-orient: vertical;
      -webkit-line-clamp: 2;
      overflow-wrap: anywhere;
    }
  }
`;

/** The 'ESTORNO' tag of a refund credit. */
export const RefundTag = styled.span`
  flex: none;
  padding: 0 ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.color.primary};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  color: ${({ theme }) => theme.color.primary};
`;

/**
 * An amount: debits in red with their minus sign, credits in the text colour.
 *
 * The spec (§2) shows credits in white: that was a dark theme. On this light theme white text
 * would vanish on the white row, so credits keep the dark text colour (docs/JOURNAL.md, "Credits
 * in dark text").
 */
export const Amount = styled.span<{ $debit: boolean }>`
  font-variant-numeric: tabular-nums;
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ theme, $debit }) => ($debit ? theme.color.debit : theme.color.text)};
`;

export interface StatementTableProps {
  rows: readonly StatementRow[];
  /** Names the table (the period shown). */
  label: string;
  onOpenReceipt: (entry: StatementEntry) => void;
  /**
   * More buttons of a row, after its receipt button (the Pix statement's row actions); keep the
   * function stable (useCallback), rows are memoised.
   */
  rowActions?: (entry: StatementEntry) => ReactNode;
  /** How many buttons a row's last column holds at most (1: the receipt alone). */
  actionSlots?: number;
}

/** The amount as shown: pt-BR currency, with the minus sign of a debit. */
export function formatEntryAmount(entry: Pick<StatementEntry, 'type' | 'amount'>): string {
  return formatBRL(signedAmount(entry));
}

const EntryCells = memo(function EntryCells({
  entry,
  onOpenReceipt,
  rowActions,
}: {
  entry: StatementEntry;
  onOpenReceipt: (entry: StatementEntry) => void;
  rowActions?: (entry: StatementEntry) => ReactNode;
}) {
  const { t } = useTranslation();
  const debit = entry.type === 'D';
  return (
    <>
      <Cell role="cell" data-col="date">
        {formatDate(entry.creditDate) || formatDate(entry.entryDate)}
      </Cell>
      <History role="cell" title={entry.description} data-col="history">
        <span>{entry.description}</span>
        {isRefundCredit(entry) && <RefundTag>{t('STATEMENT_SCREEN.REFUND_TAG')}</RefundTag>}
        {isReturnedDebit(entry) && <RefundTag>{t('STATEMENT_SCREEN.RETURNED_TAG')}</RefundTag>}
      </History>
      <Cell role="cell" $align="end" data-col="amount">
        <Amount $debit={debit} data-kind={debit ? 'debit' : 'credit'}>
          {formatEntryAmount(entry)}
        </Amount>
      </Cell>
      <Cell role="cell" $align="center" data-col="receipt">
        {hasReceipt(entry) && (
          <IconButton
            aria-label={t('STATEMENT_SCREEN.OPEN_RECEIPT', { description: entry.description })}
            tooltip={t('STATEMENT_SCREEN.RECEIPT_TIP')}
            onClick={() => onOpenReceipt(entry)}
          >
            <Icon name="statement" />
          </IconButton>
        )}
        {rowActions?.(entry)}
      </Cell>
    </>
  );
});

/**
 * The list's place while its entries load: the table's frame at the height the list takes when its
 * rows do not fit (the usual case), holding `children` (the loading status). Nothing under it
 * moves when the rows arrive (no layout shift), and the page has its final shape at once. Not an
 * ARIA table: it has no rows yet.
 */
export function StatementTableSkeleton({
  children,
  actionSlots = 1,
}: {
  children: ReactNode;
  actionSlots?: number;
}) {
  const { t } = useTranslation();
  return (
    <Table aria-busy="true" data-statement-skeleton="">
      <HeaderRow aria-hidden="true" $slots={actionSlots}>
        <Cell>{t('STATEMENT_SCREEN.COLUMNS.DATE')}</Cell>
        <Cell>{t('STATEMENT_SCREEN.COLUMNS.HISTORY')}</Cell>
        <Cell $align="end">{t('STATEMENT_SCREEN.COLUMNS.AMOUNT')}</Cell>
        <Cell $align="center">{t('STATEMENT_SCREEN.COLUMNS.RECEIPT')}</Cell>
      </HeaderRow>
      <Body style={{ height: LIST_HEIGHT }}>{children}</Body>
    </Table>
  );
}

/** The windowed table. */
export function StatementTable({
  rows,
  label,
  onOpenReceipt,
  rowActions,
  actionSlots = 1,
}: StatementTableProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery(QUERIES.phone);
  const rowHeight = phone ? PHONE_ROW_HEIGHT : ROW_HEIGHT;
  // On phones the page scrolls the entries: a box of its own inside the page traps the thumb (issue 32).
  const height = phone
    ? Math.max(rows.length, 1) * rowHeight
    : Math.min(LIST_HEIGHT, Math.max(rows.length, 1) * rowHeight);
  const w = useWindowing({
    count: rows.length,
    rowHeight,
    height,
    overscan: 8,
    scroller: phone ? 'window' : 'element',
  });
  const body = [];
  for (let i = w.start; i < w.end; i += 1) {
    const row = rows[i];
    if (!row) continue;
    const style = { top: i * rowHeight, height: rowHeight };
    body.push(
      row.kind === 'date' ? (
        <DateRow key={row.key} role="row" aria-rowindex={i + 2} style={style} $slots={actionSlots}>
          <div role="cell" aria-colspan={4}>
            {row.day ? formatLongDate(row.day) : '-'}
          </div>
        </DateRow>
      ) : (
        <BodyRow
          key={row.key}
          role="row"
          aria-rowindex={i + 2}
          style={style}
          data-entry-row=""
          data-entry-id={row.entry.transactionId}
          $slots={actionSlots}
        >
          <EntryCells entry={row.entry} onOpenReceipt={onOpenReceipt} rowActions={rowActions} />
        </BodyRow>
      ),
    );
  }
  return (
    <Table role="table" aria-label={label} aria-rowcount={rows.length + 1} data-screen-table="">
      <div role="rowgroup">
        <HeaderRow role="row" aria-rowindex={1} $slots={actionSlots}>
          <Cell role="columnheader">{t('STATEMENT_SCREEN.COLUMNS.DATE')}</Cell>
          <Cell role="columnheader">{t('STATEMENT_SCREEN.COLUMNS.HISTORY')}</Cell>
          <Cell role="columnheader" $align="end">
            {t('STATEMENT_SCREEN.COLUMNS.AMOUNT')}
          </Cell>
          <Cell role="columnheader" $align="center">
            {t('STATEMENT_SCREEN.COLUMNS.RECEIPT')}
          </Cell>
        </HeaderRow>
      </div>
      <Body
        ref={w.ref}
        role="rowgroup"
        // A box that scrolls is reached by keyboard; on phones the page scrolls, not the box.
        tabIndex={phone ? undefined : 0}
        style={{ height }}
        onScroll={w.onScroll}
        onKeyDown={w.onKeyDown}
        data-statement-body=""
      >
        <Spacer style={{ height: w.totalHeight }}>{body}</Spacer>
      </Body>
    </Table>
  );
}
