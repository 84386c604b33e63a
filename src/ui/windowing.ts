import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
  type UIEvent,
} from 'react';

export interface WindowingOptions {
  /** Number of rows. */
  count: number;
  /** Fixed height of every row, in px. */
  rowHeight: number;
  /** Height of the scrolling viewport, in px. */
  height: number;
  /** Rows rendered above and below the visible ones. */
  overscan?: number;
  /**
   * Who scrolls the rows: the element itself (a box of `height`), or the page (`'window'`: the
   * element is as tall as its rows and the rows in the browser's viewport are mounted). Phones use
   * the page, so no box inside it traps the scroll (issue 32).
   */
  scroller?: 'element' | 'window';
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
export function useWindowing({
  count,
  rowHeight,
  height: boxHeight,
  overscan = 6,
  scroller = 'element',
}: WindowingOptions): Windowing {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const byWindow = scroller === 'window';
  const [viewport, setViewport] = useState(() => (typeof window === 'undefined' ? 0 : window.innerHeight));
  // The page scrolls the rows: what is scrolled past is how far the element's top is above the viewport's.
  useEffect(() => {
    if (!byWindow) return undefined;
    const update = () => {
      const el = ref.current;
      if (!el) return;
      setScrollTop(Math.max(0, -el.getBoundingClientRect().top));
      setViewport(window.innerHeight);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [byWindow]);
  const height = byWindow ? viewport : boxHeight;
  const totalHeight = count * rowHeight;
  const maxTop = Math.max(0, totalHeight - height);
  const top = Math.min(scrollTop, maxTop);
  const start = Math.max(0, Math.floor(top / rowHeight) - overscan);
  const end = Math.min(count, Math.ceil((top + height) / rowHeight) + overscan);

  const scrollTo = useCallback(
    (next: number) => {
      const clamped = Math.min(Math.max(0, next), maxTop);
      if (byWindow && ref.current) {
        window.scrollTo({ top: window.scrollY + ref.current.getBoundingClientRect().top + clamped });
      } else if (ref.current) ref.current.scrollTop = clamped;
      setScrollTop(clamped);
    },
    [maxTop, byWindow],
  );

  const onScroll = useCallback(
    (event: UIEvent<HTMLDivElement>) => {
      if (!byWindow) setScrollTop(event.currentTarget.scrollTop);
    },
    [byWindow],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      // The page's own keys scroll it when the page holds the rows.
      if (byWindow || event.target !== event.currentTarget) return;
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
    [byWindow, top, rowHeight, height, maxTop, scrollTo],
  );

  return { start, end, totalHeight, ref, onScroll, onKeyDown, scrollTo };
}
