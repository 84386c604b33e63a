/**
 * The device's second factor (/autentica/{token_email}; 4-pix-part-two.md §2 Public routes, §3
 * Device token validation, §4 Device, §5 (2FA requires alias, user, password and the 6 digits),
 * §7 ValidateDeviceByToken and ValidateDevice, §8 (a missing token returns to login), §9; issue 30).
 *
 * - A link with no token does not start the flow: the page returns to /login with its message.
 * - `editing`: alias, user (sent with the sign-in's prefix), password and the e-mailed 6-digit code;
 *   anything missing keeps the form with one missing-fields message.
 * - `checking` (ValidateDeviceByToken) answers a codeValidation; `confirming` (ValidateDevice)
 *   answers the permanent device cookie (1825 days), which the view keeps. A spent, expired or
 *   unknown link (DEVICE 153) ends in `spent` (back to /login with the message); any other refusal
 *   (wrong code, wrong password, a wait) keeps the form with its text.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { hasErrorCode, thrownBy, type CallError } from '../kernel/call-error.ts';
import { keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput } from '../kernel/events.ts';
import { deviceUsername, normalizeDeviceAlias, validateSecondFactor } from '../validators/device.ts';

type Schemas = components['schemas'];

export interface ValidateDeviceByTokenInput {
  body: Schemas['DeviceTokenValidationRequest'];
}
export interface ValidateDeviceInput {
  body: Schemas['DeviceValidationRequest'];
}

/** The catalogue code of a missing, spent or expired link (sandbox/sim/devices.ts). */
export const TOKEN_INVALID_CODE = 153;

export interface DeviceValidationInput {
  /** The token_email of the link (a link without one never starts the flow: the view returns to /login). */
  token: string;
}

export type DeviceValidationOutput =
  { result: 'validated'; cookieDevice: string; alias: string } | { result: 'spent' };

export interface DeviceValidationContext {
  token: string;
  request: Schemas['DeviceTokenValidationRequest'] | null;
  codeValidation: string | null;
  cookieDevice: string | null;
  formError: string | null;
  error: CallError | null;
}

export type DeviceValidationEvent =
  { type: 'submit'; alias: string; username: string; password: string; code: string } | { type: 'retry' };

type Tag = 'busy';

const SPEC_ROUTE =
  '4-pix-part-two.md §2 Public routes (/autentica/{token_email}), §8 (missing token → login)';
const SPEC_FORM = '4-pix-part-two.md §5 (alias, user, password and all 6 digits), §6 (user-name prefix)';
const SPEC_CALLS = '4-pix-part-two.md §3 Device token validation, §7 ValidateDeviceByToken / ValidateDevice';

export const deviceValidationMachine = setup({
  types: {
    context: {} as DeviceValidationContext,
    events: {} as DeviceValidationEvent,
    input: {} as DeviceValidationInput,
    output: {} as DeviceValidationOutput,
    tags: {} as Tag,
  },
  actors: {
    validateDeviceByToken: mustProvide<Schemas['DeviceTokenValidationResult'], ValidateDeviceByTokenInput>(
      'validateDeviceByToken',
    ),
    validateDevice: mustProvide<Schemas['DeviceValidationResult'], ValidateDeviceInput>('validateDevice'),
  },
  guards: {
    isComplete: ({ event }) => {
      assertEvent(event, 'submit');
      return validateSecondFactor(event) === null;
    },
    /** §8: the link is missing, spent or expired (DEVICE 153). */
    isLinkSpent: ({ event }) => hasErrorCode(thrownBy(event), TOKEN_INVALID_CODE),
  },
  actions: {
    keepCallError: keepCallError(),
  },
}).createMachine({
  id: 'device-validation',
  initial: 'editing',
  context: ({ input }) => ({
    token: input.token,
    request: null,
    codeValidation: null,
    cookieDevice: null,
    formError: null,
    error: null,
  }),
  output: ({ context }): DeviceValidationOutput =>
    context.cookieDevice
      ? { result: 'validated', cookieDevice: context.cookieDevice, alias: context.request?.DeviceAlias ?? '' }
      : { result: 'spent' },
  states: {
    editing: {
      meta: { spec: SPEC_FORM, label: 'Apelido, usuário, senha e código de 6 dígitos' },
      on: {
        submit: [
          {
            guard: 'isComplete',
            target: 'checking',
            actions: assign(({ context, event }) => ({
              formError: null,
              error: null,
              request: {
                token: context.token,
                DeviceAlias: normalizeDeviceAlias(event.alias),
                username: deviceUsername(event.username) ?? event.username.trim(),
                password: event.password,
                verificationCode: event.code,
              },
            })),
          },
          { actions: assign({ formError: ({ event }) => validateSecondFactor(event) }) },
        ],
      },
    },
    checking: {
      description: 'POST /device/ValidateDeviceByToken',
      meta: { spec: SPEC_CALLS, label: 'Conferindo o link e o código' },
      tags: ['busy'],
      invoke: {
        id: 'validateDeviceByToken',
        src: 'validateDeviceByToken',
        input: ({ context }) => ({ body: context.request! }),
        onDone: {
          target: 'confirming',
          actions: assign({
            codeValidation: ({ event }) =>
              doneOutput<Schemas['DeviceTokenValidationResult']>(event).codeValidation,
          }),
        },
        onError: [
          { guard: 'isLinkSpent', target: 'spent' },
          { target: 'editing', actions: 'keepCallError' },
        ],
      },
    },
    confirming: {
      description: 'POST /device/ValidateDevice',
      meta: { spec: `${SPEC_CALLS}; the permanent cookie (1825 days)`, label: 'Validando o dispositivo' },
      tags: ['busy'],
      invoke: {
        id: 'validateDevice',
        src: 'validateDevice',
        input: ({ context }) => ({
          body: { ...context.request!, codeValidation: context.codeValidation ?? '' },
        }),
        onDone: {
          target: 'validated',
          actions: assign({
            cookieDevice: ({ event }) => doneOutput<Schemas['DeviceValidationResult']>(event).cookieDevice,
          }),
        },
        onError: [
          { guard: 'isLinkSpent', target: 'spent' },
          { target: 'confirmFailed', actions: 'keepCallError' },
        ],
      },
    },
    confirmFailed: {
      meta: { spec: '4-pix-part-two.md §8 Devices', label: 'Erro ao validar (tentar novamente)' },
      on: { retry: 'confirming' },
    },
    validated: {
      type: 'final',
      meta: { spec: `${SPEC_CALLS}; §9 Validated device cookie lifetime`, label: 'Dispositivo validado' },
    },
    spent: {
      type: 'final',
      meta: { spec: SPEC_ROUTE, label: 'Link inválido ou já usado: volta ao login' },
    },
  },
});
