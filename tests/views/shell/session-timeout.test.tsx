// @vitest-environment jsdom
/** Issue 32: the shell warns before the session's token ends and lets the customer stay. */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../src/runtime/session';
import { onSessionExpired } from '../../../src/shell/session-events';
import { SESSION_WARNING_MS, SessionTimeout } from '../../../src/shell/session-timeout';
import { fakeBank, renderWithApp, signIn, type Call } from './harness';

const slow = { timeout: 5000 };

afterEach(() => {
  cleanup();
  session.clear();
});

const dialog = () => screen.queryByRole('alertdialog', { name: 'Sua sessão vai terminar' });

describe('session timeout', () => {
  it('says nothing while the session has more than two minutes left', () => {
    fakeBank(() => undefined);
    signIn({ expiresAt: Date.now() + SESSION_WARNING_MS + 60_000 });
    renderWithApp(<SessionTimeout />, '/Payment');
    expect(dialog()).toBeNull();
  });

  it('two minutes before the end shows the time left; "Continuar conectado" renews the token and closes', async () => {
    const calls: Call[] = fakeBank((call) =>
      call.method === 'POST' && call.path === '/session/refresh'
        ? { body: { data: { token: 'token-renewed', expiresInSeconds: 1800 } } }
        : undefined,
    );
    signIn({ expiresAt: Date.now() + 90_000 });
    renderWithApp(<SessionTimeout />, '/Payment');
    const warning = await screen.findByRole('alertdialog', { name: 'Sua sessão vai terminar' }, slow);
    expect(warning.textContent).toMatch(/sua sessão termina em 1:[0-3]\d\. Deseja continuar conectado\?/);
    fireEvent.click(within(warning).getByRole('button', { name: 'Continuar conectado' }));
    await waitFor(() => expect(dialog()).toBeNull(), slow);
    const refresh = calls.find((c) => c.path === '/session/refresh');
    expect(refresh?.authorization).toBe('Bearer token-123');
    expect(session.getToken()).toBe('token-renewed');
    const expiresAt = session.getSnapshot()?.expiresAt ?? 0;
    expect(expiresAt - Date.now()).toBeGreaterThan(1790_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(1800_000);
  });

  it('a failed renewal says why in the dialog and keeps the session as it was', async () => {
    fakeBank((call) =>
      call.path === '/session/refresh'
        ? { status: 500, body: { error: { code: 500, group: 'GENERAL' } } }
        : undefined,
    );
    signIn({ expiresAt: Date.now() + 90_000 });
    renderWithApp(<SessionTimeout />, '/Payment');
    const warning = await screen.findByRole('alertdialog', { name: 'Sua sessão vai terminar' }, slow);
    fireEvent.click(within(warning).getByRole('button', { name: 'Continuar conectado' }));
    const alert = await within(warning).findByRole('alert', {}, slow);
    expect(alert.textContent).toMatch(/^Não foi possível manter a sessão: /);
    expect(session.getToken()).toBe('token-123');
  });

  it('when the time runs out the session ends as an expired token does', async () => {
    fakeBank(() => undefined);
    const expired = vi.fn();
    const off = onSessionExpired(expired);
    try {
      signIn({ expiresAt: Date.now() + 1200 });
      renderWithApp(<SessionTimeout />, '/Payment');
      await waitFor(() => expect(expired).toHaveBeenCalledTimes(1), slow);
      await act(async () => undefined);
      expect(dialog()).toBeNull();
    } finally {
      off();
    }
  });
});
