/**
 * src/i18n/i18n.ts `loadCatalogueParts`: a page or the shell loads the one lazy part it names, not
 * every area's texts, and the first load does not carry those parts (/login's budget). Node
 * environment on purpose: tests/setup/i18n.ts loads every area part up front only in DOM tests.
 */
import { describe, expect, it } from 'vitest';
import { i18n, loadAreaCatalogues, loadCatalogueParts, resources } from '../../src/i18n/i18n';

describe('loadCatalogueParts', () => {
  it('is not in the first load: the shell menu and the password pages’ texts are lazy parts', () => {
    const bundled = resources['pt-BR']?.translation as Record<string, unknown>;
    expect(Object.keys(bundled)).toEqual(expect.arrayContaining(['LOGIN', 'SHELL', 'ERRORS', 'COMMON']));
    for (const lazy of ['MENU', 'NOTIFICATIONS', 'PASSWORD', 'CHANGEPASS', 'FIRST_ACCESS', 'RESET'])
      expect(bundled).not.toHaveProperty(lazy);
  });

  it('loads the named part only, merged into the translation namespace', async () => {
    expect(i18n.exists('MENU.STATEMENT')).toBe(false);
    await loadCatalogueParts(['shell-menu']);
    expect(i18n.t('MENU.STATEMENT')).toBe('Extrato');
    expect(i18n.t('SHELL.LOADING_PAGE')).not.toBe('SHELL.LOADING_PAGE');
    expect(i18n.exists('CHANGEPASS.TITLE')).toBe(false);
    await loadCatalogueParts(['access-password']);
    expect(i18n.exists('CHANGEPASS.TITLE')).toBe(true);
  });

  it("leaves the pages' own parts out of the area catalogues: each is loaded by its page only", async () => {
    await loadAreaCatalogues();
    expect(i18n.exists('PIX_HUB.TITLE')).toBe(true);
    for (const own of ['VAULTS.TITLE', 'CLAIMS.TITLE', 'PIX_MED.TITLE'])
      expect(i18n.exists(own), own).toBe(false);
    await loadCatalogueParts(['own-claims', 'own-pix-med']);
    expect(i18n.t('CLAIMS.EMPTY')).toBe('Não há solicitações vinculadas a essa conta.');
    expect(i18n.exists('PIX_MED.TITLE')).toBe(true);
    expect(i18n.exists('VAULTS.TITLE')).toBe(false);
  });

  it('fails on a part that is not a lazy part', async () => {
    await expect(loadCatalogueParts(['no-such-part'])).rejects.toThrow('no-such-part');
    await expect(loadCatalogueParts(['shell'])).rejects.toThrow('shell');
  });
});
