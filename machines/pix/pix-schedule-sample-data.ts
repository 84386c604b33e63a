/**
 * Test data of the scheduled Pix fixtures: schedules as the sandbox answers them
 * (sandbox/routes/pix-schedules.ts), to Loja Aurora's e-mail key. Values are concrete, so the QA
 * plan reads as what a tester sees.
 */
import type { components } from '../../openapi/portal';

type Schemas = components['schemas'];

/** A pending Pix of R$ 70,00 for 2026-11-30, scheduled on 2026-11-21. */
export const PENDING_SCHEDULE: Schemas['PixPaymentSchedule'] = {
  idPixPaymentSchedule: 12,
  recipientAlias: 'loja.aurora@exemplo.com.br',
  favoredName: 'Loja Aurora Ltda',
  paymentDate: '2026-11-30',
  createdAt: '2026-11-21T15:00:00.000Z',
  value: 70,
  additionalInformation: 'Mensalidade',
  is_active: true,
  status: 'PENDING',
  failureReason: null,
  executedAt: null,
  endToEndId: null,
};

/** One that could not leave on 2026-11-22 for lack of balance (nothing debited). */
export const FAILED_SCHEDULE: Schemas['PixPaymentSchedule'] = {
  ...PENDING_SCHEDULE,
  idPixPaymentSchedule: 11,
  paymentDate: '2026-11-22',
  value: 900,
  additionalInformation: null,
  is_active: false,
  status: 'FAILED',
  failureReason: 'BALANCE',
  executedAt: '2026-11-22T10:00:00.000Z',
};
