/**
 * How a view receives the actors of its machine: the composition root (src/app) puts the real
 * ones in a {@link FlowActorsProvider}, view tests put fakes in the same provider,
 * and a view reads them with {@link useFlowActors}. Features never import src/app (a lint rule).
 *
 * The table is typed by the machines (type-only imports: no machine enters this module's chunk),
 * so an actor whose input or output does not match its machine's declaration does not compile.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { AnyStateMachine } from 'xstate';
import type { changeByCodeMachine } from '../../machines/access/change-by-code.machine';
import type { changePasswordMachine } from '../../machines/access/change-password.machine';
import type { firstLoginMachine } from '../../machines/access/first-login.machine';
import type { loginMachine } from '../../machines/access/login.machine';
import type { logoutMachine } from '../../machines/access/logout.machine';
import type { passwordSetupMachine } from '../../machines/access/password-setup.machine';
import type { verifyLinkMachine } from '../../machines/access/verify-link.machine';
import type { IdGenerator } from '../../machines/kernel/ids';
import type { addressBookMachine } from '../../machines/profile/address-book.machine';
import type { exportMachine } from '../../machines/statement/export.machine';
import type { receiptMachine } from '../../machines/statement/receipt.machine';
import type { statementMachine } from '../../machines/statement/statement.machine';
import type { recipientBookMachine } from '../../machines/transfers/recipient-book.machine';
import type { bankTransferMachine } from '../../machines/transfers/bank-transfer.machine';
import type { companyTransferMachine } from '../../machines/transfers/company-transfer.machine';
import type { mobileTopUpMachine } from '../../machines/topup/mobile-top-up.machine';
import type { depositBoletoMachine } from '../../machines/deposits/deposit-boleto.machine';
import type { depositListMachine } from '../../machines/deposits/deposit-list.machine';
import type { billPaymentMachine } from '../../machines/payments/bill-payment.machine';
import type { receiveCheckMachine } from '../../machines/receive/receive-check.machine';
import type { pixHubMachine } from '../../machines/pix/pix-hub.machine';
import type { pixKeysMachine } from '../../machines/pix/pix-keys.machine';
import type { pixSendKeyMachine } from '../../machines/pix/pix-send-key.machine';
import type { pixSettlementMachine } from '../../machines/pix/pix-settlement.machine';
import type { pixCopyPasteMachine } from '../../machines/pix/pix-copy-paste.machine';
import type { pixSendManualMachine } from '../../machines/pix/pix-send-manual.machine';
import type { pixRefundMachine } from '../../machines/pix/pix-refund.machine';
import type { pixInfractionMachine } from '../../machines/pix/pix-infraction.machine';
import type { pixReceiveMachine } from '../../machines/pix/pix-receive.machine';
import type { pixLimitsMachine } from '../../machines/pix/pix-limits.machine';

/** The actors `machine.provide({ actors })` accepts: each keyed by its `src`, typed by it. */
export type ActorsOf<TMachine extends AnyStateMachine> = NonNullable<
  NonNullable<Parameters<TMachine['provide']>[0]>['actors']
>;

/**
 * Every machine a view starts, by its file name (`<flow>.machine.ts`). A new flow adds its line
 * here and its actors in src/app/actors/<area>-actors.ts; the compiler then asks for both.
 */
export interface FlowMachines {
  login: typeof loginMachine;
  'verify-link': typeof verifyLinkMachine;
  'password-setup': typeof passwordSetupMachine;
  'first-login': typeof firstLoginMachine;
  'change-password': typeof changePasswordMachine;
  'change-by-code': typeof changeByCodeMachine;
  logout: typeof logoutMachine;
  statement: typeof statementMachine;
  receipt: typeof receiptMachine;
  export: typeof exportMachine;
  'address-book': typeof addressBookMachine;
  'recipient-book': typeof recipientBookMachine;
  'bank-transfer': typeof bankTransferMachine;
  'company-transfer': typeof companyTransferMachine;
  'mobile-top-up': typeof mobileTopUpMachine;
  'deposit-boleto': typeof depositBoletoMachine;
  'deposit-list': typeof depositListMachine;
  'bill-payment': typeof billPaymentMachine;
  'receive-check': typeof receiveCheckMachine;
  'pix-hub': typeof pixHubMachine;
  'pix-keys': typeof pixKeysMachine;
  'pix-settlement': typeof pixSettlementMachine;
  'pix-copy-paste': typeof pixCopyPasteMachine;
  'pix-send-key': typeof pixSendKeyMachine;
  'pix-send-manual': typeof pixSendManualMachine;
  'pix-refund': typeof pixRefundMachine;
  'pix-infraction': typeof pixInfractionMachine;
  'pix-receive': typeof pixReceiveMachine;
  'pix-limits': typeof pixLimitsMachine;
}

/** Each machine's actors, as the composition root provides them (an area at a time). */
export type FlowActors = { [K in keyof FlowMachines]: ActorsOf<FlowMachines[K]> };

interface FlowRuntime {
  actors: Partial<FlowActors>;
  newId?: IdGenerator;
}

const FlowRuntimeContext = createContext<FlowRuntime>({ actors: {} });

export interface FlowActorsProviderProps {
  /** The actors of some flows; flows given by a provider further up stay available. */
  actors: Partial<FlowActors>;
  /** Ids the bank deduplicates on (externalIdentifier, idempotency keys): the flows' `input.newId`. */
  newId?: IdGenerator;
  children: ReactNode;
}

/**
 * Gives flows' actors to every view below it: the composition root gives the real ones (one
 * provider per area, loaded with the area's pages), a view test gives fakes the same way.
 */
export function FlowActorsProvider({ actors, newId, children }: FlowActorsProviderProps) {
  const parent = useContext(FlowRuntimeContext);
  const value = useMemo(
    () => ({ actors: { ...parent.actors, ...actors }, newId: newId ?? parent.newId }),
    [parent, actors, newId],
  );
  return <FlowRuntimeContext.Provider value={value}>{children}</FlowRuntimeContext.Provider>;
}

/**
 * The actors of one machine and the id generator, for
 * `useActorRef(machine.provide({ actors }), withLiveInspector({ input: { ..., newId } }))`.
 * A flow nobody provided throws at once, naming it, instead of starting a machine with no actors.
 */
export function useFlowActors<K extends keyof FlowMachines>(
  flow: K,
): { actors: FlowActors[K]; newId: IdGenerator } {
  const { actors, newId } = useContext(FlowRuntimeContext);
  const mine = actors[flow];
  if (!mine) throw new Error(`${flow}: no FlowActorsProvider gives its actors (src/app/routes.tsx)`);
  return { actors: mine, newId: newId ?? noIdGenerator(flow) };
}

function noIdGenerator(flow: string): IdGenerator {
  return () => {
    throw new Error(`${flow}: no id generator provided (newId of FlowActorsProvider)`);
  };
}
