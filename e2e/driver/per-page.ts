/** Per-page state of the e2e helpers: one value per Playwright page, dropped with the page. */
import type { Page } from '@playwright/test';

/** A getter of one `T` per page, made on first use and dropped with the page. */
export function perPage<T>(make: (page: Page) => T): (page: Page) => T {
  const all = new WeakMap<Page, T>();
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
