// @vitest-environment jsdom
/**
 * The portal's one getMe query (`useMe`, src/api/queries.ts) and its reader `usePermissions`
 * (src/shell/use-permissions.ts): every reader of a session shares one call, a reader mounted
 * later is answered from the cache, a session that already keeps the permissions asks nothing, a
 * failure offers a retry, and a new session (a new token) asks again.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMe } from '../../../src/api/queries';
import { session } from '../../../src/runtime/session';
import { usePermissions } from '../../../src/shell/use-permissions';
import { useSession } from '../../../src/shell/use-session';
import { fakeBank, renderWithApp, signIn, type Call } from './harness';

afterEach(() => {
  cleanup();
  session.clear();
});

const ME = {
  username: 'maria',
  accountHolderId: 'holder-1',
  accounts: [{ accountId: 'acc-1' }],
  functionalities: ['PIX SAQUE'],
  withdrawAgent: { modality: 'AGTEC', serviceProvider: '99999999' },
};

/** Lets any call a render started reach the fake bank. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 50)));

const meCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/me');

function PermissionsProbe({ name }: { name: string }) {
  const p = usePermissions();
  return (
    <div>
      <p data-testid={name}>{`${p.status}:${p.functionalities.join(',')}`}</p>
      <button type="button" onClick={p.retry}>{`retry ${name}`}</button>
    </div>
  );
}

function MeProbe() {
  const me = useMe(useSession()?.token);
  return <p data-testid="me">{me.data?.username ?? 'none'}</p>;
}

/** A reader that mounts only when asked: one that comes after the first answer. */
function LateReader() {
  const [shown, setShown] = useState(false);
  return shown ? <MeProbe /> : <button onClick={() => setShown(true)}>show</button>;
}

describe('useMe: one getMe per session', () => {
  it('the shell, a page and a later reader share one call; the permissions land in the session', async () => {
    const calls = fakeBank((call) => (call.path === '/me' ? { body: { data: ME } } : undefined));
    signIn({ functionalities: [], withdrawAgent: undefined });
    renderWithApp(
      <>
        <PermissionsProbe name="shell" />
        <PermissionsProbe name="page" />
        <MeProbe />
        <LateReader />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('shell').textContent).toBe('ready:PIX SAQUE'));
    expect(screen.getByTestId('page').textContent).toBe('ready:PIX SAQUE');
    expect(screen.getByTestId('me').textContent).toBe('maria');
    expect(session.getSnapshot()?.withdrawAgent).toEqual(ME.withdrawAgent);
    // A reader mounted after the answer is served from the cache.
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    expect(screen.getAllByTestId('me').map((e) => e.textContent)).toEqual(['maria', 'maria']);
    await settle();
    expect(meCalls(calls)).toHaveLength(1);
  });

  it('a session that already keeps the permissions asks nothing', async () => {
    const calls = fakeBank(() => ({ body: { data: ME } }));
    signIn({ functionalities: ['PIX TROCO'], withdrawAgent: null });
    renderWithApp(<PermissionsProbe name="shell" />);
    expect(screen.getByTestId('shell').textContent).toBe('ready:PIX TROCO');
    await settle();
    expect(meCalls(calls)).toHaveLength(0);
  });

  it('a failed read says so; retry asks again', async () => {
    let fail = true;
    const calls = fakeBank((call) => {
      if (call.path !== '/me') return undefined;
      return fail ? { status: 500, body: { error: { code: 1 } } } : { body: { data: ME } };
    });
    signIn({ functionalities: [], withdrawAgent: undefined });
    renderWithApp(<PermissionsProbe name="shell" />);
    await waitFor(() => expect(screen.getByTestId('shell').textContent).toBe('failed:'));
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'retry shell' }));
    await waitFor(() => expect(screen.getByTestId('shell').textContent).toBe('ready:PIX SAQUE'));
    expect(meCalls(calls)).toHaveLength(2);
  });

  it('a new session (another token) reads its own answer', async () => {
    const calls = fakeBank((call) => (call.path === '/me' ? { body: { data: ME } } : undefined));
    signIn({ functionalities: [], withdrawAgent: undefined });
    renderWithApp(<MeProbe />);
    await waitFor(() => expect(meCalls(calls)).toHaveLength(1));
    act(() => {
      signIn({ token: 'token-456', functionalities: [], withdrawAgent: undefined });
    });
    await waitFor(() => expect(meCalls(calls)).toHaveLength(2));
    expect(screen.getByTestId('me').textContent).toBe('maria');
    expect(meCalls(calls).map((c) => c.authorization)).toEqual(['Bearer token-123', 'Bearer token-456']);
  });
});
