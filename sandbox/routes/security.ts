import type { components } from '../../openapi/portal.d.ts';
import { catalogueError, ok, tooManyAttempts } from '../http/replies.ts';
import { clearFailures, recordFailure, waitSeconds } from '../sim/throttle.ts';
import {
  CONFIRMATION_TTL_SECONDS,
  checkTotp,
  issueConfirmation,
  reissuedConfirmation,
  totpSubjects,
} from '../sim/totp.ts';
import type { Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

/**
 * The security code (2-money-movement.md §2 Security-code dialog, §7 POST /totp/validate). The
 * server has already checked that the account is the caller's (403 otherwise). Throttled before
 * the code is looked at: during a wait even the right code is refused, so a guess tells nothing.
 * The fifth wrong code in a row answers 429 at once (not result: false), so the holder learns of
 * the wait when it starts rather than on the next try.
 */
function validateTotp(input: OperationInput<'validateTotp'>, { db, now }: SandboxContext) {
  const { session } = input;
  if (!session) return catalogueError(401, 'unauthorized');
  const req = input.body;
  const accountId = input.params.accountId;
  const subjects = totpSubjects(session.holderId, input.remoteAddress);
  const waitBefore = waitSeconds(db, subjects, now());
  if (waitBefore > 0) return tooManyAttempts(waitBefore);
  const check = checkTotp(db, session.holderId, req.totpCode, now());
  if (check.result === 'replayed') {
    // A right code of a step already used (issue 27): not a wrong code, so it counts nothing. The
    // same movement again (a double submit) gets the token its first send bought; another one is
    // told to wait for the next code.
    const code = { holderId: session.holderId, accountId, signature: req.transactionSignature };
    const again = reissuedConfirmation(db, { ...code, timeStep: check.timeStep }, now());
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
    return ok<Schemas['TotpResult']>({ result: false });
  }
  clearFailures(db, subjects.slice(0, 1));
  const confirmationToken = issueConfirmation(
    db,
    { holderId: session.holderId, accountId, signature: req.transactionSignature, timeStep: check.timeStep },
    now(),
  );
  return ok<Schemas['TotpResult']>({
    result: true,
    confirmationToken,
    expiresInSeconds: CONFIRMATION_TTL_SECONDS,
  });
}

export const securityHandlers = { validateTotp } satisfies Handlers;
