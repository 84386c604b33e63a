/**
 * Catalog entry of the verification link of the login page (1-access-shell-statement.md §2 Public
 * routes, §8 The error catalogue): the bank accepts the link, says it is not valid, or fails.
 */
import { defineFlow } from '../catalog-types';
import { DEMO, apiErrorLike, internalError, networkError } from './access-fixtures.ts';
import {
  FIRST_ACCESS_ACTION,
  verifyLinkMachine,
  type VerifyActionActorOutput,
  type VerifyLinkInput,
} from './verify-link.machine.ts';

const input: VerifyLinkInput = { action: FIRST_ACCESS_ACTION, hash: 'hash-demo' };

const validResult: VerifyActionActorOutput = {
  accountId: DEMO.accountId,
  taxId: DEMO.cpf,
  email: DEMO.email,
  action: FIRST_ACCESS_ACTION,
  valid: true,
};

export const verifyLinkFlow = defineFlow({
  id: 'verify-link',
  title: 'Link de verificação (primeiro acesso ou redefinição de senha)',
  route: `/login?action=${FIRST_ACCESS_ACTION}&hash=hash-demo`,
  spec: [
    '1-access-shell-statement.md §2 Public routes',
    '1-access-shell-statement.md §8 The error catalogue',
  ],
  machine: verifyLinkMachine,
  input,
  events: [],
  outcomes: [
    {
      actor: 'verifyAction',
      kind: 'done',
      output: validResult,
      key: 'confirmed',
      label: 'API confirma o link (primeiro acesso)',
    },
    {
      actor: 'verifyAction',
      kind: 'done',
      output: { action: FIRST_ACCESS_ACTION, valid: false } satisfies VerifyActionActorOutput,
      key: 'invalidLink',
      label: 'API responde que o link não é válido',
    },
    {
      actor: 'verifyAction',
      kind: 'error',
      error: apiErrorLike({
        status: 422,
        code: 410,
        messageKey: 'ERRORS.API.410',
        operation: 'verifyAction',
      }),
      key: 'expiredLink',
      label: 'API responde 422 código 410 (link expirado)',
    },
    {
      actor: 'verifyAction',
      kind: 'error',
      error: internalError('verifyAction'),
      key: 'serverError',
      label: 'API responde 500',
    },
    {
      actor: 'verifyAction',
      kind: 'error',
      error: networkError('verifyAction'),
      key: 'offline',
      label: 'Sem conexão com o servidor',
    },
  ],
  operations: { verifyAction: 'verifyAction' },
});
