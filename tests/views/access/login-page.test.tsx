// @vitest-environment jsdom
/**
 * The login page (1-access-shell-statement.md §2, §4, §5 Login, §8) as a user meets it: the button
 * waits for both fields, code 20 says 'Credenciais inválidas!', code 313 hands the credentials over
 * in memory to /password/first-login, success stores the session, and a verification link leads on
 * or warns and clears the query string.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import type {
  LoadClientActorInput,
  LoadClientActorOutput,
  LoginActorInput,
  LoginActorOutput,
} from '../../../machines/access/login.machine';
import type {
  VerifyActionActorInput,
  VerifyActionActorOutput,
} from '../../../machines/access/verify-link.machine';
import { DEVICE_COOKIE_NAME, session } from '../../../src/runtime/session';
import { peekFirstLoginHandoff, peekLinkHandoff } from '../../../src/features/access/handoff';
import LoginPage from '../../../src/features/access/login-page';
import type { FlowActors } from '../../../src/runtime/flow-actors';
import {
  apiFailure,
  deferredActor,
  renderPage as renderWith,
  type Deferred,
  type FakeCall,
} from './access-harness';
import { DEMO_PASSWORD, DEMO_USERS, FIRST_ACCESS_PASSWORD } from '../../../demo/users';

const fakes = {
  login: [] as FakeCall[],
  loadClient: [] as FakeCall[],
  verifyAction: [] as FakeCall[],
};

const fakeActors: Partial<FlowActors> = {
  login: {
    login: deferredActor<LoginActorOutput, LoginActorInput>(fakes.login),
    loadClient: deferredActor<LoadClientActorOutput, LoadClientActorInput>(fakes.loadClient),
  },
  'verify-link': {
    verifyAction: deferredActor<VerifyActionActorOutput, VerifyActionActorInput>(fakes.verifyAction),
  },
};
const renderPage = (ui: ReactElement, path: string) => renderWith(ui, path, fakeActors);

type Call<I, O> = { input: I; answer: Deferred<O> };
const loginCall = (i = 0) => fakes.login[i] as unknown as Call<LoginActorInput, LoginActorOutput>;
const clientCall = (i = 0) =>
  fakes.loadClient[i] as unknown as Call<LoadClientActorInput, LoadClientActorOutput>;
const verifyCall = (i = 0) =>
  fakes.verifyAction[i] as unknown as Call<VerifyActionActorInput, VerifyActionActorOutput>;

const loginData: LoginActorOutput = {
  token: 'token-abc',
  accounts: [{ accountId: '1001', accountHolderId: '5001' }],
  isValidateDevice: true,
  accountHolderId: '5001',
};
const clientData: LoadClientActorOutput = {
  client: {
    name: 'Maria Silva Santos',
    taxIdentifier: { taxId: DEMO_USERS.maria.taxId, country: 'BRA' },
    accountHolderId: '5001',
  },
  account: { accountId: '1001', account: '123456', branch: '0001' },
};

const entrar = () => screen.getByRole('button', { name: 'Entrar' });
const userField = () => screen.getByLabelText('Usuário');
const passwordField = () => screen.getByLabelText('Senha', { selector: 'input' });
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

beforeEach(() => {
  fakes.login.length = 0;
  fakes.loadClient.length = 0;
  fakes.verifyAction.length = 0;
  sessionStorage.clear();
  localStorage.clear();
  document.cookie = `${DEVICE_COOKIE_NAME}=; Max-Age=0; Path=/`;
});

afterEach(() => {
  cleanup();
  session.clear();
});

describe('login form', () => {
  it('keeps Entrar disabled until both fields are filled, with the helper texts of §5', () => {
    renderPage(<LoginPage />, '/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Entrar' })).toBeTruthy();
    expect(screen.getByText('Insira o usuário')).toBeTruthy();
    expect(screen.getByText('Insira a senha')).toBeTruthy();
    expect((entrar() as HTMLButtonElement).disabled).toBe(true);

    type(userField(), DEMO_USERS.maria.email);
    expect((entrar() as HTMLButtonElement).disabled).toBe(true);
    type(passwordField(), DEMO_PASSWORD);
    expect((entrar() as HTMLButtonElement).disabled).toBe(false);
    type(userField(), '');
    expect((entrar() as HTMLButtonElement).disabled).toBe(true);
  });

  it("says 'Campo obrigatório' for a field left blank", () => {
    renderPage(<LoginPage />, '/login');
    fireEvent.focus(userField());
    fireEvent.blur(userField());
    expect(screen.getByRole('alert').textContent).toContain('Campo obrigatório');
  });

  it('offers the forgot-password button and the sign-up link in a new tab', () => {
    const { memory } = renderPage(<LoginPage />, '/login');
    const signUp = screen.getByRole('link', { name: /Saiba mais para se cadastrar/ });
    expect(signUp.getAttribute('target')).toBe('_blank');
    expect(signUp.getAttribute('rel')).toContain('noopener');
    fireEvent.click(screen.getByRole('button', { name: 'Esqueci minha senha' }));
    expect(memory.history.at(-1)).toBe('/password/forgot');
  });

  it("shows 'Credenciais inválidas!' for code 20, and sends the tax id with its BRA prefix", async () => {
    renderPage(<LoginPage />, '/login');
    type(userField(), DEMO_USERS.maria.taxIdMasked);
    type(passwordField(), 'errada1');
    fireEvent.click(entrar());
    await waitFor(() => expect(fakes.login).toHaveLength(1));
    expect(loginCall().input).toEqual({ username: `BRA${DEMO_USERS.maria.taxId}`, password: 'errada1' });

    // A second click while signing in sends nothing (no double submission).
    fireEvent.click(entrar());
    fireEvent.submit(entrar().closest('form') as HTMLFormElement);
    expect(fakes.login).toHaveLength(1);

    await act(async () =>
      loginCall().answer.reject(apiFailure({ status: 422, code: 20, messageKey: 'ERRORS.LOGIN.20' })),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Credenciais inválidas!');
    expect(fakes.loadClient).toHaveLength(0);
    expect(session.getSnapshot()).toBeNull();
  });

  it('hands the credentials over in memory on code 313 and goes to /password/first-login', async () => {
    const { memory } = renderPage(<LoginPage />, '/login');
    type(userField(), DEMO_USERS.firstAccess.email);
    type(passwordField(), FIRST_ACCESS_PASSWORD);
    fireEvent.click(entrar());
    await waitFor(() => expect(fakes.login).toHaveLength(1));
    await act(async () =>
      loginCall().answer.reject(apiFailure({ status: 422, code: 313, messageKey: 'ERRORS.API.313' })),
    );

    await waitFor(() => expect(memory.history.at(-1)).toBe('/password/first-login'));
    expect(peekFirstLoginHandoff()).toEqual({
      username: DEMO_USERS.firstAccess.email,
      password: FIRST_ACCESS_PASSWORD,
    });
    // Silent code: no message; and the password reached no storage.
    expect(screen.queryByRole('alert')).toBeNull();
    const stored =
      JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }) + document.cookie;
    expect(stored).not.toContain(FIRST_ACCESS_PASSWORD);
  });

  it('signs in: loads the client with the new token, stores the session, makes the device cookie permanent', async () => {
    const { memory } = renderPage(<LoginPage />, '/login');
    type(userField(), DEMO_USERS.maria.email);
    type(passwordField(), DEMO_PASSWORD);
    fireEvent.click(entrar());
    await waitFor(() => expect(fakes.login).toHaveLength(1));
    await act(async () => loginCall().answer.resolve(loginData));
    await waitFor(() => expect(fakes.loadClient).toHaveLength(1));
    expect(clientCall().input).toEqual({ accountId: '1001', token: 'token-abc' });
    await act(async () => clientCall().answer.resolve(clientData));

    await waitFor(() => expect(memory.history.at(-1)).toBe('/Statement'));
    expect(session.getSnapshot()).toMatchObject({
      token: 'token-abc',
      username: DEMO_USERS.maria.email,
      account: { accountHolderId: '5001', accounts: [{ accountId: '1001' }], isValidateDevice: true },
      client: clientData.client,
      accountInfo: clientData.account,
    });
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(DEMO_PASSWORD);
    expect(document.cookie).toContain(`${DEVICE_COOKIE_NAME}=`);
  });

  it('offers a retry when the server cannot be reached', async () => {
    renderPage(<LoginPage />, '/login');
    type(userField(), DEMO_USERS.maria.email);
    type(passwordField(), DEMO_PASSWORD);
    fireEvent.click(entrar());
    await waitFor(() => expect(fakes.login).toHaveLength(1));
    await act(async () => loginCall().answer.reject(apiFailure({ status: 0, messageKey: 'ERRORS.NETWORK' })));
    expect((await screen.findByRole('alert')).textContent).toContain('Não foi possível conectar ao servidor');
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(fakes.login).toHaveLength(2));
  });

  it('warns about ambiguous digits (CPF and mobile) and rejects a user name of 10 digits', async () => {
    renderPage(<LoginPage />, '/login');
    type(userField(), DEMO_USERS.maria.taxId);
    expect(screen.getByText(/servem como CPF e como celular/)).toBeTruthy();
    type(userField(), '1199998888');
    type(passwordField(), DEMO_PASSWORD);
    fireEvent.click(entrar());
    expect((await screen.findByRole('alert')).textContent).toContain('Usuário inválido');
    expect(fakes.login).toHaveLength(0);
    expect(document.activeElement).toBe(userField());
  });
});

describe('verification link', () => {
  it('verifies action and hash, then goes to /FirstAcess with the result in memory', async () => {
    const { memory } = renderPage(<LoginPage />, '/login?action=primeiro-acesso&hash=h1');
    expect(screen.getByText('Verificando o link...')).toBeTruthy();
    await waitFor(() => expect(fakes.verifyAction).toHaveLength(1));
    expect(verifyCall().input).toEqual({ action: 'primeiro-acesso', hash: 'h1' });
    const result = { accountId: '1001', action: 'primeiro-acesso', valid: true };
    await act(async () => verifyCall().answer.resolve(result));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/FirstAcess'));
    expect(peekLinkHandoff('firstAccess')).toEqual({ destination: 'firstAccess', result, hash: 'h1' });
  });

  it('any other action goes to /ResetPassword', async () => {
    const { memory } = renderPage(<LoginPage />, '/login?action=resetar-senha&hash=h2');
    await waitFor(() => expect(fakes.verifyAction).toHaveLength(1));
    await act(async () =>
      verifyCall().answer.resolve({ accountId: '1001', action: 'resetar-senha', valid: true }),
    );
    await waitFor(() => expect(memory.history.at(-1)).toBe('/ResetPassword'));
  });

  it('on failure shows a warning toast and clears the query string', async () => {
    const { memory } = renderPage(<LoginPage />, '/login?action=primeiro-acesso&hash=old');
    await waitFor(() => expect(fakes.verifyAction).toHaveLength(1));
    await act(async () =>
      verifyCall().answer.reject(apiFailure({ status: 422, code: 410, messageKey: 'ERRORS.API.410' })),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('O link de verificação expirou');
    await waitFor(() => expect(memory.history.at(-1)).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeTruthy();
  });
});
