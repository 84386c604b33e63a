/**
 * E2E bindings of the MED list (/PixMEDPage; machines/pix/pix-med.machine.ts,
 * src/features/pix/pix-med-page.tsx). Each path opens the page with Maria's session, whose seed
 * (sandbox/db/seed-med.ts) holds infractions in every status: the fixture's OPENED_OPEN is her OPEN
 * report (its detail and Cancelar), RECEIVED_AWAITING a report received from another institution
 * (no Cancelar). The contest's choice is her seeded Pix to the online shop ("Loja Virtual
 * Ofertas", 12 days ago, with no report); a Pix she received is never offered.
 *
 * Outcomes: "twelve infractions" is the bank's list padded to twelve with copies of its oldest row
 * (new ids), so there is a second page; "none" is the real answer emptied; the transaction, the
 * cancel and the Pix statement are the bank's own; the 404 of the transaction and the 500s are
 * status faults; "no longer open" is the bank's catalogue refusal (PIXRECV 101) answered by a
 * fault, since the timeline's day cannot pass between the click and the call here
 * (sandbox/med.test.ts sees it move). Calls are held until their busy states are seen.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { pixMedFlow as pixMedEntry } from '../../machines/pix/pix-med.fixtures';
import { CONTESTABLE_PIX, OPENED_OPEN, RECEIVED_AWAITING } from '../../machines/pix/pix-med-sample-data';
import { defineBindings } from '../driver/path-driver';
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
  eventThen,
} from './support';
import { gridStates, pageChange } from './pager';

const LIST = 'listInfractions';
const GET = 'getPixTransactionByEndToEndId';
const CANCEL = 'cancelInfraction';
const STATEMENT = 'getPixStatement';
/** The seeded Pix sent that the contest offers (seed-statement.ts). */
export const CONTESTED_PAYEE = 'Loja Virtual Ofertas Ltda';

type ListAnswer = { status: number; json: { data: { idInfraction: number }[] } };

const main = (page: Page) => page.getByRole('main');
const infractionDialog = (page: Page) =>
  page.getByRole('dialog', { name: new RegExp(t('PIX_INFRACTION.TITLE')) });
const contestDialog = (page: Page) => page.getByRole('dialog', { name: t('PIX_MED.CONTEST_TITLE') });

/** The grid's row of Maria's OPEN report (status Aberta, opened by her). */
const cell = (page: Page, text: string) => page.getByRole('cell', { name: text, exact: true });
const openedRows = (page: Page): Locator =>
  main(page)
    .getByRole('row')
    .filter({ has: cell(page, t('PIX_MED.ORIGINS.opened')) });
const openRow = (page: Page): Locator =>
  openedRows(page)
    .filter({ has: cell(page, t('PIX_MED.STATUSES.OPEN')) })
    .first();
/** The grid's row of the report received from another institution, awaiting analysis. */
const receivedRow = (page: Page): Locator =>
  main(page)
    .getByRole('row')
    .filter({ has: cell(page, t('PIX_MED.ORIGINS.received')) })
    .filter({ has: cell(page, t('PIX_MED.STATUSES.AWAITING')) })
    .first();
const rowButton = (row: Locator, label: 'VIEW' | 'CANCEL') =>
  row.getByRole('button', { name: new RegExp(`^${t(`PIX_MED.${label}`)}`) });

const pixMedBindings = defineBindings(pixMedEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, LIST, GET, CANCEL, STATEMENT);
    await startSignedIn(ctx.page, DEMO.maria, { route: '/PixMEDPage', waitFor: 'nothing' });
  },
  states: {
    ...gridStates('PIX_MED', LIST),
    loadingDetail: async ({ page }) => {
      await expect(main(page).locator('button[aria-busy="true"]')).toHaveCount(1);
      await releaseCall(page, GET);
    },
    detail: async ({ page }) => {
      const dialog = page.getByRole('dialog', {
        name: new RegExp(t('PIX_MED.DETAIL_TITLE', { id: '\\d+' })),
      });
      await expect(dialog).toContainText(t('PIX_MED.TRANSACTION'));
      await expect(
        dialog
          .getByText(t('PIX_MED.TX_VALUE'), { exact: true })
          .or(dialog.getByText(t('PIX_MED.TRANSACTION_FAILED'))),
      ).toBeVisible();
    },
    confirmingCancel: async ({ page }) => {
      await expect(page.getByRole('alertdialog')).toContainText(t('PIX_MED.CANCEL_CONFIRM'));
    },
    cancelling: async ({ page }) => {
      await expect(page.getByRole('alertdialog').getByRole('status')).toHaveText(t('PIX_MED.CANCELLING'));
      await releaseCall(page, CANCEL);
    },
    loadingCandidates: async ({ page }) => {
      await expect(button(main(page), t('PIX_MED.CONTEST'))).toHaveAttribute('aria-busy', 'true');
      await releaseCall(page, STATEMENT);
    },
    choosing: async ({ page }) => {
      await expect(contestDialog(page)).toContainText(CONTESTED_PAYEE);
    },
    contesting: async ({ page }) => {
      await expect(infractionDialog(page).getByLabel(t('PIX_INFRACTION.DESCRIPTION'))).toBeVisible();
    },
    toPix: async ({ page }) => {
      await expect(page).toHaveURL(/\/Pix$/);
    },
  },
  events: {
    'page.change': pageChange('PIX_MED'),
    'detail.open': async ({ page }, e) => {
      if (e['idInfraction'] === OPENED_OPEN.idInfraction) {
        // Her open report, or (once a path cancelled it) that same report, the newest she opened.
        const row = (await openRow(page).count()) > 0 ? openRow(page) : openedRows(page).first();
        await rowButton(row, 'VIEW').click();
      }
      // An infraction not on the list has no row, so no button.
      else
        await expect(button(main(page), t('PIX_MED.VIEW_OF', { id: String(e['idInfraction']) }))).toHaveCount(
          0,
        );
    },
    // The footer's Fechar (the dialog's corner × has the same name).
    'detail.close': async ({ page }) => button(page.getByRole('dialog'), t('PIX_MED.CLOSE')).last().click(),
    'cancel.ask': async ({ page }, e) => {
      if (e['idInfraction'] === RECEIVED_AWAITING.idInfraction) {
        const received = receivedRow(page);
        await expect(received).toBeVisible();
        await expect(rowButton(received, 'CANCEL')).toHaveCount(0);
      } else await rowButton(openRow(page), 'CANCEL').click();
    },
    'cancel.confirm': async ({ page }) =>
      button(page.getByRole('alertdialog'), t('PIX_MED.CANCEL_YES')).click(),
    'cancel.dismiss': async ({ page }) =>
      button(page.getByRole('alertdialog'), t('PIX_MED.CANCEL_NO')).click(),
    'contest.open': async ({ page }) => button(main(page), t('PIX_MED.CONTEST')).click(),
    'contest.pick': async ({ page }, e) => {
      const dialog = contestDialog(page);
      if (e['transactionId'] === CONTESTABLE_PIX.transactionId)
        await dialog
          .getByRole('button', {
            name: new RegExp(`${t('PIX_MED.CONTEST_PICK_SHORT')} .*${CONTESTED_PAYEE}`),
          })
          .click();
      // A Pix received is never offered.
      else await expect(dialog.getByText(/Pix recebido/)).toHaveCount(0);
    },
    'contest.dismiss': async ({ page }) => button(contestDialog(page), t('PIX_MED.CLOSE')).last().click(),
    'contest.done': async ({ page }, e) => {
      const dialog = infractionDialog(page);
      if (e['reported'] === true) {
        await dialog.getByLabel(t('PIX_INFRACTION.DESCRIPTION')).fill('Comprei e o produto nunca chegou.');
        await button(dialog, t('PIX_INFRACTION.NEXT')).click();
        await button(dialog, t('PIX_INFRACTION.FINISH')).click();
        // Issue 32: the report ends on its protocol, closed by the customer.
        const done = page.getByRole('dialog', { name: t('PIX_INFRACTION.REPORTED.TITLE') });
        await button(done, t('PIX_INFRACTION.REPORTED.CLOSE')).last().click();
      } else await button(dialog, t('PIX_INFRACTION.CANCEL')).click();
      await expect(dialog).toHaveCount(0);
    },
    retry: async ({ page }) => button(main(page), t('PIX_MED.RETRY')).click(),
    back: async ({ page }) => button(main(page), t('PIX_MED.BACK')).click(),
  },
  outcomes: {
    twelveInfractions: {
      arrange: async ({ page }) => {
        planCall(page, LIST, 'pass');
        await answerNextInShape(page, LIST, (real) => {
          const answer = real as ListAnswer;
          const rows = answer.json.data;
          const oldest = rows.at(-1);
          if (!oldest) throw new Error('Maria não tem infrações');
          for (let i = 0; rows.length < 12; i += 1) rows.push({ ...oldest, idInfraction: 90_000 + i });
          return answer;
        });
      },
    },
    noInfractions: {
      arrange: async ({ page }) => {
        planCall(page, LIST, 'pass');
        await answerNextInShape(page, LIST, (real) => ({ status: real.status, json: { data: [] } }));
      },
    },
    listServerError: viaGate.status(LIST, 500),
    transactionRead: 'natural',
    transactionNotFound: viaGate.status(GET, 404),
    cancelled: 'natural',
    notOpenAnymore: {
      arrange: async (ctx) =>
        gate(ctx.page).plan(CANCEL, {
          before: async () => {
            const res = await ctx.request.post('/sandbox/faults', {
              data: { operationId: CANCEL, status: 422, reply: 'infractionNotOpen' },
            });
            if (!res.ok()) throw new Error(`POST /sandbox/faults (PIXRECV 101) → ${res.status()}`);
          },
        }),
    },
    onePixToContest: 'natural',
    statementServerError: viaGate.status(STATEMENT, 500),
  },
});

export const pixMedFlow: BoundFlow<typeof pixMedEntry> = {
  bindings: pixMedBindings,
  unplayableWalks: [
    {
      why: 'the machine keeps every row of the list while the page shows one page of it: after paging on, a row of page 1 has no button to press',
      crosses: (path) =>
        eventThen(
          path,
          'page.change',
          (s) => s.kind === 'event' && (s.event.type === 'detail.open' || s.event.type === 'cancel.ask'),
        ),
    },
  ],
};
