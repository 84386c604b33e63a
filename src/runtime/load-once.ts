/**
 * A chunk fetched once, after the page that needs it has painted (src/ui/bank-list.ts, the
 * recipient book's dialog): every caller shares one fetch, a failed fetch (offline, a new deploy)
 * is asked again by the next caller, and what arrived is readable at once afterwards.
 */
export interface LoadOnce<T> {
  /** Fetches it, once. */
  load: () => Promise<T>;
  /** What arrived, or undefined before. */
  loaded: () => T | undefined;
  /**
   * Forgets it, as a fresh page would have it: the view tests share one module registry per
   * worker, and each file starts from nothing loaded (tests/setup/views.ts).
   */
  forget: () => void;
}

export function loadOnce<T>(fetch: () => Promise<T>): LoadOnce<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    load: () => {
      if (!pending) {
        pending = fetch().then((v) => (value = v));
        pending.catch(() => (pending = undefined));
      }
      return pending;
    },
    loaded: () => value,
    forget: () => {
      value = undefined;
      pending = undefined;
    },
  };
}
