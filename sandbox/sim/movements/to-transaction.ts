import type { TransactionInput } from '../../db/ledger.ts';
import { billBuilders } from './bills.ts';
import type { Builders, Movement } from './model.ts';
import { pixBuilders } from './pix.ts';
import { serviceBuilders } from './services.ts';
import { transferBuilders } from './transfers.ts';

/**
 * One builder per kind, grouped by area. A new kind is a member of Movement (model.ts) and a
 * builder in its area's file; the type below fails to compile until both exist.
 */
const builders: Builders<Movement['kind']> = {
  ...transferBuilders,
  ...pixBuilders,
  ...billBuilders,
  ...serviceBuilders,
};

/** Turns a movement into one balanced ledger transaction. */
export function toTransaction(m: Movement): TransactionInput {
  // The table holds, for each kind, the builder of that kind; TypeScript cannot correlate the two
  // through the index, so the builder is widened to the union it is called with.
  return (builders[m.kind] as (m: Movement) => TransactionInput)(m);
}
