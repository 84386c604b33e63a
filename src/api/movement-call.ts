/**
 * The security headers of a money movement's call (2-money-movement.md §7; 3-pix-part-one.md §7):
 * S-Transaction (machines/validators/transfer.ts `transactionSignature`, the one place it is
 * computed) and S-Confirmation (the token the security code gave for that signature). Every
 * movement actor (transfers, bills, Pix) builds its request's `header` with {@link movementHeader},
 * so the headers a movement carries are written once.
 */

/** What a movement's machine input carries for its two security headers. */
export interface MovementHeaders {
  /** S-Transaction: machines/validators/transfer.ts `transactionSignature`, the one place it is computed. */
  transactionSignature: string;
  /** S-Confirmation: the token validateTotp gave for this signature. */
  confirmationToken: string;
}

/** The `header` part of a secured movement's request (the client adds deviceId). */
export function movementHeader(h: MovementHeaders): { 'S-Transaction': string; 'S-Confirmation': string } {
  return { 'S-Transaction': h.transactionSignature, 'S-Confirmation': h.confirmationToken };
}
