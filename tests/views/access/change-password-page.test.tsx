// @vitest-environment jsdom
/**
 * The change-password screen (1-access-shell-statement.md §4, §5 New password, §8): the live
 * checklist, the 'different from current' and 'must match' messages, the button enabled only when
 * every rule passes, CHANGEPASS.SUCCESS then /home, CHANGEPASS.ERROR on failure.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import type {
  ChangePasswordActorInput,
  ChangePasswordActorOutput,
} from '../../../machines/access/change-password.machine';
import { session } from '../../../src/runtime/session';
import ChangePasswordPage from '../../../src/features/access/change-password-page';
import type { FlowActors } from '../../../src/runtime/flow-actors';
import {
  apiFailure,
  deferredActor,
  renderPage as renderWith,
  type Deferred,
  type FakeCall,
} from './access-harness';
import { DEMO_USERS } from '../../../demo/users';

const fakes = { changePassword: [] as FakeCall[] };

const fakeActors: Partial<FlowActors> = {
  'change-password': {
    changePassword: deferredActor<ChangePasswordActorOutput, ChangePasswordActorInput>(fakes.changePassword),
  },
};
const renderPage = (ui: ReactElement, path: string) => renderWith(ui, path, fakeActors);

type Call = { input: ChangePasswordActorInput; answer: Deferred<ChangePasswordActorOutput> };
const call = (i = 0) => fakes.changePassword[i] as unknown as Call;

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => screen.getByRole('button', { name: 'Alterar senha' }) as HTMLButtonElement;
const rule = (key: string) => screen.getByTestId(`rule-${key}`);
const met = (key: string) => rule(key).getAttribute('data-met') === 'true';

beforeEach(() => {
  fakes.changePassword.length = 0;
  session.set({
    token: 'token-1',
    account: { accountHolderId: '5001', accounts: [{ accountId: '1001' }], isValidateDevice: false },
    username: `BRA${DEMO_USERS.maria.taxId}`,
    functionalities: [],
  });
});

afterEach(() => {
  cleanup();
  session.clear();
});

describe('change password', () => {
  it('shows the fields with the helper texts of §5 and the live checklist', () => {
    renderPage(<ChangePasswordPage />, '/password/change');
    expect(screen.getByText('Insira a senha atual')).toBeTruthy();
    expect(screen.getByText('Insira uma nova senha')).toBeTruthy();
    expect(screen.getByText('Insira novamente a sua nova senha')).toBeTruthy();
    expect(['letter', 'number', 'minLength', 'noSpaces'].map(met)).toEqual([false, false, false, true]);

    type('Nova senha', 'abc');
    expect(['letter', 'number', 'minLength', 'noSpaces'].map(met)).toEqual([true, false, false, true]);
    expect(within(rule('number')).getByText('(não atendido)')).toBeTruthy();

    type('Nova senha', 'abc 12');
    expect(['letter', 'number', 'minLength', 'noSpaces'].map(met)).toEqual([true, true, true, false]);

    type('Nova senha', 'abc123');
    expect(['letter', 'number', 'minLength', 'noSpaces'].map(met)).toEqual([true, true, true, true]);
    expect(within(rule('number')).getByText('(atendido)')).toBeTruthy();
  });

  it('keeps the button disabled until every rule passes, with the messages of §5', () => {
    renderPage(<ChangePasswordPage />, '/password/change');
    expect(submit().disabled).toBe(true);

    type('Senha atual', 'senha1');
    type('Nova senha', 'senha1');
    fireEvent.blur(field('Nova senha'));
    expect(screen.getByText('A nova senha deve ser diferente da senha atual')).toBeTruthy();
    expect(submit().disabled).toBe(true);

    type('Nova senha', 'nova123');
    type('Confirmação da nova senha', 'nova124');
    fireEvent.blur(field('Confirmação da nova senha'));
    expect(screen.getByText('Nova senha e confirmação de senha devem ser iguais')).toBeTruthy();
    expect(submit().disabled).toBe(true);

    type('Confirmação da nova senha', 'nova123');
    expect(submit().disabled).toBe(false);

    type('Senha atual', '');
    fireEvent.blur(field('Senha atual'));
    expect(screen.getByText('Campo obrigatório')).toBeTruthy();
    expect(submit().disabled).toBe(true);
  });

  it('changes the password of the session user, shows CHANGEPASS.SUCCESS and goes to /home', async () => {
    const { memory } = renderPage(<ChangePasswordPage />, '/password/change');
    type('Senha atual', 'senha1');
    type('Nova senha', 'nova123');
    type('Confirmação da nova senha', 'nova123');
    fireEvent.click(submit());
    await waitFor(() => expect(fakes.changePassword).toHaveLength(1));
    expect(call().input).toEqual({
      username: `BRA${DEMO_USERS.maria.taxId}`,
      currentPassword: 'senha1',
      newPassword: 'nova123',
    });
    await act(async () => call().answer.resolve({ success: true }));
    expect(await screen.findByText('Senha alterada com sucesso!')).toBeTruthy();
    await waitFor(() => expect(memory.history.at(-1)).toBe('/home'));
  });

  it('shows CHANGEPASS.ERROR on failure and lets the user try again', async () => {
    renderPage(<ChangePasswordPage />, '/password/change');
    type('Senha atual', 'errada1');
    type('Nova senha', 'nova123');
    type('Confirmação da nova senha', 'nova123');
    fireEvent.click(submit());
    await waitFor(() => expect(fakes.changePassword).toHaveLength(1));
    await act(async () =>
      call().answer.reject(apiFailure({ status: 422, code: 20, messageKey: 'ERRORS.API.20' })),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Não foi possível alterar a senha');
    fireEvent.click(submit());
    await waitFor(() => expect(fakes.changePassword).toHaveLength(2));
  });

  it("names the bank's cause when it gives one (code 21), and keeps the generic text otherwise", async () => {
    renderPage(<ChangePasswordPage />, '/password/change');
    type('Senha atual', 'errada1');
    type('Nova senha', 'nova123');
    type('Confirmação da nova senha', 'nova123');
    fireEvent.click(submit());
    await waitFor(() => expect(fakes.changePassword).toHaveLength(1));
    await act(async () =>
      call().answer.reject(
        apiFailure({
          status: 422,
          code: 21,
          messageKey: 'ERRORS.CHANGEPASS.21',
          serverMessage: 'Senha atual incorreta.',
        }),
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Não foi possível alterar a senha: Senha atual incorreta.',
    );
    fireEvent.click(submit());
    await waitFor(() => expect(fakes.changePassword).toHaveLength(2));
    await act(async () => call(1).answer.reject(apiFailure({ status: 500, messageKey: 'ERRORS.INTERNAL' })));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContainEqual(
        expect.stringContaining('Não foi possível alterar a senha. Verifique os dados e tente novamente.'),
      ),
    );
  });

  it('links to the change by e-mailed code', () => {
    renderPage(<ChangePasswordPage />, '/password/change');
    expect(screen.getByRole('link', { name: /código enviado por e-mail/ }).getAttribute('href')).toBe(
      '/password/change-by-code',
    );
  });
});
