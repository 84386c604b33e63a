/**
 * An error put where the eye and the focus are (issue 32: on a phone a TED's refusal sat 257 px
 * above the visible area, with focus on <body>). When it appears (and again when `showKey`
 * changes), it is scrolled into the middle of the view and takes focus, so a screen reader reads
 * it and the phone shows it; it is announced (role alert) as well. Used for a refusal that returns
 * to a form after a dialog closed (nothing else holds focus then) and for a blocked confirmation.
 */
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import styled from 'styled-components';

const Box = styled.div`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dangerSoft};
  color: ${({ theme }) => theme.color.danger};
  scroll-margin: ${({ theme }) => theme.space(6)};
  & p {
    margin: 0;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

/** Moves the view and the focus to `ref` when it mounts and whenever `showKey` changes. */
export function useShowAndFocus(ref: RefObject<HTMLElement | null>, showKey: unknown): void {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // jsdom has no layout: scrollIntoView is absent there.
    el.scrollIntoView?.({ block: 'center' });
    el.focus({ preventScroll: true });
  }, [ref, showKey]);
}

/** An error shown in view and focused when it appears (see the file's comment). */
export function FocusedAlert({ children, showKey }: { children: ReactNode; showKey?: unknown }) {
  const ref = useRef<HTMLDivElement>(null);
  useShowAndFocus(ref, showKey);
  return (
    <Box ref={ref} role="alert" tabIndex={-1}>
      <p>{children}</p>
    </Box>
  );
}
