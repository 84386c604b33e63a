import type { FlowError } from '../../../machines/access/flow-error';
import { catalogueValues, type Translate } from '../../api/errors';

export type { Translate };

/**
 * The text of a failed call kept by an access machine, following the error catalogue
 * (1-access-shell-statement.md §8): the catalogue text, the server's text, both (HTTP 500 on a
 * post), or the field messages joined with '; '.
 */
export function describeFlowError(error: FlowError, t: Translate): string {
  // A throttled try names its wait ({{wait}}): the message is useless without it.
  const catalogue = t(error.messageKey, catalogueValues(error.retryAfterSeconds));
  switch (error.display) {
    case 'catalogue':
      return catalogue;
    case 'server':
      return error.serverMessage ?? catalogue;
    case 'catalogue+server':
      return error.serverMessage ? `${catalogue} ${error.serverMessage}` : catalogue;
    case 'fields':
      return error.fieldMessages.length > 0 ? error.fieldMessages.join('; ') : catalogue;
  }
}
