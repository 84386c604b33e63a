/**
 * Component tests render area pages directly, without the router that loads their catalogue
 * texts; load them up front in DOM environments, as the router does before showing a page.
 */
if (typeof window !== 'undefined') {
  const { loadAreaCatalogues } = await import('../../src/i18n/i18n');
  await loadAreaCatalogues();
}

export {};
