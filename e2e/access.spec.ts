/**
 * Journeys of the access area and the shell, in Chromium against the sandbox bank
 * (1-access-shell-statement.md §2, §4, §5, §8; 4-pix-part-two.md §2, §4, §5, §8 password flows).
 * Every test starts from a fresh seed.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/reused-page';
import { FIRST_ACCESS, MARIA, PADARIA } from './support/demo';
import {
  codeOf,
  expireTokens,
  lastMail,
  linkOf,
  MAIL_SUBJECTS,
  readOutbox,
  requestPasswordReset,
  resetSandbox,
} from './support/sandbox';
import { startSignedIn } from './support/session';
import { expectSignedIn, greeting, signIn, submitLogin } from './support/sign-in';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

/** A toast (role=status or alert) with `text`. */
const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text }).first();

/** The rule items of a password checklist, by their test id (rule-letter, rule-upper...). */
const rule = (page: Page, key: string) => page.getByTestId(`rule-${key}`);

test.describe('sign-in with each kind of demo user name', () => {
  const cases = [
    { kind: 'e-mail', typed: MARIA.email, name: MARIA.name },
    { kind: 'CPF typed with its mask', typed: MARIA.cpfMasked, name: MARIA.name },
    { kind: 'CPF typed bare', typed: MARIA.cpf, name: MARIA.name },
    { kind: 'mobile phone typed with its mask', typed: MARIA.phoneMasked, name: MARIA.name },
    { kind: 'alphanumeric CNPJ typed with its mask', typed: PADARIA.cnpjMasked, name: PADARIA.name },
    { kind: 'company e-mail', typed: PADARIA.email, name: PADARIA.name },
  ];
  for (const c of cases) {
    test(`${c.kind}: ${c.typed} lands on /Statement greeting ${c.name}`, async ({ page }) => {
      await signIn(page, c.typed, MARIA.password);
      await expectSignedIn(page, c.name);
    });
  }

  test('the login button stays disabled until both fields are filled', async ({ page }) => {
    await page.goto('/login');
    const submit = page.getByRole('button', { name: 'Entrar', exact: true });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Usuário', { exact: true }).fill(MARIA.email);
    await expect(submit).toBeDisabled();
    await page.getByLabel('Senha', { exact: true }).fill('x');
    await expect(submit).toBeEnabled();
  });
});

test('a wrong password shows "Credenciais inválidas!" and stays on /login', async ({ page }) => {
  await signIn(page, MARIA.email, 'Errada@123');
  await expect(page.getByText('Credenciais inválidas!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // The form is still there for another try, and the right password then works.
  await page.getByLabel('Senha', { exact: true }).fill(MARIA.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expectSignedIn(page, MARIA.name);
});

test('first login: code 313 forces the change, then /login, then the new password signs in', async ({
  page,
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
  await submitLogin(page, FIRST_ACCESS.email, 'joao2026');
  await expectSignedIn(page, FIRST_ACCESS.name);
});

test('first access by the e-mailed link: /FirstAcess creates the password, then it signs in', async ({
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
  await submitLogin(page, FIRST_ACCESS.email, 'Joao@2026');
  await expectSignedIn(page, FIRST_ACCESS.name);
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

  await submitLogin(page, MARIA.email, MARIA.password);
  await expect(page.getByText('Credenciais inválidas!')).toBeVisible();
  await page.getByLabel('Senha', { exact: true }).fill('Nova@Senha1');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expectSignedIn(page, MARIA.name);

  // The link works once: opened again it is refused with a warning, back on a clean /login.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(link);
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Não foi possível validar o link recebido por e-mail.')).toBeVisible();
});

test('change password (/password/change) with the live checklist, then /home → /Statement', async ({
  page,
}) => {
  await startSignedIn(page, MARIA, { route: '/password/change' });
  await expect(page.getByRole('heading', { name: 'Alterar senha' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Alterar senha' });
  const next = page.getByLabel('Nova senha', { exact: true });

  await page.getByLabel('Senha atual', { exact: true }).fill(MARIA.password);
  await expect(submit).toBeDisabled();
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
  await page.getByLabel('Confirmação da nova senha', { exact: true }).fill('maria2027');
  await expect(submit).toBeDisabled();
  await page.getByLabel('Confirmação da nova senha', { exact: true }).fill('maria2026');
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(toast(page, 'Senha alterada com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/Statement$/);
  await expect(greeting(page)).toHaveText(`Olá, ${MARIA.name}`);

  // The session goes on; signing out and in again takes the new password.
  await page.goto('/Logout');
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, MARIA.email, 'maria2026');
  await expectSignedIn(page, MARIA.name);
});

test("change password with a wrong current password names the bank's cause and keeps the form", async ({
  page,
}) => {
  await startSignedIn(page, MARIA, { route: '/password/change' });
  await page.getByLabel('Senha atual', { exact: true }).fill('errada123');
  await page.getByLabel('Nova senha', { exact: true }).fill('maria2026');
  await page.getByLabel('Confirmação da nova senha', { exact: true }).fill('maria2026');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  // Issue 12: the bank names the cause (code 21), so the toast says it.
  await expect(toast(page, 'Não foi possível alterar a senha: Senha atual incorreta.')).toBeVisible();
  await expect(page).toHaveURL(/\/password\/change$/);
});

test('change by e-mailed code: wrong e-mail, wrong code, then the code from the outbox; ends logged out', async ({
  page,
  request,
}) => {
  // A long journey (six screens, two sign-in attempts): past 30 s with a worker per core on a busy machine.
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
  await submitLogin(page, MARIA.email, MARIA.password);
  await expect(page.getByText('Credenciais inválidas!')).toBeVisible();
  await page.getByLabel('Senha', { exact: true }).fill('Maria#2026');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expectSignedIn(page, MARIA.name);
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

  test('the badge counts the new ones; a click marks one read; "Marcar todas como lidas" clears it', async ({
    page,
  }) => {
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

    // Kept by the bank: after a reload nothing is new.
    await page.reload();
    await expect(bell(page)).toHaveAccessibleName('Notificações, nenhuma não lida');
  });

  test('a notification with <script> and onerror in its body runs nothing', async ({ page }) => {
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
    await startSignedIn(page, MARIA);
    await bell(page).click();
    const hostile = popup(page).getByRole('article').filter({ hasText: 'Atualize seus dados cadastrais' });
    await expect(hostile).toBeVisible();
    // The harmless parts of the body are shown.
    await expect(hostile.getByText('Confira as novidades da sua conta.')).toBeVisible();
    await expect(hostile.getByText('Equipe de atendimento')).toBeVisible();
    // Nothing executable reached the DOM.
    await expect(popup(page).locator('script')).toHaveCount(0);
    await expect(popup(page).locator('[onerror], [onload], [onclick]')).toHaveCount(0);
    await hostile.getByRole('button', { name: /^Atualize seus dados cadastrais/ }).click();
    await popup(page)
      .getByRole('tab', { name: /^Lidas/ })
      .click();
    await expect(popup(page).getByText('Confira as novidades da sua conta.')).toBeVisible();
    // Give a late onerror (the broken image) time to fire, had it survived.
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xss?: string[] }).__xss)).toEqual([]);
  });
});
