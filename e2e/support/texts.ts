/**
 * The portal's pt-BR texts as the e2e tests read them: every part of src/i18n/locales/pt-BR/
 * (common, errors, errors-movements, every area's file...) read once and deep-merged into one tree,
 * as src/i18n/i18n.ts assembles the `translation` namespace, so a test names a key as the view does
 * and never copies a text. One loader for every binding and spec: an area's new file is picked up
 * from the folder; give it a line in `Parts` below so its keys are typed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type access from '../../src/i18n/locales/pt-BR/access.json';
import type accessPassword from '../../src/i18n/locales/pt-BR/access-password.json';
import type audit from '../../src/i18n/locales/pt-BR/audit.json';
import type claims from '../../src/i18n/locales/pt-BR/own-claims.json';
import type common from '../../src/i18n/locales/pt-BR/common.json';
import type devices from '../../src/i18n/locales/pt-BR/own-devices.json';
import type errors from '../../src/i18n/locales/pt-BR/errors.json';
import type errorsMovements from '../../src/i18n/locales/pt-BR/errors-movements.json';
import type payments from '../../src/i18n/locales/pt-BR/payments.json';
import type pix from '../../src/i18n/locales/pt-BR/pix.json';
import type pixMed from '../../src/i18n/locales/pt-BR/own-pix-med.json';
import type profile from '../../src/i18n/locales/pt-BR/profile.json';
import type receive from '../../src/i18n/locales/pt-BR/receive.json';
import type recipients from '../../src/i18n/locales/pt-BR/recipients.json';
import type shell from '../../src/i18n/locales/pt-BR/shell.json';
import type shellMenu from '../../src/i18n/locales/pt-BR/shell-menu.json';
import type statement from '../../src/i18n/locales/pt-BR/statement.json';
import type topup from '../../src/i18n/locales/pt-BR/topup.json';
import type transfers from '../../src/i18n/locales/pt-BR/transfers.json';
import type vaults from '../../src/i18n/locales/pt-BR/own-vaults.json';
import type pixCash from '../../src/i18n/locales/pt-BR/own-pix-cash.json';

type Catalogue = { [key: string]: string | Catalogue };

// The parts' shapes (type-only: nothing is bundled), whose leaves are the keys `t` accepts.
type Parts = typeof access &
  typeof accessPassword &
  typeof audit &
  typeof claims &
  typeof common &
  typeof devices &
  typeof errors &
  typeof errorsMovements &
  typeof payments &
  typeof pix &
  typeof pixMed &
  typeof profile &
  typeof receive &
  typeof recipients &
  typeof shell &
  typeof shellMenu &
  typeof statement &
  typeof topup &
  typeof transfers &
  typeof vaults &
  typeof pixCash;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

type Leaf = Leaves<Parts>;

/** A key of the pt-BR catalogues; a plural's base key (`X` for `X_one`/`X_other`) too. */
export type TextKey =
  Leaf | (Leaf extends infer K ? (K extends `${infer B}_${'one' | 'other'}` ? B : never) : never);

/** Values of `{{name}}` placeholders; a number `count` picks the `_one`/`_other` form, as i18next. */
export type TextValues = Record<string, string | number>;

const FOLDER = new URL('../../src/i18n/locales/pt-BR/', import.meta.url);

/**
 * Deep-merges `from` into `into`. The parts own distinct keys (errors-movements adds groups to
 * errors' ERRORS), so the same leaf in two parts is a mistake of the catalogues: it fails here
 * rather than let the file order decide which text a test expects.
 */
function merge(into: Catalogue, from: Catalogue, part: string, at = ''): Catalogue {
  for (const [key, value] of Object.entries(from)) {
    const there = into[key];
    if (typeof value === 'object' && (there === undefined || typeof there === 'object'))
      into[key] = merge(there ?? {}, value, part, `${at}${key}.`);
    else if (there !== undefined) throw new Error(`chave pt-BR repetida em ${part}.json: ${at}${key}`);
    else into[key] = value;
  }
  return into;
}

const catalogue: Catalogue = readdirSync(FOLDER)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .reduce<Catalogue>(
    (all, file) =>
      merge(all, JSON.parse(readFileSync(new URL(file, FOLDER), 'utf8')) as Catalogue, file.slice(0, -5)),
    {},
  );

function lookup(key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/**
 * The pt-BR text of a catalogue key (as the views' `t`), `{{name}}` filled from `values` (left as
 * it is when not given); an unknown key fails the test loudly.
 */
export function t(key: TextKey, values: TextValues = {}): string {
  const count = values['count'];
  const plural = typeof count === 'number' ? lookup(`${key}_${count === 1 ? 'one' : 'other'}`) : undefined;
  const text = plural ?? lookup(key);
  if (text === undefined) throw new Error(`chave de texto pt-BR inexistente: ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

/**
 * A key computed at run time (a validator's message key, a key built from an event's payload) as a
 * `TextKey`, once it is known to be one; an unknown key fails the test loudly.
 */
export function textKey(key: string): TextKey {
  if (!isTextKey(key)) throw new Error(`chave de texto pt-BR inexistente: ${key}`);
  return key;
}

function isTextKey(key: string): key is TextKey {
  return lookup(key) !== undefined || lookup(`${key}_one`) !== undefined;
}

/**
 * The text the portal shows for the bank's catalogue error `group` `code`, by the portal's lookup
 * (src/api/errors.ts): ERRORS.{group}.{code}, then ERRORS.API.{code}.
 */
export function errorText(group: string, code: number): string {
  const text = lookup(`ERRORS.${group}.${code}`) ?? lookup(`ERRORS.API.${code}`);
  if (text === undefined) throw new Error(`sem texto pt-BR para o erro ${group} ${code}`);
  return text;
}
