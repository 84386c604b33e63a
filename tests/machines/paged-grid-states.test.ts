/**
 * The server-paged grid's shared states (machines/kernel/paged-grid-states.ts; issue 25), through
 * the two machines built on them: a page or size move asks the page again; the page shown, a page
 * past the last and a size the grid does not offer ask nothing; a page left empty asks page 1; a
 * failure is kept and 'Tentar novamente' asks again.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  depositListMachine,
  type ListDepositsInput,
  type ListDepositsOutput,
} from '../../machines/deposits/deposit-list.machine';
import { SAMPLE_DEPOSIT } from '../../machines/deposits/deposit-sample-data';
import {
  pixSchedulesMachine,
  type ListSchedulesInput,
  type ListSchedulesOutput,
} from '../../machines/pix/pix-schedules.machine';
import { PENDING_SCHEDULE } from '../../machines/pix/pix-schedule-sample-data';

/** The bank's answers in order (the last one repeats); each call's page asked is kept. */
function depositList(answers: (ListDepositsOutput | Error)[]) {
  const asked: number[] = [];
  const actor = createActor(
    depositListMachine.provide({
      actors: {
        listDeposits: fromPromise<ListDepositsOutput, ListDepositsInput>(async ({ input }) => {
          asked.push(input.body.pageNumber);
          const a = answers[Math.min(asked.length - 1, answers.length - 1)] as ListDepositsOutput | Error;
          if (a instanceof Error) throw a;
          return a;
        }),
      },
    }),
    { input: { today: '2026-11-28' } },
  ).start();
  return { actor, asked };
}

const twelve: ListDepositsOutput = { dataset: [SAMPLE_DEPOSIT], recordCount: 12, totalPages: 2 };
describe('paged grid states', () => {
  it('asks another page or size, never the page shown, a page past the last or a size not offered', async () => {
    const { actor, asked } = depositList([twelve]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'page.change', pageNumber: 1 });
    actor.send({ type: 'page.change', pageNumber: 3 });
    actor.send({ type: 'pageSize.change', pageSize: 10 });
    actor.send({ type: 'pageSize.change', pageSize: 7 });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'page.change', pageNumber: 2 });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'pageSize.change', pageSize: 20 });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(asked).toEqual([1, 2, 2]);
    expect(actor.getSnapshot().context).toMatchObject({ pageNumber: 2, pageSize: 20, recordCount: 12 });
  });

  it('asks page 1 when the page asked came back empty of a list that has rows', async () => {
    const schedules: ListSchedulesOutput[] = [
      { dataset: [PENDING_SCHEDULE], recordCount: 23, totalPages: 2 },
      { dataset: [], recordCount: 3, totalPages: 1 },
      { dataset: [PENDING_SCHEDULE], recordCount: 3, totalPages: 1 },
    ];
    const asked: number[] = [];
    const actor = createActor(
      pixSchedulesMachine.provide({
        actors: {
          listSchedules: fromPromise<ListSchedulesOutput, ListSchedulesInput>(async ({ input }) => {
            asked.push(input.body.pageNumber);
            return schedules[asked.length - 1] as ListSchedulesOutput;
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'page.change', pageNumber: 2 });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(asked).toEqual([1, 2, 1]);
    expect(actor.getSnapshot().context).toMatchObject({ pageNumber: 1, recordCount: 3 });
    expect(actor.getSnapshot().context.rows).toEqual([PENDING_SCHEDULE]);
  });

  it('keeps a failure and asks again on retry', async () => {
    const { actor, asked } = depositList([new Error('down'), twelve]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).not.toBeNull();
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(asked).toEqual([1, 1]);
    expect(actor.getSnapshot().context).toMatchObject({ error: null, recordCount: 12 });
  });
});
