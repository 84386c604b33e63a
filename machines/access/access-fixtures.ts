/**
 * Shared test data of the access flows' fixtures: API failures shaped like the API layer's
 * `ApiError` (machines cannot import src/, so these are plain objects with the same fields), and
 * the demo customer: her credentials as the sandbox seeds them, under ids of the fixtures' own
 * (the seed's ids are UUIDs).
 */

export {
  apiErrorLike,
  businessError,
  internalError,
  networkError,
  timeoutError,
} from '../fixtures/api-errors.ts';
export type { ApiErrorLike } from '../fixtures/api-errors.ts';

/** The demo customer Maria: the seed's user names and password (README 'Demo logins'); fixture ids. */
export const DEMO = {
  email: 'maria@exemplo.com.br',
  cpfMasked: '529.982.247-25',
  cpf: '52998224725',
  /** Maria's mobile phone, a user name of its own (sandbox/db/demo-logins.ts). */
  phoneMasked: '(11) 98765-4321',
  /** Padaria Pão Dourado's alphanumeric CNPJ, the company's user name. */
  companyCnpj: '12.ABC.345/01DE-35',
  password: 'Senha@123',
  accountId: '1001',
  accountHolderId: '5001',
} as const;

/**
 * The entry steps (FlowEntry.entrySteps) of a flow behind sign-in: Maria signs in with the demo
 * credentials, opens `route`, then does `then` (what the flow's e2e `start` does, in words).
 */
export function signedInSteps(route: string, ...then: string[]): string[] {
  return [`Entra como ${DEMO.email} com a senha ${DEMO.password}`, `Abre a rota ${route}`, ...then];
}
