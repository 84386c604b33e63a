import { describe, expect, it } from 'vitest';
import type { FlowEntry } from '../../machines/catalog-types';
import { generatePaths } from '../../machines/harness/generate';
import { formatReplayFailure, ManualClock, replayPath } from '../../machines/harness/replay';
import { signInEntry, signInMachine, wizardEntry } from './fixtures';

describe('replayPath', () => {
  for (const entry of [signInEntry, wizardEntry]) {
    for (const strategy of ['shortest', 'simple'] as const) {
      it(`${entry.id}: every ${strategy} path replays on the real machine`, async () => {
        const { paths } = generatePaths(entry, { strategy, maxPaths: 40 });
        for (const path of paths) {
          const r = await replayPath(entry, path);
          expect(r.ok, r.ok ? '' : formatReplayFailure(path, r)).toBe(true);
        }
      });
    }
  }

  it('records what really happened, equal to what generation expected', async () => {
    const g = generatePaths(signInEntry, { strategy: 'shortest' });
    const transitions = new Set<string>();
    const guards = new Set<string>();
    for (const p of g.paths) {
      const r = await replayPath(signInEntry, p);
      r.hits.transitions.forEach((t) => transitions.add(t));
      r.hits.guards.forEach((t) => guards.add(t));
    }
    expect([...transitions].sort()).toEqual(g.expected.transitions);
    expect([...guards].sort()).toEqual(g.expected.guards);
  });

  it('fails on the step where the machine differs from the path, naming it', async () => {
    const g = generatePaths(signInEntry, { strategy: 'shortest' });
    const path = g.paths.find((p) =>
      p.steps.some((s) => s.kind === 'error' && s.label === 'Credenciais inválidas'),
    );
    expect(path).toBeDefined();
    if (!path) return;
    // The same flow, but bad credentials now end in failure instead of going back to editing.
    const changed: FlowEntry = {
      ...signInEntry,
      machine: signInMachine.provide({ guards: { isBadCredentials: () => false } }),
    };
    const r = await replayPath(changed, path);
    expect(r.ok).toBe(false);
    const failing = path.steps.findIndex((s) => s.label === 'Credenciais inválidas');
    expect(r.failedStep).toBe(failing);
    expect(r.message).toContain('"failure"');
    const text = formatReplayFailure(path, r);
    expect(text).toContain('✗');
    expect(text).toContain(path.id);
  });

  it('notices a context that differs while the state value is the same', async () => {
    const g = generatePaths(signInEntry, { strategy: 'shortest' });
    const path = g.paths.find((p) => p.steps.some((s) => s.event.type === 'form.change'));
    if (!path) throw new Error('no path with form.change');
    const changed: FlowEntry = {
      ...signInEntry,
      machine: signInMachine.provide({ actions: { assignField: () => {} } }),
    };
    const r = await replayPath(changed, path);
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(/different context/);
  });
});

describe('ManualClock', () => {
  it('fires due timers in order and skips cleared ones', () => {
    const clock = new ManualClock();
    const fired: string[] = [];
    clock.setTimeout(() => fired.push('b'), 200);
    const a = clock.setTimeout(() => fired.push('x'), 50);
    clock.setTimeout(() => fired.push('a'), 100);
    clock.clearTimeout(a);
    clock.advanceTo(150);
    expect(fired).toEqual(['a']);
    clock.advanceTo(1000);
    expect(fired).toEqual(['a', 'b']);
    expect(clock.now).toBe(1000);
  });
});
