/**
 * The cash-vault search against the sandbox (issue 31; 4-pix-part-two.md §2 Cash-vault search, §5,
 * §8 Vaults, §9): what only a browser shows. The search places an address on the sandbox's
 * gazetteer and draws the map with leaflet, the vaults' and the user's markers and the radius
 * circle, with no tile server configured and no request to any other origin; a deposit above every
 * vault's limit gets 'Nenhum cofre encontrado...'; axe clean at 360 px and desktop on both steps.
 * The rules are the validators' property tests and sandbox/vaults.test.ts; every state and
 * transition is played by the path bindings (e2e/bindings/deposit-vault.ts).
 */
import type { Page } from '@playwright/test';
import { expectAxeClean, WCAG_TAGS } from './support/axe';
import { MARIA } from './support/demo';
import { expectNoSidewaysScroll } from './support/layout';
import { expect, test } from './support/reused-page';
import { startSignedIn } from './support/session';
import { t } from './support/texts';

const form = (page: Page) => page.getByRole('form', { name: t('VAULTS.STEP_FORM') });

async function search(page: Page, radius: string, address: string, deposit: string): Promise<void> {
  await form(page).getByLabel(t('VAULTS.RADIUS'), { exact: true }).fill(radius);
  await form(page).getByLabel(t('VAULTS.ADDRESS'), { exact: true }).fill(address);
  await form(page).getByLabel(t('VAULTS.DEPOSIT'), { exact: true }).fill(deposit);
  await form(page)
    .getByRole('button', { name: t('VAULTS.SEARCH') })
    .click();
}

for (const size of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '360 px', width: 360, height: 740 },
]) {
  test(`${size.name}: the map places the address with markers and circle, offline; a deposit above every limit finds none; axe clean`, async ({
    page,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize({ width: size.width, height: size.height });
    const origin = new URL(baseURL ?? '').origin;
    const elsewhere: string[] = [];
    page.on('request', (r) => {
      const url = r.url();
      if (!url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin)
        elsewhere.push(url);
    });
    await startSignedIn(page, MARIA, { route: '/DepositVault' });

    // §5: the search is enabled only when all three fields are valid; the minimum-address message.
    const searchButton = form(page).getByRole('button', { name: t('VAULTS.SEARCH') });
    await form(page).getByLabel(t('VAULTS.RADIUS'), { exact: true }).fill('5');
    await form(page).getByLabel(t('VAULTS.ADDRESS'), { exact: true }).fill('R.   Sé  1');
    await form(page).getByLabel(t('VAULTS.DEPOSIT'), { exact: true }).fill('300.000,00');
    await form(page).getByLabel(t('VAULTS.RADIUS'), { exact: true }).click();
    await expect(form(page).getByText(t('VAULTS.ERRORS.ADDRESS_MIN'))).toBeVisible();
    await expect(searchButton).toBeDisabled();
    await expectAxeClean(page, `search form (${size.name})`, WCAG_TAGS);
    await expectNoSidewaysScroll(page, `search form (${size.name})`);

    // A deposit above every vault's limit (the largest is R$ 250.000,00): none found, step 1 stays.
    await search(page, '5', 'Avenida Paulista, 1578 - Bela Vista, São Paulo - SP', '300.000,00');
    await expect(page.getByRole('alert')).toHaveText(t('VAULTS.NONE_FOUND'));

    // The same address and a deposit the nearby vaults take: step 2, the map.
    await search(page, '2', 'Avenida Paulista, 1578 - Bela Vista, São Paulo - SP', '1.000,00');
    const map = page.getByRole('region', { name: t('VAULTS.MAP') });
    await expect(map.locator('.leaflet-marker-icon')).toHaveCount(3);
    await expect(
      map.getByRole('button', { name: t('VAULTS.VAULT_MARKER', { serial: 'CFR-SP-0001' }) }),
    ).toBeVisible();
    await expect(map.locator('path.vault-radius')).toBeVisible();
    const list = page.getByRole('list', { name: t('VAULTS.LIST') });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list).toContainText('CFR-SP-0001');
    await expect(list).toContainText('R$ 250.000,00');
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
    await expectAxeClean(page, `map (${size.name})`, WCAG_TAGS);
    await expectNoSidewaysScroll(page, `map (${size.name})`);

    // No tile server: nothing was asked of any other origin (no tile, no marker image, no font).
    expect(elsewhere).toEqual([]);
  });
}
