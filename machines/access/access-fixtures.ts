/**
 * Shared test data of the access flows' fixtures: API failures shaped like the API layer's
 * `ApiError` (machines cannot import src/, so these are plain objects with the same fields), and
 * the demo customer: her credentials as the sandbox seeds them (demo/users.ts), under ids of the
 * fixtures' own (the seed's ids are UUIDs).
 */

import { DEMO_USERS, FIXTURE_IDS } from '../../demo/users.ts';

export {
  apiErrorLike,
  businessError,
  internalError,
  networkError,
  timeoutError,
} from '../fixtures/api-errors.ts';

const { maria, padaria } = DEMO_USERS;

/** The demo customer Maria: the seed's user names and password (demo/users.ts); fixture ids. */
export const DEMO = {
  email: maria.email,
  cpfMasked: maria.taxIdMasked,
  cpf: maria.taxId,
  /** Maria's mobile phone, a user name of its own. */
  phoneMasked: maria.phoneMasked,
  /** Padaria Pão Dourado's alphanumeric CNPJ, the company's user name. */
  companyCnpj: padaria.taxIdMasked,
  password: maria.password,
  ...FIXTURE_IDS.maria,
} as const;

/**
 * The entry steps (FlowEntry.entrySteps) of a flow behind sign-in: Maria signs in with the demo
 * credentials, opens `route`, then does `then` (what the flow's e2e `start` does, in words).
 */
export function signedInSteps(route: string, ...then: string[]): string[] {
  return [`Entra como ${DEMO.email} com a senha ${DEMO.password}`, `Abre a rota ${route}`, ...then];
}
