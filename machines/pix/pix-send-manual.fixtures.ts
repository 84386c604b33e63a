/**
 * Catalog entry of the Pix by manual bank data (/PixManual; 3-pix-part-one.md §2 Send by manual
 * data, §3, §4, §5, §7, §8, §9; issue 16). The sample recipient, Rafael Costa Lima at Nubank
 * (0001 / 123456-7), is an account the sandbox's SPI settles (ACSC); the seeded accounts that
 * answer AC03 or never (sandbox/db/seed-pix-send.ts) are e2e/pix-manual.spec.ts's. Here every
 * answer is a fixture.
 */
import { DEMO_USERS, FIXTURE_IDS } from '../../demo/users.ts';
import { signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { internalError, networkError } from '../fixtures/api-errors.ts';
import { sequentialIds } from '../kernel/ids.ts';
import type { SecurityCodeOutput } from '../transfers/security-code.machine.ts';
import { confirmationRefused, insufficientBalance, transferRefused } from '../transfers/transfer-errors.ts';
import {
  pixSendManualMachine,
  type PixSendManualEvent,
  type PixSendManualInput,
} from './pix-send-manual.machine.ts';
import type { ListPspsOutput, PixWithdrawalOutput } from './pix-send-calls.ts';
import type { PixSettlementOutput } from './pix-settlement.machine.ts';

const ev = (e: PixSendManualEvent): PixSendManualEvent => e;

/** Maria (fixture ids) as the debtor, at this bank (the sandbox's ISPB 99999999). */
const input: PixSendManualInput = {
  accountId: FIXTURE_IDS.maria.accountId,
  holder: {
    name: DEMO_USERS.maria.name,
    taxId: DEMO_USERS.maria.taxId,
    branch: '0001',
    accountNumber: DEMO_USERS.maria.number,
  },
  ownIspb: '99999999',
  phoneNumber: DEMO_USERS.maria.phone.slice('+55'.length),
  newId: sequentialIds('ext'),
  now: () => new Date('2026-11-24T15:00:00Z'),
};

const NUBANK = '18236120';
/** The participants as listPsps answers them: in no order (the machine sorts by name). */
const PSPS: ListPspsOutput = {
  psps: [
    { id: '99999999', name: 'Banco Sandbox S.A.', country: 'BRA', currencies: ['BRL'] },
    { id: NUBANK, name: 'Nu Pagamentos S.A.', country: 'BRA', currencies: ['BRL'] },
    { id: '60701190', name: 'Itaú Unibanco S.A.', country: 'BRA', currencies: ['BRL'] },
  ],
};
const E2E = 'E99999999202611241500000000ext1';

const settlement = (o: PixSettlementOutput): PixSettlementOutput => o;

export const pixSendManualFlow = defineFlow({
  id: 'pix-send-manual',
  title: 'Pix: enviar por dados bancários',
  route: '/PixManual',
  entrySteps: signedInSteps('/PixManual'),
  spec: [
    '3-pix-part-one.md §2 Send by manual data (/PixManual)',
    '3-pix-part-one.md §3 Entities and their fields (Institution; account types CC, POUPANCA, SALARIO)',
    '3-pix-part-one.md §4 States and transitions (Payment result, Polling: 1 s up to 42 s)',
    '3-pix-part-one.md §5 Validation rules (Manual, Amount, Description)',
    '3-pix-part-one.md §7 The calls it makes (GET /instant-payments/BRA/psps, Manual payment)',
    '3-pix-part-one.md §8 Error catalogue',
    '3-pix-part-one.md §9 Business constants and limits',
  ],
  machine: pixSendManualMachine,
  input,
  // The refusals of each step's rule (the guards' false outcomes) are played in
  // tests/machines/pix-send-manual.test.ts, not here: each would be one more browser path.
  events: [
    { event: ev({ type: 'ownership.choose', same: false }), label: 'Responde Não a mesma titularidade' },
    { event: ev({ type: 'ownership.choose', same: true }), label: 'Responde Sim a mesma titularidade' },
    {
      event: ev({ type: 'name.submit', name: 'Rafael Costa Lima' }),
      label: 'Informa o nome Rafael Costa Lima',
    },
    {
      event: ev({ type: 'document.submit', document: '315.724.680-17' }),
      label: 'Informa o CPF 315.724.680-17',
    },
    { event: ev({ type: 'institution.choose', ispb: NUBANK }), label: 'Escolhe Nu Pagamentos S.A.' },
    { event: ev({ type: 'accountType.choose', accountType: 'CC' }), label: 'Escolhe Conta corrente' },
    { event: ev({ type: 'agency.submit', agency: '0001' }), label: 'Informa a agência 0001' },
    {
      event: ev({ type: 'account.submit', account: '123456', digit: '7' }),
      label: 'Informa a conta 123456 e o dígito 7',
    },
    {
      event: ev({ type: 'amount.submit', amount: '25,50', description: 'Aluguel' }),
      label: 'Informa R$ 25,50 e a descrição Aluguel e clica em Avançar',
    },
    { event: ev({ type: 'step.back' }), label: 'Clica em Voltar' },
    { event: ev({ type: 'confirm.accept' }), label: 'Clica em Confirmar na confirmação' },
    { event: ev({ type: 'confirm.cancel' }), label: 'Clica em Cancelar na confirmação' },
    { event: ev({ type: 'totp.cancel' }), label: 'Fecha a Chave de Segurança' },
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
    { event: ev({ type: 'result.close' }), label: 'Clica em Fechar no resultado' },
    { event: ev({ type: 'result.correct' }), label: 'Clica em Corrigir os dados no Pix rejeitado' },
  ],
  outcomes: [
    { actor: 'listPsps', kind: 'done', output: PSPS, key: 'psps', label: 'Banco lista as instituições' },
    {
      actor: 'listPsps',
      kind: 'error',
      error: networkError('listPsps'),
      key: 'pspsOffline',
      label: 'Sem conexão ao listar',
    },
    {
      actor: 'securityCode',
      kind: 'done',
      output: { confirmationToken: 'conf-token-0001-abcdef' } satisfies SecurityCodeOutput,
      key: 'codeAccepted',
      label: 'Chave de Segurança aceita (token de confirmação)',
    },
    {
      actor: 'createPixWithdrawal',
      kind: 'done',
      output: {
        success: true,
        transactionId: 'tx-pix-0001',
        endToEndId: E2E,
      } satisfies PixWithdrawalOutput,
      key: 'accepted',
      label: 'Banco aceita o Pix (ACSP, débito feito)',
    },
    {
      actor: 'createPixWithdrawal',
      kind: 'done',
      output: { success: false, message: 'Pix não enviado' } satisfies PixWithdrawalOutput,
      key: 'notSuccessful',
      label: 'Banco responde success=false',
    },
    {
      actor: 'createPixWithdrawal',
      kind: 'error',
      error: confirmationRefused('createWithdrawal'),
      key: 'tokenRefused',
      label: 'Banco recusa o token (403 SECURITY 50)',
    },
    {
      actor: 'createPixWithdrawal',
      kind: 'error',
      error: insufficientBalance('createWithdrawal'),
      key: 'insufficientBalance',
      label: 'Banco recusa: saldo insuficiente (422 código 16)',
    },
    {
      actor: 'createPixWithdrawal',
      kind: 'error',
      error: transferRefused('createWithdrawal', 54),
      key: 'fieldRefused',
      label: 'Banco recusa um campo (422 TRANSFER 54)',
    },
    {
      actor: 'createPixWithdrawal',
      kind: 'error',
      error: internalError('createWithdrawal'),
      key: 'serverError',
      label: 'Banco responde 500 ao enviar o Pix',
    },
    {
      actor: 'pixSettlement',
      kind: 'done',
      output: settlement({ outcome: 'settled', transactionId: 'tx-pix-0001', status: 'ACSC', reason: null }),
      key: 'settled',
      label: 'Pix liquidado (ACSC)',
    },
    {
      actor: 'pixSettlement',
      kind: 'done',
      output: settlement({
        outcome: 'rejected',
        transactionId: 'tx-pix-0001',
        status: 'RJCT',
        reason: 'AC03 - Conta do recebedor inexistente',
      }),
      key: 'rejected',
      label: 'Pix rejeitado (RJCT AC03)',
    },
    {
      actor: 'pixSettlement',
      kind: 'done',
      output: settlement({
        outcome: 'rejected',
        transactionId: 'tx-pix-0001',
        status: 'RJCT',
        reason: 'AB03 - Tempo esgotado: a instituição do recebedor não respondeu.',
      }),
      key: 'rejectedTimeout',
      label: 'Pix rejeitado por tempo esgotado (RJCT AB03)',
    },
    {
      actor: 'pixSettlement',
      kind: 'done',
      output: settlement({ outcome: 'unfinished', transactionId: null, status: 'ACSP', reason: null }),
      key: 'unfinished',
      label: 'Pix não finalizado em 42 s',
    },
  ],
  contextKey: (c) => ({
    data: c.data,
    psps: c.institutions !== null,
    attempt: c.externalIdentifier !== null,
    token: c.confirmationToken !== null,
    securityReason: c.securityReason,
    endToEndId: c.endToEndId,
    settlement: c.settlement?.outcome ?? null,
    // The reason decides where result.correct goes (AC03 → the account, AB03 → the amount).
    reason: c.settlement?.reason ?? null,
    error: c.error?.messageKey ?? null,
  }),
  // The bank applies a withdrawal once per externalIdentifier: a retry after an unknown result
  // sends the same one (and the same end-to-end id); a new step-8 submission after a refusal, or
  // giving up at the confirmation or the code, is a new attempt.
  idempotent: [
    {
      actor: 'createPixWithdrawal',
      key: (i) => i.body.withdraw.externalIdentifier,
      newAttemptOn: ['amount.submit', 'confirm.cancel', 'totp.cancel'],
    },
  ],
  operations: {
    listPsps: 'listPsps',
    createPixWithdrawal: 'createWithdrawal',
    securityCode: 'validateTotp',
  },
});
