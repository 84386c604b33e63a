/**
 * E2E bindings of the deposit boleto list (/Deposit/Ticket; machines/deposits/deposit-list.machine.ts,
 * src/features/topup/deposit-list-page.tsx). Each path opens the page with Maria's session.
 *
 * Outcomes: "12 boletos" issues twelve real boletos through the API (once per path) and reshapes the
 * first answer so that its second row is due before today: an expired boleto is what the sandbox
 * answers three days later (the focused spec e2e/topup-deposit.spec.ts lets a bank's clock really
 * pass); under a filter the call leaves without it, since the bank has no expired boleto. An
 * empty list is natural on a fresh seed or a filter, else the real answer emptied; "a page that no
 * longer exists" is the real answer without rows; the 500s are status faults. Calls are held until
 * their busy states are seen, and each outcome of the list takes its call in path order (the gate's
 * plan): a page that no longer exists and then a 500 are two calls, the reshape the first's and the
 * fault the second's, never both the first's.
 */
import { depositListFlow as depositListEntry } from '../../machines/deposits/deposit-list.fixtures';
import { expect, type Page } from '@playwright/test';
import { DEPOSIT_PAGE_SIZES } from '../../machines/deposits/deposit-list.machine';
import { defineBindings } from '../driver/path-driver';
import { DAY_MS, saoPauloToday } from '../support/dates';
import { issueDeposit } from '../support/deposits';
import {
  DEMO,
  answerNextInShape,
  button,
  holdCalls,
  notes,
  planCall,
  releaseCall,
  sessionOf,
  startSignedIn,
  t,
  type TextKey,
  type BoundFlow,
  viaGate,
} from './support';
import { gridStates, pageChange, pageSizeChange } from './pager';

const OP = 'listDepositsPaged';
const PDF = 'getBoletoPdf';
const ISSUED = 'deposits.issued';

const main = (page: Page) => page.getByRole('main');

/** A São Paulo calendar day `days` before today (the page's fake clock runs from the real now). */
const daysAgo = (days: number): string => saoPauloToday(-days * DAY_MS);

type PageAnswer = { status: number; json: { data: { dataset: { dueDate: string }[]; recordCount: number } } };

const twelveBoletos = {
  arrange: async ({ page }: { page: Page }) => {
    if (!notes(page).get(ISSUED)) {
      const session = await sessionOf(page, DEMO.maria);
      for (let i = 1; i <= 12; i++) await issueDeposit(page.request, session, 1_000 * i, `e2e-list-${i}`);
      notes(page).set(ISSUED, 'yes');
    }
    // Under the Expirados filter the bank has none of them (all were issued today): the call
    // leaves without its filters, so the twelve are what the page lists (no filter or A vencer:
    // the same answer).
    planCall(page, OP, { body: ({ filters: _filters, ...rest }) => rest });
    await answerNextInShape(page, OP, (real) => {
      const answer = real as PageAnswer;
      const row = answer.json.data.dataset[1];
      if (row) row.dueDate = daysAgo(5);
      return answer;
    });
  },
};

const emptyList = {
  arrange: async ({ page }: { page: Page }) => {
    planCall(page, OP, 'pass');
    if (!notes(page).get(ISSUED)) return;
    // After a filter nothing matches (Expirados, on boletos issued today) the bank's answer is
    // already the empty list.
    await answerNextInShape(
      page,
      OP,
      (real) => ({ status: real.status, json: { data: { dataset: [], recordCount: 0, totalPages: 0 } } }),
      { mayAlreadyBeInShape: true },
    );
  },
};

const depositListBindings = defineBindings(depositListEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, OP, PDF);
    await startSignedIn(ctx.page, DEMO.maria, { route: '/Deposit/Ticket', waitFor: 'nothing' });
  },
  states: {
    ...gridStates('DEPOSIT', OP),
    openingPdf: async ({ page }) => {
      await expect(main(page).locator('button[aria-busy="true"]')).toHaveCount(1);
      await releaseCall(page, PDF);
    },
    toDeposit: async ({ page }) => {
      await expect(page).toHaveURL(/\/Deposit$/);
    },
  },
  events: {
    'filter.change': async ({ page }, e) => {
      const label = (
        {
          all: 'DEPOSIT.FILTER_ALL',
          expired: 'DEPOSIT.FILTER_EXPIRED',
          almostExpired: 'DEPOSIT.FILTER_ALMOST',
        } satisfies Record<string, TextKey>
      )[e['filter'] as 'all' | 'expired' | 'almostExpired'];
      await main(page)
        .getByRole('radio', { name: t(label) })
        .check();
    },
    'page.change': pageChange('DEPOSIT'),
    'pageSize.change': pageSizeChange('DEPOSIT', DEPOSIT_PAGE_SIZES),
    'pdf.open': async ({ page }, e) => {
      const id = e['idDeposit'] as number;
      // The fixture's ids stand for "the open boleto" (SAMPLE_DEPOSIT) and "the expired one".
      const expired = id === 100_001;
      const row = main(page)
        .getByRole('row')
        .nth(expired ? 2 : 1);
      if (expired) {
        await expect(row).toContainText(t('DEPOSIT.EXPIRED'));
        await expect(row.getByRole('button')).toHaveCount(0);
      } else {
        await row.getByRole('button', { name: new RegExp(t('DEPOSIT.PRINT')) }).click();
      }
    },
    retry: async ({ page }) => button(main(page), t('DEPOSIT.RETRY')).click(),
    back: async ({ page }) => button(main(page), t('DEPOSIT.BACK')).click(),
  },
  outcomes: {
    twelveBoletos: twelveBoletos,
    noBoletos: emptyList,
    pageGone: {
      arrange: ({ page }) => {
        planCall(page, OP, 'pass');
        return answerNextInShape(page, OP, (real) => ({
          status: real.status,
          json: { data: { dataset: [], recordCount: 3, totalPages: 1 } },
        }));
      },
    },
    listServerError: viaGate.status(OP, 500),
    pdfOpened: 'natural',
    pdfServerError: { fault: { operationId: PDF, status: 500 } },
  },
});

export const depositListFlow: BoundFlow<typeof depositListEntry> = { bindings: depositListBindings };
