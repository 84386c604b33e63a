/**
 * Catalog entry of send by key (/PixKey; 3-pix-part-one.md §2 Send by key, §4, §5, §7, §8, §9;
 * issue 16). The payer is Maria (demo/users.ts); the keys are the sandbox's seeds
 * (sandbox/db/seed-pix-keys.ts): Loja Aurora's e-mail at Itaú (interbank) and the bakery's e-mail
 * at this bank (internal).
 */
import { DEMO_USERS, FIXTURE_IDS } from '../../demo/users.ts';
import { defineFlow } from '../catalog-types';
import { apiErrorLike, internalError, networkError } from '../fixtures/api-errors.ts';
import { sequentialIds } from '../kernel/ids.ts';
import type { LookupPixKeyOutput } from './pix-send-calls.ts';
import {
  pixSendKeyMachine,
  type GetRecipientOutput,
  type PixSendKeyEvent,
  type PixSendKeyInput,
} from './pix-send-key.machine.ts';
import { SETTLEMENT_SAMPLE_E2E } from './pix-settlement.fixtures.ts';
import type { PixSettlementOutput } from './pix-settlement.machine.ts';

const { maria } = DEMO_USERS;
const ev = (e: PixSendKeyEvent): PixSendKeyEvent => e;

/** This bank's ISPB in the sandbox (sandbox/sim/bank.ts) and Itaú's (a seeded participant). */
export const OWN_ISPB = '99999999';
const ITAU_ISPB = '60701190';

export const EXTERNAL_KEY = 'loja.aurora@exemplo.com.br';
export const INTERNAL_KEY = DEMO_USERS.padaria.email;

const input: PixSendKeyInput = {
  accountId: FIXTURE_IDS.maria.accountId,
  payer: {
    name: maria.name,
    taxId: maria.taxId,
    branch: '0001',
    accountNumber: maria.number,
    accountType: 'CACC',
  },
  ispb: OWN_ISPB,
  today: '2026-11-24',
  now: () => new Date('2026-11-24T15:00:00Z'),
  newId: sequentialIds('pix'),
  scheduleEnabled: true,
  phoneNumber: maria.phone,
};

const lookup = (o: LookupPixKeyOutput): LookupPixKeyOutput => o;
const settlement = (o: PixSettlementOutput): PixSettlementOutput => o;

const recipient: GetRecipientOutput = {
  idRecipient: 7,
  nickname: 'Loja Aurora',
  name: 'Loja Aurora Ltda',
  cpfCnpj: '38152746000193',
  recipientType: 'Pix',
  key: EXTERNAL_KEY,
  createdAt: '2026-10-01T12:00:00Z',
};

const pixSend422 = (code: number, messageKey: string) =>
  apiErrorLike({ status: 422, code, group: 'PIXSEND', messageKey, operation: 'createWithdrawal' });

const securityRefused = (operation: string) =>
  apiErrorLike({ status: 403, code: 50, group: 'SECURITY', messageKey: 'ERRORS.SECURITY.50', operation });

export const pixSendKeyFlow = defineFlow({
  id: 'pix-send-key',
  title: 'Pix: enviar por chave',
  // Played in Chromium by e2e/bindings/pix-send-key.ts (listed in e2e/paths.spec.ts).
  route: '/PixKey',
  spec: [
    '3-pix-part-one.md §2 Send by key (/PixKey)',
    '3-pix-part-one.md §4 States and transitions (Payment result, internal path, Polling)',
    '3-pix-part-one.md §5 Validation rules (keys, Amount, Description, nickname, schedule date)',
    '3-pix-part-one.md §7 GetLink; POST /account/{id}/withdraw; POST /account/{id}/internal-pix',
    '3-pix-part-one.md §8 Error catalogue',
    '3-pix-part-one.md §9 Business constants and limits',
  ],
  entrySteps: [`Entra como ${maria.email} com a senha ${maria.password}`, 'Abre a rota /PixKey'],
  machine: pixSendKeyMachine,
  input,
  events: [
    {
      event: ev({ type: 'recipient.open', idRecipient: 7 }),
      label: 'Abre /PixKey?recipient=7 (favorecido salvo)',
    },
    {
      event: ev({ type: 'key.submit', value: EXTERNAL_KEY }),
      label: `Digita ${EXTERNAL_KEY} (detectado: E-mail) e clica em Avançar`,
    },
    {
      event: ev({ type: 'key.submit', value: 'loja@' }),
      label: 'Digita loja@ e clica em Avançar',
      valid: false,
    },
    { event: ev({ type: 'wizard.previous' }), label: 'Clica em Voltar' },
    {
      event: ev({ type: 'payment.submit', amount: '150,25', description: 'Pedido 88' }),
      label: 'Digita R$ 150,25 e a descrição Pedido 88 e clica em Avançar',
    },
    {
      event: ev({ type: 'payment.submit', amount: '0,00', description: '' }),
      label: 'Digita R$ 0,00 e clica em Avançar',
      valid: false,
    },
    {
      event: ev({ type: 'confirm.accept', save: false, nickname: '', scheduleDate: '' }),
      label: 'Clica em Confirmar',
    },
    {
      event: ev({ type: 'confirm.accept', save: true, nickname: '', scheduleDate: '' }),
      label: 'Marca salvar favorecido sem apelido e clica em Confirmar',
      valid: false,
    },
    {
      event: ev({ type: 'confirm.accept', save: false, nickname: '', scheduleDate: '2026-11-23' }),
      label: 'Agenda para 23/11/2026 (ontem) e clica em Confirmar',
      valid: false,
    },
    { event: ev({ type: 'confirm.cancel' }), label: 'Clica em Cancelar na confirmação' },
    { event: ev({ type: 'totp.cancel' }), label: 'Fecha a Chave de Segurança' },
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
    { event: ev({ type: 'result.close' }), label: 'Clica em Fechar' },
    { event: ev({ type: 'result.correct' }), label: 'Clica em Corrigir os dados no Pix rejeitado' },
  ],
  outcomes: [
    {
      actor: 'getRecipient',
      kind: 'done',
      output: recipient,
      key: 'recipientWithKey',
      label: 'Banco devolve o favorecido com a chave',
    },
    {
      actor: 'getRecipient',
      kind: 'done',
      output: { ...recipient, key: '' },
      key: 'recipientWithoutKey',
      label: 'Banco devolve um favorecido sem chave Pix',
    },
    {
      actor: 'getRecipient',
      kind: 'error',
      error: apiErrorLike({ status: 404, operation: 'getRecipient', messageKey: 'ERRORS.API.404' }),
      key: 'recipientNotFound',
      label: 'Favorecido não encontrado (404)',
    },
    {
      actor: 'lookupPixKey',
      kind: 'done',
      output: lookup({
        entry: {
          key: EXTERNAL_KEY,
          key_type: 'EMAIL',
          account: { participant: ITAU_ISPB, branch: '1234', account_number: '556677', account_type: 'CACC' },
          owner: { type: 'LEGAL_PERSON', tax_id_number: '38152746000193', name: 'Loja Aurora Ltda' },
        },
      }),
      key: 'externalKey',
      label: 'DICT devolve a chave da Loja Aurora (Itaú)',
    },
    {
      actor: 'lookupPixKey',
      kind: 'done',
      output: lookup({
        entry: {
          key: INTERNAL_KEY,
          key_type: 'EMAIL',
          account: { participant: OWN_ISPB, branch: '0001', account_number: '654321', account_type: 'CACC' },
          owner: {
            type: 'LEGAL_PERSON',
            tax_id_number: DEMO_USERS.padaria.taxId,
            name: DEMO_USERS.padaria.name,
          },
        },
      }),
      key: 'internalKey',
      label: 'DICT devolve uma chave desta instituição (Padaria: caminho interno)',
    },
    {
      actor: 'lookupPixKey',
      kind: 'error',
      error: apiErrorLike({ status: 404, operation: 'lookupPixKey', messageKey: 'ERRORS.API.404' }),
      key: 'keyNotFound',
      label: 'DICT responde 404 (chave não encontrada)',
    },
    {
      actor: 'lookupPixKey',
      kind: 'error',
      error: internalError('lookupPixKey'),
      key: 'lookupServerError',
      label: 'DICT responde 500',
    },
    {
      actor: 'securityCode',
      kind: 'done',
      output: { confirmationToken: 'conf-token-pix-0001' },
      key: 'codeAccepted',
      label: 'Chave de Segurança aceita',
    },
    {
      actor: 'createInternalPix',
      kind: 'done',
      output: { transactionId: 'tx-internal-1', message: 'Transação realizada com sucesso!' },
      key: 'internalCredited',
      label: 'Banco credita a Padaria na hora',
    },
    {
      actor: 'createInternalPix',
      kind: 'error',
      error: apiErrorLike({
        status: 422,
        code: 81,
        group: 'PIXSEND',
        messageKey: 'ERRORS.PIXSEND.81',
        operation: 'createInternalPix',
      }),
      key: 'nightLimit',
      label: 'Banco recusa: limite noturno (PIXSEND 81)',
    },
    {
      actor: 'createInternalPix',
      kind: 'error',
      error: securityRefused('createInternalPix'),
      key: 'internalTokenRefused',
      label: 'Banco recusa a confirmação do Pix interno (403 SECURITY 50)',
    },
    {
      actor: 'createInternalPix',
      kind: 'error',
      error: networkError('createInternalPix'),
      key: 'internalOffline',
      label: 'Sem conexão ao enviar o Pix interno',
    },
    {
      actor: 'createPixWithdrawal',
      kind: 'done',
      output: { success: true, transactionId: 'tx-1', endToEndId: SETTLEMENT_SAMPLE_E2E },
      key: 'accepted',
      label: 'Banco aceita o Pix (ACSP) e devolve o identificador fim a fim',
    },
    {
      actor: 'createPixWithdrawal',
      kind: 'done',
      output: { success: true, idPixPaymentSchedule: 41 },
      key: 'scheduled',
      label: 'Banco agenda o Pix (idPixPaymentSchedule)',
    },
    {
      actor: 'createPixWithdrawal',
      kind: 'done',
      output: { success: true, transactionId: 'tx-1' },
      key: 'acceptedWithoutEndToEndId',
      label: 'Banco aceita sem identificador fim a fim',
    },
    {
      actor: 'createPixWithdrawal',
      kind: 'error',
      error: securityRefused('createWithdrawal'),
      key: 'tokenRefused',
      label: 'Banco recusa a confirmação (403 SECURITY 50)',
    },
    {
      actor: 'createPixWithdrawal',
      kind: 'error',
      error: pixSend422(82, 'ERRORS.PIXSEND.82'),
      key: 'unregisteredDevice',
      label: 'Banco recusa: dispositivo não cadastrado, acima de R$ 200 (PIXSEND 82)',
    },
    {
      actor: 'createPixWithdrawal',
      kind: 'error',
      error: networkError('createWithdrawal'),
      key: 'offline',
      label: 'Sem conexão ao enviar o Pix',
    },
    {
      actor: 'pixSettlement',
      kind: 'done',
      output: settlement({ outcome: 'settled', transactionId: 'tx-1', status: 'ACSC', reason: null }),
      key: 'settled',
      label: 'Pix liquidado (ACSC)',
    },
    {
      actor: 'pixSettlement',
      kind: 'done',
      output: settlement({
        outcome: 'rejected',
        transactionId: 'tx-1',
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
        transactionId: 'tx-1',
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
      label: 'Pix não finalizado em 52 s',
    },
  ],
  contextKey: (c) => ({
    keyType: c.keyType,
    key: c.key,
    recipient: c.recipientId,
    internal: c.entry === null ? null : c.entry.account.participant === c.ispb,
    payment: c.payment?.amount ?? null,
    attempt: c.externalIdentifier !== null,
    token: c.confirmationToken !== null,
    securityReason: c.securityReason,
    error: c.error?.messageKey ?? null,
    settlement: c.settlement?.outcome ?? null,
    // The reason decides where result.correct goes (AC03 → the key, AB03 → the amount).
    reason: c.settlement?.reason ?? null,
    scheduleId: c.scheduleId,
  }),
  idempotent: [
    {
      actor: 'createInternalPix',
      key: (i) => i.body.externalIdentifier,
      newAttemptOn: ['payment.submit', 'confirm.cancel', 'totp.cancel'],
    },
    {
      actor: 'createPixWithdrawal',
      key: (i) => i.body.withdraw.externalIdentifier,
      newAttemptOn: ['payment.submit', 'confirm.cancel', 'totp.cancel'],
    },
  ],
  // The fields typed wrong (a malformed key, R$ 0,00, saving without a nickname) are played on the
  // way of a path that goes on, not as paths of their own: one browser start fewer each.
  foldSelfLoops: true,
  operations: {
    getRecipient: 'getRecipient',
    lookupPixKey: 'lookupPixKey',
    createInternalPix: 'createInternalPix',
    createPixWithdrawal: 'createWithdrawal',
    securityCode: 'validateTotp',
  },
});
