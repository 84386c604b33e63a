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
 */
import { assertEvent, assign, emit, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { type CallError, catalogueError, hasErrorCode, thrownBy } from '../kernel/call-error.ts';
import { clearCallError, keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput, finalOutput } from '../kernel/events.ts';
import type { IdGenerator } from '../kernel/ids.ts';
import {
  taxIdKeyType,
  toEmailKey,
  toPhoneKey,
  toTaxIdKey,
  validateEmailConfirm,
  validateEmailKeyField,
  validatePhoneConfirm,
  validatePhoneKeyField,
  type KeyChoice,
} from '../validators/pix-key.ts';
import { isValidTotpCode } from '../validators/totp-code.ts';

type Schemas = components['schemas'];

/** POST /PixIndiretoDict/KeyCheck. */
export type CheckPixKeysInput = Schemas['KeyCheckRequest'];
export type CheckPixKeysOutput = Schemas['KeyCheckResult'];
/** POST /PixIndiretoDict/createKey/{accountId}: CPF, CNPJ or EVP. */
export interface CreatePixKeyInput {
  accountId: string;
  body: Schemas['CreatePixKeyRequest'];
}
export type CreatePixKeyOutput = Schemas['CreatePixKeyResult'];
/** POST /account/{accountId}/postKey: phone or e-mail, then the code. */
export interface RegisterAliasInput {
  accountId: string;
  body: Schemas['AliasRegistrationRequest'];
}
export type RegisterAliasOutput = Schemas['AliasRegistrationResult'];
/** POST /account/{accountId}/postValidationKey: a new code. */
export interface RequestAliasCodeInput {
  accountId: string;
  body: Schemas['OtpAliasRef'];
}
export type RequestAliasCodeOutput = Schemas['AliasRegistrationResult'];
/** POST /account/{accountId}/aliases/{alias}/otp-validation. */
export interface ValidateAliasOtpInput {
  accountId: string;
  alias: string;
  body: Schemas['OtpValidationRequest'];
}
export type ValidateAliasOtpOutput = Schemas['Ack'];

export interface PixKeyRegisterInput {
  accountId: string;
  /** The client's own tax id: the CPF/CNPJ key. */
  taxId: string;
  newId: IdGenerator;
}

/** How the dialog ended, for the page's message. */
export type PixKeyRegisterResult =
  /** Created ACTIVE (CPF/CNPJ, EVP) or confirmed by its code (phone, e-mail): the save success. */
  | 'created'
  /** Phone or e-mail registered, its code not given yet: awaiting validation. */
  | 'pending'
  /** KeyCheck has_entry: the per-type warning. */
  | 'exists'
  /** KeyCheck with no result for the key: the save error. */
  | 'failed'
  /** Closed by the user before anything was registered. */
  | 'cancelled';

export interface PixKeyRegisterOutput {
  result: PixKeyRegisterResult;
  kind: KeyChoice | null;
  /** The key registered (or found), when there is one. */
  key: string | null;
}

export interface PixKeyRegisterContext {
  accountId: string;
  taxId: string;
  newId: IdGenerator;
  kind: KeyChoice | null;
  /** The phone or e-mail typed in the first step (kept through every step and failure). */
  entered: string;
  /** The key as sent (phone +55 and digits, e-mail lower case, tax id digits; EVP: '' until made). */
  key: string;
  /** createKey's or postKey's id, fixed when the key is confirmed (or the EVP chosen), reused by retries. */
  registrationId: string | null;
  /** The code being validated and its id (a new id per code submitted; a retry reuses it). */
  code: string;
  otpId: string | null;
  protocolId: string;
  error: CallError | null;
}

export type PixKeyRegisterEvent =
  | { type: 'key.choose'; kind: KeyChoice }
  | { type: 'key.enter'; value: string }
  | { type: 'key.confirm'; value: string }
  | { type: 'taxId.confirm' }
  | { type: 'step.back' }
  | { type: 'otp.submit'; code: string }
  | { type: 'otp.resend' }
  | { type: 'retry' }
  | { type: 'dialog.close' };

export type PixKeyRegisterEmitted = { type: 'code.sent' };

type Tag = 'busy' | 'dialog';

const SPEC_DIALOG = '3-pix-part-one.md §2 Key register dialog';
const SPEC_STEPS = '3-pix-part-one.md §4 Key registration';
const SPEC_RULES = '3-pix-part-one.md §5';
const SPEC_CALLS = '3-pix-part-one.md §7';
const SPEC_ERRORS = '3-pix-part-one.md §8';
const SPEC_LIMIT = '3-pix-part-one.md §5 Max keys (2026: 5 individual, 20 company; notes §Keys)';

/** §8 'Parâmetro inválido, verifique se a chave está correta.' (KeyCheck statusCode 400). */
export const INVALID_KEY_ERROR = 'PIX_KEYS.INVALID_PARAMETER';

/** The bank's refusal codes (group PIXKEY; docs/JOURNAL.md "Pix keys"). */
const PIXKEY_LIMIT = 70;

const outputOf =
  (result: PixKeyRegisterResult) =>
  ({ context }: { context: PixKeyRegisterContext }): PixKeyRegisterOutput => ({
    result,
    kind: context.kind,
    key: context.key === '' ? null : context.key,
  });

/**
 * The two steps of a key the holder types (phone, e-mail; §5): type it, then type it again. The
 * same states for each kind, told apart by the kind's guards and its action fixing the key.
 */
function typedKeySteps<
  const TValid extends string,
  const TSame extends string,
  const TFix extends string,
>(o: {
  label: string;
  spec: string;
  entering: { label: string; spec: string };
  confirming: { label: string; spec: string };
  isValid: TValid;
  isSame: TSame;
  fixKey: TFix;
}) {
  return {
    meta: { spec: o.spec, label: o.label },
    tags: ['dialog'],
    on: { 'dialog.close': 'cancelled' },
    initial: 'entering',
    states: {
      entering: {
        meta: o.entering,
        on: {
          'key.enter': { guard: o.isValid, target: 'confirming', actions: 'keepEntered' },
          'step.back': '#pix-key-register.choosing',
        },
      },
      confirming: {
        meta: o.confirming,
        on: {
          'key.confirm': { guard: o.isSame, target: '#pix-key-register.checking', actions: o.fixKey },
          'step.back': 'entering',
        },
      },
    },
  } as const;
}

/** A call that failed keeps the dialog with the reason: 'Tentar novamente' repeats it, or close. */
function retryStep<const TRetry extends string>(o: { label: string; spec: string; retryTo: TRetry }) {
  return {
    meta: { spec: o.spec, label: o.label },
    tags: ['dialog'],
    on: {
      'dialog.close': 'cancelled',
      retry: o.retryTo,
    },
  } as const;
}

/** The failures of a registering call: the bank's key limit (PIXKEY 70), else the retry step. */
const registerErrors = <const TFailed extends string>(failed: TFailed) =>
  [
    { guard: 'isLimitExceeded', target: 'limitReached' },
    { target: failed, actions: 'keepCallError' },
  ] as const;

export const pixKeyRegisterMachine = setup({
  types: {
    context: {} as PixKeyRegisterContext,
    events: {} as PixKeyRegisterEvent,
    input: {} as PixKeyRegisterInput,
    output: {} as PixKeyRegisterOutput,
    emitted: {} as PixKeyRegisterEmitted,
    tags: {} as Tag,
  },
  actors: {
    checkPixKeys: mustProvide<CheckPixKeysOutput, CheckPixKeysInput>('checkPixKeys'),
    createPixKey: mustProvide<CreatePixKeyOutput, CreatePixKeyInput>('createPixKey'),
    registerAlias: mustProvide<RegisterAliasOutput, RegisterAliasInput>('registerAlias'),
    requestAliasCode: mustProvide<RequestAliasCodeOutput, RequestAliasCodeInput>('requestAliasCode'),
    validateAliasOtp: mustProvide<ValidateAliasOtpOutput, ValidateAliasOtpInput>('validateAliasOtp'),
  },
  guards: {
    isPhoneChoice: ({ event }) => event.type === 'key.choose' && event.kind === 'PHONE',
    isEmailChoice: ({ event }) => event.type === 'key.choose' && event.kind === 'EMAIL',
    isTaxIdChoice: ({ event }) => event.type === 'key.choose' && event.kind === 'TAX_ID',
    isPhoneKind: ({ context }) => context.kind === 'PHONE',
    isEmailKind: ({ context }) => context.kind === 'EMAIL',
    /** §5 Phone: a valid mobile. */
    isValidPhone: ({ event }) =>
      event.type === 'key.enter' && validatePhoneKeyField(event.value) === undefined,
    /** §5: the confirmation equals the phone. */
    isSamePhone: ({ context, event }) =>
      event.type === 'key.confirm' && validatePhoneConfirm(context.entered, event.value) === undefined,
    /** §5 E-mail: a valid address of at most 77 characters. */
    isValidEmail: ({ event }) =>
      event.type === 'key.enter' && validateEmailKeyField(event.value) === undefined,
    /** §5: the confirmation matches ignoring spaces. */
    isSameEmail: ({ context, event }) =>
      event.type === 'key.confirm' && validateEmailConfirm(context.entered, event.value) === undefined,
    /** §8: KeyCheck statusCode 400, a malformed key. */
    isMalformedKey: ({ event }) => doneOutput<CheckPixKeysOutput>(event, 'checkPixKeys').statusCode === 400,
    /** §4: the key already has an entry in DICT (whoever holds it). One key is checked per call. */
    hasEntry: ({ event }) =>
      doneOutput<CheckPixKeysOutput>(event, 'checkPixKeys').result?.data?.keys_check?.[0]?.has_entry === true,
    /** §8: any other check answer without a result: the save error. */
    hasNoCheckResult: ({ event }) =>
      doneOutput<CheckPixKeysOutput>(event, 'checkPixKeys').result?.data?.keys_check?.[0] === undefined,
    /** Phone and e-mail keys are registered through postKey and a code. */
    needsCode: ({ context }) => context.kind === 'PHONE' || context.kind === 'EMAIL',
    /** §8 'Limite de chaves excedido!': the bank's count refusal (422 PIXKEY 70). */
    isLimitExceeded: ({ event }) => hasErrorCode(thrownBy(event), PIXKEY_LIMIT),
    /** §5 'Código de Chave': 6 digits. */
    isValidCode: ({ event }) => event.type === 'otp.submit' && isValidTotpCode(event.code),
  },
  actions: {
    keepEntered: assign({
      entered: ({ event }) => {
        assertEvent(event, 'key.enter');
        return event.value;
      },
      error: null,
    }),
    /** The key is confirmed: the key to send, and postKey's id for this key. */
    fixPhoneKey: assign({
      key: ({ context }) => toPhoneKey(context.entered),
      registrationId: ({ context }) => context.newId(),
      error: null,
    }),
    fixEmailKey: assign({
      key: ({ context }) => toEmailKey(context.entered),
      registrationId: ({ context }) => context.newId(),
      error: null,
    }),
    keepCallError: keepCallError(),
    clearCallError: clearCallError(),
  },
}).createMachine({
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
