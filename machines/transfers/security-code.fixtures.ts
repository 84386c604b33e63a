/**
 * Catalog entry of the security-code dialog (2-money-movement.md §2 Security-code dialog, §5, §7
 * POST /totp/validate, §8; issue 13). It is a child of the TED and company-transfer flows (and of
 * bill payment); on its own it has no route: in the browser its states are played through theirs.
 */
import { defineFlow } from '../catalog-types';
import { apiErrorLike, internalError, networkError } from '../fixtures/api-errors.ts';
import {
  securityCodeMachine,
  type SecurityCodeEvent,
  type SecurityCodeInput,
  type ValidateTotpOutput,
} from './security-code.machine.ts';
import { TED_MOVEMENT, TED_SIGNATURE, TRANSFER_ACCOUNT } from './transfer-sample-data.ts';

const ev = (e: SecurityCodeEvent): SecurityCodeEvent => e;

const input: SecurityCodeInput = {
  accountId: TRANSFER_ACCOUNT.accountId,
  transactionSignature: TED_SIGNATURE,
  movement: TED_MOVEMENT,
  reason: 'first',
};

/** 429 AUTH 429 after five wrong codes in a row (sandbox/sim/throttle.ts). */
export const totpLockedError = apiErrorLike({
  status: 429,
  code: 429,
  group: 'AUTH',
  messageKey: 'ERRORS.AUTH.429',
  retryAfterSeconds: 900,
  operation: 'validateTotp',
});

export const securityCodeFlow = defineFlow({
  id: 'security-code',
  title: 'Chave de Segurança (confirmação de movimentações)',
  spec: [
    '2-money-movement.md §2 Security-code dialog',
    '2-money-movement.md §5 Validation rules (Security code)',
    '2-money-movement.md §7 Calls made (POST /totp/validate)',
    '2-money-movement.md §8 Error catalogue',
  ],
  machine: securityCodeMachine,
  input,
  events: [
    { event: ev({ type: 'totp.submit', code: '123456' }), label: 'Digita 123456 e clica em Confirmar' },
    {
      event: ev({ type: 'totp.submit', code: '12345' }),
      label: 'Tenta confirmar com 5 dígitos',
      valid: false,
    },
    {
      event: ev({ type: 'totp.submit', code: '12a456' }),
      label: 'Tenta confirmar com uma letra no código',
      valid: false,
    },
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente depois da espera' },
  ],
  outcomes: [
    {
      actor: 'validateTotp',
      kind: 'done',
      output: {
        result: true,
        confirmationToken: 'conf-token-0001-abcdef',
        expiresInSeconds: 300,
      } satisfies ValidateTotpOutput,
      key: 'accepted',
      label: 'Banco aceita o código e devolve o token de confirmação',
    },
    {
      actor: 'validateTotp',
      kind: 'done',
      output: { result: false, attemptsLeft: 4 } satisfies ValidateTotpOutput,
      key: 'wrongCode',
      label: 'Banco recusa o código (errado ou já usado)',
    },
    {
      actor: 'validateTotp',
      kind: 'error',
      error: totpLockedError,
      key: 'tooManyAttempts',
      label: 'Banco responde 429 (5 códigos errados seguidos: aguardar 15 min)',
    },
    {
      actor: 'validateTotp',
      kind: 'error',
      error: internalError('validateTotp'),
      key: 'serverError',
      label: 'Banco responde 500 ao validar o código',
    },
    {
      actor: 'validateTotp',
      kind: 'error',
      error: networkError('validateTotp'),
      key: 'offline',
      label: 'Sem conexão ao validar o código',
    },
  ],
  contextKey: (c) => {
    return { code: c.code, token: c.confirmationToken !== null, error: c.error?.messageKey ?? null };
  },
  operations: { validateTotp: 'validateTotp' },
});
