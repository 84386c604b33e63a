/**
 * The session's permission functionalities ('PIX SAQUE', 'PIX TROCO') and withdraw agent
 * (1-access-shell-statement.md §3: kept in the session), which sign-in does not answer: read once
 * from getMe (`Me.functionalities`, `Me.withdrawAgent`) when the session lacks them, and kept in it
 * (session.update), so the menu, the Pix hub and the Saque/Troco pages ask the bank once per
 * session. The read is the portal's one getMe query (`useMe`, src/api/queries.ts). A session has them once `withdrawAgent` is set (null: not an agent).
 */
import { useEffect } from 'react';
import { useMe } from '../api/queries';
import { session, type WithdrawAgent } from '../runtime/session';
import { useSession } from './use-session';

export interface Permissions {
  /** 'loading' until getMe answers; 'failed' when it could not (retry asks again). */
  status: 'ready' | 'loading' | 'failed';
  functionalities: readonly string[];
  withdrawAgent: WithdrawAgent | null;
  retry: () => void;
}

export function usePermissions(): Permissions {
  const current = useSession();
  const known = current?.withdrawAgent !== undefined;
  const me = useMe(current?.token, { enabled: !known });
  useEffect(() => {
    if (me.data)
      session.update({
        functionalities: [...(me.data.functionalities ?? [])],
        withdrawAgent: me.data.withdrawAgent ?? null,
      });
  }, [me.data]);
  const retry = () => void me.refetch();
  if (known)
    return {
      status: 'ready',
      functionalities: current.functionalities,
      withdrawAgent: current.withdrawAgent ?? null,
      retry,
    };
  return {
    status: me.isError ? 'failed' : 'loading',
    functionalities: [],
    withdrawAgent: null,
    retry,
  };
}
