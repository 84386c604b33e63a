import type { IdGenerator } from '../../../machines/kernel/ids';

/** Idempotency keys and externalIdentifiers of the live portal: random UUIDs (RFC 4122 v4). */
export const newIdempotencyKey: IdGenerator = () => crypto.randomUUID();
