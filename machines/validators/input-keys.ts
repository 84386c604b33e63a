/**
 * The message keys shared by several validators. Kept apart from `message-keys.ts` (the key → text
 * map the tests check the catalogues against) so that importing a key does not ship every text.
 */

/** A blank field (after trimming): 'empty' input error of the specification. */
export const EMPTY = 'ERRORS.INPUTS.EMPTY';
/** A required field left blank where the specification says 'Campo obrigatório'. */
export const REQUIRED = 'ERRORS.INPUTS.REQUIRED';
/** A value that must be greater than zero. */
export const MIN_VALUE = 'ERRORS.INPUTS.MIN_VALUE';
/** A value longer than the field allows. */
export const MAX_LENGTH = 'ERRORS.INPUTS.MAX_LENGTH';
