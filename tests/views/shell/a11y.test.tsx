// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../src/runtime/session';
import AppShell from '../../../src/shell/app-shell';
import { fakeBank, renderWithApp, signIn } from './harness';

/** axe in jsdom: no layout, so colour contrast is left to the e2e accessibility suite. */
async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

afterEach(() => {
  cleanup();
  session.clear();
});

describe('shell accessibility (axe)', () => {
  it('has no violations with the menu, user menu and notification popup open', async () => {
    signIn();
    fakeBank((call) =>
      call.method === 'GET'
        ? {
            body: {
              data: [
                {
                  idNotification: 1,
                  title: 'Pix recebido',
                  body: '<p>R$ 10,00</p>',
                  readNotification: false,
                  isGeneralNotification: false,
                },
              ],
            },
          }
        : undefined,
    );
    renderWithApp(
      <AppShell registeredPaths={new Set(['/statement', '/profilechangepassword', '/password/change'])}>
        <h1>Extrato</h1>
      </AppShell>,
      '/Statement',
    );
    expect(await violations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Perfil' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Notificações, 1 não lida' }));
    // The popup's list arrives in its own chunk (src/shell/notification-list.tsx).
    await screen.findByRole('button', { name: /Pix recebido/ }, { timeout: 10_000 });
    expect(await violations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Menu do usuário' }));
    expect(await violations()).toEqual([]);
  });
});
