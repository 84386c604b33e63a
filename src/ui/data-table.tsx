import type { Key, ReactNode } from 'react';
import styled from 'styled-components';
import { Spacer, Viewport } from './virtual-list';
import { useWindowing } from './windowing';

/** One column of a {@link DataTable}. */
export interface Column<T> {
  id: string;
  header: ReactNode;
  cell: (row: T, index: number) => ReactNode;
  /** A CSS grid track ('120px', '2fr'); default '1fr'. */
  width?: string;
  align?: 'start' | 'end' | 'center';
}

export interface DataTableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  getKey: (row: T, index: number) => Key;
  /** Fixed row height, in px. */
  rowHeight: number;
  /** Height of the scrolling body, in px. */
  height: number;
  'aria-label': string;
  overscan?: number;
}

const Grid = styled.div<{ $tracks: string }>`
  display: grid;
  grid-template-columns: ${({ $tracks }) => $tracks};
  align-items: center;
  column-gap: ${({ theme }) => theme.space(3)};
  padding: 0 ${({ theme }) => theme.space(4)};
`;

const HeaderRow = styled(Grid)`
  min-height: 44px;
  font-weight: ${({ theme }) => theme.font.weight.bold};
  border-bottom: 2px solid ${({ theme }) => theme.color.divider};
  background: ${({ theme }) => theme.color.surface};
`;

const BodyRow = styled(Grid)`
  position: absolute;
  left: 0;
  right: 0;
  border-bottom: 1px solid ${({ theme }) => theme.color.divider};
`;

const Cell = styled.div<{ $align: 'start' | 'end' | 'center' }>`
  overflow: hidden;
  text-overflow: ellipsis;
  text-align: ${({ $align }) => $align};
`;

/**
 * A windowed table with ARIA table roles: the header row stays put, the body mounts only the rows
 * in view and can be scrolled with the keyboard. aria-rowcount/aria-rowindex keep the true size.
 */
export function DataTable<T>({
  columns,
  rows,
  getKey,
  rowHeight,
  height,
  overscan,
  ...aria
}: DataTableProps<T>) {
  const w = useWindowing({ count: rows.length, rowHeight, height, overscan });
  const tracks = columns.map((c) => c.width ?? '1fr').join(' ');
  const body: ReactNode[] = [];
  for (let i = w.start; i < w.end; i += 1) {
    const row = rows[i] as T;
    body.push(
      <BodyRow
        key={getKey(row, i)}
        role="row"
        aria-rowindex={i + 2}
        $tracks={tracks}
        style={{ top: i * rowHeight, height: rowHeight }}
      >
        {columns.map((c) => (
          <Cell key={c.id} role="cell" $align={c.align ?? 'start'}>
            {c.cell(row, i)}
          </Cell>
        ))}
      </BodyRow>,
    );
  }
  return (
    <div role="table" aria-label={aria['aria-label']} aria-rowcount={rows.length + 1}>
      <div role="rowgroup">
        <HeaderRow role="row" aria-rowindex={1} $tracks={tracks}>
          {columns.map((c) => (
            <Cell key={c.id} role="columnheader" $align={c.align ?? 'start'}>
              {c.header}
            </Cell>
          ))}
        </HeaderRow>
      </div>
      <Viewport
        ref={w.ref}
        role="rowgroup"
        tabIndex={0}
        style={{ height }}
        onScroll={w.onScroll}
        onKeyDown={w.onKeyDown}
      >
        <Spacer style={{ height: w.totalHeight }}>{body}</Spacer>
      </Viewport>
    </div>
  );
}
