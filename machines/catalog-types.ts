/**
 * Types of the flow catalog (machines/catalog.ts): what each flow declares so that QA can
 * generate and replay every path, e2e can drive it through the UI and auditors can read it.
 *
 * Pure types only: no React, no Playwright, no fetch. The e2e bindings are typed structurally
 * (`E2EPage` is the subset of Playwright's `Page` the driver hands over) so this file stays
 * importable from machines/ and from the browser bundle of the viewer.
 */
import type { AnyStateMachine, ContextFrom, EventFrom, InputFrom, OutputFrom, StateValueFrom } from 'xstate';
import type { operations } from '../openapi/portal';

/** An event with its payload, as a view sends it (`{ type: 'form.change', field: 'user', value: '...' }`). */
export interface EventPayload {
  type: string;
  [key: string]: unknown;
}

/** A user event to explore, with its payload (valid and invalid variants are separate fixtures). */
export interface FixtureEvent {
  /** The event exactly as the view sends it, e.g. `{ type: 'form.change', field: 'user', value: 'a@b.com' }`. */
  event: EventPayload;
  /** pt-BR description for the QA export, e.g. 'Digita o e-mail válido no campo Usuário'. */
  label: string;
  /** False marks an invalid payload (shown as such in exports); defaults to true. */
  valid?: boolean;
}

/**
 * One possible outcome of an invoked actor. The harness turns it into the event XState sends
 * (`xstate.done.actor.<actor>` with `output`, or `xstate.error.actor.<actor>` with `error`) and,
 * on replay, resolves or rejects the deferred fake of that actor with the same value.
 */
export interface ActorOutcome {
  /** The invoke `id` (not the `src`): the same id appears in the `xstate.*.actor.<id>` event. */
  actor: string;
  kind: 'done' | 'error';
  /** The resolved value when `kind` is 'done' (typed output of the actor). */
  output?: unknown;
  /** The rejection reason when `kind` is 'error' (e.g. an ApiError-like object). */
  error?: unknown;
  /**
   * Stable name of the outcome, English camelCase and unique among the flow's outcomes, e.g.
   * 'badCredentials': the e2e bindings and gaps name the outcome by it, so the label can change.
   */
  key: string;
  /** pt-BR, for QA and auditors only, e.g. 'API responde 401 código 20 (credenciais inválidas)'. */
  label: string;
}

/**
 * A timer to explore: a named delay of `setup({ delays })` or a numeric `after`. Normally
 * derived automatically from the machine; list one only to give it a pt-BR label.
 */
export interface TimerFixture {
  /** The delay name (`redirect`) or the number of milliseconds as written in `after`. */
  delay: string | number;
  label: string;
}

/**
 * A function type whose parameters are checked bivariantly (as methods are), so a binding written
 * for Playwright's `Page` fits where the catalog only knows the minimal `E2EPage`.
 */
type Binding<A extends unknown[], R> = { bivarianceHack(...args: A): R }['bivarianceHack'];

/**
 * The minimal page surface the driver passes to bindings: structurally compatible with
 * Playwright's `Page`, so bindings receive the real page without this file importing Playwright.
 */
export interface E2EPage {
  goto(url: string): Promise<unknown>;
  url(): string;
}

/** The minimal request surface the driver uses to reach the sandbox (Playwright's `APIRequestContext`). */
export interface E2ERequest {
  post(
    url: string,
    options?: { data?: unknown },
  ): Promise<{ ok(): boolean; status(): number; text(): Promise<string> }>;
}

/** The sandbox fault switch body: POST /sandbox/faults. */
export interface SandboxFault {
  operationId: keyof operations;
  /** HTTP status to answer with; absent or 0: only delay. */
  status?: number;
  /** How many calls it applies to (default 1). */
  times?: number;
  delayMs?: number;
}

/** What each binding receives: the real Playwright page and request context. */
export interface E2EContext<P extends E2EPage = E2EPage, R extends E2ERequest = E2ERequest> {
  page: P;
  request: R;
  /** Index of the step being played. */
  stepIndex: number;
  /** Arms a sandbox fault (POST /sandbox/faults). */
  fault(f: SandboxFault): Promise<void>;
}

/**
 * How to provoke an actor outcome in the real UI, armed BEFORE the step that starts the actor:
 * a sandbox fault, an arrangement (seed data, outbox...), or 'natural' when the sandbox's seed
 * already answers that way for the fixture data used by the events.
 */
export type E2EOutcomeBinding<P extends E2EPage = E2EPage, R extends E2ERequest = E2ERequest> =
  { fault: SandboxFault } | { arrange: Binding<[E2EContext<P, R>], Promise<void>> } | 'natural';

/** The key of the types-only property of a {@link TypedFlowEntry}. */
declare const flowTypes: unique symbol;

/** What a flow's bindings may name; plain strings for bindings not tied to a typed flow. */
export interface BindingKeys {
  /** State keys: the state's path without the machine id ('editing.idle'). */
  state: string;
  /** User event types. */
  event: string;
  /** Outcome keys (`ActorOutcome.key`) and `<done|error>:<invoke id>` for all of an actor's outcomes. */
  outcome: string;
}

/** The dotted paths of a state value: 'editing', 'editing.idle', ... (every state, not only leaves). */
type StatePaths<V> = V extends string
  ? V
  : V extends object
    ? { [K in keyof V & string]-?: K | `${K}.${StatePaths<NonNullable<V[K]>>}` }[keyof V & string]
    : never;

/** Every state of a machine by its path without the machine id, e.g. 'editing.idle'. */
export type StatePathOf<TMachine extends AnyStateMachine> = StatePaths<StateValueFrom<TMachine>>;

/**
 * The names a flow's e2e bindings may use, read from its typed entry ({@link defineFlow}): the
 * machine's state paths and event types, the fixtures' outcome keys and `<done|error>:<actor>`.
 * An outcome key that is not a literal (a fixture list typed `string`) names nothing.
 */
export type BindingKeysOf<TFlow> = typeof flowTypes extends keyof TFlow
  ? TFlow extends TypedFlowEntry<infer TMachine, infer TOutcomeKey>
    ? {
        state: StatePathOf<TMachine>;
        event: EventFrom<TMachine>['type'];
        outcome:
          (string extends TOutcomeKey ? never : TOutcomeKey) | `${'done' | 'error'}:${ActorNameOf<TMachine>}`;
      }
    : BindingKeys
  : BindingKeys;

/**
 * E2E bindings of one flow (see e2e/driver/README.md), typed by the names the flow may use
 * ({@link BindingKeysOf}): a state, event or outcome key the flow does not have fails to compile.
 * Every innermost active state of every step needs a binding in `states` (or a place in
 * `skipStates`), every user event one in `events`; tests/harness/binding-coverage.test.ts checks
 * it for every flow with a screen.
 */
export interface E2EBindings<
  P extends E2EPage = E2EPage,
  R extends E2ERequest = E2ERequest,
  K extends BindingKeys = BindingKeys,
> {
  /** The catalog id of the flow the bindings were written for (set by `defineBindings`). */
  flowId?: string;
  /** Where each path starts: a URL (default: the entry's `route`) or a function. */
  start?: string | Binding<[E2EContext<P, R>], Promise<void>>;
  /** State path ('editing.idle') → page assertion (use Playwright's `expect`). */
  states: { [S in K['state']]?: Binding<[E2EContext<P, R>], Promise<void>> };
  /** Event type → user action; receives the fixture event with its payload. */
  events: { [E in K['event']]?: Binding<[E2EContext<P, R>, EventPayload], Promise<void>> };
  /**
   * Outcome → how to provoke it. Keys: the outcome's `key` ('tokenRefused'), or
   * `<done|error>:<invoke id>` for every outcome of that kind of the actor. Defaults: done →
   * 'natural'; error → a fault on the actor's operation with the `status` of the outcome's error
   * (when it has one).
   */
  outcomes?: { [O in K['outcome']]?: E2EOutcomeBinding<P, R> };
  /** Timer (delay name or `xstate.after...` type) → what to do; default: page.clock.fastForward when the clock is installed, else wait. */
  timers?: Record<string, Binding<[E2EContext<P, R>], Promise<void>>>;
  /** States not asserted in e2e (transient ones), same keys as `states`. */
  skipStates?: K['state'][];
}

/** A call the bank must not apply twice (FlowEntry.idempotent). */
export interface IdempotentCall {
  /** The invoke id of the call. */
  actor: string;
  /** The key of an attempt, read from the actor's input. */
  key(input: unknown): unknown;
  /** Event types that end an attempt without a call (cancel): the next call is a new attempt. */
  newAttemptOn?: string[];
}

/** One flow of the portal, as the catalog lists it. */
export interface FlowEntry {
  /** Stable id, kebab-case, usually the machine id (`login`). */
  id: string;
  /** pt-BR title, e.g. 'Entrar'. */
  title: string;
  /** The portal route that hosts the flow, e.g. '/login'. */
  route?: string;
  /** Spec references, e.g. ['1-access-shell-statement.md §5 Login']. */
  spec: string[];
  /**
   * pt-BR steps a manual tester performs to reach the flow's first state, with their test data,
   * when opening the route is not enough (sign in, open a dialog): the plan's step 0 lists them.
   * They say what the e2e binding's `start` does, e.g. ['Entra como maria@exemplo.com.br com a
   * senha Senha@123', 'Abre a rota /Statement', 'Clica em EXPORTAR'].
   */
  entrySteps?: string[];
  machine: AnyStateMachine;
  /** Input given to `createActor(machine, { input })`. */
  input?: unknown;
  /** User events to explore. */
  events: FixtureEvent[];
  /** Outcomes of invoked actors to explore. */
  outcomes: ActorOutcome[];
  /** Optional pt-BR labels for timers (named delays); timers are explored even if not listed. */
  timers?: TimerFixture[];
  /**
   * Projection of the context used to tell states apart during generation and to compare them on
   * replay. Defaults to the whole context. Give one when the context holds values that differ run
   * to run (generated ids, timestamps) or that do not matter for the flow (to keep the graph small).
   */
  contextKey?(context: unknown): unknown;
  /**
   * Calls that must not be applied twice, with the key the bank deduplicates on (an
   * externalIdentifier, an idempotency key). The path replay checks every path: a call made again
   * after it failed carries the key of the failed attempt (it is a retry), unless one of
   * `newAttemptOn` was sent in between (the user gave up and started over); a call made after one
   * that succeeded carries a new key.
   */
  idempotent?: IdempotentCall[];
  /** Actor src (as named in `setup({ actors })`) → contract operationId, for the viewer and e2e faults. */
  operations?: Partial<Record<string, keyof operations>>;
  /** Bounds for simple-path generation of this flow (defaults in machines/harness). */
  limits?: { maxDepth?: number; maxPaths?: number };
  /**
   * Fold the shortest set's self-loops (an event that changes nothing: a field typed wrong, which
   * a guard refuses) into the longest path that already passes through their state, instead of a
   * path of their own that ends there. Each refusal is still played, in order, by a path that
   * then goes on; the browser pays for no extra start. Off by default: it changes path ids.
   */
  foldSelfLoops?: boolean;
}

/** The actors a machine declares in `setup({ actors })`, by `src`, each with its logic's type. */
type ActorLogicsOf<TMachine extends AnyStateMachine> = Required<
  NonNullable<NonNullable<Parameters<TMachine['provide']>[0]>['actors']>
>;

/** The `src` names of a machine's actors (the fixtures' invoke ids are the same names). */
export type ActorNameOf<TMachine extends AnyStateMachine> = keyof ActorLogicsOf<TMachine> & string;

/** An outcome's names: its key (a literal, so bindings can be checked against it) and its label. */
type OutcomeText<TKey extends string> = { key: TKey; label: string };

/** An actor that resolves with nothing (a download, printing) needs no `output` in its outcome. */
type DoneOutput<T> = [T] extends [void | undefined] ? { output?: T } : { output: T };

/** An outcome of one of the machine's actors: a done output of the actor's output type, or an error. */
export type OutcomeOf<TMachine extends AnyStateMachine, TKey extends string = string> = {
  [K in ActorNameOf<TMachine>]:
    | (OutcomeText<TKey> & { actor: K; kind: 'done' } & DoneOutput<OutputFrom<ActorLogicsOf<TMachine>[K]>>)
    | (OutcomeText<TKey> & { actor: K; kind: 'error'; error: unknown });
}[ActorNameOf<TMachine>];

/** A call of the machine the bank must not apply twice, its key read from the actor's typed input. */
export type IdempotentCallOf<TMachine extends AnyStateMachine> = {
  [K in ActorNameOf<TMachine>]: {
    actor: K;
    key(input: InputFrom<ActorLogicsOf<TMachine>[K]>): unknown;
    newAttemptOn?: EventFrom<TMachine>['type'][];
  };
}[ActorNameOf<TMachine>];

/**
 * A catalog entry written against its machine: the input, every event, every outcome (actor
 * name and output), the context that `contextKey` reads, the idempotent calls and the actors
 * mapped to operations are checked against the machine's own types and the contract.
 */
export interface FlowDefinition<
  TMachine extends AnyStateMachine,
  TOutcomeKey extends string = string,
> extends Omit<
  FlowEntry,
  'machine' | 'input' | 'events' | 'outcomes' | 'contextKey' | 'idempotent' | 'operations'
> {
  machine: TMachine;
  input?: InputFrom<TMachine>;
  events: (Omit<FixtureEvent, 'event'> & { event: EventFrom<TMachine> })[];
  outcomes: OutcomeOf<TMachine, TOutcomeKey>[];
  contextKey?: (context: ContextFrom<TMachine>) => unknown;
  idempotent?: IdempotentCallOf<TMachine>[];
  operations?: Partial<Record<ActorNameOf<TMachine>, keyof operations>>;
}

/**
/**
 * A catalog entry that remembers, as types only, its machine and its outcome keys, so the e2e
 * bindings written for it are checked against them (see {@link BindingKeysOf}). It is a
 * {@link FlowEntry}: the catalog stores it as one.
 */
export interface TypedFlowEntry<
  TMachine extends AnyStateMachine,
  TOutcomeKey extends string,
> extends FlowEntry {
  /** Never present at run time: only carries the types. */
  readonly [flowTypes]?: { machine: TMachine; outcomeKey: TOutcomeKey };
}

/** The machine of a typed catalog entry ({@link defineFlow}'s answer). */
export type MachineOf<TFlow> = TFlow extends TypedFlowEntry<infer TMachine, string> ? TMachine : never;

/**
 * A catalog entry as {@link defineFlow} returns it: its id and route keep their literal types, so
 * the catalog's flow ids are a type (`FlowId`, machines/catalog.ts) that the tables keyed by flow
 * (the e2e bindings, the app's actors) are checked against.
 */
export type DefinedFlow<TId extends string, TRoute extends string | undefined> = FlowEntry & {
  id: TId;
  route: TRoute;
};

/**
 * Declares a flow's fixtures typed by its machine (`defineFlow({ machine: loginMachine, ... })`)
 * and returns the catalog's {@link FlowEntry}, typed with its machine, outcome keys, id and route:
 * a fixture that names an event the machine does not know, an output of the wrong shape or a
 * context field that does not exist fails to compile, and no fixture has to cast.
 */
export function defineFlow<
  TMachine extends AnyStateMachine,
  TOutcomeKey extends string,
  const TId extends string,
  const TRoute extends string | undefined = undefined,
>(
  flow: FlowDefinition<TMachine, TOutcomeKey> & { id: TId; route?: TRoute },
): TypedFlowEntry<TMachine, TOutcomeKey> & DefinedFlow<TId, TRoute>;
// The checking is the overload's; inside a generic body TypeScript cannot resolve the conditional
// types of an outcome, so the implementation takes the entry as the catalog stores it.
export function defineFlow(flow: FlowEntry): FlowEntry {
  return flow;
}
