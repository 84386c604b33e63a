// @vitest-environment jsdom
/**
 * /Payment's "today" is São Paulo's date, not the browser's (2-money-movement.md §5 Barcode: the
 * due date must be in the payable window of today, 3,000 days before to 5,500 after; issue 25).
 * A bank slip due exactly 3,000 days before 2026-11-23 is payable until that day ends in São
 * Paulo: at 23:30 there (Tokyo is already on the 24th) and not at 00:30 of the 24th (Rio Branco is
 * still on the 23rd). Run in those zones by the clock projects of vitest.config.ts.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLIP_BARCODE, SLIP_DETAILS } from '../../../machines/payments/bill-sample-data';
import { DUE_DATE_WINDOW, dueDateToFactor } from '../../../machines/validators/boleto';
import { paymentFlowActors } from '../../../src/app/actors/payment-actors';
import BillPaymentPage from '../../../src/features/payments/bill-payment-page';
import { FlowActorsProvider } from '../../../src/runtime/flow-actors';
import { session } from '../../../src/runtime/session';
import { fakeBank, ok, renderWithApp, signIn, type BankCall } from '../profile/profile-harness';

/** The bank slip's general check digit (FEBRABAN: modulus 11, weights 2 to 9 from the right; 0, 10, 11 → 1). */
function checkDigit(barcodeWithoutDv: string): string {
  let sum = 0;
  [...barcodeWithoutDv].reverse().forEach((d, i) => (sum += Number(d) * (2 + (i % 8))));
  const dv = 11 - (sum % 11);
  return String(dv === 0 || dv > 9 ? 1 : dv);
}

/** The sample slip's 44-digit barcode with another due date (its factor) and check digit. */
function slipDue(dueDate: string): string {
  const rest = `${SLIP_BARCODE.slice(0, 4)}${String(dueDateToFactor(dueDate)).padStart(4, '0')}${SLIP_BARCODE.slice(9)}`;
  return `${rest.slice(0, 4)}${checkDigit(rest)}${rest.slice(4)}`;
}

const LAST_DAY = '2026-11-23';
const daysBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const OLDEST_PAYABLE_ON_LAST_DAY = slipDue(daysBefore(LAST_DAY, DUE_DATE_WINDOW.before));

/** Pastes `barcode` and presses Continuar with the browser's clock at `now`: the calls made. */
async function submit(now: string, barcode: string): Promise<BankCall[]> {
  vi.setSystemTime(new Date(now));
  const calls = fakeBank((call) => {
    if (call.method === 'POST' && call.path === '/bills') return ok(SLIP_DETAILS);
    if (call.method === 'GET' && call.path.endsWith('/balance'))
      return ok({ balances: [{ balanceType: 'REAL', amount: 10_000 }] });
    return undefined;
  });
  renderWithApp(
    <FlowActorsProvider actors={paymentFlowActors}>
      <BillPaymentPage />
    </FlowActorsProvider>,
    '/Payment',
  );
  await screen.findByRole('heading', { level: 1, name: 'Pagamento de contas' });
  fireEvent.paste(screen.getByRole('textbox', { name: 'Bloco 1 de 5' }), {
    clipboardData: { getData: () => barcode },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
  return calls;
}

const lookups = (calls: BankCall[]) => calls.filter((c) => c.path === '/bills');

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
describe("bill payment: the due-date window is São Paulo's today's", { timeout: 60_000 }, () => {
  it('the check digit of the sample slip is the one this test computes', () => {
    expect(slipDue('2026-11-12')).toBe(SLIP_BARCODE);
  });

  it('at 23:30 in São Paulo the slip is still payable on its last day (Tokyo is on the next)', async () => {
    const calls = await submit('2026-11-24T02:30:00Z', OLDEST_PAYABLE_ON_LAST_DAY);
    await screen.findByRole('dialog', { name: 'Detalhes da conta' });
    expect(lookups(calls)).toHaveLength(1);
  });

  it('at 00:30 in São Paulo the next day has begun: out of the window (Rio Branco is still on the last)', async () => {
    const calls = await submit('2026-11-24T03:30:00Z', OLDEST_PAYABLE_ON_LAST_DAY);
    expect((await screen.findByRole('alert')).textContent).toContain('Boleto fora do prazo de pagamento.');
    await waitFor(() => expect(lookups(calls)).toHaveLength(0));
  });
});
