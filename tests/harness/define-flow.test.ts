/**
 * defineFlow types a flow's fixtures by its machine: the `@ts-expect-error` lines below are
 * checked by `tsc` (npm test's typecheck), so a fixture that names an unknown event, an actor the
 * machine does not declare, an output of the wrong shape or a context field that does not exist
 * stops compiling. At run time it returns the entry the catalog stores, unchanged.
 */
import { describe, expect, it } from 'vitest';
import { loginMachine } from '../../machines/access/login.machine';
import { defineFlow, type FlowDefinition } from '../../machines/catalog-types';
import { validateEntry } from '../../machines/harness/validate-entry';
import { signInEntry } from './fixtures';

type LoginFlow = FlowDefinition<typeof loginMachine>;
const base = { id: 'login-check', title: 'Entrar', spec: [] as string[], machine: loginMachine };

const wrongEvent: LoginFlow['events'] = [
  // @ts-expect-error: the login machine has no 'form.nope' event
  { event: { type: 'form.nope' }, label: 'x' },
];
const wrongPayload: LoginFlow['events'] = [
  // @ts-expect-error: form.change carries a field and a value
  { event: { type: 'form.change', field: 'user' }, label: 'x' },
];
const wrongActor: LoginFlow['outcomes'] = [
  // @ts-expect-error: the login machine declares no 'transfer' actor
  { actor: 'transfer', kind: 'error', error: {}, key: 'x', label: 'x' },
];
const wrongOutput: LoginFlow['outcomes'] = [
  // @ts-expect-error: login resolves with a session (token, accounts...), not a boolean
  { actor: 'login', kind: 'done', output: true, key: 'x', label: 'x' },
];
// @ts-expect-error: the context has no 'balance'
const wrongContext: LoginFlow['contextKey'] = (c) => c.balance;
const wrongOperation: LoginFlow['operations'] = {
  // @ts-expect-error: not an operationId of openapi/portal.yaml
  login: 'signIn',
};

describe('defineFlow', () => {
  it('returns the entry as the catalog stores it', () => {
    const events: LoginFlow['events'] = [{ event: { type: 'form.submit' }, label: 'Clica em Entrar' }];
    const entry = defineFlow({ ...base, events, outcomes: [], operations: { login: 'login' } });
    expect(entry.machine).toBe(loginMachine);
    expect(entry.events.map((e) => e.event.type)).toEqual(['form.submit']);
    expect(entry.operations).toEqual({ login: 'login' });
  });

  it('keeps the wrong fixtures above out of any catalog (they exist only for the compiler)', () => {
    expect([wrongEvent, wrongPayload, wrongActor, wrongOutput].every((list) => list.length === 1)).toBe(true);
    expect(typeof wrongContext).toBe('function');
    expect(wrongOperation).toEqual({ login: 'signIn' });
  });

  it('has the catalog refuse outcome keys that are not camelCase or not unique in the flow', () => {
    expect(validateEntry(signInEntry)).toEqual([]);
    const [first, second, ...rest] = signInEntry.outcomes;
    if (!first || !second) throw new Error('fixture outcomes missing');
    const problems = validateEntry({
      ...signInEntry,
      outcomes: [{ ...first, key: 'Login aceito' }, { ...second, key: rest[0]?.key ?? '' }, ...rest],
    });
    expect(problems).toEqual([
      "sign-in: outcome 'Login aceito' has key 'Login aceito': use English camelCase",
      "sign-in: outcome key 'badCredentials' names more than one outcome (keys are unique in a flow)",
    ]);
  });
});
