/** Per-page state of the e2e helpers: one value per Playwright page, dropped with the page. */
import type { Page } from '@playwright/test';

/** Every per-page map, so that forgetPage can empty them all. */
const registries: WeakMap<Page, unknown>[] = [];

/**
 * Forgets every per-page value of `page`: a tab reused by the next test (e2e/support/reused-page.ts)
 * starts with a new call gate, reshaper, notes and session, as a new page would.
 */
export function forgetPage(page: Page): void {
  for (const all of registries) all.delete(page);
}

/** A getter of one `T` per page, made on first use and dropped with the page (or forgetPage). */
export function perPage<T>(make: (page: Page) => T): (page: Page) => T {
  const all = new WeakMap<Page, T>();
  registries.push(all);
  return (page) => {
    let value = all.get(page);
    if (value === undefined) {
      value = make(page);
      all.set(page, value);
    }
    return value;
  };
}

/** The list under `key` of a map of lists, created empty on first use. */
export function listIn<T>(map: Map<string, T[]>, key: string): T[] {
  let list = map.get(key);
  if (!list) {
    list = [];
    map.set(key, list);
  }
  return list;
}
