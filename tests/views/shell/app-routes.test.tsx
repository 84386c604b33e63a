// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from 'styled-components';
import { configureApi } from '../../../src/api/client';
import { App } from '../../../src/app/app';
import { registeredPaths, routes } from '../../../src/app/routes';
import { session } from '../../../src/runtime/session';
import { ErrorBoundary } from '../../../src/shell/error-boundary';
import { publishSessionExpired } from '../../../src/shell/session-events';
import { theme } from '../../../src/ui/theme';
import { fakeBank, renderWithApp, signIn } from './harness';

beforeEach(() => {
  localStorage.clear();
  configureApi({ getToken: () => session.getToken(), onSessionExpired: () => publishSessionExpired() });
});

afterEach(() => {
  cleanup();
  session.clear();
});

const last = (history: readonly string[]) => history.at(-1);
/** Lazy chunks are transformed on first use in tests: give them time. */
const slow = { timeout: 8000 };

describe('route table', () => {
  it('every page is lazy and the public ones include /login and /', () => {
    for (const route of routes) expect(route.component.$$typeof).toBe(Symbol.for('react.lazy'));
    const publicPaths = routes.filter((r) => r.public).map((r) => r.path);
    expect(publicPaths).toEqual(expect.arrayContaining(['/', '/login', '/password/forgot']));
    for (const path of publicPaths) expect(registeredPaths.has(path.toLowerCase())).toBe(false);
  });
});

describe('guard and redirects', () => {
  it('a protected route without a token goes to /login, carrying nothing along', async () => {
    fakeBank(() => undefined);
    const { memory } = renderWithApp(<App />, '/Statement');
    await waitFor(() => expect(last(memory.history)).toBe('/login'), slow);
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' }, slow)).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    // /login does not pull the shell.
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('/home goes to /Statement', async () => {
    signIn();
    fakeBank(() => ({ body: { data: [] } }));
    const { memory } = renderWithApp(<App />, '/home');
    await waitFor(() => expect(memory.history).toContain('/Statement'), slow);
  });

  it('a signed-in unknown path shows the shell with a not-found page and focuses nothing on first load', async () => {
    signIn();
    fakeBank(() => ({ body: { data: [] } }));
    renderWithApp(<App />, '/NaoExiste');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' }, slow),
    ).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeTruthy();
    expect(screen.getByText('Olá, Maria Silva Santos')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Página não encontrada – Conta Digital'));
  });

  it('moves focus to the h1 after a navigation', async () => {
    signIn();
    fakeBank(() => ({ body: { data: [] } }));
    const { memory } = renderWithApp(<App />, '/NaoExiste');
    await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' }, slow);
    act(() => memory.navigate('/OutraInexistente'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));
  });
});

describe('/Logout', () => {
  it('calls logout with the token, clears the session and goes to /login', async () => {
    signIn();
    const calls = fakeBank((call) =>
      call.method === 'DELETE' ? { body: { data: { success: true } } } : undefined,
    );
    const { memory } = renderWithApp(<App />, '/Logout');
    await waitFor(() => expect(last(memory.history)).toBe('/login'), slow);
    expect(calls.filter((c) => c.method === 'DELETE' && c.path === '/logout')).toHaveLength(1);
    expect(calls[0]?.authorization).toBe('Bearer token-123');
    expect(session.getSnapshot()).toBeNull();
  });

  it('calls logout once under StrictMode (effects run twice), then goes to /login', async () => {
    signIn();
    const calls = fakeBank((call) =>
      call.method === 'DELETE' ? { body: { data: { success: true } } } : undefined,
    );
    const { memory } = renderWithApp(
      <StrictMode>
        <App />
      </StrictMode>,
      '/Logout',
    );
    await waitFor(() => expect(last(memory.history)).toBe('/login'), slow);
    expect(calls.filter((c) => c.method === 'DELETE' && c.path === '/logout')).toHaveLength(1);
    expect(session.getSnapshot()).toBeNull();
  });

  it('without a session goes straight to /login, calling nothing', async () => {
    const calls = fakeBank(() => undefined);
    const { memory } = renderWithApp(<App />, '/Logout');
    await waitFor(() => expect(last(memory.history)).toBe('/login'), slow);
    expect(calls.filter((c) => c.path === '/logout')).toHaveLength(0);
  });

  it('still signs out when the logout call fails', async () => {
    signIn();
    fakeBank(() => ({ status: 500, body: {} }));
    const { memory } = renderWithApp(<App />, '/Logout');
    await waitFor(() => expect(last(memory.history)).toBe('/login'), slow);
    expect(session.getSnapshot()).toBeNull();
  });
});

describe('expired session (HTTP 401)', () => {
  it("shows 'Login expirado.' and goes through /Logout to /login", async () => {
    signIn();
    // Every authenticated call answers 401: the notifications read of the shell triggers it.
    const calls = fakeBank(() => ({ status: 401, body: { error: { code: 401 } } }));
    const { memory } = renderWithApp(<App />, '/NaoExiste');
    expect(await screen.findByText('Login expirado.', {}, slow)).toBeTruthy();
    await waitFor(() => expect(last(memory.history)).toBe('/login'), slow);
    // The way out was /Logout (its redirect replaces the entry): it called the logout endpoint.
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/logout')).toBe(true);
    expect(screen.getByText('Login expirado.')).toBeTruthy();
    expect(session.getSnapshot()).toBeNull();
  });
});

describe('ErrorBoundary', () => {
  it('shows a friendly pt-BR fallback and retries', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    function Fragile() {
      if (fail) throw new Error('boom');
      return <p>Tela ok</p>;
    }
    function Harness() {
      const [, setN] = useState(0);
      return (
        <ErrorBoundary>
          <Fragile />
          <button onClick={() => setN((n) => n + 1)}>x</button>
        </ErrorBoundary>
      );
    }
    render(
      <ThemeProvider theme={theme}>
        <Harness />
      </ThemeProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Algo deu errado');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(screen.getByText('Tela ok')).toBeTruthy();
    vi.restoreAllMocks();
  });
});
