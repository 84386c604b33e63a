/**
 * Ids that must stay the same when a call is retried: the externalIdentifier of a client update,
 * the idempotency key of a money movement. A machine never draws them itself (a random id drawn
 * inside `assign` would be new on every retry and invisible to the path replay); it is given a
 * generator in its input: random at the composition root, sequential in tests, so a replay can
 * check that a retry sends the id of the first attempt.
 */
export type IdGenerator = () => string;

/** Deterministic ids for tests and path replays: `prefix-1`, `prefix-2`, … */
export function sequentialIds(prefix = 'id'): IdGenerator {
  let n = 0;
  return () => `${prefix}-${++n}`;
}
