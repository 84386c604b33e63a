/**
 * Catalog entry of the statement header (/Statement): client and balance loads, their failures
 * and retries, and the balance show/hide toggle (1-access-shell-statement.md §2 Statement screen).
 */
import { signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { accountSummaryMachine, type AccountSummaryInput } from './account-summary.machine.ts';
import { DEMO_ACCOUNT, SAMPLE_BALANCES, SAMPLE_CLIENT, internalError, networkError } from './sample-data.ts';

const input: AccountSummaryInput = { accountId: DEMO_ACCOUNT.accountId };

export const accountSummaryFlow = defineFlow({
  id: 'account-summary',
  title: 'Extrato: conta e saldo',
  route: '/Statement',
  entrySteps: signedInSteps('/Statement'),
  spec: [
    '1-access-shell-statement.md §2 Statement screen',
    '1-access-shell-statement.md §3 Entities and their fields (Balance, Statement client info)',
    '1-access-shell-statement.md §8 The error catalogue',
  ],
  machine: accountSummaryMachine,
  input,
  events: [
    { event: { type: 'balance.toggle' }, label: 'Clica em mostrar/ocultar saldo' },
    { event: { type: 'retry' }, label: 'Clica em Tentar novamente' },
  ],
  outcomes: [
    {
      actor: 'loadClient',
      kind: 'done',
      output: SAMPLE_CLIENT,
      key: 'clientLoaded',
      label: 'API devolve o cliente e a conta',
    },
    {
      actor: 'loadClient',
      kind: 'error',
      error: internalError('getClient'),
      key: 'clientServerError',
      label: 'API responde 500 ao carregar o cliente',
    },
    {
      actor: 'loadBalance',
      kind: 'done',
      output: SAMPLE_BALANCES,
      key: 'balances',
      label: 'API devolve os saldos (REAL R$ 5.432,10)',
    },
    {
      actor: 'loadBalance',
      kind: 'done',
      output: { balances: [{ balanceType: 'BLOCKED', amount: 10 }] },
      key: 'balancesWithoutReal',
      label: 'API devolve saldos sem o REAL',
    },
    {
      actor: 'loadBalance',
      kind: 'error',
      error: networkError('getBalance'),
      key: 'balanceOffline',
      label: 'Sem conexão ao carregar o saldo',
    },
  ],
  operations: { loadClient: 'getClient', loadBalance: 'getBalance' },
});
