/**
 * E2E bindings are checked against their flow at compile time: `defineBindings(entry, ...)` and
 * `BoundFlow<typeof entry>` accept only the state paths and event types of the flow's machine and
 * the outcome keys of its fixtures (or `<done|error>:<actor>`). The `@ts-expect-error` lines below
 * are checked by `tsc` (npm test's typecheck): if a misspelt name compiled, the directive itself
 * would be the error. At run time, `defineBindings` stamps the flow's id on the bindings.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { bankTransferFlow } from '../../machines/transfers/bank-transfer.fixtures';
import { loginFlow } from '../../machines/access/login.fixtures';
import { pixRefundFlow } from '../../machines/pix/pix-refund.fixtures';
import type { pixSendKeyFlow } from '../../machines/pix/pix-send-key.fixtures';
import type { statementFlow } from '../../machines/statement/statement.fixtures';
import type { BindingKeysOf } from '../../machines/catalog-types';
import { defineBindings } from '../../e2e/driver/path-driver';
import type { BoundFlow } from '../../e2e/bindings/support';

const assert = async (): Promise<void> => {};

const typo = {
  state: defineBindings(pixRefundFlow, {
    states: {
      'editing.idle': assert,
      // @ts-expect-error: the refund machine has no state 'editing.idel'
      'editing.idel': assert,
    },
    events: {},
  }),
  event: defineBindings(pixRefundFlow, {
    states: {},
    events: {
      'value.submit': assert,
      // @ts-expect-error: the refund machine has no event 'value.sumbit'
      'value.sumbit': assert,
    },
  }),
  outcome: defineBindings(pixRefundFlow, {
    states: {},
    events: {},
    outcomes: {
      tokenRefused: 'natural',
      'done:securityCode': 'natural',
      // @ts-expect-error: no outcome of pix-refund has the key 'tokenRefuse'
      tokenRefuse: 'natural',
    },
  }),
  label: defineBindings(pixRefundFlow, {
    states: {},
    events: {},
    outcomes: {
      // @ts-expect-error: outcomes are named by their key, never by their pt-BR label
      'error:refundPixPayment:Banco recusa o token (403 SECURITY 50)': 'natural',
    },
  }),
  actor: defineBindings(pixRefundFlow, {
    states: {},
    events: {},
    // @ts-expect-error: the refund machine invokes no 'createWithdrawal'
    outcomes: { 'error:createWithdrawal': 'natural' },
  }),
  skipped: defineBindings(loginFlow, {
    states: {},
    events: {},
    // @ts-expect-error: the login machine has no state 'editing.idel'
    skipStates: ['editing.idel'],
  }),
  otherFlow: defineBindings(loginFlow, {
    states: {},
    events: {},
    // @ts-expect-error: 'tokenRefused' is a key of pix-refund, not of login
    outcomes: { tokenRefused: 'natural' },
  }),
};

const gap: BoundFlow<typeof pixRefundFlow> = {
  bindings: typo.outcome,
  gaps: [
    { key: 'aboveAvailable', why: 'a key of the flow' },
    { key: 'event:retry:Clica em Tentar novamente', why: 'an event of the flow' },
    // @ts-expect-error: gaps name outcomes by key too
    { key: 'error:refundPixPayment:Banco recusa: saldo insuficiente (422 código 16)', why: 'a label' },
    // @ts-expect-error: the refund machine has no event 'retyr'
    { key: 'event:retyr:Clica em Tentar novamente', why: 'a misspelt event' },
  ],
};

describe('typed e2e bindings', () => {
  it('read literal names from the flows the path tests play (not a plain string, which checks nothing)', () => {
    type Keys = [
      BindingKeysOf<typeof loginFlow>,
      BindingKeysOf<typeof statementFlow>,
      BindingKeysOf<typeof bankTransferFlow>,
      BindingKeysOf<typeof pixSendKeyFlow>,
      BindingKeysOf<typeof pixRefundFlow>,
    ];
    type Loose<K> = K extends { state: infer S; event: infer E; outcome: infer O }
      ? string extends S
        ? true
        : string extends E
          ? true
          : string extends O
            ? true
            : false
      : true;
    expectTypeOf<Loose<Keys[number]>>().toEqualTypeOf<false>();
    expectTypeOf<'editing.idle'>().toExtend<BindingKeysOf<typeof pixRefundFlow>['state']>();
    expectTypeOf<'refundAccepted'>().toExtend<BindingKeysOf<typeof pixRefundFlow>['outcome']>();
  });

  it('stamp the flow id on the bindings, so the driver refuses them for another flow', () => {
    expect(Object.values(typo).map((b) => b.flowId)).toEqual([
      'pix-refund',
      'pix-refund',
      'pix-refund',
      'pix-refund',
      'pix-refund',
      'login',
      'login',
    ]);
    expect(gap.gaps).toHaveLength(4);
  });
});
