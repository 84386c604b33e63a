// @vitest-environment jsdom
/**
 * /Pix (3-pix-part-one.md §2 Pix hub) against a fake bank: the loading line under the title keeps
 * its height once the hub has checked the tutorial and the device, so the cards below never move
 * (Lighthouse measured that layout shift on /Pix, issue 26).
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pixFlowActors } from '../../../src/app/actors/pix-actors';
import PixHubPage from '../../../src/features/pix/pix-hub-page';
import { FlowActorsProvider } from '../../../src/runtime/flow-actors';
import { session } from '../../../src/runtime/session';
import { fakeBank, gate, renderWithApp, signIn } from '../profile/profile-harness';

afterEach(() => {
  cleanup();
  session.clear();
});

describe('the Pix hub', () => {
  it('keeps the loading line one line high while it loads and once it has loaded: the cards do not move', async () => {
    signIn();
    const tutorial = gate();
    fakeBank((call) => {
      if (call.path.includes('/pixTutorials/')) return tutorial.promise;
      // Anything else (the device check) unanswered: 404, an unknown device status, no warning.
      return undefined;
    });
    renderWithApp(
      <FlowActorsProvider actors={pixFlowActors}>
        <PixHubPage />
      </FlowActorsProvider>,
      '/Pix',
    );
    const line = await screen.findByText('Carregando o Pix…', { selector: '[role="status"]' });
    expect(getComputedStyle(line).minHeight).toBe('1.5em');
    // A failed lookup opens the hub without the tutorial (the machine's decision).
    tutorial.open({ status: 500 });
    await waitFor(() => expect(line.textContent).toBe(''));
    expect(getComputedStyle(line).minHeight).toBe('1.5em');
  });
});
