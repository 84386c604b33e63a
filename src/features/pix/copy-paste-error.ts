/**
 * The refusal copy and paste words (3-pix-part-one.md §8 Key not found): the key of a pasted code
 * that the DICT does not know (422 PIXSEND 84) reads 'Chave inválida' here, the variant the
 * specification gives this page, where the key pages say 'Chave informada inválida ou não
 * encontrada. Verifique!'. Every other failure reads as the error catalogue words it.
 */
import type { CallError } from '../../../machines/kernel/call-error';
import { errorTextToShow, type Translate } from '../../api/errors';

/** The catalogue key of the bank's refusal of a key it cannot find. */
const UNKNOWN_KEY = 'ERRORS.PIXSEND.84';

export function copyPasteErrorText(error: CallError | null | undefined, t: Translate): string | null {
  const text = errorTextToShow(error, t);
  return text !== null && error?.messageKey === UNKNOWN_KEY ? t('PIX.PIX_COPY_PASTE.KEY_INVALID') : text;
}
