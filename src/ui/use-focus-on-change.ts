import { useEffect, useRef, type RefObject } from 'react';

/**
 * Moves focus to `target` each time `key` changes after the first render: a wizard's step heading
 * when the step changes (issue 32: focus fell to <body> after each top-up step, since the button
 * pressed left with its step). The target is made focusable by the caller (`tabIndex={-1}`).
 * On the first render focus is left where the page put it.
 */
export function useFocusOnChange(key: unknown, target: RefObject<HTMLElement | null>): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    target.current?.focus();
  }, [key, target]);
}
