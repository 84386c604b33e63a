import type { components } from '../../../openapi/portal';
import { useClient } from '../../api/queries';
import { useSession } from '../../shell/use-session';

type Schemas = components['schemas'];

/** What the profile screens read: the session's account and the freshest client record known. */
export interface ProfileData {
  accountHolderId: string | undefined;
  accountId: string | undefined;
  /** GET /client/{accountId} when it has answered, else the record stored in the session at login. */
  client: Schemas['Client'] | undefined;
  accountInfo: Schemas['AccountInfo'] | undefined;
  /** The read of the client (a plain read: react-query, DESIGN.md Boundaries). */
  query: ReturnType<typeof useClient>;
}

/**
 * The profile's data (1-access-shell-statement.md §2 Profile screen): the client is read with
 * getClient; until it answers (or if it fails) the session's copy is shown, so the screen never
 * waits for data it already has. An address edit refreshes both (the address book stores the
 * reloaded client in the session and in the query cache).
 */
export function useProfileData(): ProfileData {
  const current = useSession();
  const accountId = current?.account.accounts[0]?.accountId;
  const query = useClient(accountId);
  return {
    accountHolderId: current?.account.accountHolderId,
    accountId,
    client: query.data?.client ?? current?.client,
    accountInfo: query.data?.account ?? current?.accountInfo,
    query,
  };
}
