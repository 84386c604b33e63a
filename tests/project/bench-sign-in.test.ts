import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../demo/users.ts';
import { DEVICE_COOKIE_NAME } from '../../src/runtime/session.ts';

/**
 * scripts/bench-lighthouse.mjs signs in through the login form as Maria, from her trusted device
 * (issue 30): a plain script cannot import demo/users.ts, so it writes the cookie down, and this
 * test keeps it the seed's. Another cookie would measure /Pix behind 'Dispositivo não validado.'.
 */
describe('the Lighthouse bench signs in from a trusted device', () => {
  const script = readFileSync(join(import.meta.dirname, '../../scripts/bench-lighthouse.mjs'), 'utf8');
  const constant = (name: string) => new RegExp(`const ${name} = (.+);`).exec(script)?.[1];

  it('as Maria, with her seeded device cookie under the portal cookie name', () => {
    expect(constant('USER')).toBe(`'${DEMO_USERS.maria.email}'`);
    expect(constant('DEVICE_COOKIE')).toBe(
      `{ name: '${DEVICE_COOKIE_NAME}', value: '${DEMO_USERS.maria.device.cookie}' }`,
    );
  });
});
