/**
 * What the bindings of the portal's list grids share (src/ui/paged-grid.tsx over
 * machines/kernel/paged-grid-states.ts; issue 25): the MED list, the scheduled Pix and the deposit
 * boletos. Their list states (the loading text while the held call waits, then the rows or the
 * empty text, or the alert with 'Tentar novamente') and their pager's events (a page button, or
 * its absence for a page that does not exist; a size of the select, or its absence for a size not
 * offered) differ only in the area's text keys.
 */
import { expect, type Page } from '@playwright/test';
import type { EventPayload } from '../../machines/catalog-types';
import type { OperationId } from '../driver/operations';
import type { PlaywrightContext } from '../driver/path-driver';
import { button, expectAnsweredInShape, field, releaseCall, t } from './support';

/** The areas whose grid is drawn by PagedGrid and Pager (their i18n sections). */
export type GridArea = 'PIX_MED' | 'PIX_SCHEDULES' | 'DEPOSIT';

const main = (page: Page) => page.getByRole('main');

/** `loading`, `ready` and `failed` of the grid whose list call is `op`. */
export function gridStates(area: GridArea, op: OperationId) {
  const loading = (page: Page) => main(page).getByText(t(`${area}.LOADING` as const));
  return {
    loading: async ({ page }: PlaywrightContext) => {
      await expect(loading(page)).toBeVisible();
      await releaseCall(page, op);
    },
    ready: async ({ page }: PlaywrightContext) => {
      expectAnsweredInShape(page, op);
      await expect(loading(page)).toHaveCount(0);
      const empty = main(page).getByText(t(`${area}.EMPTY` as const));
      await expect(main(page).getByRole('row').first().or(empty)).toBeVisible();
    },
    failed: async ({ page }: PlaywrightContext) => {
      await expect(main(page).getByRole('alert')).toBeVisible();
      await expect(button(main(page), t(`${area}.RETRY` as const))).toBeVisible();
    },
  };
}

/** `page.change`: the page's button, or no button for a page that does not exist. */
export function pageChange(area: GridArea) {
  return async ({ page }: PlaywrightContext, e: EventPayload) => {
    const target = button(main(page), t(`${area}.PAGE_N` as const, { page: String(e['pageNumber']) }));
    if ((await target.count()) > 0) await target.click();
    else await expect(target).toHaveCount(0);
  };
}

/** `pageSize.change`: a size of the select, or no option for a size the grid does not offer. */
export function pageSizeChange(area: Exclude<GridArea, 'PIX_MED'>, sizes: readonly number[]) {
  return async ({ page }: PlaywrightContext, e: EventPayload) => {
    const size = e['pageSize'] as number;
    const select = field(page, t(`${area}.PAGE_SIZE` as const));
    if (sizes.includes(size)) await select.selectOption(String(size));
    else await expect(select.locator(`option[value="${size}"]`)).toHaveCount(0);
  };
}
