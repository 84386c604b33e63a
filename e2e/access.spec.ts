/**
 * Journeys of the access area and the shell, in Chromium against the sandbox bank
 * (1-access-shell-statement.md §2, §4, §5, §8; 4-pix-part-two.md §2, §4, §5, §8 password flows).
 * Every test starts from a fresh seed.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/reused-page';
import { FIRST_ACCESS, MARIA, PADARIA } from './support/demo';
import {
  codeOf,
  DEVICE_HEADER,
  expireTokens,
  lastMail,
  linkOf,
  MAIL_SUBJECTS,
  readOutbox,
  requestPasswordReset,
  resetSandbox,
} from './support/sandbox';
import { apiSignIn, startSignedIn } from './support/session';
import { expectSignedIn, greeting, signIn } from './support/sign-in';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

/** A toast (role=status or alert) with `text`. */
const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text }).first();

/** The rule items of a password checklist, by their test id (rule-letter, rule-upper...). */
const rule = (page: Page, key: string) => page.getByTestId(`rule-${key}`);

/**
 * What the bank says to `password` for `email` now, through the login API the login page calls:
 * after a password journey the bank's own answer proves which password it keeps, without a second
 * sign-in through the page (the sign-in tests below and hardening.spec.ts type credentials).
 */
async function expectBankPassword(
  request: APIRequestContext,
  email: string,
  { accepts, refuses }: { accepts: string; refuses?: string },
): Promise<void> {
  if (refuses !== undefined) {
    const res = await request.post('/api/login', {
      headers: DEVICE_HEADER,
      form: { username: email, password: refuses, cookie: '' },
    });
    expect(res.status(), `the bank still takes the old password of ${email}`).toBe(422);
  }
  const session = await apiSignIn(request, email, accepts);
  expect(session.token.length).toBeGreaterThan(0);
}

// Each kind of user name is sent as the bank knows it: the mapping is unit-tested for every demo
// login (tests/validators/username.property.test.ts 'each demo login...'), the bank signs in with
// each of those user names (sandbox/server.test.ts 'signs in with $kind'); here the page types
// the masked forms and lands signed in. A bare CPF is sent as the masked one (the unit test), a
// person's e-mail is typed by the password journeys below, a company's by hardening.spec.ts (the
// CSP test); a wrong password and the disabled button are the login paths' (e2e/bindings/login.ts
// 'editing.rejected', 'form.submit') and tests/views/access/login-page.test.tsx's.
test('sign-in with a masked CPF, a masked mobile phone and a masked alphanumeric CNPJ lands on /Statement', async ({
  page,
}) => {
  for (const c of [
    { typed: MARIA.cpfMasked, name: MARIA.name },
    { typed: MARIA.phoneMasked, name: MARIA.name },
    { typed: PADARIA.cnpjMasked, name: PADARIA.name },
  ]) {
    await signIn(page, c.typed, MARIA.password);
    await expectSignedIn(page, c.name);
    await page.evaluate(() => sessionStorage.clear());
  }
});

test('first login: code 313 forces the change, then /login, then the bank takes the new password', async ({
  page,
  request,
}) => {
  await signIn(page, FIRST_ACCESS.email, FIRST_ACCESS.password);
  await expect(page).toHaveURL(/\/password\/first-login$/);
  await expect(
    page.getByRole('heading', { name: 'Você precisa alterar sua senha para entrar' }),
  ).toBeVisible();
  // No current-password field on this screen (§2).
  await expect(page.getByLabel('Senha atual')).toHaveCount(0);
  // Silent code 313: no error message.
  await expect(page.getByText('Credenciais inválidas!')).toHaveCount(0);

  const submit = page.getByRole('button', { name: 'Alterar senha' });
  await page.getByLabel('Nova senha', { exact: true }).fill(FIRST_ACCESS.password);
  await page.getByLabel('Confirmação da nova senha', { exact: true }).fill(FIRST_ACCESS.password);
  // Same as the password typed at sign-in: refused on the screen.
  await expect(submit).toBeDisabled();
  await page.getByLabel('Nova senha', { exact: true }).fill('joao2026');
  await page.getByLabel('Confirmação da nova senha', { exact: true }).fill('joao2026');
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Senha alterada com sucesso!')).toBeVisible();
  // No code 313 any more: the new password signs in.
  await expectBankPassword(request, FIRST_ACCESS.email, { accepts: 'joao2026' });
});

test('first access by the e-mailed link: /FirstAcess creates the password, then the bank takes it', async ({
  page,
  request,
}) => {
  const mail = await lastMail(request, FIRST_ACCESS.email, MAIL_SUBJECTS.firstAccess);
  await page.goto(linkOf(mail));
  await expect(page).toHaveURL(/\/FirstAcess$/);
  await expect(page.getByRole('heading', { name: 'Primeiro acesso: crie sua senha' })).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill('Joao@2026');
  await page.getByLabel('Confirmação da nova senha', { exact: true }).fill('Joao@2026');
  await page.getByRole('button', { name: 'Criar senha' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Senha criada com sucesso!')).toBeVisible();
  // No forced change any more: the link's password is the account's password.
  await expectBankPassword(request, FIRST_ACCESS.email, { accepts: 'Joao@2026' });
});

test('reset through the outbox link: strict password, the old one stops working', async ({
  page,
  request,
}) => {
  await requestPasswordReset(request, MARIA.cpf);
  const mail = await lastMail(request, MARIA.email, MAIL_SUBJECTS.reset);
  const link = linkOf(mail);
  expect(link).toMatch(/^\/login\?action=resetar-senha&hash=/);

  await page.goto(link);
  await expect(page).toHaveURL(/\/ResetPassword$/);
  await expect(page.getByRole('heading', { name: 'Redefinir senha' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Redefinir senha' });
  const password = page.getByLabel('Nova senha', { exact: true });
  const confirm = page.getByLabel('Confirmação da nova senha', { exact: true });

  // The strict checklist, live: 'senha123' lacks an upper-case letter and a special character.
  await password.fill('senha123');
  await expect(rule(page, 'minLength')).toHaveAttribute('data-met', 'true');
  await expect(rule(page, 'lower')).toHaveAttribute('data-met', 'true');
  await expect(rule(page, 'number')).toHaveAttribute('data-met', 'true');
  await expect(rule(page, 'upper')).toHaveAttribute('data-met', 'false');
  await expect(rule(page, 'special')).toHaveAttribute('data-met', 'false');
  await confirm.fill('senha123');
  await expect(submit).toBeDisabled();

  await password.fill('Nova@Senha1');
  await confirm.fill('Nova@Senha1');
  for (const key of ['minLength', 'upper', 'lower', 'number', 'special'])
    await expect(rule(page, key)).toHaveAttribute('data-met', 'true');
  await submit.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Senha redefinida com sucesso!')).toBeVisible();
  await expectBankPassword(request, MARIA.email, { accepts: 'Nova@Senha1', refuses: MARIA.password });

  // The link works once: opened again it is refused with a warning, back on a clean /login.
  await page.goto(link);
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Não foi possível validar o link recebido por e-mail.')).toBeVisible();
});

test("change password (/password/change): a wrong current password names the bank's cause, then the live checklist, then /home → /Statement", async ({
  page,
  request,
}) => {
  await startSignedIn(page, MARIA, { route: '/password/change' });
  await expect(page.getByRole('heading', { name: 'Alterar senha' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Alterar senha' });
  const current = page.getByLabel('Senha atual', { exact: true });
  const next = page.getByLabel('Nova senha', { exact: true });
  const confirm = page.getByLabel('Confirmação da nova senha', { exact: true });

  await current.fill('errada123');
  await expect(submit).toBeDisabled();
  await next.fill('maria2026');
  await confirm.fill('maria2026');
  await submit.click();
  // Issue 12: the bank names the cause (code 21), so the toast says it; the form stays.
  await expect(toast(page, 'Não foi possível alterar a senha: Senha atual incorreta.')).toBeVisible();
  await expect(page).toHaveURL(/\/password\/change$/);

  await current.fill(MARIA.password);
  const expectRules = async (met: Record<string, boolean>) => {
    for (const [key, value] of Object.entries(met))
      await expect(rule(page, key), `rule ${key}`).toHaveAttribute('data-met', String(value));
  };
  await next.fill('123');
  await expectRules({ letter: false, number: true, minLength: false, noSpaces: true });
  await next.fill('abc 12');
  await expectRules({ letter: true, number: true, minLength: true, noSpaces: false });
  await next.fill('maria2026');
  await expectRules({ letter: true, number: true, minLength: true, noSpaces: true });
  await confirm.fill('maria2027');
  await expect(submit).toBeDisabled();
  await confirm.fill('maria2026');
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(toast(page, 'Senha alterada com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/Statement$/);
  // The session goes on, and the bank now takes the new password only.
  await expect(greeting(page)).toHaveText(`Olá, ${MARIA.name}`);
  await expectBankPassword(request, MARIA.email, { accepts: 'maria2026', refuses: MARIA.password });
});

test('change by e-mailed code: wrong e-mail, wrong code, then the code from the outbox; ends logged out', async ({
  page,
  request,
}) => {
  // A long journey (four screens, two e-mails read): past 30 s with a worker per core on a busy machine.
  test.slow();
  await startSignedIn(page, MARIA, { route: '/password/change' });
  await page.getByRole('link', { name: /Altere com um código enviado por e-mail/ }).click();
  await expect(page).toHaveURL(/\/password\/change-by-code$/);
  await expect(page.getByRole('heading', { name: 'Alterar senha com código por e-mail' })).toBeVisible();

  const email = page.getByLabel('E-mail cadastrado', { exact: true });
  await email.fill(PADARIA.email);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByText('E-mail incorreto. Confira o e-mail cadastrado na sua conta.')).toBeVisible();
  expect((await readOutbox(request)).filter((m) => m.subject === MAIL_SUBJECTS.passwordCode)).toEqual([]);

  await email.fill(MARIA.email);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  const dialog = page.getByRole('dialog', { name: 'Digite o código' });
  await expect(dialog).toBeVisible();
  const code = codeOf(await lastMail(request, MARIA.email, MAIL_SUBJECTS.passwordCode));

  const codeField = dialog.getByLabel('Código de 6 dígitos');
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await codeField.fill(wrong);
  await dialog.getByRole('button', { name: 'Verificar código' }).click();
  await expect(dialog.getByText('Código inválido. Confira o código recebido ou peça um novo.')).toBeVisible();
  await codeField.fill(code);
  await dialog.getByRole('button', { name: 'Verificar código' }).click();
  await expect(dialog).toBeHidden();

  const submit = page.getByRole('button', { name: 'Salvar nova senha' });
  await page.getByLabel('Nova senha', { exact: true }).fill('maria2026');
  await page.getByLabel('Confirmação da nova senha', { exact: true }).fill('maria2026');
  // The strict rule applies here (4-pix-part-two.md §5).
  await expect(submit).toBeDisabled();
  await page.getByLabel('Nova senha', { exact: true }).fill('Maria#2026');
  await page.getByLabel('Confirmação da nova senha', { exact: true }).fill('Maria#2026');
  await expect(submit).toBeEnabled();
  await submit.click();

  // §4: new password saved, then logout.
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Senha alterada. Entre novamente com a nova senha.')).toBeVisible();
  await expect(page.getByText('Login expirado.')).toHaveCount(0);
  await expectBankPassword(request, MARIA.email, { accepts: 'Maria#2026', refuses: MARIA.password });
});

test('an expired session shows "Login expirado." and goes back to /login', async ({ page, request }) => {
  await startSignedIn(page, MARIA);
  // Let the first page's own calls finish: one answered 401 after the expiry below would sign
  // out before the reload, and the reload would then show /login without the toast.
  await expect(greeting(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await expireTokens(request)).toBeGreaterThanOrEqual(1);
  // The next authenticated call (the shell's notifications and client, the statement) gets 401.
  await page.reload();
  await expect(toast(page, 'Login expirado.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // The session is gone: a protected route leads to the login.
  await page.goto('/password/change');
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('notifications', () => {
  const bell = (page: Page) => page.getByRole('button', { name: /^Notificações, / });
  const popup = (page: Page) => page.getByRole('dialog', { name: 'Notificações' });

  // One page for the badge, the hostile body and the tracking pixel (issue #10): each is read in
  // the same popup, so they share a sign-in and a load.
  test('the badge counts the new ones; a click marks one read; "Marcar todas como lidas" clears it; hostile HTML runs nothing and reaches no other host', async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? '').origin;
    const foreign: string[] = [];
    page.on('request', (r) => {
      const url = r.url();
      if (!url.startsWith(origin) && !url.startsWith('data:')) foreign.push(url);
    });
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    // Any alert the hostile HTML could reach also raises a flag the test reads.
    await page.addInitScript(() => {
      const w = window as unknown as { __xss?: string[]; alert: (m?: unknown) => void };
      w.__xss = [];
      const original = w.alert.bind(window);
      w.alert = (m?: unknown) => {
        w.__xss?.push(String(m));
        original(m);
      };
    });
    // The bank's lists with a remote image added to every notification, as a sender could.
    await page.route('**/api/notification/**', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const json = (await response.json()) as {
        data?: { body?: string }[] | { notifications?: { body?: string }[] };
      };
      const list = Array.isArray(json.data) ? json.data : (json.data?.notifications ?? []);
      for (const n of list)
        n.body = `${n.body ?? ''}<img src="http://tracker.invalid:9/p.gif?u=maria" width="1" height="1">`;
      await route.fulfill({ response, json });
    });
    await startSignedIn(page, MARIA);
    // Maria has three unread addressed notifications; the general ones are never 'new' (§4).
    await expect(bell(page)).toHaveAccessibleName('Notificações, 3 não lidas');
    await expect(bell(page).locator('[aria-hidden="true"]').filter({ hasText: /^\d+$/ })).toHaveText('3');

    await bell(page).click();
    await expect(popup(page)).toBeVisible();
    await expect(popup(page).getByRole('tab', { name: 'Novas (3)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(popup(page).getByRole('tab', { name: 'Lidas (3)' })).toBeVisible();

    // The hostile one (<script> and onerror in its body): the harmless parts are shown, nothing
    // executable reached the DOM.
    const hostile = popup(page).getByRole('article').filter({ hasText: 'Atualize seus dados cadastrais' });
    await expect(hostile).toBeVisible();
    await expect(hostile.getByText('Confira as novidades da sua conta.')).toBeVisible();
    await expect(hostile.getByText('Equipe de atendimento')).toBeVisible();
    await expect(popup(page).locator('script')).toHaveCount(0);
    await expect(popup(page).locator('[onerror], [onload], [onclick]')).toHaveCount(0);

    await popup(page)
      .getByRole('button', { name: /^Pix recebido/ })
      .click();
    await expect(bell(page)).toHaveAccessibleName('Notificações, 2 não lidas');
    await expect(popup(page).getByRole('tab', { name: 'Novas (2)' })).toBeVisible();
    await popup(page).getByRole('tab', { name: 'Lidas (4)' }).click();
    await expect(popup(page).getByRole('heading', { name: 'Pix recebido' })).toBeVisible();

    await popup(page).getByRole('checkbox', { name: 'Marcar todas como lidas' }).check();
    await expect(bell(page)).toHaveAccessibleName('Notificações, nenhuma não lida');
    await expect(bell(page).locator('[aria-hidden="true"]').filter({ hasText: /^\d+$/ })).toHaveCount(0);
    await expect(popup(page).getByRole('tab', { name: 'Novas (0)' })).toBeVisible();
    // Read, the hostile body is shown again among the read ones, still inert.
    await popup(page)
      .getByRole('tab', { name: /^Lidas/ })
      .click();
    await expect(popup(page).getByText('Confira as novidades da sua conta.')).toBeVisible();
    await expect(popup(page).locator('script')).toHaveCount(0);
    await expect(popup(page).locator('img[src*="tracker"]')).toHaveCount(0);
    // Give a late onerror (the broken image) or a remote image time to fire, had it survived.
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xss?: string[] }).__xss)).toEqual([]);
    expect(foreign).toEqual([]);

    // Kept by the bank: after a reload nothing is new.
    await page.reload();
    await expect(bell(page)).toHaveAccessibleName('Notificações, nenhuma não lida');
  });
});
