/**
 * Test data of the deposit fixtures: boletos as the sandbox issues them (bank 999, due 3 days after
 * issue; sandbox/routes/deposits.ts), with a typeable line that machines/validators/boleto.ts
 * accepts. Values are concrete, so the QA plan reads as what a tester sees.
 */
import type { components } from '../../openapi/portal';

type Schemas = components['schemas'];

/** A deposit boleto of R$ 150,00 issued on 2026-11-24, due 2026-11-27. */
export const SAMPLE_DEPOSIT: Schemas['Deposit'] = {
  idDeposit: 100_003,
  dueDate: '2026-11-27',
  typeableLine: '99991234000000100003300000123455916430000015000',
  boletoUrl: '/api/boletopdf/100003',
  externalIdentifier: 'ext-1',
  totalAmount: 150,
  transactionType: 'Boleto',
  financialStatementStatus: 'CREATED',
  createdAt: '2026-11-24T12:00:00.000Z',
};

/** The same boleto, issued earlier and due before today's fixture date (2026-11-24). */
export const EXPIRED_DEPOSIT: Schemas['Deposit'] = {
  ...SAMPLE_DEPOSIT,
  idDeposit: 100_001,
  dueDate: '2026-11-20',
  externalIdentifier: 'ext-old',
  totalAmount: 80,
  createdAt: '2026-11-17T12:00:00.000Z',
};

/** The fixtures' "today" (São Paulo), as the list's filters send it. */
export const FIXTURE_TODAY = '2026-11-24';

/**
 * A deposit by Pix of R$ 150,00 as the sandbox answers it (sandbox/routes/deposit-pix.ts): an
 * immediate charge's BR Code on Maria's random key, valid 1 hour.
 */
export const SAMPLE_DEPOSIT_PIX: Schemas['DepositPixResult'] = {
  emv: '00020101021226900014br.gov.bcb.pix2568qr.sandbox.banco.example/pix/v2/cob/5f1c0e2a9b7d4c3e8a6f1b2d3c4e5f6a5204000053039865802BR5918Maria Silva Santos6009SAO PAULO62070503***63045AF0',
  txid: 'DepPixSample0000000000000000001',
  expiresAt: '2026-11-24T13:00:00.000Z',
};
