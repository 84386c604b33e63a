/**
 * Catalog entry of the key claims (/PortabilityPage; 4-pix-part-two.md §2 Portability, §3 Claim,
 * §4, §5 claim key, §6, §7, §8 Claims; issue 30). The rows are Maria's seeded claims
 * (sandbox/db/seed-claims.ts): one she waits for, one confirmed for her, one cancelled, one she is
 * asked to give.
 */
import { DEMO_USERS } from '../../demo/users.ts';
import { DEMO, signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { apiErrorLike, internalError } from '../fixtures/api-errors.ts';
import {
  pixClaimsMachine,
  type Claim,
  type PixClaimsEvent,
  type PixClaimsInput,
} from './pix-claims.machine.ts';

const ev = (e: PixClaimsEvent): PixClaimsEvent => e;
const { maria, padaria } = DEMO_USERS;

const MARIA_ACCOUNT = { branch: '0001', number: maria.number };
const OTHER = { branch: '0341', account: '5566778' };

const row = (id: number, key: string, status: Claim['status'], mariaClaims: boolean): Claim => ({
  idClaims: id,
  claimsReturnId: `0b1ed96f-ea71-4e51-9816-70e55e5dad4${id}`,
  keyClaims: key,
  keyType: key.includes('@') ? 'EMAIL' : 'PHONE',
  claimType: key.includes('@') ? 'PORTABILITY' : 'OWNERSHIP',
  status,
  claimerBranch: mariaClaims ? MARIA_ACCOUNT.branch : '0001',
  claimerAccount: mariaClaims ? MARIA_ACCOUNT.number : '345678',
  donorBranch: mariaClaims ? OTHER.branch : MARIA_ACCOUNT.branch,
  donorAccount: mariaClaims ? OTHER.account : MARIA_ACCOUNT.number,
  openedAt: '2026-11-19T15:00:00.000Z',
  resolutionDeadline: '2026-11-26T15:00:00.000Z',
  completionDeadline: status === 'CONFIRMED' ? '2026-11-27T15:00:00.000Z' : null,
});

/** Maria's seeded claims, newest first (the sandbox's order). */
export const ASKED_OF_MARIA = row(7, maria.phone, 'WAITING_RESOLUTION', false);
export const MARIA_WAITING = row(1, '+5531988887777', 'WAITING_RESOLUTION', true);
export const MARIA_CONFIRMED = row(2, '+5541977776666', 'CONFIRMED', true);
export const MARIA_CANCELLED = row(3, 'maria.pessoal@exemplo.com.br', 'CANCELLED', true);
const MARIA_CLAIMS: Claim[] = [ASKED_OF_MARIA, MARIA_WAITING, MARIA_CONFIRMED, MARIA_CANCELLED];

export const PIX_CLAIMS_INPUT: PixClaimsInput = {
  branch: MARIA_ACCOUNT.branch,
  number: MARIA_ACCOUNT.number,
  participant: '99999999',
  holder: { type: 'NATURAL_PERSON', taxId: DEMO.cpf, name: maria.name },
};

/** 422 PIXCLAIM 126: a claim on the key is already under way. */
const ALREADY_OPEN = apiErrorLike({
  status: 422,
  code: 126,
  group: 'PIXCLAIM',
  messageKey: 'ERRORS.PIXCLAIM.126',
  serverMessage: 'Já existe uma solicitação em andamento para esta chave.',
  operation: 'createOwnershipClaim',
});

export const pixClaimsFlow = defineFlow({
  id: 'pix-claims',
  title: 'Portabilidade e reivindicação de chaves',
  route: '/PortabilityPage',
  entrySteps: signedInSteps('/PortabilityPage'),
  spec: [
    '4-pix-part-two.md §2 Screens and routes (Portability)',
    '4-pix-part-two.md §3 Entities and their fields (Claim, Claim creation payload, Claim decision payload)',
    '4-pix-part-two.md §4 States and transitions (Claim statuses, validated device)',
    '4-pix-part-two.md §5 Validation rules (Claim key)',
    '4-pix-part-two.md §6 Roles and permissions (claimer or donor; CheckLogin)',
    '4-pix-part-two.md §7 The calls it makes (Portability and claims)',
    '4-pix-part-two.md §8 The error catalogue (Claims)',
  ],
  machine: pixClaimsMachine,
  input: PIX_CLAIMS_INPUT,
  events: [
    { event: ev({ type: 'add.open' }), label: 'Clica em Nova solicitação' },
    {
      event: ev({
        type: 'add.submit',
        form: { claimType: 'OWNERSHIP', keyType: 'PHONE', key: padaria.phoneMasked },
      }),
      label: `Pede a posse do celular ${padaria.phoneMasked} (chave da padaria)`,
    },
    {
      event: ev({
        type: 'add.submit',
        form: { claimType: 'PORTABILITY', keyType: 'EMAIL', key: 'maria.pessoal@exemplo.com.br' },
      }),
      label: 'Pede a portabilidade do e-mail maria.pessoal@exemplo.com.br',
    },
    {
      event: ev({ type: 'add.submit', form: { claimType: 'PORTABILITY', keyType: 'CPF', key: '123' } }),
      label: 'Pede a portabilidade do CPF 123 (incompleto)',
      valid: false,
    },
    {
      event: ev({ type: 'cancel.ask', idClaims: MARIA_WAITING.idClaims }),
      label: 'Clica em Cancelar na solicitação que aguarda resolução',
    },
    {
      event: ev({ type: 'cancel.ask', idClaims: MARIA_CANCELLED.idClaims }),
      label: 'Clica em Cancelar na solicitação já cancelada',
    },
    { event: ev({ type: 'cancel.confirm' }), label: 'Confirma o cancelamento' },
    {
      event: ev({ type: 'decide.ask', idClaims: ASKED_OF_MARIA.idClaims }),
      label: 'Clica em Decidir na solicitação que pede o celular de Maria',
    },
    {
      event: ev({ type: 'decide.ask', idClaims: MARIA_CONFIRMED.idClaims }),
      label: 'Tenta decidir uma solicitação em que Maria é reivindicadora',
      valid: false,
    },
    {
      event: ev({ type: 'decide.submit', username: DEMO.email, password: DEMO.password, accept: false }),
      label: 'Informa usuário e senha e recusa',
    },
    {
      event: ev({ type: 'decide.submit', username: DEMO.email, password: '', accept: true }),
      label: 'Aceita sem informar a senha',
      valid: false,
    },
    {
      event: ev({ type: 'complete.ask', idClaims: MARIA_CONFIRMED.idClaims }),
      label: 'Clica em Concluir na solicitação confirmada',
    },
    {
      event: ev({ type: 'complete.ask', idClaims: MARIA_WAITING.idClaims }),
      label: 'Tenta concluir uma solicitação que aguarda resolução',
      valid: false,
    },
    { event: ev({ type: 'complete.confirm' }), label: 'Confirma a conclusão' },
    { event: ev({ type: 'dialog.close' }), label: 'Fecha o diálogo' },
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
    { event: ev({ type: 'back' }), label: 'Clica em Voltar' },
  ],
  outcomes: [
    {
      actor: 'listClaims',
      kind: 'done',
      output: MARIA_CLAIMS,
      key: 'mariaClaims',
      label: 'Banco lista as 4 solicitações de Maria',
    },
    {
      actor: 'listClaims',
      kind: 'done',
      output: [],
      key: 'noClaims',
      label: 'Banco não tem solicitações (Não há solicitações vinculadas a essa conta.)',
    },
    {
      actor: 'listClaims',
      kind: 'error',
      error: internalError('listClaims'),
      key: 'listServerError',
      label: 'Banco responde 500 ao listar',
    },
    {
      actor: 'getDeviceStatus',
      kind: 'done',
      output: { validated: true },
      key: 'deviceValidated',
      label: 'Dispositivo validado',
    },
    {
      actor: 'getDeviceStatus',
      kind: 'done',
      output: { validated: false },
      key: 'deviceNotValidated',
      label: 'Dispositivo não validado',
    },
    {
      actor: 'getDeviceStatus',
      kind: 'error',
      error: internalError('getMe'),
      key: 'deviceServerError',
      label: 'Banco responde 500 ao /me',
    },
    {
      actor: 'createOwnershipClaim',
      kind: 'done',
      output: { ...MARIA_WAITING, idClaims: 9, keyClaims: padaria.phone },
      key: 'ownershipOpened',
      label: 'Banco abre a reivindicação de posse',
    },
    {
      actor: 'createOwnershipClaim',
      kind: 'error',
      error: ALREADY_OPEN,
      key: 'ownershipAlreadyOpen',
      label: 'Banco recusa: já existe solicitação para a chave (PIXCLAIM 126)',
    },
    {
      actor: 'createPortabilityClaim',
      kind: 'done',
      output: { ...MARIA_CANCELLED, idClaims: 10, status: 'WAITING_RESOLUTION' },
      key: 'portabilityOpened',
      label: 'Banco abre a portabilidade',
    },
    {
      actor: 'createPortabilityClaim',
      kind: 'error',
      error: internalError('createPortabilityClaim'),
      key: 'portabilityServerError',
      label: 'Banco responde 500 à portabilidade',
    },
    {
      actor: 'cancelClaim',
      kind: 'done',
      output: { ...MARIA_WAITING, status: 'CANCELLED' },
      key: 'cancelled',
      label: 'Banco cancela a solicitação',
    },
    {
      actor: 'cancelClaim',
      kind: 'error',
      error: internalError('cancelClaim'),
      key: 'cancelServerError',
      label: 'Banco responde 500 ao cancelar',
    },
    {
      actor: 'checkLogin',
      kind: 'done',
      output: { valid: true },
      key: 'credentialsValid',
      label: 'Usuário e senha conferem',
    },
    {
      actor: 'checkLogin',
      kind: 'done',
      output: { valid: false },
      key: 'credentialsInvalid',
      label: 'Usuário ou senha não conferem',
    },
    {
      actor: 'checkLogin',
      kind: 'error',
      error: internalError('checkLogin'),
      key: 'checkLoginServerError',
      label: 'Banco responde 500 ao CheckLogin',
    },
    {
      actor: 'decideClaim',
      kind: 'done',
      output: { ...ASKED_OF_MARIA, status: 'CANCELLED' },
      key: 'decided',
      label: 'Banco registra a decisão',
    },
    {
      actor: 'decideClaim',
      kind: 'error',
      error: internalError('decideClaim'),
      key: 'decideServerError',
      label: 'Banco responde 500 à decisão',
    },
    {
      actor: 'completeClaim',
      kind: 'done',
      output: { ...MARIA_CONFIRMED, status: 'COMPLETED' },
      key: 'completed',
      label: 'Banco conclui a solicitação',
    },
    {
      actor: 'completeClaim',
      kind: 'error',
      error: internalError('completeClaim'),
      key: 'completeServerError',
      label: 'Banco responde 500 ao concluir',
    },
  ],
  contextKey: (c) => ({
    rows: c.claims.length,
    selected: c.selectedId !== null,
    formError: c.formError !== null,
    credentialsInvalid: c.credentialsInvalid,
    actionError: c.actionError !== null,
    done: c.done,
    error: c.error !== null,
  }),
  limits: { maxDepth: 9, maxPaths: 80 },
  operations: {
    listClaims: 'listClaims',
    getDeviceStatus: 'getMe',
    createPortabilityClaim: 'createPortabilityClaim',
    createOwnershipClaim: 'createOwnershipClaim',
    cancelClaim: 'cancelClaim',
    checkLogin: 'checkLogin',
    decideClaim: 'decideClaim',
    completeClaim: 'completeClaim',
  },
});
