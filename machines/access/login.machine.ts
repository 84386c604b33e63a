/**
 * Sign-in (1-access-shell-statement.md §2 Public routes, §4 States and transitions, §5 Login,
 * §8 The error catalogue).
 *
 * The machine keeps the two fields, detects the kind of user name as it is typed (e-mail, tax id,
 * phone; the CPF-or-phone ambiguity is kept for a hint), signs in, loads the client of the first
 * account and ends in `signedIn`. Error code 313 ends in `firstLoginRequired`, handing the typed
 * credentials to the forced password change. Storing the session, the device cookie and navigating
 * are the view's business.
 */
import { assertEvent, assign, setup } from 'xstate';
import { mustProvide } from '../kernel/actors.ts';
import type { components } from '../../openapi/portal';
import { detectUsername } from '../validators/username.ts';
import {
  catalogueError,
  hasErrorCode,
  isNoResponse,
  type CallError,
  thrownBy,
} from '../kernel/call-error.ts';
import { clearCallError, keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput, finalOutput } from '../kernel/events';

type Schemas = components['schemas'];

/** What the login call sends (its `username` already prefixed: +55 phone, BRA tax id). */
export type LoginActorInput = Schemas['LoginRequest'];
/** What the login call answers. */
export type LoginActorOutput = Schemas['LoginData'];
/** The client load after sign-in: the first account's id, and the token just received. */
export interface LoadClientActorInput {
  accountId: Schemas['AccountId'];
  token: string;
}
/** The client record and its account. */
export type LoadClientActorOutput = Schemas['ClientWithAccount'];

/** The kinds of user name the detection tells apart. */
export type UsernameKind = 'email' | 'taxId' | 'phone' | 'invalid';

/** The session part of the login answer, as the session keeps it. */
export type SignedInAccount = Pick<Schemas['LoginData'], 'accountHolderId' | 'accounts' | 'isValidateDevice'>;

/** Output of `signedIn`: everything the view stores in the session before going to /Statement. */
export interface SignedInOutput {
  kind: 'signedIn';
  token: string;
  account: SignedInAccount;
  client: Schemas['ClientWithAccount'];
  /** The prefixed user name (e-mail as typed, +55 phone, BRA tax id). */
  username: Schemas['Username'];
  /** §4: true makes the device cookie permanent (1825 days), false temporary (7 days). */
  isValidateDevice: boolean;
  /** How long the token lives, when the bank says (issue 32: the shell warns before it ends). */
  expiresInSeconds?: number;
}

/** Output of `firstLoginRequired` (§4, code 313): kept in memory only, never stored. */
export interface FirstLoginRequiredOutput {
  kind: 'firstLoginRequired';
  username: Schemas['Username'];
  password: Schemas['Password'];
}

/** What the machine ends with. */
export type LoginOutput = SignedInOutput | FirstLoginRequiredOutput;

/** Input: the device cookie the browser holds (read by the view; the machine knows no cookies). */
export interface LoginInput {
  cookie?: string;
}

export interface LoginContext {
  /** The user field as typed. */
  user: string;
  password: string;
  cookie: string | undefined;
  /** The detected kind of `user`. */
  usernameKind: UsernameKind;
  /** The user name as sent: e-mail as typed, +55 phone, BRA tax id. */
  username: string;
  /** §5: both a CPF and a phone fit the digits; the view shows a hint. */
  ambiguous: boolean;
  /** The login answer, between the login and the client load. */
  session: Schemas['LoginData'] | null;
  /** The client, once loaded. */
  client: Schemas['ClientWithAccount'] | null;
  error: CallError | null;
}

export type LoginEvent =
  | { type: 'form.change'; field: 'user' | 'password'; value: string }
  | { type: 'form.submit' }
  | { type: 'retry' };

const SPEC_LOGIN = '1-access-shell-statement.md §5 Login';
const SPEC_STATES = '1-access-shell-statement.md §4 States and transitions';
const SPEC_ERRORS = '1-access-shell-statement.md §8 The error catalogue';

/** Error code of bad credentials ('Credenciais inválidas!'). */
export const CODE_BAD_CREDENTIALS = 20;
/** Error code of a first access: the password must be changed (silent). */
export const CODE_FIRST_ACCESS = 313;

const filled = (c: LoginContext): boolean => c.user.trim() !== '' && c.password !== '';

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    output: {} as LoginOutput,
    tags: {} as 'busy',
  },
  actors: {
    login: mustProvide<LoginActorOutput, LoginActorInput>('login'),
    loadClient: mustProvide<LoadClientActorOutput, LoadClientActorInput>('loadClient'),
  },
  guards: {
    /** §4: the login button is enabled once both fields are filled. */
    isFilled: ({ context }) => filled(context),
    /** Filled, and the user name is an e-mail, a tax id or a phone. */
    isSubmittable: ({ context }) => filled(context) && context.usernameKind !== 'invalid',
    hasAccount: ({ event }) => {
      return doneOutput<LoginActorOutput>(event, 'login').accounts.length > 0;
    },
    isBadCredentials: ({ event }) => hasErrorCode(thrownBy(event), CODE_BAD_CREDENTIALS),
    isFirstAccess: ({ event }) => hasErrorCode(thrownBy(event), CODE_FIRST_ACCESS),
    isNoResponse: ({ event }) => isNoResponse(thrownBy(event)),
  },
  actions: {
    assignField: assign(({ event }) => {
      assertEvent(event, 'form.change');
      if (event.field === 'password') return { password: event.value };
      const detected = detectUsername(event.value);
      return {
        user: event.value,
        usernameKind: detected.kind,
        username: detected.value,
        ambiguous: detected.ambiguous,
      };
    }),
    clearCallError: clearCallError(),
    /** After 'Credenciais inválidas!' the wrong password is not kept: the user types it again. */
    forgetPassword: assign({ password: '' }),
    keepCallError: keepCallError(),
  },
}).createMachine({
  id: 'login',
  initial: 'editing',
  context: ({ input }) => ({
    user: '',
    password: '',
    cookie: input?.cookie,
    usernameKind: 'invalid',
    username: '',
    ambiguous: false,
    session: null,
    client: null,
    error: null,
  }),
  output: finalOutput<LoginOutput>,
  states: {
    editing: {
      meta: { spec: SPEC_LOGIN, label: 'Preenchendo usuário e senha' },
      initial: 'idle',
      on: {
        'form.change': { target: '.idle', actions: ['assignField', 'clearCallError'] },
        'form.submit': [
          { guard: 'isSubmittable', target: 'authenticating' },
          { guard: 'isFilled', target: '.invalidUser' },
        ],
      },
      states: {
        idle: {
          meta: { spec: SPEC_LOGIN, label: 'Formulário de login' },
        },
        invalidUser: {
          meta: { spec: SPEC_LOGIN, label: 'Usuário não é e-mail, CPF, CNPJ nem celular' },
        },
        rejected: {
          description: 'Erro código 20 (ERRORS.API.20)',
          meta: { spec: SPEC_ERRORS, label: 'Credenciais inválidas!' },
        },
        failed: {
          meta: { spec: SPEC_ERRORS, label: 'Erro no login (mensagem do catálogo)' },
        },
        unreachable: {
          meta: { spec: SPEC_ERRORS, label: 'Sem resposta do servidor: tentar novamente' },
          // Only reached from a submission of a filled form, and any edit leaves it: no guard.
          on: { retry: { target: '#login.authenticating' } },
        },
      },
    },
    authenticating: {
      description: 'POST /login',
      meta: { spec: '1-access-shell-statement.md §7 The calls it makes', label: 'Entrando...' },
      tags: ['busy'],
      entry: 'clearCallError',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => {
          const input: LoginActorInput = { username: context.username, password: context.password };
          if (context.cookie) input.cookie = context.cookie;
          return input;
        },
        onDone: [
          {
            guard: 'hasAccount',
            target: 'loadingClient',
            actions: assign({ session: ({ event }) => event.output }),
          },
          {
            target: 'editing.failed',
            actions: assign({ error: () => catalogueError('ERRORS.UNEXPECTED') }),
          },
        ],
        onError: [
          {
            guard: 'isBadCredentials',
            target: 'editing.rejected',
            actions: ['keepCallError', 'forgetPassword'],
          },
          { guard: 'isFirstAccess', target: 'firstLoginRequired' },
          { guard: 'isNoResponse', target: 'editing.unreachable', actions: 'keepCallError' },
          { target: 'editing.failed', actions: 'keepCallError' },
        ],
      },
    },
    loadingClient: {
      description: 'GET client/{accountId} da primeira conta, com o token recebido',
      meta: { spec: SPEC_STATES, label: 'Carregando dados do cliente' },
      tags: ['busy'],
      invoke: {
        id: 'loadClient',
        src: 'loadClient',
        input: ({ context }) => ({
          // hasAccount let the machine in here, so the first account exists.
          accountId: context.session?.accounts[0]?.accountId ?? '',
          token: context.session?.token ?? '',
        }),
        onDone: {
          target: 'signedIn',
          // The password is not needed any more once signed in.
          actions: assign({ client: ({ event }) => event.output, password: '' }),
        },
        onError: [
          {
            guard: 'isNoResponse',
            target: 'editing.unreachable',
            actions: ['keepCallError', assign({ session: null })],
          },
          { target: 'editing.failed', actions: ['keepCallError', assign({ session: null })] },
        ],
      },
    },
    signedIn: {
      meta: { spec: SPEC_STATES, label: 'Login concluído: ir para /Statement' },
      type: 'final',
      output: ({ context }): SignedInOutput => {
        // Reached only through loadingClient, which had the session and stored the client.
        const session = context.session as Schemas['LoginData'];
        return {
          kind: 'signedIn',
          token: session.token,
          account: {
            accountHolderId: session.accountHolderId,
            accounts: session.accounts,
            isValidateDevice: session.isValidateDevice,
          },
          client: context.client as Schemas['ClientWithAccount'],
          username: context.username,
          isValidateDevice: session.isValidateDevice,
          ...(session.expiresInSeconds === undefined ? {} : { expiresInSeconds: session.expiresInSeconds }),
        };
      },
    },
    firstLoginRequired: {
      description: 'Erro código 313: troca de senha obrigatória (silencioso)',
      meta: { spec: SPEC_STATES, label: 'Primeiro acesso: trocar a senha' },
      type: 'final',
      output: ({ context }): FirstLoginRequiredOutput => ({
        kind: 'firstLoginRequired',
        username: context.username,
        password: context.password,
      }),
    },
  },
});
