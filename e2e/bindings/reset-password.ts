/**
 * E2E bindings of password reset (/ResetPassword): each path asks the sandbox for Maria's reset
 * link (POST /api/resetPassword?taxId=…) and opens it from the outbox.
 */
import { resetPasswordFlow as resetPasswordEntry } from '../../machines/access/password-setup.fixtures';
import { DEMO, followLink, MAIL, requestReset, type BoundFlow } from './support';
import { passwordSetupBindings } from './password-setup';

export const resetPasswordFlow: BoundFlow<typeof resetPasswordEntry> = {
  bindings: passwordSetupBindings(resetPasswordEntry, 'RESET', /\/ResetPassword$/, async (ctx) => {
    await requestReset(ctx.request, DEMO.maria.cpf);
    return followLink(ctx, DEMO.maria.email, MAIL.reset, /\/ResetPassword$/);
  }),
};
