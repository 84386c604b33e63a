/**
 * The states every money movement guarded by the security code shares (2-money-movement.md §2
 * Security-code dialog, §8; docs/DESIGN.md "Money movements"): the TED, the company transfer and
 * bill payment each end with the same four steps, built here once:
 *
 * - `confirming`: the confirmation dialog; accept → the security code, cancel → the form;
 * - `securityCode`: the child machine security-code (invoke id `securityCode`) with the
 *   movement's S-Transaction signature; its token → `submitting`; `totp.cancel` → the form;
 * - `submitting`: the movement's call (S-Transaction + S-Confirmation). 403 SECURITY 50 asks the
 *   code again; ERRORS.API.16 and any refusal that moved nothing for certain (400, 409, 422)
 *   return to the form (`editing.insufficientBalance` / `editing.failed`) and drop the attempt, so
 *   the next submission is a new externalIdentifier; anything else (no answer, 5xx) → `failed`;
 * - `failed`: the result is unknown; `retry` sends the same body, id and token again.
 *
 * The machine keeps its own form, its `done` states and its call's success branches (`onDone`).
 * Guards and actions are referred to by name (`MovementAction`; the guards of transfer-rules.ts),
 * so a machine whose setup lacks one does not compile. The states are plain config spread into
 * `createMachine`.
 */
import type { CallError } from '../kernel/call-error.ts';
import type { SecurityCodeReason } from './security-code.machine.ts';
import { SPEC_CONFIRM, SPEC_ERRORS, SPEC_SECURITY } from './transfer-rules.ts';

/** The part of a movement machine's context these states read and write. */
export interface MovementAttemptContext {
  accountId: string;
  signature: string | null;
  externalIdentifier: string | null;
  confirmationToken: string | null;
  securityReason: SecurityCodeReason;
  error: CallError | null;
}

/** What differs between movements. */
export interface MovementStatesOptions<
  TCall extends string,
  TContext extends MovementAttemptContext,
  TInput,
  TDone,
> {
  /** The call's actor name, used as its invoke id too (`createWithdrawal`, `createPayment`). */
  call: TCall;
  /** The call's input, from the machine's context. */
  callInput: (args: { context: TContext }) => TInput;
  /** The call's answers (`onDone` of its invoke): the machine's own success and rejection branches. */
  onDone: TDone;
  /** The call's state: its label, spec and description. */
  submittingLabel: string;
  submittingSpec: string;
  submittingDescription: string;
}

/**
 * The named actions these states use, which the machine's `setup({ actions })` implements
 * (xstate types an action by the machine's own context and events, so each machine writes them;
 * `droppedAttempt` and the guards of transfer-rules.ts keep what they do in one place):
 * - `dropAttempt`: `assign(droppedAttempt([...]))`, the attempt's id, signature and body;
 * - `keepConfirmationToken`: the security-code child's output (`doneOutput(event, 'securityCode')`);
 * - `askCodeAgain`: token dropped, `securityReason: 'refused'`;
 * - `keepCallError`: `callErrorOf(event)`.
 */
export type MovementAction = 'dropAttempt' | 'keepConfirmationToken' | 'askCodeAgain' | 'keepCallError';

/** Every field of an attempt set to null: what a cancel or a certain refusal drops. */
export function droppedAttempt<const TDrop extends string>(fields: readonly TDrop[]) {
  const dropped = { externalIdentifier: null, signature: null } as Record<
    TDrop | 'externalIdentifier' | 'signature',
    null
  >;
  for (const f of fields) dropped[f] = null;
  return dropped;
}

/**
 * The `confirming` state (the confirmation dialog, where the attempt's externalIdentifier was
 * just fixed): `confirm.accept` → `securityCode`; `confirm.cancel` → `editing.idle`, dropping it.
 */
export function confirmingState() {
  return {
    description: "TRANSFERS.CONFIRM.TEXT: 'a operação não poderá ser cancelada após a confirmação'",
    meta: { spec: SPEC_CONFIRM, label: 'Confirmação: não pode ser cancelada depois' },
    tags: ['dialog'],
    on: {
      'confirm.accept': 'securityCode',
      'confirm.cancel': { target: 'editing.idle', actions: 'dropAttempt' },
    },
  } as const;
}

/** The `securityCode`, `submitting` and `failed` states of a movement (see the file's comment). */
export function securedMovementStates<
  const TCall extends string,
  TContext extends MovementAttemptContext,
  TInput,
  const TDone,
>(o: MovementStatesOptions<TCall, TContext, TInput, TDone>) {
  return {
    securityCode: {
      description: 'the security-code dialog (child machine security-code)',
      meta: { spec: SPEC_SECURITY, label: 'Chave de Segurança' },
      tags: ['dialog'],
      invoke: {
        id: 'securityCode',
        src: 'securityCode',
        input: ({ context }: { context: MovementAttemptContext }) => ({
          accountId: context.accountId,
          transactionSignature: context.signature ?? '',
          reason: context.securityReason,
        }),
        onDone: { target: 'submitting', actions: 'keepConfirmationToken' },
      },
      on: { 'totp.cancel': { target: 'editing.idle', actions: 'dropAttempt' } },
    },
    submitting: {
      description: o.submittingDescription,
      meta: { spec: o.submittingSpec, label: o.submittingLabel },
      tags: ['busy', 'dialog'],
      invoke: {
        id: o.call,
        src: o.call,
        input: o.callInput,
        onDone: o.onDone,
        onError: [
          { guard: 'isConfirmationRefused', target: 'securityCode', actions: 'askCodeAgain' },
          {
            guard: 'isInsufficientBalance',
            target: 'editing.insufficientBalance',
            actions: ['dropAttempt', 'keepCallError'],
          },
          {
            guard: 'isRefusedWithoutMoving',
            target: 'editing.failed',
            actions: ['dropAttempt', 'keepCallError'],
          },
          { target: 'failed', actions: 'keepCallError' },
        ],
      },
    },
    failed: {
      description: 'describeApiError(error); retry sends the same externalIdentifier',
      meta: { spec: `${SPEC_ERRORS} (resultado desconhecido: tentar de novo)`, label: 'Falha no envio' },
      tags: ['dialog'],
      on: { retry: 'submitting' },
    },
  } as const;
}
