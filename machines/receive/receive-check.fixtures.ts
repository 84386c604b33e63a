/**
 * Catalog entry of receiving a digital check by QR code (/Receive; 2-money-movement.md §2, §3, §4,
 * §5, §7, §8; issue 14). The check is one the seed draws on Padaria Pão Dourado's account (DEMO0001,
 * R$ 150,00; sandbox/db/seed.ts); Maria receives it.
 */
import { DEMO_USERS, FIXTURE_IDS } from '../../demo/users.ts';
import { signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { apiErrorLike, internalError, networkError } from '../fixtures/api-errors.ts';
import { sequentialIds } from '../kernel/ids.ts';
import {
  receiveCheckMachine,
  type ReceiveCheckEvent,
  type LookUpCheckOutput,
  type ReceiveCheckInput,
  type RedeemCheckOutput,
} from './receive-check.machine.ts';

const ev = (e: ReceiveCheckEvent): ReceiveCheckEvent => e;

/** The QR data of a check as the bank writes it (`CHQ1.<id>.<cents>.<mac>`); the mac is made up. */
export const SAMPLE_QR_DATA = 'CHQ1.DEMO0001.15000.0123456789abcdef0123456789abcdef';
/** The QR content as the issuer's app shows it (multiline JSON). */
export const SAMPLE_QR = JSON.stringify({ value: 150, qrCodeData: SAMPLE_QR_DATA }, null, 2);

const input: ReceiveCheckInput = { accountId: FIXTURE_IDS.maria.accountId, newId: sequentialIds('ext') };

/** 422 CHECK <code>: 65 forged or altered, 66 already used, 67 expired, 68 without funds. */
const checkRefused = (code: 65 | 66 | 67 | 68, operation = 'createPayment') =>
  apiErrorLike({
    status: 422,
    code,
    group: 'CHECK',
    messageKey: `ERRORS.CHECK.${code}`,
    operation,
  });

/** The bank's answer about DEMO0001 (drawn by the bakery, a CNPJ shown in full). */
export const SAMPLE_ISSUER = {
  issuerName: DEMO_USERS.padaria.name,
  issuerDocument: DEMO_USERS.padaria.taxId,
  amount: 150,
  expiresAt: '2026-12-28T12:00:00.000Z',
} satisfies LookUpCheckOutput;

export const receiveCheckFlow = defineFlow({
  id: 'receive-check',
  title: 'Receber por QR Code (cheque digital)',
  route: '/Receive',
  entrySteps: signedInSteps('/Receive'),
  spec: [
    '2-money-movement.md §2 Receive by QR code (digital check)',
    '2-money-movement.md §3 Entities and their fields (QR content)',
    '2-money-movement.md §4 States and transitions (Receive by QR)',
    '2-money-movement.md §5 Validation rules (QR field)',
    '2-money-movement.md §7 Calls made (POST /payments, receive by QR)',
    '2-money-movement.md §8 Error catalogue',
  ],
  machine: receiveCheckMachine,
  input,
  events: [
    { event: ev({ type: 'tutorial.close' }), label: 'Clica em Pular tutorial' },
    { event: ev({ type: 'tutorial.open' }), label: 'Clica em Como receber (abre o tutorial)' },
    {
      event: ev({ type: 'form.submit', qr: SAMPLE_QR }),
      label: 'Cola o QR Code do cheque DEMO0001 de R$ 150,00 e clica em Próximo',
    },
    {
      event: ev({ type: 'form.submit', qr: '{"value": 150, "qrCodeData": ""}' }),
      label: 'Cola um QR Code sem qrCodeData e clica em Próximo',
      valid: false,
    },
    { event: ev({ type: 'confirm.accept' }), label: 'Clica em Confirmar na confirmação' },
    { event: ev({ type: 'confirm.cancel' }), label: 'Clica em Cancelar na confirmação' },
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
    { event: ev({ type: 'finish' }), label: 'Clica em Concluir no comprovante' },
  ],
  outcomes: [
    {
      actor: 'lookUpCheck',
      kind: 'done',
      output: SAMPLE_ISSUER,
      key: 'issuerFound',
      label: 'Banco informa o emitente e o valor do cheque',
    },
    {
      actor: 'lookUpCheck',
      kind: 'error',
      error: checkRefused(66, 'getDigitalCheck'),
      key: 'lookUpUsed',
      label: 'Banco recusa na consulta: cheque já utilizado (CHECK 66)',
    },
    {
      actor: 'redeemCheck',
      kind: 'done',
      output: {
        transactionId: 'b3c1f0e2-5a4d-4c1e-9f00-0000000000c1',
        success: true,
        message: 'Cheque digital de R$ 150,00 recebido.',
      } satisfies RedeemCheckOutput,
      key: 'credited',
      label: 'Banco credita o cheque',
    },
    {
      actor: 'redeemCheck',
      kind: 'error',
      error: checkRefused(66),
      key: 'alreadyUsed',
      label: 'Banco recusa: cheque já utilizado (CHECK 66)',
    },
    {
      actor: 'redeemCheck',
      kind: 'error',
      error: checkRefused(65),
      key: 'forged',
      label: 'Banco recusa: cheque falsificado ou alterado (CHECK 65)',
    },
    {
      actor: 'redeemCheck',
      kind: 'error',
      error: networkError('createPayment'),
      key: 'noAnswer',
      label: 'Sem resposta do banco',
    },
    {
      actor: 'redeemCheck',
      kind: 'error',
      error: internalError('createPayment'),
      key: 'serverError',
      label: 'Banco responde 500',
    },
  ],
  contextKey: (c) => ({
    check: c.check,
    issuer: c.issuer?.issuerName ?? null,
    attempt: c.externalIdentifier !== null,
    result: c.result?.transactionId ?? null,
    error: c.error?.messageKey ?? null,
  }),
  // The bank credits a check once per externalIdentifier: a retry after an unknown result sends the
  // same one; a new Next after a refusal or a cancelled confirmation is a new attempt.
  idempotent: [
    {
      actor: 'redeemCheck',
      key: (i) => i.body.externalIdentifier,
      newAttemptOn: ['form.submit', 'confirm.cancel'],
    },
  ],
  operations: { redeemCheck: 'createPayment', lookUpCheck: 'getDigitalCheck' },
});
