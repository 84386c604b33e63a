/**
 * One browser tab per worker for the generated paths (e2e/paths.spec.ts), instead of a new browser
 * context per path (issue 8).
 *
 * A new context costs a path more than its own steps: a new storage partition and renderer
 * process, and the portal's ~60 files fetched and compiled from nothing. Measured on /Pix signed
 * in (12 loads one after another, every process's CPU counted, a quiet 2-core machine): a new
 * context per load 1.46 s of wall and 2.44 s of CPU; the same tab navigated again 0.54 s and
 * 0.53 s (with a Playwright route installed, which turns the HTTP cache off, 0.77 s and 0.95 s:
 * the call gate holds calls in the sandbox instead, e2e/driver/bank-calls.ts).
 *
 * Each path still starts from nothing the previous one left, since every load is a full document
 * load (no JavaScript state survives it) and what a document could keep is cleared between paths:
 * - the tab rests on a blank page of the sandbox's own origin (so the renderer is kept), which
 *   aborts whatever the last path's page had in flight before the next path resets the bank;
 * - session and local storage and the cookies (the portal's trusted-device cookie) are cleared,
 *   and permissions granted by a path are taken back;
 * - routes (a test's own, a held chunk's), init scripts (the injected session, stand-ins for
 *   window.print) and page listeners a path added are removed, and the e2e helpers' per-page state
 *   is forgotten (forgetPage), while the calls the test left held in the sandbox are dropped
 *   (fixtures.ts);
 * - the fake clock is installed again by each path (a new install sets the time to now), and
 *   before any test after one that ran it ahead (fastForward, runFor); a test
 *   that installs it at another time, fixes it or pauses it (install with a time, setFixedTime,
 *   pauseAt) leaves a tab that is not reused, since Playwright cannot take a clock back to the real
 *   one: the next test, which may not install one, would run at that time while the bank runs at
 *   its own (pix-send's device cap after its night cap). setSystemTime is left out: the statement
 *   paths move the page's days with it (bindings/statement.ts), and closing their tab cost each of
 *   them a cold start (statement, receipt and export: 12.6 → 33.5 s of test time for statement).
 *
 * A path that fails closes the context, so the next one starts in a new one; its retry runs in a
 * new context of its own, where Playwright records the trace (`trace: 'on-first-retry'`), exactly
 * as a test with the default `page` fixture.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { forgetPage } from '../driver/per-page';
import { test as base, IDLE_PATH } from './fixtures';

interface Tab {
  /** The context options it was opened with: a test that asks for others gets a new tab. */
  options: BrowserContextOptions;
  key: string;
  context: BrowserContext;
  page: Page;
  /** Init scripts added during the current test, disposed after it. */
  scripts: { dispose: () => Promise<void> }[];
  /** The current test set the fake clock away from the real time: the tab is not reused. */
  clockMoved: boolean;
  /**
   * The fake clock was run ahead of the real time (fastForward, runFor: a path's timer step): the
   * next test gets it installed again, at the real time, before it starts; a test that does not
   * install a clock of its own would otherwise read the time the last one ran to.
   */
  clockAhead: boolean;
}

/** Listeners of the page by event at the start of a test: the ones added after it are removed. */
type Listeners = Map<string | symbol, readonly unknown[]>;

function listenersOf(page: Page): Listeners {
  const emitter = page as unknown as {
    eventNames: () => (string | symbol)[];
    listeners: (e: string | symbol) => unknown[];
  };
  return new Map(emitter.eventNames().map((e) => [e, [...emitter.listeners(e)]]));
}

function removeListenersSince(page: Page, before: Listeners): void {
  const emitter = page as unknown as {
    eventNames: () => (string | symbol)[];
    listeners: (e: string | symbol) => ((...a: unknown[]) => void)[];
    off: (e: string | symbol, l: (...a: unknown[]) => void) => void;
  };
  for (const event of emitter.eventNames()) {
    const kept = before.get(event) ?? [];
    for (const l of emitter.listeners(event)) if (!kept.includes(l)) emitter.off(event, l);
  }
}

async function openTab(browser: Browser, options: BrowserContextOptions): Promise<Tab> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const tab: Tab = {
    options,
    key: JSON.stringify(options),
    context,
    page,
    scripts: [],
    clockMoved: false,
    clockAhead: false,
  };
  // Every init script a path adds is kept so that it can be disposed when the path ends.
  const add = page.addInitScript.bind(page);
  page.addInitScript = (async (...args: Parameters<Page['addInitScript']>) => {
    const script = await add(...args);
    tab.scripts.push(script);
    return script;
  }) as Page['addInitScript'];
  // A clock set to another time stays with the context (there is no uninstall): note it.
  const { clock } = page;
  const install = clock.install.bind(clock);
  clock.install = async (options) => {
    if (options?.time !== undefined) tab.clockMoved = true;
    await install(options);
  };
  for (const name of ['fastForward', 'runFor'] as const) {
    const run = clock[name].bind(clock);
    clock[name] = async (ticks) => {
      tab.clockAhead = true;
      await run(ticks);
    };
  }
  for (const name of ['setFixedTime', 'pauseAt'] as const) {
    const set = clock[name].bind(clock);
    clock[name] = async (time) => {
      tab.clockMoved = true;
      await set(time);
    };
  }
  return tab;
}

/** Back to a blank page of the origin, with nothing the last test left. */
async function clean(tab: Tab, before: Listeners): Promise<void> {
  const { page, context } = tab;
  for (const other of context.pages()) if (other !== page) await other.close();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  for (const script of tab.scripts.splice(0)) await script.dispose();
  removeListenersSince(page, before);
  forgetPage(page);
  await page.goto(IDLE_PATH);
  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  await page.emulateMedia({ media: null });
  await context.clearCookies();
  await context.clearPermissions();
  // The permissions the test's options grant, as a new context would have them.
  const { permissions } = tab.options;
  if (permissions?.length) await context.grantPermissions(permissions);
}

export const test = base.extend<object, { tabOfWorker: { tab?: Tab } }>({
  tabOfWorker: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter.
    async ({}, use) => {
      const holder: { tab?: Tab } = {};
      await use(holder);
      await holder.tab?.context.close();
    },
    { scope: 'worker' },
  ],
  page: async (
    {
      tabOfWorker,
      browser,
      baseURL,
      locale,
      timezoneId,
      viewport,
      userAgent,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      acceptDownloads,
      javaScriptEnabled,
      permissions,
    },
    use,
    testInfo,
  ) => {
    const options: BrowserContextOptions = {
      baseURL,
      locale,
      timezoneId,
      viewport,
      userAgent,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      acceptDownloads,
      javaScriptEnabled,
      permissions,
    };
    if (testInfo.retry > 0) {
      // The retry of a failure: a context of its own, traced by Playwright.
      const context = await browser.newContext(options);
      await use(await context.newPage());
      await context.close();
      return;
    }
    if (tabOfWorker.tab && tabOfWorker.tab.key !== JSON.stringify(options)) {
      await tabOfWorker.tab.context.close();
      tabOfWorker.tab = undefined;
    }
    tabOfWorker.tab ??= await openTab(browser, options);
    const tab = tabOfWorker.tab;
    if (tab.clockAhead) {
      await tab.page.clock.install();
      tab.clockAhead = false;
    }
    if (viewport) await tab.page.setViewportSize(viewport);
    const before = listenersOf(tab.page);
    await use(tab.page);
    if (testInfo.status !== testInfo.expectedStatus || tab.clockMoved) {
      tabOfWorker.tab = undefined;
      await tab.context.close();
      return;
    }
    try {
      await clean(tab, before);
    } catch {
      // A tab that cannot be cleaned is not reused: the next test opens a new one.
      tabOfWorker.tab = undefined;
      await tab.context.close().catch(() => undefined);
    }
  },
});

export { expect } from './fixtures';
