/**
 * Sample data of the MED list (issue 31) for its fixtures and view tests: a list of twelve
 * infractions (two pages of 10) whose first rows are an OPEN report the holder opened and a report
 * received from another institution, the Pix behind one, and a Pix sent that may be contested.
 */
import type { components } from '../../openapi/portal';
import type { Infraction } from './pix-med-rules.ts';
import type { PixStatementEntry } from './pix-statement-rules.ts';

/** This product's provider in the samples (the sandbox's ISPB). */
export const SAMPLE_OWN_ISPB = '99999999';
/** Another institution's ISPB (a report received). */
export const SAMPLE_OTHER_ISPB = '18236120';
/** The page's clock in the samples: 12:00 in São Paulo. */
export const SAMPLE_NOW = new Date('2026-11-21T15:00:00Z');

const e2e = (n: number) => `E${SAMPLE_OWN_ISPB}20261110120${String(n).padStart(12, '0')}`;

export const OPENED_OPEN: Infraction = {
  idInfraction: 112,
  createdAt: '2026-11-21T14:00:00.000Z',
  updatedAt: null,
  infractionType: 'FRAUD',
  infractionReportParticipant: SAMPLE_OWN_ISPB,
  infractionE2E: e2e(1),
  infractionDescription: 'Recebi uma ligação falsa do banco e fiz o Pix.',
  infractionStatus: 'OPEN',
  attachments: [],
  analysisResult: null,
  refundedAmount: null,
};

export const RECEIVED_AWAITING: Infraction = {
  idInfraction: 111,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: null,
  infractionType: 'FRAUD',
  infractionReportParticipant: SAMPLE_OTHER_ISPB,
  infractionE2E: e2e(2),
  infractionDescription: 'O pagador afirma que não reconhece este Pix.',
  infractionStatus: 'ANALYSIS',
  attachments: [],
  analysisResult: null,
  refundedAmount: null,
};

/** Ten older reports, closed, so the list has a second page. */
const OLDER: Infraction[] = Array.from({ length: 10 }, (_, i) => ({
  idInfraction: 100 + i,
  createdAt: `2026-10-${String(10 + i).padStart(2, '0')}T12:00:00.000Z`,
  updatedAt: `2026-10-${String(17 + i).padStart(2, '0')}T12:00:00.000Z`,
  infractionType: 'FRAUD',
  infractionReportParticipant: SAMPLE_OWN_ISPB,
  infractionE2E: e2e(10 + i),
  infractionDescription: 'Golpe do falso vendedor.',
  infractionStatus: 'CLOSED',
  attachments: [],
  analysisResult: 'AGREED',
  refundedAmount: 50,
}));

/** Twelve infractions, newest first. */
export const TWELVE_INFRACTIONS: Infraction[] = [OPENED_OPEN, RECEIVED_AWAITING, ...OLDER];

/** The Pix behind OPENED_OPEN. */
export const SAMPLE_TRANSACTION: components['schemas']['PixReceipt'] = {
  pixId: OPENED_OPEN.infractionE2E,
  pixDate: '2026-11-20T14:30:00-03:00',
  historyCode: '8011',
  pixKey: 'golpista@exemplo.com.br',
  transactionId: 'tx-med-1',
  amount: 480,
  type: 'D',
  description: 'Pix enviado',
  payee: { name: 'Recebedor Desconhecido', taxIdMasked: '***.456.789-**' },
};

/** A Pix sent 6 days before SAMPLE_NOW, with no report: it may be contested. */
export const CONTESTABLE_PIX: PixStatementEntry = {
  description: 'Pix enviado - Loja Virtual Ofertas Ltda',
  type: 'D',
  amount: 89.9,
  entryDate: '2026-11-15T13:00:00.000Z',
  creditDate: '2026-11-15T13:00:00.000Z',
  transactionId: 'tx-contest-1',
  endToEndId: e2e(90),
  historyCode: '8011',
  amountRefund: 0,
  isPix: true,
};

/** A Pix received the same day: never a contest choice. */
export const RECEIVED_PIX: PixStatementEntry = {
  ...CONTESTABLE_PIX,
  description: 'Pix recebido - Carlos Souza',
  type: 'C',
  transactionId: 'tx-received-1',
  endToEndId: e2e(91),
  historyCode: '8020',
};
