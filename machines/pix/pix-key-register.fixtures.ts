/**
 * Catalog entry of the key register dialog (/ManageKeys, Cadastrar chave; 3-pix-part-one.md §2 Key
 * register dialog, §4 Key registration, §5, §7, §8).
 */
import { DEMO, signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { apiErrorLike, businessError, internalError, networkError } from '../fixtures/api-errors.ts';
import { sequentialIds } from '../kernel/ids.ts';
import {
  pixKeyRegisterMachine,
  type CheckPixKeysOutput,
  type CreatePixKeyOutput,
  type PixKeyRegisterContext,
  type PixKeyRegisterEvent,
  type RegisterAliasOutput,
  type RequestAliasCodeOutput,
  type ValidateAliasOtpOutput,
} from './pix-key-register.machine.ts';
import {
  MARIA_EVP,
  MARIA_PENDING_PHONE,
  MARIA_TAX_ID,
  NEW_EMAIL,
  NEW_PHONE_KEY,
  NEW_PHONE_MASKED,
} from './pix-key-sample-data.ts';

const ev = (e: PixKeyRegisterEvent): PixKeyRegisterEvent => e;

const checked = (hasEntry: boolean): CheckPixKeysOutput => ({
  statusCode: 200,
  result: { data: { keys_check: [{ key: NEW_PHONE_KEY, has_entry: hasEntry }] } },
});

export const pixKeyRegisterFlow = defineFlow({
  id: 'pix-key-register',
  title: 'Pix: cadastrar chave',
  route: '/ManageKeys',
  entrySteps: signedInSteps('/ManageKeys', 'Clica em Cadastrar chave'),
  spec: [
    '3-pix-part-one.md §2 Key management (Key register dialog, Código de Chave)',
    '3-pix-part-one.md §4 States and transitions (Key registration)',
    '3-pix-part-one.md §5 Validation rules (Phone, CPF or CNPJ, E-mail)',
    '3-pix-part-one.md §7 The calls it makes (KeyCheck, createKey, postKey, postValidationKey, otp-validation)',
    '3-pix-part-one.md §8 Error catalogue (chave existente, Parâmetro inválido, Limite de chaves excedido!, OTP)',
  ],
  machine: pixKeyRegisterMachine,
  input: { accountId: DEMO.accountId, taxId: MARIA_TAX_ID, newId: sequentialIds('reg') },
  events: [
    { event: ev({ type: 'key.choose', kind: 'PHONE' }), label: 'Escolhe Celular' },
    { event: ev({ type: 'key.choose', kind: 'EMAIL' }), label: 'Escolhe E-mail' },
    { event: ev({ type: 'key.choose', kind: 'TAX_ID' }), label: 'Escolhe CPF/CNPJ' },
    { event: ev({ type: 'key.choose', kind: 'EVP' }), label: 'Escolhe Chave aleatória' },
    {
      event: ev({ type: 'key.enter', value: NEW_PHONE_MASKED }),
      label: `Digita o celular ${NEW_PHONE_MASKED} e avança`,
    },
    { event: ev({ type: 'key.enter', value: NEW_EMAIL }), label: `Digita o e-mail ${NEW_EMAIL} e avança` },
    {
      event: ev({ type: 'key.enter', value: '1234' }),
      label: 'Digita um valor incompleto e tenta avançar',
      valid: false,
    },
    {
      event: ev({ type: 'key.confirm', value: '11977771234' }),
      label: 'Confirma o mesmo celular, sem máscara',
    },
    {
      event: ev({ type: 'key.confirm', value: ` ${NEW_EMAIL} ` }),
      label: 'Confirma o mesmo e-mail, com espaços',
    },
    {
      event: ev({ type: 'key.confirm', value: 'outro@exemplo.com.br' }),
      label: 'Confirma com um valor diferente',
      valid: false,
    },
    { event: ev({ type: 'taxId.confirm' }), label: 'Confirma a chave com o próprio CPF' },
    {
      event: ev({ type: 'key.resume', kind: 'PHONE', key: MARIA_PENDING_PHONE }),
      label: 'Abre pelo Validar do celular aguardando código (lista de chaves)',
    },
    { event: ev({ type: 'step.back' }), label: 'Clica em Voltar' },
    {
      event: ev({ type: 'otp.submit', code: '123456' }),
      label: 'Digita o Código de Chave 123456 e confirma',
    },
    { event: ev({ type: 'otp.submit', code: '12' }), label: 'Confirma um código incompleto', valid: false },
    { event: ev({ type: 'otp.resend' }), label: 'Pede um novo código' },
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
    { event: ev({ type: 'dialog.close' }), label: 'Fecha o diálogo' },
  ],
  outcomes: [
    {
      actor: 'checkPixKeys',
      kind: 'done',
      output: checked(false),
      key: 'keyFree',
      label: 'KeyCheck: chave livre',
    },
    {
      actor: 'checkPixKeys',
      kind: 'done',
      output: checked(true),
      key: 'keyTaken',
      label: 'KeyCheck: chave já registrada (has_entry)',
    },
    {
      actor: 'checkPixKeys',
      kind: 'done',
      output: { statusCode: 400 } satisfies CheckPixKeysOutput,
      key: 'keyMalformed',
      label: 'KeyCheck: statusCode 400 (chave malformada)',
    },
    {
      actor: 'checkPixKeys',
      kind: 'done',
      output: { statusCode: 200, result: { data: { keys_check: [] } } } satisfies CheckPixKeysOutput,
      key: 'keyCheckEmpty',
      label: 'KeyCheck sem resultado',
    },
    {
      actor: 'checkPixKeys',
      kind: 'error',
      error: networkError('checkPixKeys'),
      key: 'keyCheckOffline',
      label: 'Sem conexão no KeyCheck',
    },
    {
      actor: 'createPixKey',
      kind: 'done',
      output: { entry: { key: MARIA_EVP, key_type: 'EVP', status: 'ACTIVE' } } satisfies CreatePixKeyOutput,
      key: 'created',
      label: 'API cadastra a chave (ativa)',
    },
    {
      actor: 'createPixKey',
      kind: 'error',
      error: businessError('createPixKey', 'Esta conta já tem 5 de 5 chaves.', 70),
      key: 'createLimit',
      label: 'API recusa: limite de chaves (422 PIXKEY 70)',
    },
    {
      actor: 'createPixKey',
      kind: 'error',
      error: internalError('createPixKey'),
      key: 'createServerError',
      label: 'API responde 500 ao cadastrar',
    },
    {
      actor: 'registerAlias',
      kind: 'done',
      output: {
        protocolId: 'prot-0001',
        status: 'IDENTITY_VALIDATION_PENDING',
      } satisfies RegisterAliasOutput,
      key: 'aliasRegistered',
      label: 'API registra a chave e envia o Código de Chave',
    },
    {
      actor: 'registerAlias',
      kind: 'error',
      error: businessError('registerAlias', 'Esta conta já tem 5 de 5 chaves.', 70),
      key: 'aliasLimit',
      label: 'API recusa: limite de chaves (422 PIXKEY 70)',
    },
    {
      actor: 'registerAlias',
      kind: 'error',
      error: networkError('registerAlias'),
      key: 'aliasOffline',
      label: 'Sem conexão ao registrar a chave',
    },
    {
      actor: 'requestAliasCode',
      kind: 'done',
      output: {
        protocolId: 'prot-0002',
        status: 'IDENTITY_VALIDATION_PENDING',
      } satisfies RequestAliasCodeOutput,
      key: 'codeResent',
      label: 'API envia um novo código',
    },
    {
      actor: 'requestAliasCode',
      kind: 'error',
      error: apiErrorLike({
        status: 429,
        code: 429,
        messageKey: 'ERRORS.AUTH.429',
        operation: 'requestAliasValidationCode',
      }),
      key: 'tooManyCodes',
      label: 'API recusa: códigos demais (429)',
    },
    {
      actor: 'validateAliasOtp',
      kind: 'done',
      output: { success: true, message: 'Chave validada.' } satisfies ValidateAliasOtpOutput,
      key: 'aliasCodeAccepted',
      label: 'Código de Chave aceito (chave ativa)',
    },
    {
      actor: 'validateAliasOtp',
      kind: 'error',
      error: businessError('validateAliasOtp', 'Código de Chave inválido.', 75),
      key: 'aliasCodeRefused',
      label: 'Código de Chave recusado (422 PIXKEY 75)',
    },
  ],
  contextKey: (c: PixKeyRegisterContext) => ({
    kind: c.kind,
    entered: c.entered,
    key: c.key,
    registrationId: c.registrationId !== null,
    protocolId: c.protocolId,
    error: c.error?.messageKey ?? null,
  }),
  idempotent: [
    { actor: 'createPixKey', key: (input) => input.body.externalIdentifier },
    { actor: 'registerAlias', key: (input) => input.body.externalIdentifier },
    {
      actor: 'validateAliasOtp',
      key: (input) => input.body.externalIdentifier,
      newAttemptOn: ['otp.submit', 'otp.resend'],
    },
  ],
  operations: {
    checkPixKeys: 'checkPixKeys',
    createPixKey: 'createPixKey',
    registerAlias: 'registerAlias',
    requestAliasCode: 'requestAliasValidationCode',
    validateAliasOtp: 'validateAliasOtp',
  },
});
