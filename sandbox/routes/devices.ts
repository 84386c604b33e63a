import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { findHolder } from '../db/queries.ts';
import { apiError, catalogueError, ok, ack, tooManyAttempts, type Reply } from '../http/replies.ts';
import {
  aliasKey,
  aliasProblem,
  aliasTaken,
  challengeSubjects,
  checkChallengeCode,
  DEVICE_ERRORS,
  findDevice,
  insertDevice,
  isTrusted,
  openChallenge,
  openChallengeOf,
  passChallenge,
  passedChallengeOf,
  sessionDevice,
  spendCodeValidation,
  validateDeviceRecord,
  CHALLENGE_TTL_MS,
  type DeviceErrorName,
  type DeviceRow,
} from '../sim/devices.ts';
import { sendMail } from '../sim/outbox.ts';
import type { Session } from '../sim/sessions.ts';
import {
  clearFailures,
  codeSubjects,
  countRequest,
  passwordSubjects,
  rateWaitSeconds,
  recordFailure,
  waitSeconds,
  type RateLimit,
} from '../sim/throttle.ts';
import { checkPassword, findUserByUsername, normalizeUsername, type UserRow } from '../sim/users.ts';
import type { Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

/**
 * The trusted devices (4-pix-part-two.md §2 Device list, §3–§9; issue 30; the rules and the
 * records in sim/devices.ts). Every answer re-checks what the screen checks: the alias, the
 * credentials (throttled like the sign-in), the link and code (single-use, expiring, throttled).
 */

function deviceError(status: number, name: DeviceErrorName): Reply {
  const e = DEVICE_ERRORS[name];
  return apiError(status, e.code, 'DEVICE', e.description);
}

/** Devices one user may register in an hour (each sends an e-mail). */
const REGISTRATIONS_PER_HOUR = 5;

function toDevice(row: DeviceRow, now: Date, current?: DeviceRow, cookie?: string): Schemas['Device'] {
  return {
    id: row.id,
    alias: row.alias,
    createdAt: row.created_at,
    isValidated: row.validated_at !== null && row.cookie_expires_at > now.toISOString(),
    isBlocked: row.blocked_at !== null,
    accountId: row.account_id,
    isCurrentDevice: current?.id === row.id,
    ...(cookie ? { cookieDevice: cookie } : {}),
  };
}

/**
 * The credentials a device form re-asks (§5, §6), throttled like the sign-in: the user must be
 * `userId` (the session's, or the device's on the public link), by any of its user names.
 */
function checkCredentials(
  db: Database.Database,
  username: string,
  password: string,
  userId: number,
  remoteAddress: string,
  now: Date,
): Reply | null {
  const user: UserRow | undefined = findUserByUsername(db, username);
  const subjects = passwordSubjects(user, normalizeUsername(username), remoteAddress);
  const wait = waitSeconds(db, subjects, now);
  if (wait > 0) return tooManyAttempts(wait);
  if (!checkPassword(user, password) || !user || user.id !== userId) {
    recordFailure(db, subjects, now);
    return catalogueError(422, 'badCredentials');
  }
  clearFailures(db, subjects.slice(0, 1));
  return null;
}

function listDevices({ params, session }: OperationInput<'listDevices'>, { db, now }: SandboxContext) {
  if (!session) return catalogueError(401, 'unauthorized');
  const rows = db
    .prepare(
      'SELECT * FROM devices WHERE account_id = ? AND deleted_at IS NULL ORDER BY created_at DESC, id DESC',
    )
    .all(params.accountId) as DeviceRow[];
  const current = sessionDevice(db, session);
  return ok(rows.map((r) => toDevice(r, now(), current)));
}

/** A live device of one of the session's accounts. */
function ownDevice(db: Database.Database, session: Session, id: number): DeviceRow | undefined {
  const row = findDevice(db, id);
  return row && session.accountIds.includes(row.account_id) ? row : undefined;
}

function createDevice(
  { body, session, remoteAddress }: OperationInput<'createDevice'>,
  { db, now, publicOrigin }: SandboxContext,
) {
  if (!session) return catalogueError(401, 'unauthorized');
  if (!session.accountIds.includes(body.accountId)) return catalogueError(403, 'forbidden');
  const refused = checkCredentials(db, body.userName, body.password, session.userId, remoteAddress, now());
  if (refused) return refused;
  // §4: adding is disabled while this browser already is a validated device.
  const current = sessionDevice(db, session);
  if (current && isTrusted(current, now())) return deviceError(422, 'alreadyTrusted');
  if (aliasProblem(body.alias)) return deviceError(422, 'aliasTooShort');
  if (aliasTaken(db, body.accountId, body.alias)) return deviceError(422, 'aliasTaken');
  const limits: RateLimit[] = [
    {
      scope: 'device-register',
      key: `user:${session.userId}`,
      limit: REGISTRATIONS_PER_HOUR,
      windowMs: 3_600_000,
    },
  ];
  const wait = rateWaitSeconds(db, limits, now());
  if (wait > 0) return tooManyAttempts(wait);
  countRequest(db, limits, now());

  const { device, cookie } = insertDevice(db, {
    accountId: body.accountId,
    userId: session.userId,
    alias: body.alias,
    now: now(),
    tokenHash: session.tokenHash,
  });
  const { token, code } = openChallenge(db, device.id, now());
  const email = findHolder(db, session.holderId)?.email;
  if (email) {
    const minutes = Math.round(CHALLENGE_TTL_MS / 60_000);
    sendMail(
      db,
      email,
      'Valide seu novo dispositivo',
      `Recebemos o cadastro do dispositivo "${device.alias}".\n\nPara validá-lo, abra neste mesmo navegador:\n${publicOrigin}/autentica/${token}\n\ne informe o código: ${code}\n\nO link e o código valem por ${minutes} minutos e só podem ser usados uma vez. Se não foi você, ignore este e-mail e troque sua senha.`,
      now(),
    );
  }
  return ok(toDevice(device, now(), device, cookie));
}

/**
 * Step 1 of the second factor (public: the link may be opened before signing in). The link, then
 * the credentials, the alias and the code: a wrong code counts against the link (the fifth burns
 * it) and the address, throttled like the sign-in.
 */
function validateDeviceByToken(
  { body, remoteAddress }: OperationInput<'validateDeviceByToken'>,
  { db, now }: SandboxContext,
) {
  const addressWait = waitSeconds(db, codeSubjects(remoteAddress), now());
  if (addressWait > 0) return tooManyAttempts(addressWait);
  const challenge = openChallengeOf(db, body.token, now());
  if (!challenge) {
    recordFailure(db, codeSubjects(remoteAddress), now());
    return deviceError(422, 'tokenInvalid');
  }
  const device = findDevice(db, challenge.device_id);
  if (!device) return deviceError(404, 'deviceNotFound');
  const refused = checkCredentials(db, body.username, body.password, device.user_id, remoteAddress, now());
  if (refused) return refused;
  if (aliasKey(body.DeviceAlias) !== device.alias_key) return deviceError(422, 'aliasMismatch');
  if (device.blocked_at !== null) return deviceError(422, 'deviceBlocked');
  const subjects = challengeSubjects(challenge.id, remoteAddress);
  const wait = waitSeconds(db, subjects, now());
  if (wait > 0) return tooManyAttempts(wait);
  const check = checkChallengeCode(db, challenge, body.verificationCode, now());
  if (check !== 'valid') {
    recordFailure(db, subjects, now());
    return deviceError(422, check === 'exhausted' ? 'codeExhausted' : 'wrongCode');
  }
  clearFailures(db, subjects.slice(0, 1));
  const codeValidation = passChallenge(db, challenge, now());
  return ok<Schemas['DeviceTokenValidationResult']>({ alias: device.alias, codeValidation });
}

/** Step 2: step 1's codeValidation (single-use, 5 minutes) and the credentials again. */
function validateDevice(
  { body, remoteAddress }: OperationInput<'validateDevice'>,
  { db, now }: SandboxContext,
) {
  const addressWait = waitSeconds(db, codeSubjects(remoteAddress), now());
  if (addressWait > 0) return tooManyAttempts(addressWait);
  const challenge = passedChallengeOf(db, body.token, body.codeValidation, now());
  if (!challenge) {
    recordFailure(db, codeSubjects(remoteAddress), now());
    return deviceError(422, 'tokenInvalid');
  }
  const device = findDevice(db, challenge.device_id);
  if (!device) return deviceError(404, 'deviceNotFound');
  const refused = checkCredentials(db, body.username, body.password, device.user_id, remoteAddress, now());
  if (refused) return refused;
  if (aliasKey(body.DeviceAlias) !== device.alias_key) return deviceError(422, 'aliasMismatch');
  if (device.blocked_at !== null) return deviceError(422, 'deviceBlocked');
  spendCodeValidation(db, challenge, now());
  const cookie = validateDeviceRecord(db, device, now());
  const validated = findDevice(db, device.id) as DeviceRow;
  return ok<Schemas['DeviceValidationResult']>({
    cookieDevice: cookie,
    device: toDevice(validated, now(), validated, cookie),
  });
}

/** Block or unblock (§5, §6: the user's credentials re-asked either way). */
function blockDevice(
  { body, session, remoteAddress }: OperationInput<'blockDevice'>,
  { db, now }: SandboxContext,
) {
  if (!session) return catalogueError(401, 'unauthorized');
  const device = ownDevice(db, session, body.id);
  if (!device) return deviceError(404, 'deviceNotFound');
  const refused = checkCredentials(db, body.username, body.password, session.userId, remoteAddress, now());
  if (refused) return refused;
  db.prepare('UPDATE devices SET blocked_at = ? WHERE id = ?').run(
    body.isBlocked ? now().toISOString() : null,
    device.id,
  );
  const row = findDevice(db, device.id) as DeviceRow;
  return ok(toDevice(row, now(), sessionDevice(db, session)));
}

/** Deletes a device (kept as a deleted record); its second factor in progress ends with it. */
function deleteDevice({ params, session }: OperationInput<'deleteDevice'>, { db, now }: SandboxContext) {
  if (!session) return catalogueError(401, 'unauthorized');
  const device = ownDevice(db, session, params.id);
  if (!device) return deviceError(404, 'deviceNotFound');
  const at = now().toISOString();
  db.prepare('UPDATE devices SET deleted_at = ? WHERE id = ?').run(at, device.id);
  db.prepare('UPDATE device_challenges SET used_at = ? WHERE device_id = ? AND used_at IS NULL').run(
    at,
    device.id,
  );
  // A step 1 already passed ends with it too: its codeValidation validates nothing.
  db.prepare(
    'UPDATE device_challenges SET validation_used_at = ? WHERE device_id = ? AND validation_used_at IS NULL',
  ).run(at, device.id);
  return ack('Dispositivo excluído.');
}

export const deviceHandlers = {
  listDevices,
  createDevice,
  validateDeviceByToken,
  validateDevice,
  blockDevice,
  deleteDevice,
} satisfies Handlers;
