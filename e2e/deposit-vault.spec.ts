/**
 * The cash-vault search against the sandbox (issue 31; 4-pix-part-two.md §2 Cash-vault search,
 * §8 Vaults, §9): what only a browser shows, in one sign-in. The menu's entry is the page's;
 * a deposit above every vault's limit gets 'Nenhum cofre encontrado...'; the search places the
 * address on the sandbox's gazetteer and leaflet draws the vaults' and the user's markers and the
 * radius circle with no tile server configured and no request to any other origin; a vault's
 * popup gives its serial, address, limit and map link; both steps are axe clean, with no sideways
 * scroll, at desktop and 360 px. The form's rules are the validators' property tests and the
 * page's view test (tests/views/pix/deposit-vault-page.test.tsx), the bank's sandbox/vaults.test.ts;
 * every state and transition is played by the path bindings (e2e/bindings/deposit-vault.ts).
 */
import type { Page } from '@playwright/test';
import { expectAxeClean, WCAG_TAGS } from './support/axe';
import { MARIA } from './support/demo';
import { expectNoSidewaysScroll } from './support/layout';
import { expect, test } from './support/reused-page';
import { startSignedIn } from './support/session';
import { t } from './support/texts';

const form = (page: Page) => page.getByRole('form', { name: t('VAULTS.STEP_FORM') });
const PAULISTA = 'Avenida Paulista, 1578 - Bela Vista, São Paulo - SP';

async function search(page: Page, radius: string, address: string, deposit: string): Promise<void> {
  await form(page).getByLabel(t('VAULTS.RADIUS'), { exact: true }).fill(radius);
  await form(page).getByLabel(t('VAULTS.ADDRESS'), { exact: true }).fill(address);
  await form(page).getByLabel(t('VAULTS.DEPOSIT'), { exact: true }).fill(deposit);
  await form(page)
    .getByRole('button', { name: t('VAULTS.SEARCH') })
    .click();
}

async function expectClean(page: Page, what: string): Promise<void> {
  await expectAxeClean(page, what, WCAG_TAGS);
  await expectNoSidewaysScroll(page, what);
}

test('the menu entry; none found above every limit, then the map offline with markers, circle and popup; axe clean at desktop and 360 px', async ({
  page,
  baseURL,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  const origin = new URL(baseURL ?? '').origin;
  const elsewhere: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin)
      elsewhere.push(url);
  });
  await startSignedIn(page, MARIA, { route: '/DepositVault' });
  await expect(page.getByRole('heading', { level: 1, name: t('VAULTS.TITLE') })).toBeVisible();
  // The menu's entry leads here and is the page's current entry.
  const entry = page.getByRole('navigation').getByRole('link', { name: t('MENU.DEPOSIT_VAULT') });
  await expect(entry).toHaveAttribute('href', '/DepositVault');
  await expect(entry).toHaveAttribute('aria-current', 'page');
  await expectClean(page, 'search form (desktop)');

  // A deposit above every vault's limit (the largest is R$ 250.000,00): none found, step 1 stays.
  await search(page, '5', PAULISTA, '300.000,00');
  await expect(page.getByRole('alert')).toHaveText(t('VAULTS.NONE_FOUND'));

  // The same address and a deposit the nearby vaults take: step 2, the map.
  await search(page, '2', PAULISTA, '1.000,00');
  const map = page.getByRole('region', { name: t('VAULTS.MAP') });
  await expect(map.locator('.leaflet-marker-icon')).toHaveCount(3);
  await expect(
    map.getByRole('button', { name: t('VAULTS.VAULT_MARKER', { serial: 'CFR-SP-0001' }) }),
  ).toBeVisible();
  await expect(map.locator('path.vault-radius')).toBeVisible();
  await expect(page.getByText(t('VAULTS.MAP_NO_TILES'))).toBeVisible();

  // A vault's popup: serial, address, limit and a link to a maps service.
  await map.getByRole('button', { name: t('VAULTS.VAULT_MARKER', { serial: 'CFR-SP-0002' }) }).click();
  const popup = map.locator('.leaflet-popup-content');
  await expect(popup).toContainText('CFR-SP-0002');
  await expect(popup).toContainText('Rua Augusta, 1508');
  await expect(popup).toContainText('R$ 40.000,00');
  await expect(popup.getByRole('link', { name: t('VAULTS.OPEN_MAP') })).toHaveAttribute(
    'href',
    /^https:\/\/www\.openstreetmap\.org\/\?mlat=-23\.5571/,
  );
  await expectClean(page, 'map (desktop)');

  // A phone: the map and, after 'Nova busca', the form.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(map.locator('path.vault-radius')).toBeVisible();
  await expectClean(page, 'map (360 px)');
  await page.getByRole('button', { name: t('VAULTS.AGAIN') }).click();
  await expect(form(page).getByLabel(t('VAULTS.ADDRESS'), { exact: true })).toHaveValue(PAULISTA);
  await expectClean(page, 'search form (360 px)');

  // No tile server: nothing was asked of any other origin (no tile, no marker image, no font).
  expect(elsewhere).toEqual([]);
});
