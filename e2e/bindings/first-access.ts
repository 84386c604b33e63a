/**
 * E2E bindings of first-access password creation (/FirstAcess): the seed leaves João's
 * "Crie sua senha de acesso" link in the outbox; each path opens it.
 */
import { firstAccessFlow as firstAccessEntry } from '../../machines/access/password-setup.fixtures';
import { DEMO, followLink, MAIL, type BoundFlow } from './support';
import { passwordSetupBindings } from './password-setup';

export const firstAccessFlow: BoundFlow<typeof firstAccessEntry> = {
  bindings: passwordSetupBindings(firstAccessEntry, 'FIRST_ACCESS', /\/FirstAcess$/, (ctx) =>
    followLink(ctx, DEMO.firstAccess.email, MAIL.firstAccess, /\/FirstAcess$/),
  ),
};
