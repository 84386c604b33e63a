/**
 * What the Pix bindings share: the pt-BR texts of pix.json (support.ts's `t` reads the core
 * catalogues only), with `{{x}}` filled from `vars`.
 */
import { readFileSync } from 'node:fs';
import { t as tShared } from './support';

type Catalogue = { [key: string]: string | Catalogue };

const pixCatalogue = JSON.parse(
  readFileSync(new URL('../../src/i18n/locales/pt-BR/pix.json', import.meta.url), 'utf8'),
) as Catalogue;

/** The pt-BR text of a key of pix.json or of the shared catalogues. */
export function tPix(key: string, vars: Record<string, string | number> = {}): string {
  let node: string | Catalogue | undefined = pixCatalogue;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  const text = typeof node === 'string' ? node : tShared(key);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? `{{${name}}}`));
}
