/**
 * Catalog entry of the sign-in flow: every event with valid and invalid payloads and every outcome
 * of its two actors (1-access-shell-statement.md §5 Login, §8 The error catalogue).
 */
import { defineFlow } from '../catalog-types';
import { DEMO, apiErrorLike, internalError, networkError, timeoutError } from './access-fixtures.ts';
import {
  CODE_BAD_CREDENTIALS,
  CODE_FIRST_ACCESS,
  loginMachine,
  type LoadClientActorOutput,
  type LoginActorOutput,
  type LoginInput,
} from './login.machine.ts';

const loginData: LoginActorOutput = {
  token: 'token-demo',
  accounts: [{ accountId: DEMO.accountId, accountHolderId: DEMO.accountHolderId }],
  isValidateDevice: true,
  accountHolderId: DEMO.accountHolderId,
};

const clientData: LoadClientActorOutput = {
  client: {
    name: 'Maria Silva Santos',
    email: DEMO.email,
    taxIdentifier: { taxId: DEMO.cpf, country: 'BRA' },
    accountHolderId: DEMO.accountHolderId,
    mobilePhone: { country: 'BRA', phoneNumber: '11987654321' },
    hasPixPermission: true,
    accountData: { clientType: 'PERSON' },
  },
  account: { accountId: DEMO.accountId, account: '123456', branch: '0001' },
};

const input: LoginInput = { cookie: 'device-cookie-demo' };

export const loginFlow = defineFlow({
  id: 'login',
  title: 'Entrar',
  route: '/login',
  spec: [
    '1-access-shell-statement.md §2 Public routes',
    '1-access-shell-statement.md §4 States and transitions',
    '1-access-shell-statement.md §5 Login',
    '1-access-shell-statement.md §8 The error catalogue',
  ],
  machine: loginMachine,
  input,
  // Every class of user name §5 tells apart (e-mail, CPF masked or not, mobile phone, CNPJ with
  // letters), the ambiguous 11 digits, an invalid one, and each field left empty ('Campo
  // obrigatório'), each with the demo data the sandbox signs in with (README, Demo logins).
  events: [
    {
      event: { type: 'form.change', field: 'user', value: DEMO.email },
      label: `Digita o e-mail ${DEMO.email} no campo Usuário`,
    },
    {
      event: { type: 'form.change', field: 'user', value: DEMO.cpfMasked },
      label: `Digita o CPF com máscara ${DEMO.cpfMasked} no campo Usuário`,
    },
    {
      event: { type: 'form.change', field: 'user', value: DEMO.phoneMasked },
      label: `Digita o celular ${DEMO.phoneMasked} no campo Usuário`,
    },
    {
      event: { type: 'form.change', field: 'user', value: DEMO.companyCnpj },
      label: `Digita o CNPJ alfanumérico ${DEMO.companyCnpj} no campo Usuário`,
    },
    {
      event: { type: 'form.change', field: 'user', value: DEMO.cpf },
      label: `Digita ${DEMO.cpf}: 11 dígitos que são CPF e celular ao mesmo tempo (ambíguo)`,
    },
    {
      event: { type: 'form.change', field: 'user', value: '1234567890' },
      label: 'Digita 1234567890: 10 dígitos, nem CPF nem celular',
      valid: false,
    },
    {
      event: { type: 'form.change', field: 'user', value: '' },
      label: "Apaga o campo Usuário e sai dele: mostra 'Campo obrigatório'",
      valid: false,
    },
    {
      event: { type: 'form.change', field: 'password', value: DEMO.password },
      label: `Digita a senha ${DEMO.password}`,
    },
    {
      event: { type: 'form.change', field: 'password', value: '' },
      label: "Apaga o campo Senha e sai dele: mostra 'Campo obrigatório'",
      valid: false,
    },
    { event: { type: 'form.submit' }, label: 'Clica em Entrar' },
    { event: { type: 'retry' }, label: 'Clica em Tentar novamente' },
  ],
  outcomes: [
    {
      actor: 'login',
      kind: 'done',
      output: loginData,
      key: 'accepted',
      label: 'API aceita as credenciais (dispositivo validado)',
    },
    {
      actor: 'login',
      kind: 'done',
      output: { ...loginData, accounts: [] } satisfies LoginActorOutput,
      key: 'noAccount',
      label: 'API responde sem nenhuma conta',
    },
    {
      actor: 'login',
      kind: 'error',
      error: apiErrorLike({
        status: 422,
        code: CODE_BAD_CREDENTIALS,
        group: 'API',
        messageKey: 'ERRORS.API.20',
        serverMessage: 'Credenciais inválidas!',
        operation: 'login',
      }),
      key: 'badCredentials',
      label: 'API responde 422 código 20 (credenciais inválidas)',
    },
    {
      actor: 'login',
      kind: 'error',
      error: apiErrorLike({
        status: 422,
        code: CODE_FIRST_ACCESS,
        messageKey: 'ERRORS.API.313',
        silent: true,
        operation: 'login',
      }),
      key: 'firstAccess',
      label: 'API responde 422 código 313 (primeiro acesso)',
    },
    {
      actor: 'login',
      kind: 'error',
      error: internalError('login'),
      key: 'serverError',
      label: 'API responde 500 (erro interno)',
    },
    {
      actor: 'login',
      kind: 'error',
      error: networkError('login'),
      key: 'offline',
      label: 'Sem conexão com o servidor',
    },
    {
      actor: 'login',
      kind: 'error',
      error: timeoutError('login'),
      key: 'timeout',
      label: 'Servidor não responde em 120 s',
    },
    {
      actor: 'loadClient',
      kind: 'done',
      output: clientData,
      key: 'clientLoaded',
      label: 'API devolve o cliente da conta',
    },
    {
      actor: 'loadClient',
      kind: 'error',
      error: internalError('getClient'),
      key: 'clientServerError',
      label: 'API responde 500 ao carregar o cliente',
    },
    {
      actor: 'loadClient',
      kind: 'error',
      error: networkError('getClient'),
      key: 'clientOffline',
      label: 'Sem conexão ao carregar o cliente',
    },
  ],
  operations: { login: 'login', loadClient: 'getClient' },
});
