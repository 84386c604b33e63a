/**
 * E2E bindings of the statement screen's entries (/Statement; machines/statement/statement.machine.ts,
 * src/features/statement/statement-page.tsx and period-filter.tsx), and what the four bindings of
 * the statement area share (account-summary.ts, receipt.ts and statement-export.ts import it):
 *
 * - texts: the pt-BR statement catalogue (statement.json), which support.ts does not load;
 * - dates: the fixtures are written for FIXTURE_TODAY (2026-05-20) while the sandbox seeds Maria's
 *   history back from the real today; the page lives PAGE_DAYS_BACK days before it (its clock is
 *   set back) and every fixture day is moved by the same number of days to the page's today (a
 *   refused period stays refused for the same rule, a valid one lands in the seeded history);
 *   months move by whole months, except those before January 2020, which stay as written;
 * - the outcomes of the area's calls through the one call gate (e2e/driver/call-gate.ts).
 *
 * A state of this area may be re-entered while its call is pending (period.select during
 * 'Carregando extrato' aborts the previous load and starts another), and the busy states of the
 * dialogs wait for lazily loaded chunks rather than calls. So:
 *   - a busy state's assertion waits until its call (or chunk) is held at the gate (`waitHeld`);
 *   - the assertion of any other state first lets go whatever is held (`settle`): the calls the
 *     page itself aborted are dropped, older live ones pass, and the newest gets the next plan
 *     armed by the path's outcome (`viaGate`: pass, a sandbox fault posted at that moment,
 *     offline, or a period rewrite). Faults are posted at release, not when armed, so a
 *     superseded call never eats them.
 */
import type { OperationId } from '../driver/operations';
import { expect, type Locator, type Page } from '@playwright/test';
import { statementFlow as statementEntry } from '../../machines/statement/statement.fixtures';
import { FIXTURE_TODAY } from '../../machines/statement/sample-data';
import { MIN_STATEMENT_MONTH, validateCustomPeriod, validateMonth } from '../../machines/validators/period';
import { defineBindings, type PlaywrightContext } from '../driver/path-driver';
import { defineResource, holdCalls, planCall, settle, waitHeld, type GatedName } from '../driver/call-gate';
import { saoPauloToday, typedDate } from '../support/dates';
import {
  DEMO,
  anyOf,
  button,
  literal,
  notes,
  startSignedIn,
  t,
  type BoundFlow,
  textKey,
  type TextKey,
  viaGate as gatePlans,
} from './support';

/** The catalogue texts a failed statement call may show (§8: 500 with the server's text, no connection, others). */
export const CALL_ERROR = (): RegExp =>
  anyOf('ERRORS.INTERNAL', 'ERRORS.NETWORK', 'ERRORS.UNEXPECTED', 'ERRORS.TIMEOUT');

// ───────────────────────────── dates ─────────────────────────────

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MONTH = /^\d{4}-\d{2}$/;

/**
 * How many days before the real today the page lives. Maria's seed puts a movement on fixed days
 * before the sandbox's reset (a top-up 3 days back, a bill 5 days back, a TED 15 days back...), but
 * the real today's movements depend on the hour (those later than the reset are not there). Three
 * days back, every period of the fixtures has movements, the last day included; the machine takes
 * `today` as an input for this very reason (guards never read the clock).
 */
export const PAGE_DAYS_BACK = 3;

/** The page's today (YYYY-MM-DD): PAGE_DAYS_BACK days before the real one. */
export function today(): string {
  return addDays(saoPauloToday(), -PAGE_DAYS_BACK);
}

/** Sets the page's clock PAGE_DAYS_BACK days back (before the portal's first script runs). */
export async function pageClockBack(page: Page): Promise<void> {
  await page.clock.setSystemTime(new Date(Date.now() - PAGE_DAYS_BACK * 86_400_000));
}

/** Whole days since 1970-01-01 of a calendar day, and back. */
const dayNumber = (day: string): number => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
const fromDayNumber = (n: number): string => new Date(n * 86_400_000).toISOString().slice(0, 10);

/** `day` plus `n` days. */
export function addDays(day: string, n: number): string {
  return fromDayNumber(dayNumber(day) + n);
}

/** A fixture day (relative to FIXTURE_TODAY) moved to the real today; '' and malformed values stay. */
export function shiftDay(day: string): string {
  if (!ISO_DAY.test(day)) return day;
  return addDays(today(), dayNumber(day) - dayNumber(FIXTURE_TODAY));
}

const monthNumber = (m: string): number => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
const fromMonthNumber = (n: number): string =>
  `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;

/** A fixture month moved to the real today's month; months before January 2020 keep their meaning as written. */
export function shiftMonth(month: string): string {
  if (!ISO_MONTH.test(month) || month < MIN_STATEMENT_MONTH) return month;
  return fromMonthNumber(monthNumber(today()) + monthNumber(month) - monthNumber(FIXTURE_TODAY));
}

/** A week before Maria's seeded history (120 days back from the sandbox's reset): the bank has no movement there. */
export const BEFORE_HISTORY = { start: '2020-01-01', ending: '2020-01-07' } as const;

// ───────────────────────────── the area's lazily loaded writers ─────────────────────────────

// Besides the contract's operations, the area's busy states wait for lazily loaded writers
// (chunks, not calls), which the one call gate holds under these names.
/** The receipt's PDF writer (receipt-pdf.ts, which then loads jspdf). */
defineResource('receiptPdf', { method: 'GET', path: /^\/assets\/receipt-pdf-[\w-]+\.js$/ });
/** The export's writers (src/export/{xlsx,pdf,ofx}-writer.ts). */
defineResource('exportWriter', { method: 'GET', path: /^\/assets\/(?:xlsx|pdf|ofx)-writer-[\w-]+\.js$/ });

/** The gate's outcome plans (support.ts), and the statement's own: a period with no movement. */
export const viaGate = {
  ...gatePlans,
  /** The call asks the sandbox for a week before Maria's history, which has no movement. */
  beforeHistory: (op: OperationId) => ({
    arrange: async ({ page }: PlaywrightContext) => planCall(page, op, { query: { ...BEFORE_HISTORY } }),
  }),
};

// ───────────────────────────── the screen ─────────────────────────────

/** Opens /Statement signed in as Maria, the call gate holding `ops`. */
export async function openStatement(ctx: PlaywrightContext, ...ops: GatedName[]): Promise<void> {
  await holdCalls(ctx.page, ...ops);
  await pageClockBack(ctx.page);
  await startSignedIn(ctx.page, DEMO.maria, { route: '/Statement', waitFor: 'nothing' });
  await expect(ctx.page.getByRole('heading', { name: t('STATEMENT_SCREEN.TITLE'), level: 1 })).toBeVisible();
}

export const periodSelect = (page: Page): Locator =>
  page.getByRole('combobox', { name: t('STATEMENT_SCREEN.PERIOD.LABEL') });
export const monthPicker = (page: Page): Locator =>
  page.getByLabel(t('STATEMENT_SCREEN.PERIOD.MONTH_PICKER'), { exact: true });
export const searchBox = (page: Page): Locator =>
  page.getByRole('searchbox', { name: t('STATEMENT_SCREEN.SEARCH.LABEL') });
export const customForm = (page: Page): Locator =>
  page.getByRole('form', { name: t('STATEMENT_SCREEN.PERIOD.CUSTOM') });
export const entriesTable = (page: Page): Locator => page.getByRole('table', { name: /^Lançamentos de / });
export const entryRows = (page: Page): Locator => entriesTable(page).locator('[data-entry-row]');
const loadingStatus = (page: Page): Locator =>
  page.getByRole('status').filter({ hasText: t('STATEMENT_SCREEN.LOADING') });
const emptyText = (page: Page): Locator => page.getByText(t('STATEMENT_SCREEN.EMPTY'), { exact: true });
const failure = (page: Page): Locator =>
  page.getByRole('alert').filter({ hasText: literal(t('STATEMENT_SCREEN.UNAVAILABLE')) });
/** The retry next to the list's failure (the header has its own). */
const listRetry = (page: Page): Locator =>
  failure(page)
    .locator('xpath=..')
    .getByRole('button', { name: t('STATEMENT_SCREEN.RETRY') });

/** Applies a custom period in the screen's form (the select set to Personalizado first). */
export async function applyCustomPeriod(page: Page, start: string, end: string): Promise<void> {
  if ((await periodSelect(page).inputValue()) !== 'custom') await periodSelect(page).selectOption('custom');
  await customForm(page)
    .getByLabel(t('STATEMENT_SCREEN.PERIOD.START'), { exact: true })
    .fill(typedDate(start));
  await customForm(page).getByLabel(t('STATEMENT_SCREEN.PERIOD.END'), { exact: true }).fill(typedDate(end));
  await button(customForm(page), t('STATEMENT_SCREEN.PERIOD.APPLY')).click();
}

/** Nothing else of the list's states shows. */
async function onlyState(page: Page, keep: 'loading' | 'listed' | 'empty' | 'failed'): Promise<void> {
  if (keep !== 'loading') await expect(loadingStatus(page)).toHaveCount(0);
  if (keep !== 'failed') await expect(failure(page)).toHaveCount(0);
  if (keep !== 'listed') await expect(entriesTable(page)).toHaveCount(0);
}

const SEARCH_NOTE = 'statement.search';

/** The refusals of a custom period (§5). */
const CUSTOM_REFUSALS: TextKey[] = [
  'STATEMENT_EXPORT.START_END_DATE',
  'STATEMENT_EXPORT.WRONG_PERIOD',
  'STATEMENT_EXPORT.INVALID_DATE_START',
];

const statementBindings = defineBindings(statementEntry, {
  start: (ctx) => openStatement(ctx, 'getStatement'),
  states: {
    'entries.loading': async ({ page }) => {
      await expect(loadingStatus(page)).toBeVisible();
      await onlyState(page, 'loading');
      await expect(periodSelect(page)).toBeEnabled();
      await waitHeld(page, 'getStatement');
    },
    'entries.listed': async ({ page }) => {
      await settle(page, 'getStatement');
      await onlyState(page, 'listed');
      const search = notes(page).get(SEARCH_NOTE) ?? '';
      if (search.trim() === '') {
        await expect(entryRows(page).first()).toBeVisible();
        await expect(page.getByText(/^\d+ lançamentos?$/)).toBeVisible();
        await expect(emptyText(page)).toHaveCount(0);
      } else {
        // The search filters the loaded entries in the view: the matching rows, or the empty text.
        await expect(entriesTable(page).or(emptyText(page))).toBeVisible();
        for (const text of await entryRows(page).allTextContents())
          expect(text.toLowerCase()).toContain(search.trim().toLowerCase());
      }
    },
    'entries.empty': async ({ page }) => {
      await settle(page, 'getStatement');
      await onlyState(page, 'empty');
      await expect(emptyText(page)).toBeVisible();
    },
    'entries.failed': async ({ page }) => {
      await settle(page, 'getStatement');
      await onlyState(page, 'failed');
      await expect(failure(page)).toContainText(CALL_ERROR());
      await expect(listRetry(page)).toBeEnabled();
      await expect(emptyText(page)).toHaveCount(0);
    },
  },
  events: {
    'period.select': async ({ page }, e) => {
      const value = String(e['periodType']);
      const select = periodSelect(page);
      const offered = await select
        .locator('option')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      // A type the select does not offer cannot be sent from the page: the machine ignores it too.
      if (!offered.includes(value)) return;
      await select.selectOption(value);
      if (value === '4') await expect(monthPicker(page)).toBeEnabled();
      if (value === 'custom') await expect(customForm(page)).toBeVisible();
    },
    'period.apply': async ({ page }, e) => {
      // Only the custom period shows the two dates and 'Filtrar' (the machine ignores it otherwise).
      if ((await customForm(page).count()) === 0) return;
      const form = customForm(page);
      const start = shiftDay(String(e['start'] ?? ''));
      const end = shiftDay(String(e['end'] ?? ''));
      // The fields take the day as a person types it in the portal's language (dd/mm/aaaa).
      await form.getByLabel(t('STATEMENT_SCREEN.PERIOD.START'), { exact: true }).fill(typedDate(start));
      await form.getByLabel(t('STATEMENT_SCREEN.PERIOD.END'), { exact: true }).fill(typedDate(end));
      await button(form, t('STATEMENT_SCREEN.PERIOD.APPLY')).click();
      // §5: a refused period says why under the form and nothing loads; a valid one clears it.
      const refusal = validateCustomPeriod({ start, end, today: today() });
      if (refusal) {
        await expect(page.getByText(t(textKey(refusal)), { exact: true })).toBeVisible();
        await expect(form.getByLabel(t('STATEMENT_SCREEN.PERIOD.START'), { exact: true })).toHaveAttribute(
          'aria-invalid',
          'true',
        );
      } else {
        await expect(page.getByText(anyOf(...CUSTOM_REFUSALS))).toHaveCount(0);
      }
    },
    'period.month': async ({ page }, e) => {
      // The month picker is enabled only for the type Mês (the machine ignores it otherwise).
      if (await monthPicker(page).isDisabled()) return;
      const month = shiftMonth(String(e['month'] ?? ''));
      const refusal = validateMonth(month, today());
      const offered = await monthPicker(page)
        .locator('option:not([disabled])')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      if (refusal) {
        // §5: a month before January 2020 or after this one is not offered by the picker (a
        // select of the allowed months), so the page cannot send it: the refusal is by construction.
        expect(offered).not.toContain(month);
        expect(offered).toContain(MIN_STATEMENT_MONTH);
        return;
      }
      await monthPicker(page).selectOption(month);
      await expect(monthPicker(page)).toHaveValue(month);
      await expect(
        page.getByText(anyOf('STATEMENT_SCREEN.MIN_DATE', 'STATEMENT_SCREEN.MAX_DATE')),
      ).toHaveCount(0);
    },
    'search.change': async ({ page }, e) => {
      const text = String(e['text'] ?? '');
      notes(page).set(SEARCH_NOTE, text);
      await searchBox(page).fill(text);
    },
    retry: async ({ page }) => {
      await listRetry(page).click();
    },
  },
  outcomes: {
    fiveEntries: viaGate.pass('getStatement'),
    empty: viaGate.beforeHistory('getStatement'),
    serverError: viaGate.status('getStatement', 500),
    offline: viaGate.offline('getStatement'),
  },
});

export const statementFlow: BoundFlow<typeof statementEntry> = {
  bindings: statementBindings,
  gaps: [
    {
      key: 'event:entries.reload:Fecha uma ação da linha que mudou o lançamento (extrato Pix: recarrega)',
      why: 'só o extrato Pix (/PixExtractPage) tem ações de linha; provado nos testes da máquina e em e2e/pix-statement.spec.ts',
    },
  ],
};
