/**
 * Composition root of the scheduled Pix grid (/PixShedulingPage; 4-pix-part-two.md §2, §7; issue
 * 28): the page of schedules, one schedule (the receipt) and its deletion, each one call.
 */
import { fromOperation } from '../../api/operation';
import type { FlowActors } from '../../runtime/flow-actors';

/** Actors of machines/pix/pix-schedules.machine.ts. */
export const pixSchedulesActors = {
  listSchedules: fromOperation('listPixSchedulesPaged', ({ view, body }) => ({ path: { view }, body })),
  getSchedule: fromOperation('getPixSchedule', ({ idPixPaymentSchedule }) => ({
    path: { idPixPaymentSchedule },
  })),
  deleteSchedule: fromOperation('deletePixSchedule', ({ idPixPaymentSchedule }) => ({
    path: { idPixPaymentSchedule },
  })),
} satisfies FlowActors['pix-schedules'];

/** What /PixShedulingPage receives through FlowActorsProvider. */
export const pixScheduleFlowActors = {
  'pix-schedules': pixSchedulesActors,
} satisfies Partial<FlowActors>;
