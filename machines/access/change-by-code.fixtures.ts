/**
 * Catalog entry of the password change by e-mailed code (4-pix-part-two.md §2, §4, §5, §7, §8).
 */
import { signedInSteps } from './access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { DEMO, apiErrorLike, businessError, internalError, networkError } from './access-fixtures.ts';
import {
  changeByCodeMachine,
  type ChangeByCodeInput,
  type HasValidCodeActorOutput,
  type SendCodeActorOutput,
} from './change-by-code.machine.ts';

const input: ChangeByCodeInput = { taxId: DEMO.cpf };
const STRONG = 'Nova@Senha1';
const expiresAt = '2026-11-21T12:10:00.000Z';

export const changeByCodeFlow = defineFlow({
  id: 'change-by-code',
  title: 'Alterar senha com código enviado por e-mail',
  route: '/password/change-by-code',
  entrySteps: signedInSteps('/password/change-by-code'),
  spec: [
    '4-pix-part-two.md §2 Screens and routes',
    '4-pix-part-two.md §4 States and transitions',
    '4-pix-part-two.md §5 Validation rules',
    '4-pix-part-two.md §7 The calls it makes',
    '4-pix-part-two.md §8 The error catalogue',
  ],
  machine: changeByCodeMachine,
  input,
  events: [
    { event: { type: 'email.submit', email: DEMO.email }, label: 'Envia o e-mail da conta' },
    {
      event: { type: 'email.submit', email: 'maria@exemplo' },
      label: 'Envia e-mail sem domínio completo',
      valid: false,
    },
    { event: { type: 'email.submit', email: '' }, label: 'Envia o e-mail vazio', valid: false },
    { event: { type: 'code.submit', code: '123456' }, label: 'Digita o código de 6 dígitos' },
    { event: { type: 'code.submit', code: '12345' }, label: 'Digita só 5 dígitos', valid: false },
    { event: { type: 'code.resend' }, label: 'Pede um novo código' },
    { event: { type: 'code.cancel' }, label: 'Fecha o diálogo do código' },
    {
      event: { type: 'password.submit', newPassword: STRONG, confirm: STRONG },
      label: 'Envia senha forte com confirmação igual',
    },
    {
      event: { type: 'password.submit', newPassword: 'senha123', confirm: 'senha123' },
      label: 'Envia senha fraca',
      valid: false,
    },
    {
      event: { type: 'password.submit', newPassword: STRONG, confirm: 'Outra@Senha2' },
      label: 'Envia confirmação diferente',
      valid: false,
    },
  ],
  outcomes: [
    {
      actor: 'hasValidPasswordChangeCode',
      kind: 'done',
      output: { hasValidCode: true, expiresAt } satisfies HasValidCodeActorOutput,
      key: 'codeExists',
      label: 'Já existe código válido',
    },
    {
      actor: 'hasValidPasswordChangeCode',
      kind: 'done',
      output: { hasValidCode: false, expiresAt: null } satisfies HasValidCodeActorOutput,
      key: 'noCode',
      label: 'Não há código válido',
    },
    {
      actor: 'hasValidPasswordChangeCode',
      kind: 'error',
      error: internalError('hasValidPasswordChangeCode'),
      key: 'codeCheckServerError',
      label: 'API responde 500 na consulta do código',
    },
    {
      actor: 'verifyEmail',
      kind: 'done',
      output: { valid: true },
      key: 'emailMatches',
      label: 'E-mail confere com o CPF/CNPJ',
    },
    {
      actor: 'verifyEmail',
      kind: 'done',
      output: { valid: false },
      key: 'emailMismatch',
      label: 'API responde que o e-mail não confere',
    },
    {
      actor: 'verifyEmail',
      kind: 'error',
      error: apiErrorLike({
        status: 400,
        messageKey: 'ERRORS.INVALID_REQUEST',
        fieldMessages: ['email: não confere'],
        display: 'fields',
        operation: 'verifyEmail',
      }),
      key: 'emailRejected',
      label: 'API responde 400 (e-mail incorreto)',
    },
    {
      actor: 'verifyEmail',
      kind: 'error',
      error: internalError('verifyEmail'),
      key: 'emailServerError',
      label: 'API responde 500',
    },
    {
      actor: 'verifyEmail',
      kind: 'error',
      error: networkError('verifyEmail'),
      key: 'emailOffline',
      label: 'Sem conexão ao verificar o e-mail',
    },
    {
      actor: 'sendPasswordChangeCode',
      kind: 'done',
      output: { sent: true, expiresAt } satisfies SendCodeActorOutput,
      key: 'codeSent',
      label: 'Código enviado por e-mail',
    },
    {
      actor: 'sendPasswordChangeCode',
      kind: 'error',
      error: internalError('sendPasswordChangeCode'),
      key: 'codeSendServerError',
      label: 'API responde 500 ao enviar o código',
    },
    {
      actor: 'verifyPasswordChangeCode',
      kind: 'done',
      output: { valid: true },
      key: 'codeCorrect',
      label: 'Código correto',
    },
    {
      actor: 'verifyPasswordChangeCode',
      kind: 'done',
      output: { valid: false },
      key: 'codeWrong',
      label: 'Código errado ou expirado',
    },
    {
      actor: 'verifyPasswordChangeCode',
      kind: 'error',
      error: networkError('verifyPasswordChangeCode'),
      key: 'codeOffline',
      label: 'Sem conexão ao verificar o código',
    },
    {
      actor: 'changePasswordWithCode',
      kind: 'done',
      output: { success: true },
      key: 'passwordSaved',
      label: 'Nova senha salva',
    },
    {
      actor: 'changePasswordWithCode',
      kind: 'error',
      error: businessError('changePasswordWithCode', 'Código expirado.'),
      key: 'passwordRefused',
      label: 'API recusa a nova senha (422, mensagem do servidor)',
    },
  ],
  operations: {
    hasValidPasswordChangeCode: 'hasValidPasswordChangeCode',
    verifyEmail: 'verifyEmail',
    sendPasswordChangeCode: 'sendPasswordChangeCode',
    verifyPasswordChangeCode: 'verifyPasswordChangeCode',
    changePasswordWithCode: 'changePasswordWithCode',
  },
});
