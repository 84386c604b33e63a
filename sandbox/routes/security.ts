import type { components } from '../../openapi/portal.d.ts';
import { catalogueError, ok, tooManyAttempts } from '../http/replies.ts';
import { amountProblem } from '../sim/money.ts';
import { clearFailures, failuresOf, recordFailure, waitSeconds } from '../sim/throttle.ts';
import {
  CONFIRMATION_TTL_SECONDS,
  TOTP_POLICY,
  checkTotp,
  issueConfirmation,
  reissuedConfirmation,
  totpSubjects,
} from '../sim/totp.ts';
import { toCents } from './movement-common.ts';
import type { Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

/**
 * The security code (2-money-movement.md §2 Security-code dialog, §7 POST /totp/validate). The
 * server has already checked that the account is the caller's (403 otherwise). Throttled before
 * the code is looked at: during a wait even the right code is refused, so a guess tells nothing.
 * The fifth wrong code in a row answers 429 at once (not result: false), so the holder learns of
 * the wait when it starts rather than on the next try; the four before say how many are left.
 */
function validateTotp(input: OperationInput<'validateTotp'>, { db, now }: SandboxContext) {
  const { session } = input;
  if (!session) return catalogueError(401, 'unauthorized');
  const req = input.body;
  const accountId = input.params.accountId;
  // The token is bound to the exact movement (issue 27), so its amount must be one a movement
  // could carry (whole cents above zero): the cents it stores are the body's, not a rounding.
  const problem = amountProblem(req.movement.amount);
  if (problem !== undefined)
    return catalogueError(422, 'invalidTransferField', [`movement.amount: ${problem}`]);
  const movement = {
    accountId,
    signature: req.transactionSignature,
    cents: toCents(req.movement.amount),
    externalIdentifier: req.movement.externalIdentifier,
  };
  const subjects = totpSubjects(session.holderId, input.remoteAddress);
  const waitBefore = waitSeconds(db, subjects, now());
  if (waitBefore > 0) return tooManyAttempts(waitBefore);
  const check = checkTotp(db, session.holderId, req.totpCode, now());
  if (check.result === 'replayed') {
    // A right code of a step already used (issue 27): not a wrong code, so it counts nothing. The
    // same movement again (same signature, cents and externalIdentifier: a double submit) gets the token its first send bought; another one is
    // told to wait for the next code.
    const code = { ...movement, holderId: session.holderId, timeStep: check.timeStep };
    const again = reissuedConfirmation(db, code, now());
    if (!again) return catalogueError(422, 'codeAlreadyUsed');
    return ok<Schemas['TotpResult']>({
      result: true,
      confirmationToken: again,
      expiresInSeconds: CONFIRMATION_TTL_SECONDS,
    });
  }
  if (check.result !== 'ok') {
    recordFailure(db, subjects, now());
    const waitAfter = waitSeconds(db, subjects, now());
    if (waitAfter > 0) return tooManyAttempts(waitAfter);
    // How many wrong codes the holder may still type before the lock (issue 32; x-spec-gap in the
    // contract): the holder's own count, the one that locks at TOTP_POLICY.lockAfter. The address's
    // count is a defence across holders with a higher bar, so it is not told.
    const [holder] = subjects;
    const attemptsLeft = holder
      ? Math.max(1, TOTP_POLICY.lockAfter - failuresOf(db, holder, now()))
      : undefined;
    return ok<Schemas['TotpResult']>({ result: false, attemptsLeft });
  }
  clearFailures(db, subjects.slice(0, 1));
  const confirmationToken = issueConfirmation(
    db,
    { ...movement, holderId: session.holderId, timeStep: check.timeStep },
    now(),
  );
  return ok<Schemas['TotpResult']>({
    result: true,
    confirmationToken,
    expiresInSeconds: CONFIRMATION_TTL_SECONDS,
  });
}

export const securityHandlers = { validateTotp } satisfies Handlers;
