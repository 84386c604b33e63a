/**
 * The rules of machines/pix/pix-key-register.machine.ts, as its `setup`: the calls it makes
 * (KeyCheck, createKey, postKey, postValidationKey, otp-validation), its guards (§5 checks of the
 * typed key and the code, KeyCheck's and the bank's answers) and its named actions; and the state
 * builders its steps share (a typed key's two steps, a failed call's retry step). The machine's
 * states are drawn from it with `pixKeyRegisterSetup.createMachine`.
 */
import { assertEvent, assign, setup } from 'xstate';
import { mustProvide } from '../kernel/actors.ts';
import { hasErrorCode, thrownBy } from '../kernel/call-error.ts';
import { clearCallError, keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput } from '../kernel/events.ts';
import {
  toEmailKey,
  toPhoneKey,
  validateEmailConfirm,
  validateEmailKeyField,
  validatePhoneConfirm,
  validatePhoneKeyField,
} from '../validators/pix-key.ts';
import { isValidTotpCode } from '../validators/totp-code.ts';
import type {
  CheckPixKeysInput,
  CheckPixKeysOutput,
  CreatePixKeyInput,
  CreatePixKeyOutput,
  PixKeyRegisterContext,
  PixKeyRegisterEmitted,
  PixKeyRegisterEvent,
  PixKeyRegisterInput,
  PixKeyRegisterOutput,
  PixKeyRegisterResult,
  PixKeyRegisterTag,
  RegisterAliasInput,
  RegisterAliasOutput,
  RequestAliasCodeInput,
  RequestAliasCodeOutput,
  ValidateAliasOtpInput,
  ValidateAliasOtpOutput,
} from './pix-key-register-shapes.ts';

export const SPEC_DIALOG = '3-pix-part-one.md §2 Key register dialog';
export const SPEC_STEPS = '3-pix-part-one.md §4 Key registration';
export const SPEC_RULES = '3-pix-part-one.md §5';
export const SPEC_CALLS = '3-pix-part-one.md §7';
export const SPEC_ERRORS = '3-pix-part-one.md §8';
export const SPEC_LIMIT = '3-pix-part-one.md §5 Max keys (2026: 5 individual, 20 company; notes §Keys)';

/** §8 'Parâmetro inválido, verifique se a chave está correta.' (KeyCheck statusCode 400). */
export const INVALID_KEY_ERROR = 'PIX_KEYS.INVALID_PARAMETER';

/** The bank's refusal codes (group PIXKEY; docs/JOURNAL.md "Pix keys"). */
const PIXKEY_LIMIT = 70;

export const outputOf =
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
export function typedKeySteps<
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
export function retryStep<const TRetry extends string>(o: { label: string; spec: string; retryTo: TRetry }) {
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
export const registerErrors = <const TFailed extends string>(failed: TFailed) =>
  [
    { guard: 'isLimitExceeded', target: 'limitReached' },
    { target: failed, actions: 'keepCallError' },
  ] as const;

export const pixKeyRegisterSetup = setup({
  types: {
    context: {} as PixKeyRegisterContext,
    events: {} as PixKeyRegisterEvent,
    input: {} as PixKeyRegisterInput,
    output: {} as PixKeyRegisterOutput,
    emitted: {} as PixKeyRegisterEmitted,
    tags: {} as PixKeyRegisterTag,
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
});
