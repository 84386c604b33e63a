import { useEffect, useRef } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

/**
 * Runs `effect` each time the actor's snapshot starts to satisfy `predicate` (toasts, navigation,
 * focus): once per entry, not on every re-render, and not for the state the actor starts in unless
 * it already satisfies it when subscribed.
 */
export function useOnEnter<A extends AnyActorRef>(
  actor: A,
  predicate: (snapshot: SnapshotFrom<A>) => boolean,
  effect: (snapshot: SnapshotFrom<A>) => void,
): void {
  const latest = useRef({ predicate, effect });
  useEffect(() => {
    latest.current = { predicate, effect };
  });
  useEffect(() => {
    let inside = false;
    const check = (snapshot: SnapshotFrom<A>) => {
      const now = latest.current.predicate(snapshot);
      if (now && !inside) latest.current.effect(snapshot);
      inside = now;
    };
    check(actor.getSnapshot() as SnapshotFrom<A>);
    const sub = actor.subscribe((s: SnapshotFrom<A>) => check(s));
    return () => sub.unsubscribe();
  }, [actor]);
}
