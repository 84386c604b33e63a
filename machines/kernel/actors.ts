import { fromPromise, type PromiseActorLogic } from 'xstate';

/**
 * An actor the machine declares but does not implement: its real implementation is given with
 * `machine.provide({ actors })`, at the composition root (src/app/actors) for API calls, or by the
 * view for browser work (downloads, printing). Declaring it here types its input and output; a
 * machine started without providing it fails at once, naming the actor and who must provide it.
 */
export function mustProvide<TOutput, TInput>(
  name: string,
  providedBy: 'composition root' | 'view' = 'composition root',
): PromiseActorLogic<TOutput, TInput> {
  const where = providedBy === 'view' ? 'the view' : 'the composition root (src/app/actors)';
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name}: not provided; it is given by ${where}`);
  });
}
