/**
 * The portal's languages and where the chosen one is remembered: plain constants, shared by the
 * i18n setup and by the build (vite.config.ts writes them into index.html's inline script).
 */

/** The languages of the portal; the first is the default and the fallback. */
export const SUPPORTED_LANGUAGES = ['pt-BR', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt-BR';

/** localStorage key of the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'portal.lang';
