/**
 * The S-Transaction of a Pix refund: the portal's (machines/validators/transfer.ts, kind
 * `pix-refund`) is the bank's (sandbox/routes/pix-refunds.ts `refundSignature`),
 * `trunc(valor)|accountId|transactionId`, for any value, account and entry.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refundSignature } from '../../sandbox/routes/pix-refunds';
import { transactionSignature } from '../../machines/validators/transfer';

describe('the refund signature', () => {
  it("is the bank's: trunc(valor)|accountId|transactionId", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999_99 }),
        fc.stringMatching(/^[0-9]{4,10}$/),
        fc.uuid(),
        (cents, accountId, transactionId) => {
          const valor = cents / 100;
          const request = { accountId, transactionId, valor, externalIdentifier: 'ext-1' };
          expect(transactionSignature({ kind: 'pix-refund', request })).toBe(
            refundSignature(valor, accountId, transactionId),
          );
        },
      ),
    );
  });
});
