/**
 * Send by key (/PixKey; 3-pix-part-one.md §2 Send by key, §4 Payment result and the internal path,
 * §5, §7 GetLink / withdraw / internal-pix / checkTransaction, §8, §9; issue 16):
 *
 * 1. `keyValue`: ONE key field (issue 32: no type to choose first). The type is told as the payer
 *    types or pastes (machines/validators/pix-key-detect.ts `detectPixKey`, shown next to the field
 *    and announced), formatting is dropped and the key normalised to the DICT form before GetLink.
 *    Decision for the ambiguous case, as a bank's app does: 11 bare digits with a valid CPF check
 *    are a CPF; when they are also a mobile number (DDD, 9, 8 digits) the view offers one control
 *    to read them as 'Celular' instead (`key.submit` then carries `keyType: 'PHONE'`); a number
 *    written as a phone ('+55…', '(21) 9…') is a phone; 14 `[0-9A-Z]` with the 2026 check digits a
 *    CNPJ; a UUID an EVP; anything with '@' an e-mail. Invalid input stays here with what is
 *    wrong. The context keeps the type detected (then the DICT's `key_type`). Next looks the key up
 *    (`lookingUp`, GetLink): 404 → 'Chave informada inválida ou não encontrada. Verifique!', any
 *    other failure → 'Erro ao buscar a chave Pix';
 * 2. `amount`: the balance with its date (the view's read), the amount (≤ 13 characters, above
 *    zero) and the description (≤ 140); Previous goes back to step 1, the key typed kept;
 * 3. `confirming`: the full-screen confirmation of §2 (the spec's steps 1 and 2, type and key, are
 *    one step here, so the stepper counts two). The attempt's externalIdentifier and ids
 *    (message id, end-to-end id) are fixed on entering it and reused by every retry. Entered with a
 *    saved recipient and with scheduling on, it also offers save-to-favourites with a nickname
 *    (PIX_ERROR_NICKNAME blocks confirming while it is empty) and a schedule date (not before
 *    today) for a payment that is not internal;
 * 4. `securityCode` (the security-code child: the bank asks it for every Pix, docs/JOURNAL.md "Pix
 *    send"), then `sending`: the key's participant is this bank's ISPB → createInternalPix ('Transação
 *    realizada com sucesso!' at once); otherwise createWithdrawal with the pacs.008 (DICT), then the
 *    polling of pix-settling-states.ts (500 ms up to 52 s). A scheduled answer
 *    (idPixPaymentSchedule) shows PIX.PIX_KEY.SCHEDULING and goes home after 1.8 s.
 *
 * The bank's refusals that moved nothing for certain (400, 409, 422: PIXSEND 81–90 night cap and
 * device caps, balance, fields) return to step 3 with their catalogue text and everything typed
 * kept; the next Next is a new attempt. No answer or 5xx → `failed`, whose `retry` sends the same
 * body, id and token (the bank answers a repeat with its first answer). 403 SECURITY 50 asks the
 * code again. A rejected Pix may be corrected (`result.correct`, issue 32): back to the key or to
 * the amount, as the SPI's reason points (pix-settling-states.ts withCorrection), all typed kept.
 *
 * Entered with a saved recipient (/PixKey?recipient={id}: the page sends `recipient.open` on
 * arrival), the recipient is read (getRecipient), its key looked up at once and the wizard opens
 * at the amount (the key and its type come from the recipient).
 */
import { assign } from 'xstate';
import type { components } from '../../openapi/portal';
import { finalOutput } from '../kernel/events.ts';
import { readPixKeyAs } from '../validators/pix-key-detect.ts';
import { pixAmountOf } from './pix-send-key-rules.ts';
import { confirmedMovementOf, isInternalEntry, requestOf } from './pix-send-key-request.ts';
import {
  SPEC,
  SPEC_CONFIRM,
  SPEC_LOOKUP,
  SPEC_SCHEDULED,
  SPEC_STEP_AMOUNT,
  SPEC_STEP_KEY,
  noAttempt,
  pixSendKeySetup,
} from './pix-send-key-setup.ts';
import type { PixSendKeyOutput } from './pix-send-key-shapes.ts';
import { paymentIds } from './pix-send-rules.ts';
import { pixSettlingStates, settledAtOnce, withCorrection } from './pix-settling-states.ts';

export * from './pix-send-key-shapes.ts';

type Schemas = components['schemas'];

const SETTLING = pixSettlingStates({ cadence: 'key', closeTarget: 'pix-send-key.closed' });

export const pixSendKeyMachine = pixSendKeySetup.createMachine({
  id: 'pix-send-key',
  initial: 'keyValue',
  context: ({ input }) => ({
    accountId: input.accountId,
    payer: input.payer,
    ispb: input.ispb,
    today: input.today,
    now: input.now,
    newId: input.newId,
    scheduleEnabled: input.scheduleEnabled,
    recipientId: null,
    phoneNumber: input.phoneNumber ?? null,
    keyType: null,
    key: null,
    entry: null,
    payment: null,
    error: null,
    settlement: null,
    scheduleId: null,
    ...noAttempt,
  }),
  output: finalOutput<PixSendKeyOutput>,
  states: {
    recipient: {
      description: 'GET /recipients/{idRecipient}',
      meta: { spec: `${SPEC.byKey} (opened from a Pix recipient)`, label: 'Lendo o favorecido salvo' },
      tags: ['busy'],
      invoke: {
        id: 'getRecipient',
        src: 'getRecipient',
        input: ({ context }) => ({ idRecipient: context.recipientId ?? 0 }),
        onDone: [
          { guard: 'isRecipientWithKey', target: 'lookingUp', actions: 'takeRecipient' },
          { target: 'keyValue.recipientFailed' },
        ],
        onError: { target: 'keyValue.recipientFailed', actions: 'keepCallError' },
      },
    },
    keyValue: {
      meta: { spec: SPEC_STEP_KEY, label: 'Passo 1: a chave (tipo detectado)' },
      initial: 'idle',
      on: {
        'key.submit': {
          guard: 'isValidKey',
          target: 'lookingUp',
          actions: assign(({ event }) => {
            // The guard read it: a key of a type, in the DICT form.
            const reading = readPixKeyAs(event.value, event.keyType ?? null);
            return { key: reading.key ?? null, keyType: reading.type, error: null };
          }),
        },
      },
      states: {
        idle: {
          meta: { spec: SPEC_STEP_KEY, label: 'Digitando a chave' },
          on: {
            // /PixKey?recipient={idRecipient}: the page sends it once, on arrival.
            'recipient.open': {
              target: '#pix-send-key.recipient',
              actions: assign(({ event }) => ({ recipientId: event.idRecipient, error: null })),
            },
          },
        },
        recipientFailed: {
          description: 'the saved recipient could not be read: the key is typed instead',
          meta: {
            spec: `${SPEC.byKey}; ${SPEC.errors}`,
            label: 'Favorecido não encontrado: digitar a chave',
          },
        },
        notFound: {
          description: "PIX.PIX_KEY.NOT_FOUND: 'Chave informada inválida ou não encontrada. Verifique!'",
          meta: { spec: SPEC_LOOKUP, label: 'Chave não encontrada' },
        },
        lookupFailed: {
          description: "PIX.PIX_KEY.LOOKUP_ERROR: 'Erro ao buscar a chave Pix'",
          meta: { spec: SPEC_LOOKUP, label: 'Erro ao buscar a chave Pix' },
        },
      },
    },
    lookingUp: {
      description: 'GET /PixIndiretoDict/GetLink?keyId&payerId&includeStatistics=false',
      meta: { spec: SPEC_LOOKUP, label: 'Consultando a chave' },
      tags: ['busy'],
      invoke: {
        id: 'lookupPixKey',
        src: 'lookupPixKey',
        input: ({ context }) => ({ key: context.key ?? '', payerId: context.payer.taxId }),
        onDone: {
          target: 'amount',
          actions: assign({
            entry: ({ event }) => event.output.entry,
            keyType: ({ event }) => event.output.entry.key_type,
          }),
        },
        onError: [
          { guard: 'isKeyNotFound', target: 'keyValue.notFound', actions: 'keepCallError' },
          { target: 'keyValue.lookupFailed', actions: 'keepCallError' },
        ],
      },
    },
    amount: {
      meta: { spec: SPEC_STEP_AMOUNT, label: 'Passo 2: saldo, valor e descrição' },
      initial: 'idle',
      on: {
        'payment.submit': {
          guard: 'isValidPayment',
          target: 'confirming',
          actions: assign(({ context, event }) => {
            // The attempt starts here: one externalIdentifier and one set of ids, kept by retries.
            const id = context.newId();
            const at = context.now();
            const ids = paymentIds(context.ispb, at, id);
            return {
              payment: { amount: pixAmountOf(event.amount) ?? 0, description: event.description.trim() },
              externalIdentifier: id,
              msgId: ids.msgId,
              endToEndId: ids.endToEndId,
              idsAt: at.toISOString(),
              error: null,
            };
          }),
        },
        'wizard.previous': { target: 'keyValue.idle', actions: assign({ entry: null, error: null }) },
      },
      states: {
        idle: { meta: { spec: SPEC_STEP_AMOUNT, label: 'Digitando valor e descrição' } },
        refused: {
          description: 'the bank refused and nothing moved (PIXSEND 81–90, balance, fields): its text',
          meta: { spec: `${SPEC.errors}; ${SPEC.limits}`, label: 'Pix recusado pelo banco (nada debitado)' },
        },
      },
    },
    confirming: {
      description:
        'full-screen confirmation: balance, key, type, name, masked document, institution, account, amount, description',
      meta: { spec: SPEC_CONFIRM, label: 'Confirmação do Pix' },
      tags: ['dialog'],
      on: {
        'confirm.accept': {
          guard: 'isValidConfirmation',
          target: 'securityCode',
          actions: assign(({ context, event }) => {
            const saveNickname = context.recipientId !== null && event.save ? event.nickname.trim() : null;
            const scheduleDate =
              context.scheduleEnabled &&
              context.recipientId !== null &&
              !isInternalEntry(context) &&
              event.scheduleDate
                ? event.scheduleDate
                : null;
            return { saveNickname, scheduleDate, ...requestOf(context, { saveNickname, scheduleDate }) };
          }),
        },
        'confirm.cancel': { target: 'amount.idle', actions: 'dropAttempt' },
      },
    },
    securityCode: {
      description: 'the security-code dialog (child machine security-code)',
      meta: { spec: SPEC.security, label: 'Chave de Segurança' },
      tags: ['dialog'],
      invoke: {
        id: 'securityCode',
        src: 'securityCode',
        input: ({ context }) => ({
          accountId: context.accountId,
          transactionSignature: context.signature ?? '',
          movement: confirmedMovementOf(context.request),
          reason: context.securityReason,
        }),
        onDone: { target: 'sending', actions: 'keepConfirmationToken' },
      },
      on: { 'totp.cancel': { target: 'amount.idle', actions: 'dropAttempt' } },
    },
    sending: {
      description: 'internal (participant = this bank) or interbank (pacs.008 DICT)',
      meta: { spec: SPEC.internal, label: 'Enviando o Pix' },
      tags: ['busy', 'dialog'],
      always: [{ guard: 'isInternal', target: 'sendingInternal' }, { target: 'sendingInterbank' }],
    },
    sendingInternal: {
      description: 'POST /account/{accountId}/internal-pix with S-Transaction and S-Confirmation',
      meta: { spec: SPEC.internal, label: 'Enviando o Pix (interno)' },
      tags: ['busy', 'dialog'],
      invoke: {
        id: 'createInternalPix',
        src: 'createInternalPix',
        input: ({ context }) => ({
          accountId: context.accountId,
          body: (context.request?.body ?? {}) as Schemas['InternalPixRequest'],
          transactionSignature: context.signature ?? '',
          confirmationToken: context.confirmationToken ?? '',
        }),
        onDone: {
          target: 'result.settled',
          actions: assign({
            settlement: ({ event }) => settledAtOnce(event.output),
            externalIdentifier: null,
          }),
        },
        onError: [
          { guard: 'isConfirmationRefused', target: 'securityCode', actions: 'askCodeAgain' },
          {
            guard: 'isRefusedWithoutMoving',
            target: 'amount.refused',
            actions: ['dropAttempt', 'keepCallError'],
          },
          { target: 'failed', actions: 'keepCallError' },
        ],
      },
    },
    sendingInterbank: {
      description: 'POST /account/{accountId}/withdraw (InstantPayment, one pacs.008 DICT)',
      meta: { spec: SPEC.withdraw, label: 'Enviando o Pix (outra instituição)' },
      tags: ['busy', 'dialog'],
      invoke: {
        id: 'createPixWithdrawal',
        src: 'createPixWithdrawal',
        input: ({ context }) => ({
          accountId: context.accountId,
          body: (context.request?.body ?? {}) as Schemas['WithdrawRequest'],
          transactionSignature: context.signature ?? '',
          confirmationToken: context.confirmationToken ?? '',
        }),
        onDone: [
          {
            guard: 'isScheduled',
            target: 'scheduled',
            actions: assign({ scheduleId: ({ event }) => event.output.idPixPaymentSchedule ?? null }),
          },
          {
            guard: 'hasEndToEndId',
            target: 'settling',
            actions: assign({ endToEndId: ({ event }) => event.output.endToEndId ?? null }),
          },
          // Accepted without an id to follow: the portal cannot learn the outcome; it says so.
          {
            target: 'result.unfinished',
            actions: assign({
              settlement: () => ({
                outcome: 'unfinished' as const,
                transactionId: null,
                status: null,
                reason: null,
              }),
            }),
          },
        ],
        onError: [
          { guard: 'isConfirmationRefused', target: 'securityCode', actions: 'askCodeAgain' },
          {
            guard: 'isRefusedWithoutMoving',
            target: 'amount.refused',
            actions: ['dropAttempt', 'keepCallError'],
          },
          { target: 'failed', actions: 'keepCallError' },
        ],
      },
    },
    failed: {
      description: 'describeApiError(error); retry sends the same externalIdentifier, body and token',
      meta: { spec: `${SPEC.errors} (resultado desconhecido: tentar de novo)`, label: 'Falha no envio' },
      tags: ['dialog'],
      on: { retry: 'sending' },
    },
    settling: SETTLING.settling,
    // Issue 32: AC03 and the like point at the key (step 2, the key typed kept); a time-out or an
    // amount go back to step 3 to send again.
    result: withCorrection(SETTLING.result, {
      recipient: 'pix-send-key.keyValue',
      payment: 'pix-send-key.amount',
    }),
    scheduled: {
      description: 'PIX.PIX_KEY.SCHEDULING, then home after 1.8 s',
      meta: { spec: SPEC_SCHEDULED, label: 'Pix agendado: voltando ao início' },
      tags: ['dialog'],
      after: { redirect: 'home' },
    },
    closed: {
      type: 'final',
      meta: {
        spec: `${SPEC.byKey} (after success only a close button that goes to /Statement)`,
        label: 'Fechar: vai para o extrato',
      },
      output: () => ({ to: '/Statement' as const }),
    },
    home: {
      type: 'final',
      meta: { spec: SPEC_SCHEDULED, label: 'Início' },
      output: () => ({ to: '/' as const }),
    },
  },
});
