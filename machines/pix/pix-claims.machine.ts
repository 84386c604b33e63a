/**
 * Key portability and ownership claims (/PortabilityPage; 4-pix-part-two.md §2 Portability, §3
 * Claim, §4 claim states, §5 claim key, §6 roles, §7 portability and claims, §8 Claims; issue 30).
 *
 * - `loading` lists the claims where the account is claimer or donor; none is 'Não há
 *   solicitações vinculadas a essa conta.'. Each row's side is found by comparing the account's
 *   branch and number with the claim's (§6) and its actions follow
 *   machines/validators/pix-claim.ts claimActionsOf (§4, as decided in the domain notes).
 * - Adding asks the bank whether this device is validated (§4): if not, a prompt; if so, the form
 *   (kind, key type, key: §5), sent to the portability or the ownership call; a refusal keeps the
 *   form with the bank's detail (§8).
 * - Cancelar asks first; on a finished row it answers 'Processo finalizado. Não é possível efetuar
 *   o cancelamento.' without a call (the bank refuses the same, PIXCLAIM 120).
 * - The donor's decision (accept or reject) re-asks user and password through CheckLogin (§6);
 *   wrong credentials keep the dialog with its message; a refused decision shows the detail.
 * - The claimer concludes a confirmed claim after a confirmation dialog (Complete).
 * After any change the list is read again.
 */
import { assertEvent, assign, setup } from 'xstate';
import { mustProvide } from '../kernel/actors.ts';
import { callErrorOf } from '../kernel/call-error.ts';
import { keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput } from '../kernel/events.ts';
import { claimActionsOf, claimKeyError, claimRoleOf, type ClaimAction } from '../validators/pix-claim.ts';
import { detectUsername } from '../validators/username.ts';
import {
  claimBody,
  type Claim,
  type CheckLoginInput,
  type ClaimIdInput,
  type CreateClaimInput,
  type DecideClaimInput,
  type ListClaimsOutput,
  type PixClaimsContext,
  type PixClaimsEvent,
  type PixClaimsInput,
} from './pix-claims-shapes.ts';

export * from './pix-claims-shapes.ts';

export type PixClaimsTag = 'busy';
export interface PixClaimsOutput {
  to: '/Pix';
}

const SPEC_GRID =
  "4-pix-part-two.md §2 Portability; §4; §6; §8 ('Não há solicitações vinculadas a essa conta.')";
const SPEC_ADD =
  '4-pix-part-two.md §4 (a validated device is required); §5 Claim key; §7 Claim/Portability, Ownership';
const SPEC_CANCEL = "4-pix-part-two.md §7 Claim/{id}/Cancel; §8 ('Processo finalizado. Não é possível…')";
const SPEC_DECIDE = '4-pix-part-two.md §6 (CheckLogin before a decision); §7 claim/decision';
const SPEC_COMPLETE = '4-pix-part-two.md §4 (confirmed: the claimer decides); §7 Claim/{id}/Complete';

/** The row of the grid with this id and the actions it offers. */
function rowActions(
  c: PixClaimsContext,
  id: number,
): { claim: Claim; actions: readonly ClaimAction[] } | undefined {
  const claim = c.claims.find((x) => x.idClaims === id);
  if (!claim) return undefined;
  return { claim, actions: claimActionsOf(claim.status, claimRoleOf(claim, c)) };
}

const clearNotes = { actionError: null, done: null, formError: null, credentialsInvalid: false } as const;

export const pixClaimsMachine = setup({
  types: {
    context: {} as PixClaimsContext,
    events: {} as PixClaimsEvent,
    input: {} as PixClaimsInput,
    output: {} as PixClaimsOutput,
    tags: {} as PixClaimsTag,
  },
  actors: {
    listClaims: mustProvide<ListClaimsOutput, void>('listClaims'),
    getDeviceStatus: mustProvide<{ validated: boolean }, void>('getDeviceStatus'),
    createPortabilityClaim: mustProvide<Claim, CreateClaimInput>('createPortabilityClaim'),
    createOwnershipClaim: mustProvide<Claim, CreateClaimInput>('createOwnershipClaim'),
    cancelClaim: mustProvide<Claim, ClaimIdInput>('cancelClaim'),
    checkLogin: mustProvide<{ valid: boolean }, CheckLoginInput>('checkLogin'),
    decideClaim: mustProvide<Claim, DecideClaimInput>('decideClaim'),
    completeClaim: mustProvide<Claim, ClaimIdInput>('completeClaim'),
  },
  guards: {
    mayCancel: ({ context, event }) => {
      assertEvent(event, 'cancel.ask');
      return rowActions(context, event.idClaims)?.actions.includes('cancel') ?? false;
    },
    isFinishedRow: ({ context, event }) => {
      assertEvent(event, 'cancel.ask');
      const status = rowActions(context, event.idClaims)?.claim.status;
      return status === 'COMPLETED' || status === 'CANCELLED';
    },
    mayDecide: ({ context, event }) => {
      assertEvent(event, 'decide.ask');
      return rowActions(context, event.idClaims)?.actions.includes('decide') ?? false;
    },
    mayComplete: ({ context, event }) => {
      assertEvent(event, 'complete.ask');
      return rowActions(context, event.idClaims)?.actions.includes('complete') ?? false;
    },
    isValidOwnership: ({ event }) => {
      assertEvent(event, 'add.submit');
      const f = event.form;
      return f.claimType === 'OWNERSHIP' && claimKeyError(f.claimType, f.keyType, f.key) === undefined;
    },
    isValidPortability: ({ event }) => {
      assertEvent(event, 'add.submit');
      const f = event.form;
      return f.claimType === 'PORTABILITY' && claimKeyError(f.claimType, f.keyType, f.key) === undefined;
    },
    /** Both fields typed and a user name of a kind the sign-in takes. */
    hasCredentials: ({ event }) => {
      assertEvent(event, 'decide.submit');
      return event.password !== '' && detectUsername(event.username).kind !== 'invalid';
    },
    isValidLogin: ({ event }) => doneOutput<{ valid: boolean }>(event, 'checkLogin').valid,
  },
  actions: {
    keepCallError: keepCallError(),
    keepActionError: assign({ actionError: ({ event }) => callErrorOf(event) }),
  },
}).createMachine({
  id: 'pix-claims',
  initial: 'loading',
  context: ({ input }) => ({
    ...input,
    claims: [],
    selectedId: null,
    accept: false,
    ...clearNotes,
    error: null,
  }),
  states: {
    loading: {
      description: 'GET /pixPortability/Claims',
      meta: { spec: SPEC_GRID, label: 'Carregando as solicitações' },
      tags: ['busy'],
      invoke: {
        id: 'listClaims',
        src: 'listClaims',
        onDone: { target: 'ready', actions: assign({ claims: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: 'keepCallError' },
      },
    },
    ready: {
      description:
        "the grid: key, kind, side, status, actions; none: 'Não há solicitações vinculadas a essa conta.'",
      meta: { spec: SPEC_GRID, label: 'Lista de solicitações' },
      on: {
        'add.open': { target: 'checkingDevice', actions: assign(clearNotes) },
        'cancel.ask': [
          {
            guard: 'isFinishedRow',
            target: 'finishedNotice',
            actions: assign({ ...clearNotes, selectedId: ({ event }) => event.idClaims }),
          },
          {
            guard: 'mayCancel',
            target: 'confirmingCancel',
            actions: assign({ ...clearNotes, selectedId: ({ event }) => event.idClaims }),
          },
        ],
        'decide.ask': {
          guard: 'mayDecide',
          target: 'deciding',
          actions: assign({ ...clearNotes, selectedId: ({ event }) => event.idClaims }),
        },
        'complete.ask': {
          guard: 'mayComplete',
          target: 'confirmingComplete',
          actions: assign({ ...clearNotes, selectedId: ({ event }) => event.idClaims }),
        },
        back: 'toPix',
      },
    },
    checkingDevice: {
      description: 'GET /me deviceValidated (§4: adding needs a validated device)',
      meta: { spec: SPEC_ADD, label: 'Verificando o dispositivo' },
      tags: ['busy'],
      invoke: {
        id: 'getDeviceStatus',
        src: 'getDeviceStatus',
        onDone: [
          { guard: ({ event }) => event.output.validated, target: 'adding' },
          { target: 'deviceRequired' },
        ],
        onError: { target: 'ready', actions: 'keepActionError' },
      },
    },
    deviceRequired: {
      description: 'the prompt: validate this device first (Dispositivos)',
      meta: { spec: SPEC_ADD, label: 'Dispositivo não validado' },
      on: { 'dialog.close': 'ready' },
    },
    adding: {
      description: 'the form: kind (portability or ownership), key type, key (§5)',
      meta: { spec: SPEC_ADD, label: 'Nova solicitação' },
      on: {
        'add.submit': [
          { guard: 'isValidOwnership', target: 'creatingOwnership', actions: assign(clearNotes) },
          { guard: 'isValidPortability', target: 'creatingPortability', actions: assign(clearNotes) },
          {
            actions: assign({
              formError: ({ event }) =>
                claimKeyError(event.form.claimType, event.form.keyType, event.form.key) ?? null,
            }),
          },
        ],
        'dialog.close': { target: 'ready', actions: assign(clearNotes) },
      },
    },
    creatingOwnership: {
      description: 'POST /pixPortability/Claim/Ownership',
      meta: { spec: SPEC_ADD, label: 'Enviando a reivindicação de posse' },
      tags: ['busy'],
      invoke: {
        id: 'createOwnershipClaim',
        src: 'createOwnershipClaim',
        input: ({ context, event }) => {
          assertEvent(event, 'add.submit');
          return { body: claimBody(context, event.form) };
        },
        onDone: { target: 'loading', actions: assign({ done: 'created' }) },
        onError: { target: 'adding', actions: 'keepActionError' },
      },
    },
    creatingPortability: {
      description: 'POST /pixPortability/Claim/Portability',
      meta: { spec: SPEC_ADD, label: 'Enviando a portabilidade' },
      tags: ['busy'],
      invoke: {
        id: 'createPortabilityClaim',
        src: 'createPortabilityClaim',
        input: ({ context, event }) => {
          assertEvent(event, 'add.submit');
          return { body: claimBody(context, event.form) };
        },
        onDone: { target: 'loading', actions: assign({ done: 'created' }) },
        onError: { target: 'adding', actions: 'keepActionError' },
      },
    },
    finishedNotice: {
      description: "'Processo finalizado. Não é possível efetuar o cancelamento.'",
      meta: { spec: SPEC_CANCEL, label: 'Processo finalizado' },
      on: { 'dialog.close': { target: 'ready', actions: assign({ selectedId: null }) } },
    },
    confirmingCancel: {
      description: 'the cancel dialog (Sim / Não)',
      meta: { spec: SPEC_CANCEL, label: 'Confirmar o cancelamento' },
      on: {
        'cancel.confirm': 'cancelling',
        'dialog.close': { target: 'ready', actions: assign({ selectedId: null }) },
      },
    },
    cancelling: {
      description: 'POST /pixPortability/Claim/{id}/Cancel',
      meta: { spec: SPEC_CANCEL, label: 'Cancelando a solicitação' },
      tags: ['busy'],
      invoke: {
        id: 'cancelClaim',
        src: 'cancelClaim',
        input: ({ context }) => ({ idClaims: context.selectedId ?? 0 }),
        onDone: { target: 'loading', actions: assign({ done: 'cancelled', selectedId: null }) },
        onError: { target: 'loading', actions: ['keepActionError', assign({ selectedId: null })] },
      },
    },
    deciding: {
      description: 'the decision dialog: user, password, accept or reject (§6)',
      meta: { spec: SPEC_DECIDE, label: 'Decidir sobre a solicitação' },
      on: {
        'decide.submit': [
          {
            guard: 'hasCredentials',
            target: 'checkingLogin',
            actions: assign({ ...clearNotes, accept: ({ event }) => event.accept }),
          },
          { actions: assign({ formError: 'CLAIMS.ERROR.CREDENTIALS_REQUIRED' }) },
        ],
        'dialog.close': { target: 'ready', actions: assign({ ...clearNotes, selectedId: null }) },
      },
    },
    checkingLogin: {
      description: 'POST /CheckLogin (the user name with the sign-in prefix)',
      meta: { spec: SPEC_DECIDE, label: 'Conferindo usuário e senha' },
      tags: ['busy'],
      invoke: {
        id: 'checkLogin',
        src: 'checkLogin',
        input: ({ event }) => {
          assertEvent(event, 'decide.submit');
          return { username: detectUsername(event.username).value, password: event.password };
        },
        onDone: [
          { guard: 'isValidLogin', target: 'sendingDecision' },
          { target: 'deciding', actions: assign({ credentialsInvalid: true }) },
        ],
        onError: { target: 'deciding', actions: 'keepActionError' },
      },
    },
    sendingDecision: {
      description: 'POST /pixPortability/claim/decision',
      meta: { spec: SPEC_DECIDE, label: 'Enviando a decisão' },
      tags: ['busy'],
      invoke: {
        id: 'decideClaim',
        src: 'decideClaim',
        input: ({ context }) => ({
          body: { claim_Id: context.selectedId ?? 0, claim_decision: context.accept },
        }),
        onDone: { target: 'loading', actions: assign({ done: 'decided', selectedId: null }) },
        onError: { target: 'deciding', actions: 'keepActionError' },
      },
    },
    confirmingComplete: {
      description: 'the confirm dialog: conclude the claim (the key comes to this account)',
      meta: { spec: SPEC_COMPLETE, label: 'Concluir a solicitação' },
      on: {
        'complete.confirm': 'completing',
        'dialog.close': { target: 'ready', actions: assign({ selectedId: null }) },
      },
    },
    completing: {
      description: 'POST /pixPortability/Claim/{id}/Complete',
      meta: { spec: SPEC_COMPLETE, label: 'Concluindo a solicitação' },
      tags: ['busy'],
      invoke: {
        id: 'completeClaim',
        src: 'completeClaim',
        input: ({ context }) => ({ idClaims: context.selectedId ?? 0 }),
        onDone: { target: 'loading', actions: assign({ done: 'completed', selectedId: null }) },
        onError: { target: 'loading', actions: ['keepActionError', assign({ selectedId: null })] },
      },
    },
    failed: {
      description: 'describeApiError(error) with Tentar novamente',
      meta: { spec: '4-pix-part-two.md §8 Error catalogue', label: 'Falha ao carregar as solicitações' },
      on: { retry: 'loading', back: 'toPix' },
    },
    toPix: {
      type: 'final',
      meta: { spec: '3-pix-part-one.md §2 (back to the Pix hub)', label: 'Voltar para /Pix' },
    },
  },
  output: () => ({ to: '/Pix' as const }),
});
