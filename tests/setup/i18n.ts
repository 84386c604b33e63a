/**
 * Component tests render area pages directly, without the router that loads their catalogue
 * texts; load them up front in DOM environments, as the router does before showing a page.
 */
if (typeof window !== 'undefined') {
  const { loadAreaCatalogues, loadCatalogueParts } = await import('../../src/i18n/i18n');
  // The pages' own parts (own-<name>.json) are not area catalogues: each is loaded by name.
  const own = Object.keys(import.meta.glob('../../src/i18n/locales/pt-BR/own-*.json')).map(
    (path) => /own-[^/]+(?=\.json$)/.exec(path)?.[0] ?? '',
  );
  await Promise.all([loadAreaCatalogues(), loadCatalogueParts(own)]);
}

export {};
