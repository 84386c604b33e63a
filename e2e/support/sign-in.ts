/**
 * Signing in through the real login page, in either language, and what a signed-in page shows: the
 * one UI sign-in (`signIn`). Tests not about signing in start signed in through the API instead
 * (`startSignedIn`, e2e/support/session.ts).
 */
import { expect, type Page } from '@playwright/test';

export type Lang = 'pt-BR' | 'en';

/** The texts of the login page and of the shell the helpers look for (access.json, shell.json). */
export const TEXTS = {
  'pt-BR': { user: 'Usuário', password: 'Senha', submit: 'Entrar', greeting: 'Olá,' },
  en: { user: 'User', password: 'Password', submit: 'Sign in', greeting: 'Hello,' },
} as const satisfies Record<Lang, Record<string, string>>;

/** localStorage key of the chosen language (src/i18n/i18n.ts). */
export const LANGUAGE_STORAGE_KEY = 'portal.lang';

/** Makes every page of this test start in `lang` (set before any script of the portal runs). */
export async function useLanguage(page: Page, lang: Lang): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      window.localStorage.setItem(key, value);
    },
    [LANGUAGE_STORAGE_KEY, lang] as const,
  );
}

/** Fills the login form of an open /login page and submits it. */
export async function submitLogin(page: Page, user: string, password: string, lang: Lang = 'pt-BR') {
  const t = TEXTS[lang];
  await page.getByLabel(t.user, { exact: true }).fill(user);
  await page.getByLabel(t.password, { exact: true }).fill(password);
  const submit = page.getByRole('button', { name: t.submit, exact: true });
  await expect(submit).toBeEnabled();
  await submit.click();
}

/** Opens /login and signs in; does not wait for where it leads. */
export async function signIn(page: Page, user: string, password: string, lang: Lang = 'pt-BR') {
  await page.goto('/login');
  await submitLogin(page, user, password, lang);
}

/** The shell's greeting in the top bar. */
export const greeting = (page: Page) => page.getByRole('banner').getByText(/^(Olá|Hello),/);

/** After a successful sign-in: /Statement inside the shell, greeting the client by name. */
export async function expectSignedIn(page: Page, name: string, lang: Lang = 'pt-BR') {
  await expect(page).toHaveURL(/\/Statement$/);
  await expect(greeting(page)).toHaveText(`${TEXTS[lang].greeting} ${name}`);
}
