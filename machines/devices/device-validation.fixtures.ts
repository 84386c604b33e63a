/**
 * Catalog entry of the device's second factor (/autentica/{token_email}; 4-pix-part-two.md §2, §3
 * Device token validation, §5, §7, §8, §9; issue 30): Doce Sabor opens the e-mailed link.
 */
import { DEMO_PASSWORD, DEMO_USERS } from '../../demo/users.ts';
import { defineFlow } from '../catalog-types';
import { businessError, internalError } from '../fixtures/api-errors.ts';
import {
  deviceValidationMachine,
  TOKEN_INVALID_CODE,
  type DeviceValidationContext,
  type DeviceValidationEvent,
} from './device-validation.machine.ts';

const ev = (e: DeviceValidationEvent): DeviceValidationEvent => e;
const DOCE = DEMO_USERS.docesabor;

export const deviceValidationFlow = defineFlow({
  id: 'device-validation',
  title: 'Validação do dispositivo (link do e-mail)',
  route: '/autentica/:token',
  entrySteps: [
    `Entra como ${DOCE.email}, cadastra o dispositivo Caixa da loja em /DeviceList`,
    'Abre o link /autentica/{token} do e-mail na caixa de saída do sandbox',
  ],
  spec: [
    '4-pix-part-two.md §2 Screens and routes (/autentica/{token_email})',
    '4-pix-part-two.md §3 Entities and their fields (Device token validation)',
    '4-pix-part-two.md §5 Validation rules (2FA)',
    '4-pix-part-two.md §7 The calls it makes (ValidateDeviceByToken, ValidateDevice)',
    '4-pix-part-two.md §8 Error catalogue (Devices: missing token)',
    '4-pix-part-two.md §9 Business constants and limits (código de 6 dígitos, cookie de 1825 dias)',
  ],
  machine: deviceValidationMachine,
  input: { token: 'token-do-email' },
  events: [
    {
      event: ev({
        type: 'submit',
        alias: 'Caixa da loja',
        username: DOCE.email,
        password: DEMO_PASSWORD,
        code: '123456',
      }),
      label: 'Informa o apelido, o usuário, a senha e os 6 dígitos do e-mail, e valida',
    },
    {
      event: ev({
        type: 'submit',
        alias: 'Caixa da loja',
        username: DOCE.email,
        password: DEMO_PASSWORD,
        code: '1234',
      }),
      label: 'Informa só 4 dígitos do código',
      valid: false,
    },
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
  ],
  outcomes: [
    {
      actor: 'validateDeviceByToken',
      kind: 'done',
      output: { alias: 'Caixa da loja', codeValidation: 'code-validation' },
      key: 'codeAccepted',
      label: 'API confere o link e o código e devolve o codeValidation',
    },
    {
      actor: 'validateDeviceByToken',
      kind: 'error',
      error: businessError('validateDeviceByToken', 'Código de verificação incorreto.', 154),
      key: 'wrongCode',
      label: 'API recusa: código de verificação incorreto (422 DEVICE 154)',
    },
    {
      actor: 'validateDeviceByToken',
      kind: 'error',
      error: businessError(
        'validateDeviceByToken',
        'Link de validação inválido, expirado ou já utilizado. Cadastre o dispositivo novamente.',
        TOKEN_INVALID_CODE,
      ),
      key: 'linkSpent',
      label: 'API recusa: link já usado ou expirado (422 DEVICE 153)',
    },
    {
      actor: 'validateDevice',
      kind: 'done',
      output: { cookieDevice: 'permanent-cookie' },
      key: 'deviceValidated',
      label: 'API valida o dispositivo e devolve o cookie permanente (1825 dias)',
    },
    {
      actor: 'validateDevice',
      kind: 'error',
      error: businessError(
        'validateDevice',
        'Link de validação inválido, expirado ou já utilizado. Cadastre o dispositivo novamente.',
        TOKEN_INVALID_CODE,
      ),
      key: 'validationSpent',
      label: 'API recusa: o codeValidation já foi usado ou passou de 5 minutos (422 DEVICE 153)',
    },
    {
      actor: 'validateDevice',
      kind: 'error',
      error: internalError('validateDevice'),
      key: 'validateServerError',
      label: 'API responde 500 ao validar',
    },
  ],
  contextKey: (c: DeviceValidationContext) => ({
    formError: c.formError,
    codeValidation: c.codeValidation !== null,
    error: c.error?.messageKey ?? null,
  }),
  operations: {
    validateDeviceByToken: 'validateDeviceByToken',
    validateDevice: 'validateDevice',
  },
});
