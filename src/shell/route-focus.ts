import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/** How long to wait for a lazily loaded page's h1 before giving up. */
const WAIT_FOR_HEADING_MS = 10_000;

/**
 * Calls `found` with the page's h1 (inside <main>) as soon as it exists: at once, or when a lazy
 * page finishes loading. Returns a function that stops waiting.
 */
export function whenHeadingReady(
  found: (h1: HTMLElement) => void,
  timeoutMs = WAIT_FOR_HEADING_MS,
): () => void {
  const find = () => document.querySelector<HTMLElement>('main h1');
  const now = find();
  if (now) {
    found(now);
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const h1 = find();
    if (!h1) return;
    stop();
    found(h1);
  });
  const timer = setTimeout(() => stop(), timeoutMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * After each navigation, moves focus to the new page's h1 so screen readers announce it, and names
 * the tab after it ('Extrato – Conta Digital'). The first load keeps the browser's focus (the skip
 * link stays the first tab stop) but still sets the title.
 */
export function useRouteFocus(productName: string): void {
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const focus = !first.current;
    first.current = false;
    return whenHeadingReady((h1) => {
      const text = h1.textContent?.trim();
      document.title = text ? `${text} – ${productName}` : productName;
      if (!focus) return;
      if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1');
      h1.focus();
    });
  }, [location, productName]);
}
