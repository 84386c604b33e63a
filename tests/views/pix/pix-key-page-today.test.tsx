// @vitest-environment jsdom
/**
 * /PixKey's "today" is São Paulo's date, not the browser's (3-pix-part-one.md §5 Schedule date:
 * not before today; issue 25). A scheduled Pix from a saved recipient, with the browser's clock
 * fixed at 23:30 and at 00:30 in São Paulo: run with TZ=Asia/Tokyo (already on the next day at
 * 23:30) and TZ=America/Rio_Branco (still on the previous day at 00:30), the clock projects of
 * vitest.config.ts, where the browser's own date refused São Paulo's today or took its yesterday.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pixSendFlowActors } from '../../../src/app/actors/pix-send-actors';
import PixKeyPage from '../../../src/features/pix/pix-key-page';
import { FlowActorsProvider } from '../../../src/runtime/flow-actors';
import { session } from '../../../src/runtime/session';
import { fakeBank, ok, renderWithApp, signIn } from '../profile/profile-harness';

const KEY = 'loja.aurora@exemplo.com.br';
const RECIPIENT = {
  idRecipient: 7,
  nickname: 'Loja Aurora',
  name: 'Loja Aurora Ltda',
  cpfCnpj: '38152746000193',
  recipientType: 'Pix',
  key: KEY,
  createdAt: '2026-10-01T12:00:00Z',
};
const ENTRY = {
  entry: {
    key: KEY,
    key_type: 'EMAIL',
    account: { participant: '60701190', branch: '1234', account_number: '556677', account_type: 'CACC' },
    owner: { type: 'LEGAL_PERSON', tax_id_number: '38152746000193', name: 'Loja Aurora Ltda' },
  },
};
const PAST = 'A data não pode ser anterior a hoje.';

/** The saved recipient's confirmation with the schedule date open, the browser's clock at `now`. */
async function confirmScheduled(now: string, typed: string): Promise<HTMLElement> {
  vi.setSystemTime(new Date(now));
  fakeBank((call) => {
    if (call.path === '/Recipients/7') return ok(RECIPIENT);
    if (call.path === '/PixIndiretoDict/GetLink') return ok(ENTRY);
    if (call.path.endsWith('/balance')) return ok({ balances: [{ balanceType: 'REAL', amount: 500 }] });
    return undefined;
  });
  renderWithApp(
    <FlowActorsProvider actors={pixSendFlowActors}>
      <PixKeyPage />
    </FlowActorsProvider>,
    '/PixKey?recipient=7&schedule=1',
  );
  fireEvent.change(await screen.findByLabelText('Valor (R$)'), { target: { value: '7,00' } });
  fireEvent.click(screen.getByRole('button', { name: 'Avançar' }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Confirme o Pix' });
  fireEvent.change(within(confirm).getByLabelText('Data do Pix', { exact: true }), {
    target: { value: typed },
  });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
  return confirm;
}

beforeEach(() => {
  // Only Date: the page's calls and React's scheduling keep the real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  signIn();
});

afterEach(() => {
  cleanup();
  session.clear();
  vi.useRealTimers();
});

// The first render loads the page's modules and texts: slow in a fork of a busy gate.
describe("send by key: the schedule date is checked against São Paulo's today", { timeout: 60_000 }, () => {
  it('at 23:30 in São Paulo, that day may be chosen (Tokyo is already on the next one)', async () => {
    const confirm = await confirmScheduled('2026-11-24T02:30:00Z', '23/11/2026');
    expect(await screen.findByRole('alertdialog', { name: 'Chave de Segurança' })).toBeTruthy();
    expect(within(confirm).queryByText(PAST)).toBeNull();
  });

  it('at 00:30 in São Paulo, the day before is past (Rio Branco is still on it)', async () => {
    const confirm = await confirmScheduled('2026-11-24T03:30:00Z', '23/11/2026');
    expect(await within(confirm).findByText(PAST)).toBeTruthy();
    expect(screen.queryByRole('alertdialog', { name: 'Chave de Segurança' })).toBeNull();
  });
});
