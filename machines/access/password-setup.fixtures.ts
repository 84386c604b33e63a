/**
 * Catalog entries of first-access password creation (/FirstAcess) and password reset
 * (/ResetPassword): one machine, two entries (4-pix-part-two.md §5 Validation rules, §8 The error
 * catalogue).
 */
import { defineFlow, type FlowDefinition } from '../catalog-types';
import { DEMO, businessError, internalError, networkError } from './access-fixtures.ts';
import {
  passwordSetupMachine,
  type PasswordSetupInput,
  type SavePasswordActorOutput,
} from './password-setup.machine.ts';

const STRONG = 'Nova@Senha1';

/** The keys of the outcomes both flows share (bindings name them; see TypedFlowEntry). */
type OutcomeKey = 'saved' | 'refused' | 'serverError' | 'offline';
type PasswordSetupFlow = FlowDefinition<typeof passwordSetupMachine, OutcomeKey>;

const events: PasswordSetupFlow['events'] = [
  {
    event: { type: 'form.submit', password: STRONG, confirm: STRONG },
    label: 'Envia senha forte com confirmação igual',
  },
  {
    event: { type: 'form.submit', password: 'senha123', confirm: 'senha123' },
    label: 'Envia senha sem maiúscula nem caractere especial',
    valid: false,
  },
  {
    event: { type: 'form.submit', password: 'N@1a', confirm: 'N@1a' },
    label: 'Envia senha com menos de 8 caracteres',
    valid: false,
  },
  {
    event: { type: 'form.submit', password: STRONG, confirm: 'Outra@Senha2' },
    label: 'Envia confirmação diferente da nova senha',
    valid: false,
  },
  {
    event: { type: 'form.submit', password: '', confirm: '' },
    label: 'Envia os campos vazios',
    valid: false,
  },
];

const outcomes: PasswordSetupFlow['outcomes'] = [
  {
    actor: 'savePassword',
    kind: 'done',
    output: { success: true } satisfies SavePasswordActorOutput,
    key: 'saved',
    label: 'API salva a senha',
  },
  {
    actor: 'savePassword',
    kind: 'error',
    error: businessError('savePassword', 'Link inválido ou expirado.', 410),
    key: 'refused',
    label: 'API responde 422 (link inválido ou expirado, mensagem do servidor)',
  },
  {
    actor: 'savePassword',
    kind: 'error',
    error: internalError('savePassword'),
    key: 'serverError',
    label: 'API responde 500',
  },
  {
    actor: 'savePassword',
    kind: 'error',
    error: networkError('savePassword'),
    key: 'offline',
    label: 'Sem conexão com o servidor',
  },
];

const spec = [
  '1-access-shell-statement.md §2 Public routes',
  '4-pix-part-two.md §5 Validation rules',
  '4-pix-part-two.md §8 The error catalogue',
];

export const firstAccessFlow = defineFlow({
  id: 'first-access',
  title: 'Primeiro acesso: criar senha',
  route: '/FirstAcess',
  entrySteps: [
    'Abre o link de primeiro acesso que o banco enviou por e-mail (os e-mails estão em /sandbox/outbox)',
  ],
  spec,
  machine: passwordSetupMachine,
  input: { mode: 'firstAccess', accountId: DEMO.accountId, hash: 'hash-demo' } satisfies PasswordSetupInput,
  events,
  outcomes,
  operations: { savePassword: 'savePassword' },
});

export const resetPasswordFlow = defineFlow({
  id: 'reset-password',
  title: 'Redefinir senha',
  route: '/ResetPassword',
  entrySteps: [
    `Pede a redefinição de senha com o CPF ${DEMO.cpfMasked}`,
    'Abre o link que o banco enviou por e-mail (os e-mails estão em /sandbox/outbox)',
  ],
  spec,
  machine: passwordSetupMachine,
  input: { mode: 'reset', accountId: DEMO.accountId, hash: 'hash-demo' } satisfies PasswordSetupInput,
  events,
  outcomes,
  operations: { savePassword: 'savePassword' },
});
