/**
 * The portal's breakpoints and the responsive primitives built on them, so every screen bends at
 * the same widths. Two widths matter:
 *
 * - `phone` (below 600 px): one column, dialogs cover the screen, the side menu is a drawer
 *   opened from the top bar, tables turn into lists of entries. The smallest width supported is
 *   360 px (the narrowest Android phones in common use): nothing may scroll sideways there.
 * - `narrow` (below 900 px): tablets and small windows: the side menu starts collapsed.
 *
 * Styles use `media.phone` inside styled-components templates; components that must render
 * differently (not just style differently) use `useMediaQuery(QUERIES.phone)`.
 */
import { useSyncExternalStore } from 'react';

/** The widths, in px, where the layout changes (the first width of the larger layout). */
export const BREAKPOINTS = { phone: 600, narrow: 900 } as const;

/** Media queries of each layout (max-width is exclusive: 599.98 px keeps 600 px on the larger side). */
export const QUERIES = {
  phone: `(max-width: ${BREAKPOINTS.phone - 0.02}px)`,
  narrow: `(max-width: ${BREAKPOINTS.narrow - 0.02}px)`,
} as const;

/** `@media` prefixes for styled-components templates: `${media.phone} { ... }`. */
export const media = {
  phone: `@media ${QUERIES.phone}`,
  narrow: `@media ${QUERIES.narrow}`,
} as const;

/** The smallest tap target, in px (WCAG 2.5.5 and both platforms' guidelines: 44 px). */
export const TOUCH_TARGET = 44;

/** Whether a media query matches now; false where there is no window (tests without a DOM). */
export function matchesQuery(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query).matches
    : false;
}

/**
 * Whether `query` matches, kept current as the window resizes or the phone turns. Reads through
 * useSyncExternalStore so a resize re-renders once, with no effect flashing the wrong layout.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matchesQuery(query),
    () => false,
  );
}
