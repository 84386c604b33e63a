import { existsSync } from 'node:fs';
import { expectAxeClean, WCAG_TAGS } from './support/axe';
import { MARIA } from './support/demo';
import { expect, test } from './support/reused-page';

/**
 * The auditors' viewer (/auditoria): public, read-only, every flow as a chart with its paths and the
 * last test run's coverage, and live mode following a flow open in another tab of the same portal.
 * The tests take the worker's reused tab (support/reused-page.ts); the live one opens its two tabs
 * in a context of its own.
 */
test.describe('auditors’ state-chart viewer', () => {
  test('opens without signing in, has no serious or critical accessibility violation, and steps through a generated path', async ({
    page,
  }) => {
    await page.goto('/auditoria');
    await expect(page.getByRole('heading', { level: 1, name: 'Auditoria dos fluxos' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Fluxos' })
      .getByRole('button', { name: /^Entrar/ })
      .click();
    await expect(page.getByRole('group', { name: 'Diagrama de estados de Entrar' })).toBeVisible();
    // axe (WCAG 2.0 A/AA, 2.1 AA) on the chart as it opens, before any step.
    await expectAxeClean(page, '/auditoria with the login flow open', WCAG_TAGS);

    const paths = page.getByRole('region', { name: 'Caminhos gerados' });
    await paths.getByRole('combobox', { name: 'Caminho' }).selectOption({ index: 1 });
    const counter = paths.getByText(/^Passo \d+ de \d+$/);
    await expect(counter).toHaveText(/^Passo 0 de \d+$/);
    await paths.getByRole('button', { name: 'Próximo passo' }).click();
    await expect(counter).toHaveText(/^Passo 1 de \d+$/);
    // The state the path reached is highlighted on the chart.
    await expect(
      page
        .getByRole('group', { name: 'Diagrama de estados de Entrar' })
        .locator('[aria-current="step"]')
        .first(),
    ).toBeVisible();
  });

  test('draws the coverage of the generated paths, published by the build', async ({ page }) => {
    test.skip(!existsSync('dist/auditoria/coverage.json'), 'needs npm run build');
    await page.goto('/auditoria');
    await page
      .getByRole('navigation', { name: 'Fluxos' })
      .getByRole('button', { name: /^Entrar/ })
      .click();
    await expect(page.getByText(/Estados 100% · transições 100%/)).toBeVisible();
  });

  test('follows, live, a flow running in another tab', async ({ context }) => {
    const viewer = await context.newPage();
    await viewer.goto('/auditoria');
    await viewer.getByRole('checkbox', { name: 'Acompanhar fluxos abertos em outras abas' }).check();
    await expect(viewer.getByText('Nenhum fluxo em andamento nas outras abas.')).toBeVisible();

    const portal = await context.newPage();
    await portal.goto('/login');
    await portal.getByLabel('Usuário').fill(MARIA.email);

    const live = viewer.getByRole('region', { name: 'Ao vivo' });
    await expect(live.getByText(/^Entrar · /)).toBeVisible();
    await live.getByRole('button', { name: 'Acompanhar' }).first().click();
    await expect(live.getByRole('button', { name: 'Acompanhando' })).toBeVisible();
  });

  test('player controls draw their icons, the path list fits its panel, the flow list has its margin', async ({
    page,
  }, info) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/auditoria?fluxo=address-book');
    await expect(page.getByRole('group', { name: /^Diagrama de estados de / })).toBeVisible();
    const paths = page.getByRole('region', { name: 'Caminhos gerados' });
    const select = paths.getByRole('combobox', { name: 'Caminho' });
    await select.selectOption({ index: 1 });
    const toolbar = paths.getByRole('toolbar');
    // Every control of the player draws an icon of the portal's set (no glyph a font may lack).
    for (const name of ['Início', 'Passo anterior', 'Reproduzir', 'Próximo passo', 'Fim'])
      await expect(toolbar.getByRole('button', { name }).locator('svg path')).toHaveCount(1);
    expect(await toolbar.textContent()).not.toMatch(/[⏮⏭◀▶⏸]/u);
    const panel = await paths.boundingBox();
    const box = await select.boundingBox();
    expect(panel && box && box.x + box.width <= panel.x + panel.width).toBe(true);
    const heading = await page.getByRole('navigation', { name: 'Fluxos' }).getByRole('heading').boundingBox();
    expect(heading?.x ?? 0).toBeGreaterThanOrEqual(12);
    // Guards are named: nothing drawn as an inline function.
    await expect(page.getByTestId('audit-chart')).not.toContainText('(inline)');
    await page.screenshot({ path: info.outputPath('auditoria.png'), fullPage: true });
  });
});
