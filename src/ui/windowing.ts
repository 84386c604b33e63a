import { useCallback, useRef, useState, type KeyboardEvent, type RefObject, type UIEvent } from 'react';

export interface WindowingOptions {
  /** Number of rows. */
  count: number;
  /** Fixed height of every row, in px. */
  rowHeight: number;
  /** Height of the scrolling viewport, in px. */
  height: number;
  /** Rows rendered above and below the visible ones. */
  overscan?: number;
}

/** The slice of rows to render and the handlers of the scrolling element. */
export interface Windowing {
  /** First rendered row (inclusive) and last (exclusive). */
  start: number;
  end: number;
  totalHeight: number;
  ref: RefObject<HTMLDivElement | null>;
  onScroll: (event: UIEvent<HTMLDivElement>) => void;
  /** Arrow keys move a row, Page keys a viewport, Home/End to the ends. */
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  scrollTo: (top: number) => void;
}

/**
 * Fixed-height windowing: only the rows in view (plus `overscan`) are mounted, so a 5,000-entry
 * statement scrolls without long tasks. Pure arithmetic, no measuring: works the same in jsdom.
 */
export function useWindowing({ count, rowHeight, height, overscan = 6 }: WindowingOptions): Windowing {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const totalHeight = count * rowHeight;
  const maxTop = Math.max(0, totalHeight - height);
  const top = Math.min(scrollTop, maxTop);
  const start = Math.max(0, Math.floor(top / rowHeight) - overscan);
  const end = Math.min(count, Math.ceil((top + height) / rowHeight) + overscan);

  const scrollTo = useCallback(
    (next: number) => {
      const clamped = Math.min(Math.max(0, next), maxTop);
      if (ref.current) ref.current.scrollTop = clamped;
      setScrollTop(clamped);
    },
    [maxTop],
  );

  const onScroll = useCallback(
    (event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop),
    [],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.target !== event.currentTarget) return;
      const moves: Record<string, number> = {
        ArrowDown: top + rowHeight,
        ArrowUp: top - rowHeight,
        PageDown: top + height,
        PageUp: top - height,
        Home: 0,
        End: maxTop,
      };
      const next = moves[event.key];
      if (next === undefined) return;
      event.preventDefault();
      scrollTo(next);
    },
    [top, rowHeight, height, maxTop, scrollTo],
  );

  return { start, end, totalHeight, ref, onScroll, onKeyDown, scrollTo };
}
