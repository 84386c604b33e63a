/**
 * E2E bindings of the scheduled Pix grid (/PixShedulingPage; machines/pix/pix-schedules.machine.ts,
 * src/features/pix/pix-schedules-page.tsx). Each path opens the page with Maria's session, whose
 * seed holds two schedules (sandbox/db/seed-pix-schedules.ts): a pending one far ahead (the
 * fixture's PENDING_SCHEDULE: its receipt and Excluir) and one that failed for balance (the
 * fixture's FAILED_SCHEDULE: no Excluir).
 *
 * Outcomes: "23 schedules" is the bank's first page (asked as page 1 whatever page the grid asks,
 * so its two rows are there) with the count of a list of 23; an empty list and "a page that no
 * longer exists" are the real answer emptied; the receipt and the delete are the bank's own; "it
 * already ran" is the bank's catalogue refusal (PIXSCHED 110) answered by a fault, since a run
 * between the click and the call cannot be timed (sandbox/pix-schedules.test.ts sees the real
 * one); the 500s are status faults. Calls are held until their busy states are seen.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { pixSchedulesFlow as pixSchedulesEntry } from '../../machines/pix/pix-schedules.fixtures';
import { SCHEDULE_PAGE_SIZES } from '../../machines/pix/pix-schedules.machine';
import { FAILED_SCHEDULE, PENDING_SCHEDULE } from '../../machines/pix/pix-schedule-sample-data';
import { defineBindings, type PlaywrightContext } from '../driver/path-driver';
import {
  DEMO,
  answerNextInShape,
  button,
  gate,
  holdCalls,
  planCall,
  releaseCall,
  startSignedIn,
  t,
  viaGate,
  type BoundFlow,
} from './support';
import { gridStates, pageChange, pageSizeChange } from './pager';

const OP = 'listPixSchedulesPaged';
const GET = 'getPixSchedule';
const DEL = 'deletePixSchedule';

type PageAnswer = {
  status: number;
  json: { data: { dataset: unknown[]; recordCount: number; totalPages?: number } };
};

const main = (page: Page) => page.getByRole('main');
/** The grid's row of the pending schedule, or of the failed one. */
const rowOf = (page: Page, status: 'PENDING' | 'FAILED'): Locator =>
  main(page)
    .getByRole('row')
    .filter({ hasText: t(`PIX_SCHEDULES.STATUS_${status}`) })
    .first();
const rowButton = (row: Locator, label: 'RECEIPT' | 'DELETE') =>
  row.getByRole('button', { name: new RegExp(`^${t(`PIX_SCHEDULES.${label}`)}`) });

const emptied = (recordCount: number) => ({
  arrange: async ({ page }: PlaywrightContext) => {
    planCall(page, OP, 'pass');
    await answerNextInShape(page, OP, (real) => ({
      status: real.status,
      json: { data: { dataset: [], recordCount, totalPages: recordCount > 0 ? 1 : 0 } },
    }));
  },
});

const pixSchedulesBindings = defineBindings(pixSchedulesEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, OP, GET, DEL);
    await startSignedIn(ctx.page, DEMO.maria, { route: '/PixShedulingPage', waitFor: 'nothing' });
  },
  states: {
    ...gridStates('PIX_SCHEDULES', OP),
    loadingReceipt: async ({ page }) => {
      await expect(main(page).locator('button[aria-busy="true"]')).toHaveCount(1);
      await releaseCall(page, GET);
    },
    receipt: async ({ page }) => {
      const dialog = page.getByRole('dialog', { name: t('PIX_SCHEDULES.RECEIPT_TITLE') });
      await expect(dialog).toContainText(t('PIX_SCHEDULES.RECEIPT_DATE'));
      await expect(dialog).toContainText('Loja Aurora Ltda');
    },
    confirmingDelete: async ({ page }) => {
      await expect(page.getByRole('alertdialog')).toContainText(t('PIX_SCHEDULES.DELETE_CONFIRM'));
    },
    deleting: async ({ page }) => {
      await expect(page.getByRole('alertdialog').getByRole('status')).toHaveText(t('PIX_SCHEDULES.DELETING'));
      await releaseCall(page, DEL);
    },
    toPix: async ({ page }) => {
      await expect(page).toHaveURL(/\/Pix$/);
    },
  },
  events: {
    'page.change': pageChange('PIX_SCHEDULES'),
    'pageSize.change': pageSizeChange('PIX_SCHEDULES', SCHEDULE_PAGE_SIZES),
    'receipt.open': async ({ page }, e) => {
      if (e['idPixPaymentSchedule'] === PENDING_SCHEDULE.idPixPaymentSchedule)
        await rowButton(rowOf(page, 'PENDING'), 'RECEIPT').click();
      // A schedule not on the page has no row, so no button.
      else
        await expect(
          button(
            main(page),
            t('PIX_SCHEDULES.RECEIPT_OF').replace('{{id}}', String(e['idPixPaymentSchedule'])),
          ),
        ).toHaveCount(0);
    },
    // The footer's Fechar (the dialog's corner × has the same name).
    'receipt.close': async ({ page }) =>
      button(page.getByRole('dialog'), t('PIX_SCHEDULES.CLOSE')).last().click(),
    'delete.ask': async ({ page }, e) => {
      if (e['idPixPaymentSchedule'] === FAILED_SCHEDULE.idPixPaymentSchedule) {
        const failed = rowOf(page, 'FAILED');
        await expect(failed).toContainText(t('PIX_SCHEDULES.FAILURE.BALANCE'));
        await expect(rowButton(failed, 'DELETE')).toHaveCount(0);
      } else await rowButton(rowOf(page, 'PENDING'), 'DELETE').click();
    },
    'delete.confirm': async ({ page }) =>
      button(page.getByRole('alertdialog'), t('PIX_SCHEDULES.DELETE_YES')).click(),
    'delete.cancel': async ({ page }) =>
      button(page.getByRole('alertdialog'), t('PIX_SCHEDULES.DELETE_NO')).click(),
    retry: async ({ page }) => button(main(page), t('PIX_SCHEDULES.RETRY')).click(),
    back: async ({ page }) => button(main(page), t('PIX_SCHEDULES.BACK')).click(),
  },
  outcomes: {
    twentyThreeSchedules: {
      arrange: async ({ page }) => {
        planCall(page, OP, { body: (body) => ({ ...body, pageNumber: 1 }) });
        await answerNextInShape(page, OP, (real) => {
          const answer = real as PageAnswer;
          if (answer.json.data.dataset.length === 0) throw new Error('Maria não tem agendamentos');
          answer.json.data.recordCount = 23;
          answer.json.data.totalPages = 2;
          return answer;
        });
      },
    },
    noSchedules: emptied(0),
    pageGone: emptied(3),
    listServerError: viaGate.status(OP, 500),
    receiptRead: 'natural',
    receiptServerError: viaGate.status(GET, 500),
    deleted: 'natural',
    alreadyRan: {
      arrange: async (ctx) =>
        gate(ctx.page).plan(DEL, {
          before: async () => {
            const res = await ctx.request.post('/sandbox/faults', {
              data: { operationId: DEL, status: 422, reply: 'scheduleNotPending' },
            });
            if (!res.ok()) throw new Error(`POST /sandbox/faults (PIXSCHED 110) → ${res.status()}`);
          },
        }),
    },
  },
});

export const pixSchedulesFlow: BoundFlow<typeof pixSchedulesEntry> = { bindings: pixSchedulesBindings };
