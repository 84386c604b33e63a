/**
 * Catalog entry of the mobile top-up (/RechargeCell; 2-money-movement.md §2 Mobile top-up, §4,
 * §5 Phone, §7, §8). The carriers and amounts are the sandbox's for DDD 34 (sandbox/sim/carriers.ts:
 * Vivo, Claro, TIM and Algar Telecom), as a tester would see them.
 */
import { FIXTURE_IDS } from '../../demo/users.ts';
import { signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { internalError, networkError } from '../fixtures/api-errors.ts';
import { sequentialIds } from '../kernel/ids.ts';
import { insufficientBalance, transferRefused } from '../transfers/transfer-errors.ts';
import {
  mobileTopUpMachine,
  type CreateRechargeOutput,
  type ListCarriersOutput,
  type ListValuesOutput,
  type MobileTopUpEvent,
  type MobileTopUpInput,
} from './mobile-top-up.machine.ts';

const ev = (e: MobileTopUpEvent): MobileTopUpEvent => e;

/** A mobile of DDD 34 (Uberlândia), where Algar Telecom sells top-ups too. */
export const TOPUP_PHONE_TYPED = '(34) 99123-4567';

export const TOPUP_CARRIERS: ListCarriersOutput = [
  { carrierId: '1', carrierName: 'Vivo' },
  { carrierId: '2', carrierName: 'Claro' },
  { carrierId: '3', carrierName: 'TIM' },
  { carrierId: '4', carrierName: 'Algar Telecom' },
];

export const TOPUP_VALUES: ListValuesOutput = [
  { productName: 'Claro R$ 15,00', amount: 15 },
  { productName: 'Claro R$ 20,00', amount: 20 },
  { productName: 'Claro R$ 30,00', amount: 30 },
];

const input: MobileTopUpInput = {
  accountHolderId: FIXTURE_IDS.maria.accountHolderId,
  accountId: FIXTURE_IDS.maria.accountId,
  newId: sequentialIds('ext'),
};

export const mobileTopUpFlow = defineFlow({
  id: 'mobile-top-up',
  title: 'Recarga de celular',
  route: '/RechargeCell',
  entrySteps: signedInSteps('/RechargeCell'),
  spec: [
    '2-money-movement.md §2 Mobile top-up (3-step wizard)',
    '2-money-movement.md §3 Entities and their fields (Top-up)',
    '2-money-movement.md §4 States and transitions (Top-up)',
    '2-money-movement.md §5 Validation rules (Phone)',
    '2-money-movement.md §7 Calls made (operators, values, recharge)',
    '2-money-movement.md §8 Error catalogue',
    '2-money-movement.md §9 Business constants and limits',
  ],
  machine: mobileTopUpMachine,
  input,
  events: [
    {
      event: ev({ type: 'phone.submit', phone: TOPUP_PHONE_TYPED }),
      label: `Digita o celular ${TOPUP_PHONE_TYPED} e clica em Próximo`,
    },
    {
      event: ev({ type: 'phone.submit', phone: '(20) 99123-4567' }),
      label: 'Clica em Próximo com um DDD que não existe (20)',
      valid: false,
    },
    { event: ev({ type: 'carrier.submit', carrierId: '2' }), label: 'Escolhe a Claro e clica em Próximo' },
    {
      event: ev({ type: 'carrier.submit', carrierId: '9' }),
      label: 'Clica em Próximo sem uma operadora da lista',
      valid: false,
    },
    { event: ev({ type: 'amount.submit', amount: 20 }), label: 'Escolhe R$ 20,00 e clica em Próximo' },
    {
      event: ev({ type: 'amount.submit', amount: 12.34 }),
      label: 'Clica em Próximo sem um valor da lista',
      valid: false,
    },
    { event: ev({ type: 'step.back' }), label: 'Clica em Voltar' },
    { event: ev({ type: 'confirm.accept' }), label: 'Clica em Confirmar na confirmação' },
    { event: ev({ type: 'confirm.cancel' }), label: 'Clica em Cancelar na confirmação' },
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
    { event: ev({ type: 'restart' }), label: 'Clica em Nova recarga no comprovante' },
    { event: ev({ type: 'finish' }), label: 'Clica em Concluir no comprovante' },
  ],
  outcomes: [
    {
      actor: 'listCarriers',
      kind: 'done',
      output: TOPUP_CARRIERS,
      key: 'carriers',
      label: 'Banco lista Vivo, Claro, TIM e Algar Telecom',
    },
    {
      actor: 'listCarriers',
      kind: 'done',
      output: [],
      key: 'noCarriers',
      label: 'Banco não lista operadora para o DDD',
    },
    {
      actor: 'listCarriers',
      kind: 'error',
      error: internalError('listTopupCarriers'),
      key: 'carriersServerError',
      label: 'Banco responde 500 ao listar as operadoras',
    },
    {
      actor: 'listValues',
      kind: 'done',
      output: TOPUP_VALUES,
      key: 'values',
      label: 'Banco lista R$ 15, 20 e 30 da Claro',
    },
    {
      actor: 'listValues',
      kind: 'done',
      output: [],
      key: 'noValues',
      label: 'Banco não lista valores (Nenhum valor encontrado)',
    },
    {
      actor: 'listValues',
      kind: 'error',
      error: internalError('listTopupValues'),
      key: 'valuesServerError',
      label: 'Banco responde 500 ao listar os valores',
    },
    {
      actor: 'createRecharge',
      kind: 'done',
      output: { transactionId: 'c0ffee00-0000-4000-8000-00000000a001' } satisfies CreateRechargeOutput,
      key: 'rechargeDone',
      label: 'Banco faz a recarga',
    },
    {
      actor: 'createRecharge',
      kind: 'error',
      error: insufficientBalance('createRecharge'),
      key: 'insufficientBalance',
      label: 'Banco recusa: saldo insuficiente (422 código 16)',
    },
    {
      actor: 'createRecharge',
      kind: 'error',
      error: transferRefused('createRecharge', 54),
      key: 'fieldRefused',
      label: 'Banco recusa um dado da recarga (422 TRANSFER 54)',
    },
    {
      actor: 'createRecharge',
      kind: 'error',
      error: networkError('createRecharge'),
      key: 'noAnswer',
      label: 'Sem resposta do banco ao recarregar',
    },
  ],
  contextKey: (c) => ({
    phone: c.phone?.phoneNumber ?? null,
    carriers: c.carriers.length,
    carrier: c.carrier?.carrierId ?? null,
    values: c.values.length,
    value: c.value?.amount ?? null,
    attempt: c.externalIdentifier !== null,
    result: c.result?.transactionId ?? null,
    error: c.error?.messageKey ?? null,
  }),
  // The bank tops up once per externalIdentifier: a retry after an unknown result sends the same
  // one; cancelling the confirmation, or a refusal that moved nothing, starts a new attempt.
  idempotent: [
    {
      actor: 'createRecharge',
      key: (i) => i.body.externalIdentifier,
      newAttemptOn: ['amount.submit', 'confirm.cancel'],
    },
  ],
  // Simple paths bounded: the shortest set already covers every transition and guard outcome.
  limits: { maxDepth: 12, maxPaths: 60 },
  operations: {
    listCarriers: 'listTopupCarriers',
    listValues: 'listTopupValues',
    createRecharge: 'createRecharge',
  },
});
