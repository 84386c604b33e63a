import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { catalogueError, ok, type Reply } from '../http/replies.ts';
import { wholeCents } from '../sim/money.ts';
import {
  changesFor,
  DEFAULT_LIMITS,
  limitsAt,
  MAX_LIMIT_CENTS,
  pendingAt,
  totalProblems,
  type LimitChange,
  type LimitField,
} from '../sim/pix-limit-rules.ts';
import { accountPersonType, limitChanges, recordLimitChanges } from '../sim/pix-limits.ts';
import type { Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

/**
 * Pix limits (issue 28; 4-pix-part-two.md §2 Pix limits, §3, §4 Limit request, §5 Limit fields,
 * §7, §8 Limits; the 2026 rules of the domain notes §c; contract getPixLimits,
 * requestPixLimitAdjustment, setPixNightWindow). The rules are sim/pix-limit-rules.ts; a request
 * writes rows of pix_limit_changes, each in force at once (a decrease) or 24 h later (an increase),
 * and is refused whole, with nothing written, when another is still pending (PIXLIMIT 110) or a
 * value breaks a rule (PIXLIMIT 111). Every Pix is checked against them in sim/pix-limits.ts.
 */

const reais = (cents: number) => cents / 100;

/** The answer of all three operations: the limits at `now`, each with what is pending. */
function limitsView(db: Database.Database, accountId: string, now: Date): Schemas['PixLimits'] {
  const type = accountPersonType(db, accountId) ?? 'PERSON';
  const changes = limitChanges(db, accountId);
  const current = limitsAt(DEFAULT_LIMITS[type], changes, now);
  const pending = pendingAt(changes, now);
  const waiting = (field: LimitField): LimitChange | undefined => pending.findLast((c) => c.field === field);
  const total = (typeLimit: 'DAY' | 'NIGHT', cents: number): Schemas['PixLimit'] => {
    const p = waiting(typeLimit);
    return {
      typeLimit,
      maximumValue: reais(cents),
      status: p ? 'PENDENT' : 'ACTIVE',
      requestedValue: p ? reais(p.value) : null,
      effectiveAt: p ? p.effectiveAt.toISOString() : null,
    };
  };
  const start = waiting('NIGHT_START');
  return {
    limits: [total('DAY', current.dayCents), total('NIGHT', current.nightCents)],
    nightWindow: {
      startHour: current.nightStartHour,
      endHour: 6,
      status: start ? 'PENDENT' : 'ACTIVE',
      requestedStartHour: start ? (start.value === 22 ? 22 : 20) : null,
      effectiveAt: start ? start.effectiveAt.toISOString() : null,
    },
    maximumAllowed: reais(MAX_LIMIT_CENTS[type]),
  };
}

function getPixLimits(input: OperationInput<'getPixLimits'>, { db, now }: SandboxContext): Reply {
  if (!accountPersonType(db, input.params.accountId)) return catalogueError(404, 'notFound');
  return ok<Schemas['PixLimits']>(limitsView(db, input.params.accountId, now()));
}

/** Applies a request of the holder: refused while another waits; otherwise its changes recorded. */
function request(
  db: Database.Database,
  accountId: string,
  now: Date,
  wanted: Partial<Record<LimitField, number>>,
  problems: (type: 'PERSON' | 'CORPORATE') => string[],
): Reply {
  const type = accountPersonType(db, accountId);
  if (!type) return catalogueError(404, 'notFound');
  const changes = limitChanges(db, accountId);
  if (pendingAt(changes, now).length > 0) return catalogueError(422, 'pixLimitPending');
  const found = problems(type);
  if (found.length > 0) return catalogueError(422, 'pixLimitInvalid', found);
  recordLimitChanges(db, accountId, changesFor(limitsAt(DEFAULT_LIMITS[type], changes, now), wanted, now));
  return ok<Schemas['PixLimits']>(limitsView(db, accountId, now));
}

function requestPixLimitAdjustment(
  input: OperationInput<'requestPixLimitAdjustment'>,
  { db, now }: SandboxContext,
): Reply {
  const { daytimeValue, nighttimeValue } = input.body;
  const day = wholeCents(daytimeValue);
  const night = wholeCents(nighttimeValue);
  return request(db, input.params.accountId, now(), { DAY: day, NIGHT: night }, (type) => {
    const out: string[] = [];
    if (day === undefined) out.push('daytimeValue: a whole number of cents above zero');
    if (night === undefined) out.push('nighttimeValue: a whole number of cents above zero');
    if (day === undefined || night === undefined) return out;
    return totalProblems({ dayCents: day, nightCents: night }, type);
  });
}

function setPixNightWindow(input: OperationInput<'setPixNightWindow'>, { db, now }: SandboxContext): Reply {
  const startHour = input.body.startHour;
  return request(db, input.params.accountId, now(), { NIGHT_START: startHour }, () =>
    startHour === 20 || startHour === 22 ? [] : ['startHour: 20 or 22'],
  );
}

export const pixLimitHandlers = {
  getPixLimits,
  requestPixLimitAdjustment,
  setPixNightWindow,
} satisfies Handlers;
