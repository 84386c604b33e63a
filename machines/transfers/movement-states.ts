/**
 * The states every money movement guarded by the security code shares (2-money-movement.md §2
 * Security-code dialog, §8; docs/JOURNAL.md "Money movements"): the TED, the company transfer and
 * bill payment each end with the same four steps, built here once:
 *
 * - `confirming`: the confirmation dialog; accept → the security code, cancel → the form;
 * - `securityCode`: the child machine security-code (invoke id `securityCode`) with the
 *   movement's S-Transaction signature and the movement itself (amount, externalIdentifier); its
 *   token → `submitting`; `totp.cancel` → the form;
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
import type { EventObject } from 'xstate';
import { type CallError, thrownBy } from '../kernel/call-error.ts';
import type { ConfirmedMovement, SecurityCodeReason } from './security-code.machine.ts';
import {
  SPEC_CONFIRM,
  SPEC_ERRORS,
  SPEC_SECURITY,
  isConfirmationRefused,
  isInsufficientBalance,
  isRefusedWithoutMoving,
} from './transfer-rules.ts';

/** The part of a movement machine's context these states read and write. */
export interface MovementAttemptContext {
  accountId: string;
  signature: string | null;
  externalIdentifier: string | null;
  confirmationToken: string | null;
  securityReason: SecurityCodeReason;
  error: CallError | null;
}

/** The events these states handle; a machine's event union includes them. */
export type SecuredMovementEvent =
  { type: 'confirm.accept' } | { type: 'confirm.cancel' } | { type: 'totp.cancel' } | { type: 'retry' };

/**
 * The guards these states name, the rules of transfer-rules.ts on the failed call: spread into the
 * machine's `setup({ guards })` (they read only the event, so one definition serves every machine).
 */
export const securedMovementGuards = {
  /** 403 SECURITY 50: the bank refused the confirmation token; ask the code again. */
  isConfirmationRefused: ({ event }: { event: EventObject }) => isConfirmationRefused(thrownBy(event)),
  /** 422 code 16: not enough balance (ERRORS.API.16); nothing moved. */
  isInsufficientBalance: ({ event }: { event: EventObject }) => isInsufficientBalance(thrownBy(event)),
  /** 400, 409, 422: refused for certain, nothing moved; a new submission is a new attempt. */
  isRefusedWithoutMoving: ({ event }: { event: EventObject }) => isRefusedWithoutMoving(thrownBy(event)),
};

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
  /**
   * The movement the security code confirms (issue 27): the amount and externalIdentifier of the
   * body `callInput` sends, so the bank's token covers that body and no other.
   */
  movement: (args: { context: TContext }) => ConfirmedMovement;
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
 * - `keepCallError`: the kernel action (machines/kernel/call-error-actions.ts `keepCallError()`).
 */

/** The movement a withdraw body (TED, bill, Pix) asks the security code to confirm: its total and id. */
export function withdrawMovement(request: { withdraw: ConfirmedWithdraw }): ConfirmedMovement {
  return { amount: request.withdraw.totalAmount, externalIdentifier: request.withdraw.externalIdentifier };
}
interface ConfirmedWithdraw {
  totalAmount: number;
  externalIdentifier: string;
}

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
 * A flow whose dialog shows more than the transfers' (a Pix code's payee) names it in `o`.
 */
export function confirmingState(o: { label?: string; spec?: string; description?: string } = {}) {
  return {
    description:
      o.description ?? "TRANSFERS.CONFIRM.TEXT: 'a operação não poderá ser cancelada após a confirmação'",
    meta: { spec: o.spec ?? SPEC_CONFIRM, label: o.label ?? 'Confirmação: não pode ser cancelada depois' },
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
        input: ({ context }: { context: TContext }) => ({
          accountId: context.accountId,
          transactionSignature: context.signature ?? '',
          movement: o.movement({ context }),
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
    failed: unknownResultState({ label: 'Falha no envio', retryTo: 'submitting' }),
  } as const;
}

// ───────────────────── movements without the security code ─────────────────────
//
// A mobile top-up, a deposit boleto and a digital check move money (or issue a boleto) with no
// security code (docs/JOURNAL.md "Mobile top-up and deposit boletos"): the confirmation, when the
// flow has one, is the deliberate step. They share the rest of the shape above, built here:
// - `movementConfirmingState`: the confirmation dialog, accept → the call, cancel drops the attempt;
// - `movementCallState`: the call with the externalIdentifier fixed before it; each refusal that
//   moved nothing for certain (the flow's guards, in order) returns to where the flow says and
//   drops the attempt, so the next submission is a new externalIdentifier; anything else (no
//   answer, 5xx) → `failed`;
// - `unknownResultState`: the result is unknown; `retry` sends the same body and id again.
// The named actions are `dropAttempt` and `keepCallError` (`MovementAction`), written in each
// machine's `setup`; a machine whose setup lacks one, or a guard a refusal names, does not compile.

/** A refusal that moved nothing for certain: the guard that recognises it and where the flow returns. */
export interface CertainRefusal {
  guard: string;
  target: string;
}

type RefusalBranches<T extends readonly CertainRefusal[]> = {
  readonly [K in keyof T]: T[K] & { readonly actions: readonly ['dropAttempt', 'keepCallError'] };
};

/** What differs between the calls of movements without the security code. */
export interface MovementCallOptions<
  TCall extends string,
  TContext,
  TInput,
  TDone,
  TRefusals extends readonly CertainRefusal[],
  TTags extends readonly string[],
> {
  /** The call's actor name, used as its invoke id too (`createRecharge`, `createDeposit`). */
  call: TCall;
  /** The call's input, from the machine's context. */
  callInput: (args: { context: TContext }) => TInput;
  /** The call's answers (`onDone` of its invoke): the machine's own success branch. */
  onDone: TDone;
  /** The refusals that moved nothing, in the order their guards are tried. */
  refusals: TRefusals;
  /** The call's state: its label, spec, description and tags (`busy`; `dialog` when drawn in one). */
  label: string;
  spec: string;
  description: string;
  tags: TTags;
}

/** The state that makes a movement's call (see the comment above `CertainRefusal`). */
export function movementCallState<
  const TCall extends string,
  TContext,
  TInput,
  const TDone,
  const TRefusals extends readonly CertainRefusal[],
  const TTags extends readonly string[],
>(o: MovementCallOptions<TCall, TContext, TInput, TDone, TRefusals, TTags>) {
  const refused = ['dropAttempt', 'keepCallError'] as const;
  // `map` forgets the tuple; the branches are the refusals, in order, each with `refused`.
  const branches = o.refusals.map((r) => ({
    ...r,
    actions: refused,
  })) as unknown as RefusalBranches<TRefusals>;
  return {
    description: o.description,
    meta: { spec: o.spec, label: o.label },
    tags: o.tags,
    invoke: {
      id: o.call,
      src: o.call,
      input: o.callInput,
      onDone: o.onDone,
      onError: [...branches, { target: 'failed', actions: 'keepCallError' }],
    },
  } as const;
}

/**
 * The confirmation dialog of a movement without the security code (the attempt's
 * externalIdentifier was just fixed): `confirm.accept` → the call's state; `confirm.cancel` → back
 * to the form, dropping the attempt.
 */
export function movementConfirmingState<const TCallState extends string, const TCancel extends string>(o: {
  label: string;
  spec: string;
  description: string;
  callState: TCallState;
  cancelTo: TCancel;
}) {
  return {
    description: o.description,
    meta: { spec: o.spec, label: o.label },
    tags: ['dialog'],
    on: {
      'confirm.accept': o.callState,
      'confirm.cancel': { target: o.cancelTo, actions: 'dropAttempt' },
    },
  } as const;
}

/**
 * The `failed` state of a movement: its result is unknown (no answer, 5xx), so the only way on is
 * `retry`, the same body and externalIdentifier again (the bank answers a repeat with its first
 * answer); `on` adds the flow's other ways out.
 */
export function unknownResultState<const TRetry extends string, const TOn extends object = object>(o: {
  label: string;
  retryTo: TRetry;
  description?: string;
  on?: TOn;
}) {
  return {
    description: o.description ?? 'describeApiError(error); retry sends the same externalIdentifier',
    meta: { spec: `${SPEC_ERRORS} (resultado desconhecido: tentar de novo)`, label: o.label },
    tags: ['dialog'],
    on: { retry: o.retryTo, ...(o.on ?? {}) },
  } as const;
}

// ───────────────────── the closing states ─────────────────────
//
// Every movement that ends on its receipt closes the same way (2-money-movement.md §2 table:
// /Statement is the target after every successful operation): `done` shows the receipt and its
// Finish goes to `finished`, the final state whose output the view turns into navigation. The TED,
// the company transfer, bill payment, the top-up and the digital check build both here; each adds
// its own ways out of the receipt (`on`: pay another, start again) and inner steps (`rest`: the
// TED's offer to save the recipient).

const SPEC_FINISHED = '2-money-movement.md §2 table (/Statement after every successful operation); §4 Finish';

/** The receipt of a movement made: `finish` → `finished`, plus the flow's own ways out and steps. */
export function receiptState<const TOn extends object = object, const TRest extends object = object>(o: {
  label: string;
  spec: string;
  description?: string;
  /** Drawn in a dialog (the transfers, the digital check) rather than in place (a bill, a top-up). */
  dialog: boolean;
  on?: TOn;
  rest?: TRest;
}) {
  return {
    ...(o.description !== undefined ? { description: o.description } : {}),
    meta: { spec: o.spec, label: o.label },
    ...(o.dialog ? { tags: ['dialog'] as const } : {}),
    on: { finish: 'finished', ...(o.on ?? ({} as TOn)) } as const,
    ...(o.rest ?? ({} as TRest)),
  } as const;
}

/** The final state the receipt's Finish leads to; the machine's output says where the view goes. */
export function finishedState(o: { label?: string; spec?: string } = {}): {
  type: 'final';
  meta: { spec: string; label: string };
} {
  return {
    type: 'final',
    meta: { spec: o.spec ?? SPEC_FINISHED, label: o.label ?? 'Concluir: vai para o extrato' },
  };
}
