/**
 * The one shape of a money movement's call (2-money-movement.md §7; 3-pix-part-one.md §7): the
 * `deviceId` header, S-Transaction (machines/validators/transfer.ts `transactionSignature`, the
 * one place it is computed) and S-Confirmation (the token the security code gave for that
 * signature), the account in the path when the operation has one, the body and the caller's signal.
 * Every movement wrapper of src/api (transfers, bills, Pix) builds its request with
 * {@link securedInit}, so the headers a movement carries are written once.
 */
import { deviceHeader, type CallOptions } from './client';

/** The headers of a movement confirmed by the security code. */
export interface MovementHeaders {
  /** S-Transaction: machines/validators/transfer.ts `transactionSignature`, the one place it is computed. */
  transactionSignature: string;
  /** S-Confirmation: the token validateTotp gave for this signature. */
  confirmationToken: string;
}

/** The header params of a secured movement. */
export function movementHeader(h: MovementHeaders) {
  return {
    ...deviceHeader(),
    'S-Transaction': h.transactionSignature,
    'S-Confirmation': h.confirmationToken,
  };
}

type SecuredHeader = ReturnType<typeof movementHeader>;

/**
 * The request of a secured movement for openapi-fetch: with `path`, the operation's path params
 * (`{ accountId }`); without, an operation that has none (POST /payments).
 */
export function securedInit<B>(
  body: B,
  headers: MovementHeaders,
  opts: CallOptions,
): { params: { header: SecuredHeader }; body: B; signal?: AbortSignal };
export function securedInit<B, P extends Record<string, string>>(
  body: B,
  headers: MovementHeaders,
  opts: CallOptions,
  path: P,
): { params: { header: SecuredHeader; path: P }; body: B; signal?: AbortSignal };
export function securedInit<B, P extends Record<string, string>>(
  body: B,
  headers: MovementHeaders,
  opts: CallOptions,
  path?: P,
): { params: { header: SecuredHeader; path?: P }; body: B; signal?: AbortSignal } {
  const header = movementHeader(headers);
  return { params: path === undefined ? { header } : { header, path }, body, signal: opts.signal };
}
