/**
 * i18next for the portal: pt-BR by default and as fallback, English available.
 *
 * Every area keeps its texts in its own file, `locales/<lng>/<part>.json`, owning distinct top-level
 * keys (`ERRORS`, `COMMON`, `LOGIN`...). They are all picked up at build time and deep-merged into
 * one `translation` namespace per language, so a key is looked up the same way wherever it lives.
 */
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES, type Language } from './languages';

export { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES, type Language };

/** A catalogue file: nested objects whose leaves are strings. */
export interface TranslationTree {
  [key: string]: string | TranslationTree;
}

const isTree = (v: unknown): v is TranslationTree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep-merges `source` into `target` (mutating it); a later leaf replaces an earlier one. */
export function deepMerge(target: TranslationTree, source: TranslationTree): TranslationTree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (isTree(value)) {
      target[key] = deepMerge(isTree(existing) ? existing : {}, value);
    } else {
      target[key] = value;
    }
  }
  return target;
}

/** Language and part of a catalogue file path such as './locales/pt-BR/errors.json'. */
export function parseLocalePath(path: string): { lng: string; part: string } | undefined {
  const m = /(?:^|\/)locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return m && m[1] && m[2] ? { lng: m[1], part: m[2] } : undefined;
}

/**
 * Builds i18next resources from catalogue modules keyed by path: one `translation` namespace per
 * language, the parts merged in path order (so the result does not depend on load order).
 */
export function assembleResources(modules: Record<string, unknown>): Resource {
  const byLanguage: Record<string, TranslationTree> = {};
  for (const path of Object.keys(modules).sort()) {
    const where = parseLocalePath(path);
    const content = modules[path];
    if (!where || !isTree(content)) continue;
    byLanguage[where.lng] = deepMerge(byLanguage[where.lng] ?? {}, content);
  }
  const resources: Resource = {};
  for (const [lng, translation] of Object.entries(byLanguage)) resources[lng] = { translation };
  return resources;
}

// What the first load carries: the default language's core parts, which the public pages and the
// shell need (common, errors, access, shell; the money movements' error groups are a part of their
// own, errors-movements, since only signed-in areas meet them; the password pages' texts are
// access-password and the shell's menu and notifications shell-menu, loaded with those pages and
// the shell by `loadCatalogueParts`). Every area's part (statement, profile, audit, and the
// money-movement and Pix areas as they come) and every other language is a separate chunk, fetched
// with the area's page (see `loadAreaCatalogues`) or when the language is chosen. This keeps the
// first load of /login inside its budget however many areas the portal grows.
const coreModules = import.meta.glob<TranslationTree>('./locales/pt-BR/{common,errors,access,shell}.json', {
  eager: true,
  import: 'default',
});
const lazyModules = import.meta.glob<TranslationTree>(
  ['./locales/*/*.json', '!./locales/pt-BR/{common,errors,access,shell}.json'],
  { import: 'default' },
);

/**
 * A page's own catalogue part, `locales/<lng>/own-<name>.json`: only the page that names it loads
 * it (`texts: ['own-<name>', ...]` in src/app/flows.ts), never with the area catalogues, so no other
 * route's first load carries its texts (scripts/route-preload.ts leaves it out of the areas' set
 * too): the vault map's (/DepositVault, issue 31), the key claims' (/PortabilityPage), the MED
 * list's (/PixMEDPage) and the trusted devices' two pages (/DeviceList and the public /autentica,
 * `own-devices`, issue 30).
 */
export const isOwnPart = (path: string): boolean => /(?:^|\/)own-[^/]+\.json$/.test(path);

/** The resources bundled with the first load: the default language's core parts. */
export const resources: Resource = assembleResources(coreModules);

/** Fetches and assembles the not-yet-bundled catalogue parts of a language. */
export async function loadLanguageResources(lng: string): Promise<Resource> {
  const paths = Object.keys(lazyModules).filter(
    (path) => parseLocalePath(path)?.lng === lng && !isOwnPart(path),
  );
  const loaded = await Promise.all(paths.map(async (path) => [path, await lazyModules[path]!()] as const));
  return assembleResources(Object.fromEntries(loaded));
}

/** True when `lng` is one of {@link SUPPORTED_LANGUAGES}. */
export function isSupportedLanguage(lng: unknown): lng is Language {
  return typeof lng === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(lng);
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled by the browser's privacy settings
  }
}

/** The language chosen earlier on this browser, or the default. */
export function storedLanguage(): Language {
  const saved = storage()?.getItem(LANGUAGE_STORAGE_KEY);
  return isSupportedLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

function applyDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

/** The portal's i18next instance (also registered with react-i18next for `useTranslation`). */
export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  defaultNS: 'translation',
  ns: ['translation'],
  // Resources are bundled: initialise synchronously so the first render already has texts.
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
});

applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

const loading = new Map<string, Promise<void>>();

/** Loads (once) every catalogue part of `lng` that the first load did not bundle. */
function ensureLanguage(lng: string): Promise<void> {
  let pending = loading.get(lng);
  if (!pending) {
    pending = loadLanguageResources(lng).then((loaded) => {
      const bundle = loaded[lng]?.translation;
      if (bundle) i18n.addResourceBundle(lng, 'translation', bundle, true, true);
    });
    // A failed fetch (offline, new deploy) may be retried by the next page load.
    pending.catch(() => loading.delete(lng));
    loading.set(lng, pending);
  }
  return pending;
}

/**
 * Loads the area catalogue parts of the default language (the fallback) and of the active one.
 * The router awaits it together with each area page's chunk, so a page renders with its texts.
 */
export async function loadAreaCatalogues(): Promise<void> {
  const active = i18n.language;
  await Promise.all([
    ensureLanguage(DEFAULT_LANGUAGE),
    active === DEFAULT_LANGUAGE ? undefined : ensureLanguage(active),
  ]);
}

const loadingParts = new Map<string, Promise<void>>();

/** Loads (once) the lazy catalogue part `part` of `lng` (`locales/<lng>/<part>.json`). */
function ensurePart(lng: string, part: string): Promise<void> {
  const path = `./locales/${lng}/${part}.json`;
  const load = lazyModules[path];
  if (!load) return Promise.reject(new Error(`No lazy catalogue part ${path}`));
  let pending = loadingParts.get(path);
  if (!pending) {
    pending = load().then((tree) => {
      i18n.addResourceBundle(lng, 'translation', tree, true, true);
    });
    pending.catch(() => loadingParts.delete(path));
    loadingParts.set(path, pending);
  }
  return pending;
}

/**
 * Loads only the named lazy parts of the default language (and, in another language, that whole
 * language, as {@link loadAreaCatalogues}): for pages and the shell that need a part of their own
 * and not every area's texts (the password pages' `access-password`, the shell's `shell-menu`),
 * which stay out of /login's first load.
 */
export async function loadCatalogueParts(parts: readonly string[]): Promise<void> {
  const active = i18n.language;
  const own = parts.filter((part) => isOwnPart(`${part}.json`));
  own.forEach((part) => ownLoaded.add(part));
  await Promise.all([
    ...parts.map((part) => ensurePart(DEFAULT_LANGUAGE, part)),
    active === DEFAULT_LANGUAGE ? undefined : ensureLanguage(active),
    // An own part is not in its language's whole set: it is fetched by name in the active one too.
    ...(active === DEFAULT_LANGUAGE ? [] : own.map((part) => ensurePart(active, part))),
  ]);
}

/** The own parts a page has loaded: a language switch fetches them in the new language too. */
const ownLoaded = new Set<string>();

/** Switches the language, remembers it on this browser and updates `<html lang>`. */
export async function setLanguage(lng: Language): Promise<void> {
  if (!isSupportedLanguage(lng)) throw new Error(`Unsupported language: ${String(lng)}`);
  try {
    storage()?.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Not remembered when storage is full or disabled; the switch still applies.
  }
  await Promise.all([ensureLanguage(lng), ...[...ownLoaded].map((part) => ensurePart(lng, part))]);
  await i18n.changeLanguage(lng);
}

/**
 * Resolves when the language chosen earlier on this browser is loaded and active, so the first
 * render is already in that language. A failed fetch leaves the portal in pt-BR.
 */
export const i18nReady: Promise<void> = (async () => {
  const stored = storedLanguage();
  if (stored === DEFAULT_LANGUAGE) return;
  try {
    await ensureLanguage(stored);
    await i18n.changeLanguage(stored);
  } catch {
    // The language chunk could not be fetched (offline, new deploy): stay in the default language.
  }
})();

/** Whether the catalogue has `key` (for `toApiError`'s fallback to ERRORS.UNEXPECTED). */
export const hasKey = (key: string): boolean => i18n.exists(key);
