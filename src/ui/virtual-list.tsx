import type { Key, ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing } from './global-style';
import { useWindowing } from './windowing';

export interface VirtualListProps<T> {
  items: readonly T[];
  /** Fixed height of every row, in px. */
  rowHeight: number;
  /** Height of the list viewport, in px. */
  height: number;
  renderItem: (item: T, index: number) => ReactNode;
  getKey: (item: T, index: number) => Key;
  /** Names the list (it is focusable so it can be scrolled with the keyboard). */
  'aria-label': string;
  overscan?: number;
}

export const Viewport = styled.div`
  position: relative;
  overflow-y: auto;
  background: ${({ theme }) => theme.color.surface};
  ${focusRing}
`;

export const Spacer = styled.div`
  position: relative;
  width: 100%;
`;

const Row = styled.div`
  position: absolute;
  left: 0;
  right: 0;
  display: flex;
  align-items: center;
  border-bottom: 1px solid ${({ theme }) => theme.color.divider};
`;

/** A long list that mounts only the rows in view; the list itself takes focus for keyboard scrolling. */
export function VirtualList<T>({
  items,
  rowHeight,
  height,
  renderItem,
  getKey,
  overscan,
  ...aria
}: VirtualListProps<T>) {
  const w = useWindowing({ count: items.length, rowHeight, height, overscan });
  const rows: ReactNode[] = [];
  for (let i = w.start; i < w.end; i += 1) {
    const item = items[i] as T;
    rows.push(
      <Row
        key={getKey(item, i)}
        role="listitem"
        aria-setsize={items.length}
        aria-posinset={i + 1}
        style={{ top: i * rowHeight, height: rowHeight }}
      >
        {renderItem(item, i)}
      </Row>,
    );
  }
  return (
    <Viewport
      ref={w.ref}
      role="list"
      aria-label={aria['aria-label']}
      tabIndex={0}
      style={{ height }}
      onScroll={w.onScroll}
      onKeyDown={w.onKeyDown}
    >
      <Spacer style={{ height: w.totalHeight }}>{rows}</Spacer>
    </Viewport>
  );
}
