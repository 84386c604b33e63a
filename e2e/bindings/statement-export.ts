/**
 * E2E bindings of the statement's export dialog (machines/statement/export.machine.ts,
 * src/features/statement/export-dialog.tsx), opened with EXPORTAR on /Statement once Maria's
 * list has loaded.
 *
 * What the dialog waits for is held at the area's gate (statement.ts): the report call and the
 * writer chunk of the chosen format (src/export/*-writer.ts, loaded on demand; a chunk that does
 * not load is the fixture's 'Falha ao gerar o arquivo'). A period without movement is asked of
 * the sandbox for a week before Maria's history, where it answers only the SALDO ANTERIOR line.
 * An answer that is not a list is the sandbox's real report with its rows wrapped in an object
 * (`{ rows: [...] }`) in the browser.
 */
import { exportFlow as exportEntry } from '../../machines/statement/export.fixtures';
import { expect, type Locator, type Page } from '@playwright/test';
import {
  DEFAULT_PERIOD_TYPE,
  periodRange,
  validateCustomPeriod,
  type PeriodType,
} from '../../machines/validators/period';
import { defineBindings, type PlaywrightContext } from '../driver/path-driver';
import { typedDate } from '../support/dates';
import {
  anyOf,
  answerNextInShape,
  button,
  closeToasts,
  EXPECTED_MESSAGE,
  expectAnsweredInShape,
  literal,
  notes,
  t,
  takeNote,
  textKey,
  type TextKey,
  type Answer,
  type BoundFlow,
} from './support';
import { gate, settle, waitHeld } from '../driver/call-gate';
import { CALL_ERROR, entryRows, openStatement, shiftDay, today, viaGate } from './statement';

const FORMATS: Record<string, TextKey> = {
  xlsx: 'STATEMENT_EXPORT.EXCEL',
  pdf: 'STATEMENT_EXPORT.PDF',
  ofx: 'STATEMENT_EXPORT.OFX',
};
const PERIODS: Record<string, TextKey> = {
  '1': 'STATEMENT_EXPORT.LAST_DAY',
  '2': 'STATEMENT_EXPORT.LAST_7_DAYS',
  '3': 'STATEMENT_EXPORT.LAST_15_DAYS',
  custom: 'STATEMENT_EXPORT.CUSTOM',
  shown: 'STATEMENT_EXPORT.SHOWN',
};
/** The dialog opens on the period the statement shows (issue 32): its default choice. */
const DEFAULT_CHOICE = 'shown';
const REFUSALS: TextKey[] = [
  'STATEMENT_EXPORT.START_END_DATE',
  'STATEMENT_EXPORT.WRONG_PERIOD',
  'STATEMENT_EXPORT.INVALID_DATE_START',
];

const dialog = (page: Page): Locator => page.getByRole('dialog', { name: t('STATEMENT_EXPORT.TITLE') });
const formatButton = (page: Page, format: string): Locator =>
  button(dialog(page), t(FORMATS[format] ?? textKey(format)));
const formatButtons = (page: Page): Locator[] => Object.keys(FORMATS).map((f) => formatButton(page, f));
const radio = (page: Page, period: string): Locator =>
  period === 'shown'
    ? // Named with the statement's dates: 'Período exibido no extrato (dd/mm/aaaa a dd/mm/aaaa)'.
      dialog(page).getByRole('radio', {
        name: new RegExp(`^${t('STATEMENT_EXPORT.SHOWN').split(' (')[0]} \\(`),
      })
    : dialog(page).getByRole('radio', { name: t(PERIODS[period] ?? textKey(period)), exact: true });
const dateField = (page: Page, key: 'START' | 'END'): Locator =>
  dialog(page).getByLabel(t(`STATEMENT_EXPORT.${key}`), { exact: true });
const progress = (page: Page): Locator => dialog(page).getByRole('status');
const toast = (page: Page, text: RegExp): Locator =>
  page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: text });

// What the path chose, as the dialog shows it (the machine's period type and dates, the format).
const PERIOD_NOTE = 'export.period';
const START_NOTE = 'export.start';
const END_NOTE = 'export.end';
const FORMAT_NOTE = 'export.format';
const DOWNLOADS_NOTE = 'export.downloads';

/** The dialog at rest: period choice and dates as chosen, every format button idle. */
async function atRest(page: Page): Promise<void> {
  await expect(dialog(page)).toBeVisible();
  await expect(radio(page, notes(page).get(PERIOD_NOTE) ?? DEFAULT_CHOICE)).toBeChecked();
  for (const b of formatButtons(page)) {
    await expect(b).toBeEnabled();
    await expect(b).not.toHaveAttribute('aria-busy', 'true');
  }
  await expect(progress(page)).toHaveCount(0);
}

/** The dialog is gone (it ends either way, saved or cancelled). */
async function closed(page: Page): Promise<void> {
  await expect(dialog(page)).toHaveCount(0);
  await expect(entryRows(page).first()).toBeVisible();
}

/** The period the file covers: the rolling type from the page's today, or the custom dates. */
function exportedPeriod(page: Page): { start: string; end: string } {
  const type = notes(page).get(PERIOD_NOTE) ?? DEFAULT_CHOICE;
  // The statement opened on its default period, the one it shows.
  if (type === 'shown') return periodRange(DEFAULT_PERIOD_TYPE, today());
  if (type === 'custom')
    return { start: notes(page).get(START_NOTE) ?? '', end: notes(page).get(END_NOTE) ?? '' };
  return periodRange(Number(type) as PeriodType, today());
}

/** The sandbox's report rows wrapped in an object, as the fixture's `{ rows }`: not a list. */
function rowsInAnObject({ status, json }: Answer): Answer {
  const body = json as { data?: unknown };
  if (status !== 200 || !Array.isArray(body.data))
    throw new Error(`o sandbox não devolveu o relatório como lista (${status})`);
  return { status, json: { ...body, data: { rows: body.data } } };
}

/** Outcome: the report call passes the gate and its answer is not a list (§8: the export's error). */
const reportNotAList = {
  arrange: async (ctx: PlaywrightContext): Promise<void> => {
    await viaGate.pass('getReportStatement').arrange(ctx);
    await answerNextInShape(ctx.page, 'getReportStatement', rowsInAnObject);
    notes(ctx.page).set(EXPECTED_MESSAGE, t('STATEMENT_EXPORT.ERROR'));
  },
};

const exportBindings = defineBindings(exportEntry, {
  start: async (ctx) => {
    const { page } = ctx;
    await openStatement(ctx, 'getReportStatement', 'exportWriter');
    await expect(entryRows(page).first()).toBeVisible();
    await button(page, t('STATEMENT_SCREEN.EXPORT')).click();
    await expect(dialog(page)).toBeVisible();
  },
  states: {
    'editing.idle': async ({ page }) => {
      await atRest(page);
      await expect(dialog(page).getByText(anyOf(...REFUSALS))).toHaveCount(0);
    },
    'editing.invalid': async ({ page }) => {
      await atRest(page);
      // §5: the rule the dates break, under them; both dates marked invalid.
      const refusal = validateCustomPeriod({
        start: notes(page).get(START_NOTE) ?? '',
        end: notes(page).get(END_NOTE) ?? '',
        today: today(),
      });
      expect(refusal, 'the dates typed break a rule of §5').toBeDefined();
      await expect(dialog(page).getByText(t(textKey(refusal ?? '')), { exact: true })).toBeVisible();
      await expect(dateField(page, 'START')).toHaveAttribute('aria-invalid', 'true');
      await expect(dateField(page, 'END')).toHaveAttribute('aria-invalid', 'true');
    },
    'editing.noData': async ({ page }) => {
      await settle(page, 'getReportStatement');
      await expect(toast(page, literal(t('STATEMENT_EXPORT.NO_RESULT_DATA')))).toBeVisible();
      // Read, then closed: it covers the format buttons, which the path may press next.
      await closeToasts(page);
      await atRest(page);
    },
    'editing.failed': async ({ page }) => {
      await settle(page, 'getReportStatement', 'exportWriter');
      expectAnsweredInShape(page, 'getReportStatement');
      // §8: a failed call shows the catalogue text of its code; a writer that fails (or an answer
      // that is not a list, whose outcome notes it) shows 'Erro na exportação- Aguarde e tente novamente'.
      const noted = takeNote(page, EXPECTED_MESSAGE);
      const text = noted
        ? literal(noted)
        : new RegExp(`${literal(t('STATEMENT_EXPORT.ERROR')).source}|${CALL_ERROR().source}`);
      await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
      if (noted) await expect(page.getByRole('alert').filter({ hasText: CALL_ERROR() })).toHaveCount(0);
      await closeToasts(page);
      await atRest(page);
      expect(gate(page).downloads.length).toBe(Number(notes(page).get(DOWNLOADS_NOTE) ?? 0));
    },
    fetching: async ({ page }) => {
      const format = notes(page).get(FORMAT_NOTE) ?? 'xlsx';
      await expect(progress(page)).toContainText(t('STATEMENT_EXPORT.FETCHING'));
      await expect(formatButton(page, format)).toHaveAttribute('aria-busy', 'true');
      await expect(radio(page, notes(page).get(PERIOD_NOTE) ?? DEFAULT_CHOICE)).toBeDisabled();
      await waitHeld(page, 'getReportStatement');
    },
    generating: async ({ page }) => {
      await settle(page, 'getReportStatement');
      const format = notes(page).get(FORMAT_NOTE) ?? 'xlsx';
      await expect(progress(page)).toContainText(
        t('STATEMENT_EXPORT.GENERATING', { format: t(FORMATS[format] ?? textKey(format)) }),
      );
      await expect(formatButton(page, format)).toHaveAttribute('aria-busy', 'true');
      await waitHeld(page, 'exportWriter');
    },
    done: async ({ page }) => {
      await settle(page, 'exportWriter');
      const { start, end } = exportedPeriod(page);
      const fileName = `Export_${start}_${end}.${notes(page).get(FORMAT_NOTE) ?? 'xlsx'}`;
      const downloads = gate(page).downloads;
      const before = Number(notes(page).get(DOWNLOADS_NOTE) ?? 0);
      await expect.poll(() => downloads.length).toBe(before + 1);
      expect(downloads[before]?.suggestedFilename()).toBe(fileName);
      await expect(toast(page, literal(t('STATEMENT_EXPORT.SUCCESS', { fileName })))).toBeVisible();
      await closed(page);
    },
    cancelled: async ({ page }) => {
      await closed(page);
      // Closed before the file was written: nothing downloaded, nothing announced.
      expect(gate(page).downloads.length).toBe(Number(notes(page).get(DOWNLOADS_NOTE) ?? 0));
      await expect(toast(page, /Arquivo .* baixado\./)).toHaveCount(0);
    },
  },
  events: {
    'export.period': async ({ page }, e) => {
      const value = String(e['periodType']);
      // A period the dialog does not offer cannot be chosen (the machine ignores it too).
      if (!PERIODS[value]) {
        await expect(dialog(page).getByRole('radio')).toHaveCount(Object.keys(PERIODS).length);
        return;
      }
      notes(page).set(PERIOD_NOTE, value);
      await radio(page, value).check();
      if (value === 'custom') await expect(dateField(page, 'START')).toBeVisible();
    },
    'export.dates': async ({ page }, e) => {
      // The two dates exist only for the custom period.
      if ((await dateField(page, 'START').count()) === 0) return;
      const start = shiftDay(String(e['start'] ?? ''));
      const end = shiftDay(String(e['end'] ?? ''));
      notes(page).set(START_NOTE, start);
      notes(page).set(END_NOTE, end);
      // The fields take the day as a person types it in the portal's language (dd/mm/aaaa).
      await dateField(page, 'START').fill(typedDate(start));
      await dateField(page, 'END').fill(typedDate(end));
    },
    'export.format': async ({ page }, e) => {
      const format = String(e['format']);
      // A format without a button cannot be asked for (the machine ignores it too).
      if (!FORMATS[format]) {
        await expect(
          dialog(page)
            .getByRole('group', { name: t('STATEMENT_EXPORT.FORMAT') })
            .getByRole('button'),
        ).toHaveCount(3);
        return;
      }
      notes(page).set(FORMAT_NOTE, format);
      notes(page).set(DOWNLOADS_NOTE, String(gate(page).downloads.length));
      await formatButton(page, format).click();
    },
    'export.cancel': async ({ page }) => {
      notes(page).set(DOWNLOADS_NOTE, String(gate(page).downloads.length));
      await button(dialog(page), t('SHELL.UI.CLOSE')).click();
    },
  },
  outcomes: {
    entriesAndBalances: viaGate.pass('getReportStatement'),
    previousBalanceOnly: viaGate.beforeHistory('getReportStatement'),
    notAList: reportNotAList,
    serverError: viaGate.status('getReportStatement', 500),
    offline: viaGate.offline('getReportStatement'),
    fileWritten: viaGate.pass('exportWriter'),
    fileFailed: viaGate.offline('exportWriter'),
  },
});

export const statementExportFlow: BoundFlow<typeof exportEntry> = { bindings: exportBindings };
