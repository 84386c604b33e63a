/**
 * The portal's list grid and its pager (issue 25): the MED list, the key claims, the scheduled Pix
 * and the deposit boletos were four copies of one view. A table on wide screens (a caption for
 * screen readers, one header per column, amounts aligned to the end); from 360 px up to the phone
 * breakpoint each row is a card (`ul` > `li`, named by the caption) so nothing scrolls sideways.
 * The area says it is loading (`aria-busy`, the loading text), or that there is nothing to list,
 * and is a polite live region so the new rows of a page are announced.
 *
 * The pager is a `nav` named by the area: the optional page size, the page status (a polite live
 * region: 'Página 2 de 3'), Anterior, one button per page (the current one `aria-current="page"`;
 * left out with `numbered={false}`, for a list walked one page at a time) and Próxima, all plain
 * buttons reached with Tab. Its texts are the area's own keys under `ns`
 * (PAGER, PAGE_OF, PAGE_N, PREVIOUS, NEXT, PAGE_SIZE), since each says what it counts.
 * The machines behind it share machines/kernel/paged-grid-states.ts. The trusted devices
 * (/DeviceList) draw their list here too, paged in memory with Anterior and Próxima only.
 */
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { media, QUERIES, useMediaQuery } from './breakpoints';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { Select } from './select';
import { VisuallyHidden } from './visually-hidden';

/** One column of the table. */
export interface GridColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** An amount: aligned to the end and never broken. */
  amount?: boolean;
}

export interface PagedGridProps<T> {
  /** The table's caption and the cards' name. */
  caption: string;
  columns: readonly GridColumn<T>[];
  /** The rows of the page shown. */
  rows: readonly T[];
  getKey: (row: T) => Key;
  /** A row as a phone's card (its lines in `p`). */
  card: (row: T) => ReactNode;
  loading: boolean;
  loadingText: string;
  /** Shown when the list loaded with no row (not after a failure). */
  emptyText: string;
  failed: boolean;
}

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  & th,
  & td {
    padding: ${({ theme }) => theme.space(3)};
    text-align: start;
    vertical-align: top;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    overflow-wrap: anywhere;
  }
  & th {
    color: ${({ theme }) => theme.color.textMuted};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  & .amount {
    text-align: end;
    white-space: nowrap;
  }
`;

const Cards = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  & > li {
    padding: ${({ theme }) => theme.space(3)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    overflow-wrap: anywhere;
  }
  & p {
    margin: 0 0 ${({ theme }) => theme.space(1)};
  }
`;

/** A row of buttons that wraps (a row's actions, the pager's pages, the page's back). */
export const ButtonRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(4)};
  ${media.phone} {
    flex-direction: column;
    align-items: stretch;
  }
`;

/** The list area: loading, empty, or the page's rows as a table or as cards (see the file's comment). */
export function PagedGrid<T>(p: PagedGridProps<T>) {
  const phone = useMediaQuery(QUERIES.phone);
  const some = !p.loading && p.rows.length > 0;
  return (
    <div aria-busy={p.loading || undefined} aria-live="polite">
      {p.loading && <p>{p.loadingText}</p>}
      {!p.loading && !p.failed && p.rows.length === 0 && <EmptyState title={p.emptyText} />}
      {some && phone && (
        <Cards aria-label={p.caption}>
          {p.rows.map((row) => (
            <li key={p.getKey(row)}>{p.card(row)}</li>
          ))}
        </Cards>
      )}
      {some && !phone && (
        <Table>
          <VisuallyHidden as="caption">{p.caption}</VisuallyHidden>
          <thead>
            <tr>
              {p.columns.map((c) => (
                <th key={c.header} scope="col" className={c.amount ? 'amount' : undefined}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {p.rows.map((row) => (
              <tr key={p.getKey(row)}>
                {p.columns.map((c) => (
                  <td key={c.header} className={c.amount ? 'amount' : undefined}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}

export interface PagerProps {
  /** The area's i18n section with PAGER, PAGE_OF, PAGE_N, PREVIOUS, NEXT (and PAGE_SIZE). */
  ns: string;
  pageNumber: number;
  /** The last page (1 when there is none). */
  pages: number;
  /** How many rows the whole list has. */
  count: number;
  /** The list is not ready: every control is off. */
  disabled: boolean;
  onPage: (pageNumber: number) => void;
  /** One button per page (PAGE_N), or only Anterior and Próxima (`false`). */
  numbered?: boolean;
  /** A page size select, when the area offers one. */
  pageSize?: { value: number; sizes: readonly number[]; onChange: (size: number) => void };
}

/** The pager (see the file's comment). */
export function Pager(p: PagerProps) {
  const { t } = useTranslation();
  const page = (n: number, text: ReactNode, label?: string) => (
    <Button
      key={label ?? String(text)}
      variant={label && n === p.pageNumber ? 'primary' : 'secondary'}
      aria-label={label}
      aria-current={label && n === p.pageNumber ? 'page' : undefined}
      disabled={p.disabled || n < 1 || n > p.pages}
      onClick={() => p.onPage(n)}
    >
      {text}
    </Button>
  );
  const size = p.pageSize;
  return (
    <Nav aria-label={t(`${p.ns}.PAGER`)}>
      {size && (
        <Select
          label={t(`${p.ns}.PAGE_SIZE`)}
          value={String(size.value)}
          disabled={p.disabled}
          onChange={(e) => size.onChange(Number(e.target.value))}
          options={size.sizes.map((n) => ({ value: String(n), label: String(n) }))}
        />
      )}
      <span aria-live="polite" aria-atomic="true">
        {t(`${p.ns}.PAGE_OF`, { page: p.pageNumber, pages: p.pages, count: p.count })}
      </span>
      <ButtonRow>
        {page(p.pageNumber - 1, t(`${p.ns}.PREVIOUS`))}
        {(p.numbered ?? true) &&
          Array.from({ length: p.pages }, (_, i) => i + 1).map((n) =>
            page(n, n, t(`${p.ns}.PAGE_N`, { page: n })),
          )}
        {page(p.pageNumber + 1, t(`${p.ns}.NEXT`))}
      </ButtonRow>
    </Nav>
  );
}
