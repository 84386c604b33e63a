/**
 * Which protected routes exist, for screens that link to other screens (the Pix hub's cards): a
 * link to a route not built yet is left out, never a dead end (issue 15). The shell provides the
 * route table's paths; features read them here, since they may not import src/app.
 */
import { createContext, useContext } from 'react';

const RegisteredRoutesContext = createContext<ReadonlySet<string>>(new Set());

export const RegisteredRoutesProvider = RegisteredRoutesContext.Provider;

/** Whether `path` is a route of the portal (matching ignores case, like wouter's). */
export function useIsRegisteredRoute(): (path: string) => boolean {
  const paths = useContext(RegisteredRoutesContext);
  return (path: string) => paths.has(path.toLowerCase());
}
