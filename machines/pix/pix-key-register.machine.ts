/**
 * The key register dialog of /ManageKeys (3-pix-part-one.md §2 Key register dialog, §4 Key
 * registration, §5 Max keys, Phone, CPF or CNPJ, E-mail, §7 KeyCheck/createKey/postKey/OTP, §8 key
 * messages; the bank's side in docs/JOURNAL.md "Pix keys"). The page's `pix-keys` machine invokes it
 * (id `registerKey`) and reloads the list when it ends.
 *
 * The four choices and their steps (§4):
 * - Celular: enter, confirm, check, register; sent as +55 and the digits.
 * - E-mail: enter, confirm (ignoring spaces), check, register; sent lower case.
 * - CPF/CNPJ: a confirm screen with the client's own tax id, check, create.
 * - Chave aleatória: create at once (the DICT makes the key).
 * CPF/CNPJ and EVP are created with createPixKey and are ACTIVE at once. Phone and e-mail go through
 * postKey: the key awaits its 'Código de Chave' (IDENTITY_VALIDATION_PENDING), sent to the phone or
 * the address, and the OTP dialog confirms it (validateAliasOtp); a new code can be asked.
 *
 * KeyCheck `has_entry` → the per-type warning and the dialog closes (final `exists`); statusCode 400 →
 * 'Parâmetro inválido, verifique se a chave está correta.' (the user goes back and corrects it); a
 * check with no result for the key → the save error and the dialog closes (final `failed`).
 * The 2026 limit (5 keys for an individual, 20 for a company) is checked by the page before the
 * dialog opens (`pix-keys`) and again by the bank (422 PIXKEY 70): both say 'Limite de chaves
 * excedido!'.
 *
 * Decisions where the specification is silent:
 * - A random key has no key to check before it exists: its "check" is the limit pre-check, and the
 *   bank refuses a duplicate itself.
 * - A failed call (no answer, 5xx, a refusal other than the limit) keeps the dialog open with the
 *   bank's reason and "Tentar novamente" rather than closing it: nothing typed is lost.
 * - createKey and postKey carry an externalIdentifier fixed when the key is confirmed (the random
 *   key: when it is chosen) and reused by every retry (the bank answers a repeat with its first
 *   answer: no second key, no second code); each code submitted
 *   carries its own externalIdentifier, reused when that same submission is retried.
 * - Closing the OTP dialog leaves the key awaiting its code (listed in the open requests); the
 *   dialog ends with `pending` and the page says so.
 * - The key list's 'Validar' on a key awaiting its code (§3 shows the button with no action in part
 *   one; issue 31, issue 32) opens this dialog straight at its code: the list sends `key.resume`.
 *   The portal never keeps a code's protocolId once its dialog closed, and that code may have
 *   expired, been voided or used its tries meanwhile (sandbox/sim/pix-keys.ts KEY_CODE_TTL_MS,
 *   KEY_CODE_MAX_ATTEMPTS), so, as a bank's app does when a pending key is reopened, a new code is
 *   asked first (postValidationKey: the old code stops working; the bank throttles the sends,
 *   KEY_CODE_MAX_SENDS) and the dialog then takes it as after a registration.
 */
import { assertEvent, assign, emit } from 'xstate';
import { catalogueError } from '../kernel/call-error.ts';
import { finalOutput } from '../kernel/events.ts';
import { taxIdKeyType, toTaxIdKey } from '../validators/pix-key.ts';
import {
  INVALID_KEY_ERROR,
  SPEC_CALLS,
  SPEC_DIALOG,
  SPEC_ERRORS,
  SPEC_LIMIT,
  SPEC_RULES,
  SPEC_STEPS,
  outputOf,
  pixKeyRegisterSetup,
  registerErrors,
  retryStep,
  typedKeySteps,
} from './pix-key-register-setup.ts';
import type { PixKeyRegisterOutput } from './pix-key-register-shapes.ts';

export * from './pix-key-register-shapes.ts';

export const pixKeyRegisterMachine = pixKeyRegisterSetup.createMachine({
  id: 'pix-key-register',
  initial: 'choosing',
  // The machine's output is the output of the final state it reached (created, pending, exists...).
  output: finalOutput<PixKeyRegisterOutput>,
  context: ({ input }) => ({
    accountId: input.accountId,
    taxId: input.taxId,
    newId: input.newId,
    kind: null,
    entered: '',
    key: '',
    registrationId: null,
    code: '',
    otpId: null,
    protocolId: '',
    error: null,
  }),
  states: {
    limitReached: {
      meta: {
        spec: `${SPEC_LIMIT}; ${SPEC_ERRORS} ('Limite de chaves excedido!')`,
        label: 'Limite de chaves excedido!',
      },
      tags: ['dialog'],
      on: { 'dialog.close': 'cancelled' },
    },
    choosing: {
      meta: {
        spec: `${SPEC_DIALOG} (Celular, CPF/CNPJ, E-mail, Chave aleatória)`,
        label: 'Escolha o tipo de chave',
      },
      tags: ['dialog'],
      on: {
        'dialog.close': 'cancelled',
        'key.resume': {
          target: 'resendingCode',
          actions: assign({
            kind: ({ event }) => {
              assertEvent(event, 'key.resume');
              return event.kind;
            },
            key: ({ event }) => {
              assertEvent(event, 'key.resume');
              return event.key;
            },
            entered: '',
          }),
        },
        'key.choose': [
          {
            guard: 'isPhoneChoice',
            target: 'phone',
            actions: assign({ kind: 'PHONE' as const, entered: '' }),
          },
          {
            guard: 'isEmailChoice',
            target: 'email',
            actions: assign({ kind: 'EMAIL' as const, entered: '' }),
          },
          {
            guard: 'isTaxIdChoice',
            target: 'taxIdConfirm',
            actions: assign({ kind: 'TAX_ID' as const, key: ({ context }) => toTaxIdKey(context.taxId) }),
          },
          {
            target: 'creating',
            actions: assign({
              kind: 'EVP' as const,
              key: '',
              registrationId: ({ context }) => context.newId(),
            }),
          },
        ],
      },
    },
    phone: typedKeySteps({
      spec: `${SPEC_STEPS} (celular); ${SPEC_RULES} Phone`,
      label: 'Chave celular',
      entering: { spec: `${SPEC_RULES} Phone`, label: 'Digite o celular' },
      confirming: { spec: `${SPEC_RULES} Phone (confirmação)`, label: 'Confirme o celular' },
      isValid: 'isValidPhone',
      isSame: 'isSamePhone',
      fixKey: 'fixPhoneKey',
    }),
    email: typedKeySteps({
      spec: `${SPEC_STEPS} (e-mail); ${SPEC_RULES} E-mail`,
      label: 'Chave e-mail',
      entering: { spec: `${SPEC_RULES} E-mail`, label: 'Digite o e-mail' },
      confirming: { spec: `${SPEC_RULES} E-mail (confirmação, ignora espaços)`, label: 'Confirme o e-mail' },
      isValid: 'isValidEmail',
      isSame: 'isSameEmail',
      fixKey: 'fixEmailKey',
    }),
    taxIdConfirm: {
      meta: { spec: `${SPEC_STEPS} (CPF/CNPJ: o documento do cliente)`, label: 'Confirme a chave CPF/CNPJ' },
      tags: ['dialog'],
      on: {
        'dialog.close': 'cancelled',
        'taxId.confirm': {
          target: 'checking',
          actions: assign({ registrationId: ({ context }) => context.newId() }),
        },
        'step.back': 'choosing',
      },
    },
    checking: {
      description: 'POST /PixIndiretoDict/KeyCheck',
      meta: { spec: `${SPEC_CALLS} KeyCheck`, label: 'Verificando a chave' },
      tags: ['busy', 'dialog'],
      invoke: {
        id: 'checkPixKeys',
        src: 'checkPixKeys',
        input: ({ context }) => ({ data: { keys_check: [{ key: context.key }] } }),
        onDone: [
          {
            guard: 'isMalformedKey',
            target: 'invalidKey',
            actions: assign({ error: () => catalogueError(INVALID_KEY_ERROR) }),
          },
          { guard: 'hasEntry', target: 'exists' },
          { guard: 'hasNoCheckResult', target: 'failed' },
          { guard: 'needsCode', target: 'registeringAlias' },
          { target: 'creating' },
        ],
        onError: { target: 'checkFailed', actions: 'keepCallError' },
      },
    },
    checkFailed: retryStep({
      spec: `${SPEC_ERRORS} (falha na verificação: tentar novamente)`,
      label: 'Falha ao verificar a chave',
      retryTo: 'checking',
    }),
    invalidKey: {
      meta: {
        spec: `${SPEC_ERRORS} ('Parâmetro inválido, verifique se a chave está correta.')`,
        label: 'Parâmetro inválido, verifique se a chave está correta.',
      },
      tags: ['dialog'],
      on: {
        'dialog.close': 'cancelled',
        'step.back': [
          { guard: 'isPhoneKind', target: 'phone.entering', actions: 'clearCallError' },
          { guard: 'isEmailKind', target: 'email.entering', actions: 'clearCallError' },
          // Only the typed keys and the tax id are checked (an EVP is not): the tax id's confirmation.
          { target: 'taxIdConfirm', actions: 'clearCallError' },
        ],
      },
    },
    creating: {
      description: 'POST /PixIndiretoDict/createKey/{accountId} (CPF, CNPJ, EVP)',
      meta: { spec: `${SPEC_CALLS} createKey`, label: 'Cadastrando a chave' },
      tags: ['busy', 'dialog'],
      invoke: {
        id: 'createPixKey',
        src: 'createPixKey',
        input: ({ context }) => ({
          accountId: context.accountId,
          body: {
            ...(context.kind === 'EVP'
              ? { key_type: 'EVP' as const }
              : {
                  key: context.key,
                  key_type: taxIdKeyType(context.taxId) === 'CNPJ' ? ('CNPJ' as const) : ('CPF' as const),
                }),
            externalIdentifier: context.registrationId ?? '',
          },
        }),
        onDone: {
          target: 'created',
          actions: assign({ key: ({ event }) => event.output.entry.key, error: null }),
        },
        onError: registerErrors('createFailed'),
      },
    },
    createFailed: retryStep({
      spec: `${SPEC_ERRORS} (erro ao salvar: tentar novamente)`,
      label: 'Falha ao cadastrar a chave',
      retryTo: 'creating',
    }),
    registeringAlias: {
      description: 'POST /account/{accountId}/postKey (phone, e-mail): the code goes to the key',
      meta: { spec: `${SPEC_CALLS} postKey`, label: 'Cadastrando a chave e enviando o Código de Chave' },
      tags: ['busy', 'dialog'],
      invoke: {
        id: 'registerAlias',
        src: 'registerAlias',
        input: ({ context }) => ({
          accountId: context.accountId,
          body: {
            alias: context.key,
            aliasType: context.kind === 'EMAIL' ? ('EMAIL' as const) : ('PHONE' as const),
            externalIdentifier: context.registrationId ?? '',
          },
        }),
        onDone: {
          target: 'otp',
          actions: [
            assign({ protocolId: ({ event }) => event.output.protocolId ?? '', error: null }),
            emit({ type: 'code.sent' as const }),
          ],
        },
        onError: registerErrors('registerFailed'),
      },
    },
    registerFailed: retryStep({
      spec: `${SPEC_ERRORS} (erro ao salvar: tentar novamente)`,
      label: 'Falha ao cadastrar a chave',
      retryTo: 'registeringAlias',
    }),
    otp: {
      meta: { spec: `${SPEC_DIALOG} ('Código de Chave')`, label: 'Código de Chave' },
      tags: ['dialog'],
      initial: 'idle',
      // Closing the code dialog leaves the key awaiting its code (header).
      on: {
        'dialog.close': 'pending',
        'otp.submit': {
          guard: 'isValidCode',
          target: 'validatingOtp',
          actions: assign({
            code: ({ event }) => {
              assertEvent(event, 'otp.submit');
              return event.code;
            },
            otpId: ({ context }) => context.newId(),
            error: null,
          }),
        },
        'otp.resend': 'resendingCode',
      },
      states: {
        idle: { meta: { spec: `${SPEC_DIALOG} ('Código de Chave')`, label: 'Digite o código recebido' } },
        failed: {
          meta: {
            spec: `${SPEC_ERRORS} (OTP: 'erro')`,
            label: 'Código recusado ou falha (tentar novamente)',
          },
          on: { retry: '#pix-key-register.validatingOtp' },
        },
        resendFailed: {
          meta: {
            spec: `${SPEC_CALLS} postValidationKey (falha)`,
            label: 'Falha ao enviar um novo código (tentar novamente)',
          },
          on: { retry: '#pix-key-register.resendingCode' },
        },
      },
    },
    validatingOtp: {
      description: 'POST /account/{accountId}/aliases/{alias}/otp-validation',
      meta: { spec: `${SPEC_CALLS} otp-validation`, label: 'Validando o Código de Chave' },
      tags: ['busy', 'dialog'],
      invoke: {
        id: 'validateAliasOtp',
        src: 'validateAliasOtp',
        input: ({ context }) => ({
          accountId: context.accountId,
          alias: context.key,
          body: {
            externalIdentifier: context.otpId ?? '',
            verificationCode: context.code,
            protocolId: context.protocolId,
          },
        }),
        onDone: 'created',
        onError: { target: 'otp.failed', actions: 'keepCallError' },
      },
    },
    resendingCode: {
      description: 'POST /account/{accountId}/postValidationKey: a new code, a new protocolId',
      meta: { spec: `${SPEC_CALLS} postValidationKey`, label: 'Enviando um novo código' },
      tags: ['busy', 'dialog'],
      invoke: {
        id: 'requestAliasCode',
        src: 'requestAliasCode',
        input: ({ context }) => ({
          accountId: context.accountId,
          body: {
            alias: context.key,
            aliasType: context.kind === 'EMAIL' ? ('EMAIL' as const) : ('PHONE' as const),
          },
        }),
        onDone: {
          target: 'otp.idle',
          actions: [
            assign({ protocolId: ({ event }) => event.output.protocolId ?? '', error: null }),
            emit({ type: 'code.sent' as const }),
          ],
        },
        onError: { target: 'otp.resendFailed', actions: 'keepCallError' },
      },
    },
    created: {
      type: 'final',
      meta: { spec: `${SPEC_ERRORS} (save-success)`, label: 'Chave cadastrada' },
      output: outputOf('created'),
    },
    pending: {
      type: 'final',
      meta: { spec: `${SPEC_STEPS} (aguardando código de validação)`, label: 'Chave aguardando o código' },
      output: outputOf('pending'),
    },
    exists: {
      type: 'final',
      meta: {
        spec: `${SPEC_STEPS}; ${SPEC_ERRORS} (chave já existe: aviso por tipo)`,
        label: 'Chave já cadastrada',
      },
      output: outputOf('exists'),
    },
    failed: {
      type: 'final',
      meta: {
        spec: `${SPEC_ERRORS} (verificação sem resultado: erro ao salvar)`,
        label: 'Erro ao salvar a chave',
      },
      output: outputOf('failed'),
    },
    cancelled: {
      type: 'final',
      meta: { spec: SPEC_DIALOG, label: 'Diálogo fechado' },
      output: outputOf('cancelled'),
    },
  },
});
