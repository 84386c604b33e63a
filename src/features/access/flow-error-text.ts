import type { FlowError } from '../../../machines/access/flow-error';

/** The translate function this needs (i18next's `t` fits). */
export type Translate = (key: string) => string;

/**
 * The text of a failed call kept by an access machine, following the error catalogue
 * (1-access-shell-statement.md §8): the catalogue text, the server's text, both (HTTP 500 on a
 * post), or the field messages joined with '; '.
 */
export function describeFlowError(error: FlowError, t: Translate): string {
  const catalogue = t(error.messageKey);
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
