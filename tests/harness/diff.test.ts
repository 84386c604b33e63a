import { describe, expect, it } from 'vitest';
import { diffCatalogs, diffModel, diffToHtml, diffToText, hasChanges } from '../../machines/harness/diff';
import { buildModel } from '../../machines/harness/model';
import { signInEntry, wizardEntry } from './fixtures';

describe('diff of catalogs', () => {
  const before = buildModel(signInEntry);

  it('finds nothing between identical models', () => {
    const d = diffModel(before, buildModel(signInEntry));
    expect(hasChanges(d)).toBe(false);
    expect(d.status).toBe('unchanged');
    expect(diffToText([d], 'HEAD')).toContain('Nenhuma mudança.');
  });

  it('lists states, transitions, guards and operations added, removed and changed', () => {
    // A new version: 'failure' removed, a 'blocked' state added, submit guarded differently,
    // client loading now calls another operation.
    const next = buildModel({ ...signInEntry, operations: { login: 'login', loadClient: 'getMe' } });
    const after = {
      ...next,
      states: [
        ...next.states.filter((s) => s.id !== 'signIn.failure'),
        {
          ...(next.states.find((s) => s.id === 'signIn.editing') as (typeof next.states)[number]),
          id: 'signIn.blocked',
          key: 'blocked',
          label: 'Bloqueado',
          path: ['blocked'],
        },
      ],
      transitions: next.transitions
        .filter((t) => t.source !== 'signIn.failure')
        .map((t) =>
          t.id === 'signIn.editing::form.submit::0'
            ? { ...t, guard: 'isComplete', targets: ['signIn.blocked'] }
            : t,
        ),
      guards: [...next.guards.filter((g) => g !== 'isFilled'), 'isComplete'],
    };
    const d = diffModel(before, after);
    expect(d.status).toBe('changed');
    expect(d.states.added.map((s) => s.id)).toEqual(['signIn.blocked']);
    expect(d.states.removed.map((s) => s.id)).toEqual(['signIn.failure']);
    expect(d.transitions.removed.map((t) => t.id)).toEqual([
      'signIn.failure::retry::0',
      'signIn.failure::xstate.after.redirect.signIn.failure::0',
    ]);
    const changed = Object.fromEntries(d.transitions.changed.map((c) => [c.id, c.fields]));
    expect(changed).toEqual({
      'signIn.editing::form.submit::0': ['targets', 'guard'],
      // The outcomes of the client load now belong to the new operation.
      'signIn.loading::xstate.done.actor.client::0': ['operationId'],
      'signIn.loading::xstate.error.actor.client::0': ['operationId'],
    });
    expect(d.guards).toEqual({ added: ['isComplete'], removed: ['isFilled'] });
    expect(d.operations).toEqual({
      added: ['loadClient → getMe'],
      removed: ['loadClient → getClient'],
    });
    const text = diffToText([d], 'main');
    expect(text).toContain('+ estados');
    expect(text).toContain('signIn.blocked');
    expect(text).toContain('- transições');
    expect(text).toContain('guard isFilled → isComplete');
    const html = diffToHtml([d], 'main');
    expect(html).toContain('<tr class="add">');
    expect(html).toContain('<tr class="del">');
    expect(html).toContain('<tr class="mod">');
  });

  it('reports flows added and removed between catalogs', () => {
    const diffs = diffCatalogs([before], [buildModel(wizardEntry)]);
    expect(diffs.map((d) => [d.flowId, d.status])).toEqual([
      ['wizard', 'added'],
      ['sign-in', 'removed'],
    ]);
    expect(diffs[0]?.states.added.length).toBe(buildModel(wizardEntry).states.length);
  });
});
