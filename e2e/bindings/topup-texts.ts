/**
 * The texts of the top-up and deposit screens (src/i18n/locales/pt-BR/topup.json), falling back to
 * the shared catalogues, for the bindings of mobile-top-up, deposit-boleto and deposit-list.
 */
import { readFileSync } from 'node:fs';
import { t as tShared } from './support';

type Catalogue = { [key: string]: string | Catalogue };

const topupCatalogue = JSON.parse(
  readFileSync(new URL('../../src/i18n/locales/pt-BR/topup.json', import.meta.url), 'utf8'),
) as Catalogue;

/** The pt-BR text of a key of topup.json or of the shared catalogues. */
export function t(key: string): string {
  let node: string | Catalogue | undefined = topupCatalogue;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : tShared(key);
}
