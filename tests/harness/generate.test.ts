import { assign, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { FlowEntry } from '../../machines/catalog-types';
import {
  coveringSet,
  dedupePaths,
  generatePaths,
  generateUncached,
  outcomeEvent,
  pathItems,
} from '../../machines/harness/generate';
import { catalog } from '../../machines/catalog';
import { buildModel, coverableGuardOutcomes, coverableStates } from '../../machines/harness/model';
import { stableStringify } from '../../machines/harness/serialize';
import { signInEntry, wizardEntry } from './fixtures';

const seq = (p: { steps: Array<{ event: { type: string } }> }): string[] =>
  p.steps.slice(1).map((s) => stableStringify(s.event));

describe('generatePaths — shortest', () => {
  for (const entry of [signInEntry, wizardEntry]) {
    it(`${entry.id}: reaches every state, transition and guard outcome`, () => {
      const model = buildModel(entry);
      const g = generatePaths(entry, { strategy: 'shortest' });
      expect(g.expected.states).toEqual(expect.arrayContaining(coverableStates(model).map((s) => s.id)));
      expect(g.expected.transitions.sort()).toEqual(model.transitions.map((t) => t.id).sort());
      expect(g.expected.guards.sort()).toEqual(coverableGuardOutcomes(model).sort());
    });

    it(`${entry.id}: no path is a prefix of another, ids are unique and stable`, () => {
      const a = generatePaths(entry, { strategy: 'shortest' });
      const b = generateUncached(entry, { strategy: 'shortest' });
      expect(a.paths.map((p) => p.id)).toEqual(b.paths.map((p) => p.id));
      expect(new Set(a.paths.map((p) => p.id)).size).toBe(a.paths.length);
      for (const p of a.paths) {
        for (const q of a.paths) {
          if (p === q) continue;
          const ps = seq(p);
          const qs = seq(q);
          expect(
            ps.length <= qs.length && ps.every((e, i) => qs[i] === e),
            `${p.id} is a prefix of ${q.id}`,
          ).toBe(false);
        }
      }
    });
  }

  it('names actor outcomes and timers as XState delivers them', () => {
    const g = generatePaths(signInEntry, { strategy: 'shortest' });
    const steps = g.paths.flatMap((p) => p.steps);
    const done = steps.find((s) => s.kind === 'done' && s.actor === 'login');
    expect(done?.event).toMatchObject({ type: 'xstate.done.actor.login', actorId: 'login' });
    expect(done?.event).toHaveProperty('output');
    const error = steps.find((s) => s.kind === 'error');
    expect(error?.event.type).toMatch(/^xstate\.error\.actor\./);
    const timer = steps.find((s) => s.kind === 'timer');
    expect(timer).toMatchObject({
      event: { type: 'xstate.after.redirect.signIn.failure' },
      delay: 'redirect',
      delayMs: 1800,
      label: 'Espera 1,8 s e volta ao início',
    });
    expect(outcomeEvent({ actor: 'x', kind: 'error', error: 1, key: 'x', label: '' })).toEqual({
      type: 'xstate.error.actor.x',
      error: 1,
      actorId: 'x',
    });
  });

  it('explores a guard found false as a step that changes nothing', () => {
    const g = generatePaths(signInEntry, { strategy: 'shortest' });
    const refused = g.paths.flatMap((p) => p.steps).find((s) => s.selfLoop && s.event.type === 'form.submit');
    expect(refused?.guards).toContain('signIn.editing::form.submit::0:false');
    expect(refused?.transitions).toEqual([]);
  });

  it('foldSelfLoops: a refusal is played on the way of a path that succeeds, not at its end', () => {
    const plain = generatePaths(signInEntry, { strategy: 'shortest' });
    const folded = generatePaths({ ...signInEntry, foldSelfLoops: true }, { strategy: 'shortest' });
    const items = (g: typeof plain) => new Set(g.paths.flatMap((p) => [...pathItems(p)]));
    expect(items(folded)).toEqual(items(plain));
    expect(folded.paths.length).toBeLessThan(plain.paths.length);
    const isRefusal = (s: { selfLoop?: boolean; event: { type: string } } | undefined) =>
      s?.selfLoop === true && s.event.type === 'form.submit';
    expect(plain.paths.some((p) => isRefusal(p.steps.at(-1)))).toBe(true);
    const hosts = folded.paths.filter((p) => p.steps.some(isRefusal));
    expect(hosts.length).toBeGreaterThan(0);
    for (const p of hosts) {
      expect(isRefusal(p.steps.at(-1))).toBe(false);
      // The host takes no failure of the login call: the refusal comes before a sign-in that works.
      expect(p.steps.some((s) => s.kind === 'error' && s.actor === 'login')).toBe(false);
    }
  });

  it('follows eventless transitions and parallel regions', () => {
    const g = generatePaths(wizardEntry, { strategy: 'shortest' });
    const large = g.paths.flatMap((p) => p.steps).find((s) => s.states.includes('wizard.confirm.large'));
    expect(large?.transitions).toEqual(
      expect.arrayContaining(['wizard.form::wizard.next::0', 'wizard.confirm.check::always::0']),
    );
    const both = g.paths
      .flatMap((p) => p.steps)
      .find(
        (s) =>
          s.states.includes('wizard.form.amount.filled') && s.states.includes('wizard.form.recipient.filled'),
      );
    expect(both).toBeDefined();
  });
});

describe('generatePaths — simple', () => {
  it('respects maxDepth and maxPaths and never repeats a state within a path', () => {
    const g = generatePaths(wizardEntry, { strategy: 'simple', maxDepth: 6, maxPaths: 20 });
    expect(g.paths.length).toBeGreaterThan(0);
    expect(g.paths.length).toBeLessThanOrEqual(20);
    for (const p of g.paths) {
      expect(p.steps.length - 1).toBeLessThanOrEqual(6);
      const keys = p.steps.map((s) => stableStringify([s.value, s.context]));
      expect(new Set(keys).size, p.id).toBe(keys.length);
    }
  });

  it('honours the limits of the catalog entry', () => {
    const g = generatePaths({ ...wizardEntry, limits: { maxPaths: 3 } }, { strategy: 'simple' });
    expect(g.paths.length).toBeLessThanOrEqual(3);
  });
});

describe('generatePaths — unbounded context', () => {
  const counter = setup({
    types: { context: {} as { n: number; at: number }, events: {} as { type: 'inc' } },
  }).createMachine({
    id: 'counter',
    context: { n: 0, at: 0 },
    initial: 'on',
    states: {
      on: { meta: { spec: 'x' }, on: { inc: { actions: assign({ n: ({ context }) => context.n + 1 }) } } },
    },
  });
  const entry: FlowEntry = {
    id: 'counter',
    title: 'Contador',
    spec: ['x'],
    machine: counter,
    events: [{ event: { type: 'inc' }, label: '+1' }],
    outcomes: [],
  };

  it('fails with advice when the context makes the state space explode', () => {
    expect(() => generatePaths(entry, { strategy: 'shortest', maxStates: 50 })).toThrow(/contextKey/);
  });

  it('is bounded by a contextKey projection', () => {
    const g = generatePaths(
      { ...entry, contextKey: (c) => Math.min((c as { n: number }).n, 2) },
      { strategy: 'shortest' },
    );
    expect(g.stateCount).toBe(3);
  });
});

describe('dedupePaths', () => {
  it('keeps the longest of paths sharing a prefix', () => {
    const p = (...types: string[]) => ({
      steps: [{ event: { type: 'xstate.init' } }, ...types.map((type) => ({ event: { type } }))],
    });
    const a = p('a');
    const ab = p('a', 'b');
    const ac = p('a', 'c');
    const same = p('a', 'b');
    expect(dedupePaths([a, ab, ac, same])).toEqual([ab, ac]);
  });
});

describe('coveringSet — the browser set of npm test', () => {
  const itemsOf = (paths: Parameters<typeof pathItems>[0][]): string[] =>
    [...new Set(paths.flatMap((p) => [...pathItems(p)]))].sort();

  // Every catalog flow: the covering set exercises exactly what the whole shortest set does
  // (every state, transition and both outcomes of every guard), with fewer paths.
  for (const entry of [signInEntry, wizardEntry, ...catalog]) {
    it(`${entry.id}: covers 100% of what the shortest set covers`, () => {
      const shortest = generatePaths(entry, { strategy: 'shortest' }).paths;
      const cover = coveringSet(shortest);
      expect(itemsOf(cover)).toEqual(itemsOf(shortest));
      expect(cover.length).toBeLessThanOrEqual(shortest.length);
      // Its paths are the shortest set's own, ids included, in the same order.
      const ids = shortest.map((p) => p.id);
      expect(cover.map((p) => ids.indexOf(p.id))).toEqual(
        cover.map((p) => ids.indexOf(p.id)).sort((a, b) => a - b),
      );
    });
  }

  // Walks come back to states (a retry, a dialog opened again), so they reach everything the
  // shortest set does with far fewer starts; the browser's covering set picks among all three.
  for (const entry of [signInEntry, wizardEntry, ...catalog]) {
    it(`${entry.id}: its walks cover 100% of what the shortest set covers, in fewer paths`, () => {
      const shortest = generatePaths(entry, { strategy: 'shortest' }).paths;
      const walks = generatePaths(entry, { strategy: 'walk' }).paths;
      expect(itemsOf(walks)).toEqual(itemsOf(shortest));
      expect(walks.length).toBeLessThanOrEqual(coveringSet(shortest).length + 1);
      for (const w of walks) expect(w.id).toMatch(new RegExp(`^${entry.id}\\.w\\.`));
    });
  }

  it('keeps both outcomes of a guard, and drops a path the others make redundant', () => {
    const g = generatePaths(signInEntry, { strategy: 'shortest' });
    const cover = coveringSet(g.paths);
    const guards = itemsOf(cover).filter((i) => i.startsWith('g:'));
    expect(guards).toEqual(g.expected.guards.map((x) => `g:${x}`).sort());
    // A path whose items another has is never kept twice.
    const doubled = coveringSet([...g.paths, ...g.paths.map((p) => ({ ...p, id: `${p.id}-copy` }))]);
    expect(doubled.length).toBe(cover.length);
    for (const p of doubled) {
      const others = doubled.filter((q) => q !== p);
      const rest = new Set(others.flatMap((q) => [...pathItems(q)]));
      expect(
        [...pathItems(p)].every((x) => rest.has(x)),
        `${p.id} is redundant`,
      ).toBe(false);
    }
  });
});
