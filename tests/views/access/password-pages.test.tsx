// @vitest-environment jsdom
/**
 * The other access screens: the forgot-password notice, the forced first-login change (in-memory
 * hand-off, redirects), first access / reset from a verified link (and without one), and the change
 * by e-mailed code.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { config } from '../../../src/runtime/config';
import { session } from '../../../src/runtime/session';
import ChangeByCodePage from '../../../src/features/access/change-by-code-page';
import FirstAccessPage from '../../../src/features/access/first-access-page';
import FirstLoginPage from '../../../src/features/access/first-login-page';
import ForgotPasswordPage from '../../../src/features/access/forgot-password-page';
import {
  clearFirstLoginHandoff,
  clearLinkHandoff,
  peekFirstLoginHandoff,
  setFirstLoginHandoff,
  setLinkHandoff,
} from '../../../src/features/access/handoff';
import ResetPasswordPage from '../../../src/features/access/reset-password-page';
import type { FlowActors } from '../../../src/runtime/flow-actors';
import {
  apiFailure,
  deferredActor,
  renderPage as renderWith,
  type Deferred,
  type FakeCall,
} from './access-harness';
import { DEMO_USERS, FIRST_ACCESS_PASSWORD } from '../../../demo/users';

type Calls = Record<string, { input: unknown; answer: Deferred<unknown> }[]>;
const calls: Record<string, FakeCall[]> = {};
const fake = <TOutput, TInput>(name: string) => deferredActor<TOutput, TInput>((calls[name] ??= []));

const fakeActors: Partial<FlowActors> = {
  'first-access': { savePassword: fake('savePassword') },
  'reset-password': { savePassword: fake('savePassword') },
  'first-login': { changePassword: fake('changePassword') },
  'change-by-code': {
    hasValidPasswordChangeCode: fake('hasValidPasswordChangeCode'),
    verifyEmail: fake('verifyEmail'),
    sendPasswordChangeCode: fake('sendPasswordChangeCode'),
    verifyPasswordChangeCode: fake('verifyPasswordChangeCode'),
    changePasswordWithCode: fake('changePasswordWithCode'),
  },
};
const renderPage = (ui: ReactElement, path: string) => renderWith(ui, path, fakeActors);

const call = (name: string, i = 0) => {
  const list = (calls as Calls)[name] ?? [];
  const c = list[i];
  if (!c) throw new Error(`no call ${i} of ${name}`);
  return c;
};
const called = (name: string) => ((calls as Calls)[name] ?? []).length;
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

beforeEach(() => {
  for (const list of Object.values(calls)) list.length = 0;
  clearFirstLoginHandoff();
  clearLinkHandoff();
});

afterEach(() => {
  cleanup();
  session.clear();
});

describe('/password/forgot', () => {
  it('tells to contact support by e-mail and links back to the login', () => {
    renderPage(<ForgotPasswordPage />, '/password/forgot');
    expect(screen.getByRole('heading', { level: 1, name: 'Esqueci minha senha' })).toBeTruthy();
    const email = config.helpCenter.email as string;
    expect(screen.getByRole('link', { name: email }).getAttribute('href')).toBe(`mailto:${email}`);
    expect(screen.getByRole('link', { name: 'Voltar para o login' }).getAttribute('href')).toBe('/login');
  });
});

describe('/password/first-login', () => {
  it('goes to /login without the hand-off of the login page', async () => {
    const { memory } = renderPage(<FirstLoginPage />, '/password/first-login');
    await waitFor(() => expect(memory.history.at(-1)).toBe('/login'));
  });

  it('goes to /login when already signed in', async () => {
    setFirstLoginHandoff({ username: 'a@b.com.br', password: FIRST_ACCESS_PASSWORD });
    session.set({
      token: 't',
      account: { accountHolderId: 'h', accounts: [{ accountId: 'a' }], isValidateDevice: false },
      username: 'a@b.com.br',
      functionalities: [],
    });
    const { memory } = renderPage(<FirstLoginPage />, '/password/first-login');
    await waitFor(() => expect(memory.history.at(-1)).toBe('/login'));
  });

  it('changes the password typed at sign-in, without a current-password field, then goes to /login', async () => {
    setFirstLoginHandoff({ username: DEMO_USERS.firstAccess.email, password: FIRST_ACCESS_PASSWORD });
    const { memory } = renderPage(<FirstLoginPage />, '/password/first-login');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Você precisa alterar sua senha para entrar' }),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Senha atual')).toBeNull();
    const button = screen.getByRole('button', { name: 'Alterar senha' }) as HTMLButtonElement;

    type('Nova senha', FIRST_ACCESS_PASSWORD);
    type('Confirmação da nova senha', FIRST_ACCESS_PASSWORD);
    fireEvent.blur(screen.getByLabelText('Nova senha', { selector: 'input' }));
    expect(screen.getByText('A nova senha deve ser diferente da senha atual')).toBeTruthy();
    expect(button.disabled).toBe(true);

    type('Nova senha', 'nova123');
    type('Confirmação da nova senha', 'nova123');
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(called('changePassword')).toBe(1));
    expect(call('changePassword').input).toEqual({
      username: DEMO_USERS.firstAccess.email,
      currentPassword: FIRST_ACCESS_PASSWORD,
      newPassword: 'nova123',
    });
    await act(async () => call('changePassword').answer.resolve({ success: true }));
    expect(await screen.findByText('Senha alterada com sucesso!')).toBeTruthy();
    await waitFor(() => expect(memory.history.at(-1)).toBe('/login'));
    expect(peekFirstLoginHandoff()).toBeNull();
  });

  it('shows CHANGEPASS.ERROR when the change fails', async () => {
    setFirstLoginHandoff({ username: DEMO_USERS.firstAccess.email, password: FIRST_ACCESS_PASSWORD });
    renderPage(<FirstLoginPage />, '/password/first-login');
    type('Nova senha', 'nova123');
    type('Confirmação da nova senha', 'nova123');
    fireEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
    await waitFor(() => expect(called('changePassword')).toBe(1));
    await act(async () =>
      call('changePassword').answer.reject(apiFailure({ status: 500, messageKey: 'ERRORS.INTERNAL' })),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Não foi possível alterar a senha');
  });
});

describe('/FirstAcess and /ResetPassword', () => {
  it('explain where to start when opened without a verified link', () => {
    renderPage(<FirstAccessPage />, '/FirstAcess');
    expect(screen.getByText(/começa pelo link que enviamos ao seu e-mail/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar para o login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText('Nova senha')).toBeNull();
  });

  it('save the password with the account, the strict rule and the hash, then go to /login', async () => {
    setLinkHandoff({
      destination: 'firstAccess',
      hash: 'h1',
      result: { accountId: '1001', action: 'primeiro-acesso', valid: true },
    });
    const { memory } = renderPage(<FirstAccessPage />, '/FirstAcess');
    const button = screen.getByRole('button', { name: 'Criar senha' }) as HTMLButtonElement;
    type('Nova senha', 'senha123');
    expect(button.disabled).toBe(true);
    expect(screen.getByTestId('rule-upper').getAttribute('data-met')).toBe('false');
    type('Nova senha', 'Nova@Senha1');
    type('Confirmação da nova senha', 'Nova@Senha1');
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(called('savePassword')).toBe(1));
    expect(call('savePassword').input).toEqual({ account_id: '1001', pass: 'Nova@Senha1', token: 'h1' });
    await act(async () => call('savePassword').answer.resolve({ success: true }));
    expect(await screen.findByText('Senha criada com sucesso! Entre com a nova senha.')).toBeTruthy();
    await waitFor(() => expect(memory.history.at(-1)).toBe('/login'));
  });

  it('show the server message when saving fails', async () => {
    setLinkHandoff({
      destination: 'reset',
      hash: 'h2',
      result: { accountId: '1001', action: 'resetar-senha', valid: true },
    });
    renderPage(<ResetPasswordPage />, '/ResetPassword');
    type('Nova senha', 'Nova@Senha1');
    type('Confirmação da nova senha', 'Nova@Senha1');
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    await waitFor(() => expect(called('savePassword')).toBe(1));
    await act(async () =>
      call('savePassword').answer.reject(
        apiFailure({ status: 422, code: 410, messageKey: 'ERRORS.API.410', serverMessage: 'Link expirado.' }),
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Link expirado.');
  });
});

describe('/password/change-by-code', () => {
  beforeEach(() => {
    session.set({
      token: 't',
      account: { accountHolderId: '5001', accounts: [{ accountId: '1001' }], isValidateDevice: false },
      username: DEMO_USERS.maria.email,
      functionalities: [],
      client: {
        name: 'Maria',
        accountHolderId: '5001',
        taxIdentifier: { taxId: DEMO_USERS.maria.taxId, country: 'BRA' },
      },
    });
  });

  it('e-mail, code, new password, then /Logout', async () => {
    const { memory } = renderPage(<ChangeByCodePage />, '/password/change-by-code');
    await waitFor(() => expect(called('hasValidPasswordChangeCode')).toBe(1));
    expect(call('hasValidPasswordChangeCode').input).toEqual({ taxId: DEMO_USERS.maria.taxId });
    await act(async () =>
      call('hasValidPasswordChangeCode').answer.resolve({ hasValidCode: false, expiresAt: null }),
    );

    type('E-mail cadastrado', 'errado@exemplo.com.br');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    await waitFor(() => expect(called('verifyEmail')).toBe(1));
    await act(async () =>
      call('verifyEmail').answer.reject(apiFailure({ status: 400, messageKey: 'ERRORS.INVALID_REQUEST' })),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('E-mail incorreto');

    type('E-mail cadastrado', DEMO_USERS.maria.email);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    await waitFor(() => expect(called('verifyEmail')).toBe(2));
    expect(call('verifyEmail', 1).input).toEqual({
      taxId: DEMO_USERS.maria.taxId,
      email: DEMO_USERS.maria.email,
    });
    await act(async () => call('verifyEmail', 1).answer.resolve({ valid: true }));
    await waitFor(() => expect(called('sendPasswordChangeCode')).toBe(1));
    await act(async () => call('sendPasswordChangeCode').answer.resolve({ sent: true }));

    const dialog = await screen.findByRole('dialog', { name: 'Digite o código' });
    expect(dialog).toBeTruthy();
    type('Código de 6 dígitos', '12a3456');
    fireEvent.click(screen.getByRole('button', { name: 'Verificar código' }));
    await waitFor(() => expect(called('verifyPasswordChangeCode')).toBe(1));
    expect(call('verifyPasswordChangeCode').input).toEqual({ taxId: DEMO_USERS.maria.taxId, code: '123456' });
    await act(async () => call('verifyPasswordChangeCode').answer.resolve({ valid: false }));
    expect((await screen.findByText(/Código inválido/)).textContent).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Verificar código' }));
    await waitFor(() => expect(called('verifyPasswordChangeCode')).toBe(2));
    await act(async () => call('verifyPasswordChangeCode', 1).answer.resolve({ valid: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    type('Nova senha', 'Nova@Senha1');
    type('Confirmação da nova senha', 'Nova@Senha1');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    await waitFor(() => expect(called('changePasswordWithCode')).toBe(1));
    expect(call('changePasswordWithCode').input).toEqual({
      taxId: DEMO_USERS.maria.taxId,
      code: '123456',
      newPassword: 'Nova@Senha1',
    });
    await act(async () => call('changePasswordWithCode').answer.resolve({ success: true }));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/Logout'));
  });
});
