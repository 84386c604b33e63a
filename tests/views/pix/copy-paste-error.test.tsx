// @vitest-environment jsdom
/**
 * The refusal copy and paste shows (src/features/pix/copy-paste-error.ts; 3-pix-part-one.md §8 Key
 * not found): a pasted code whose key the DICT does not know reads 'Chave inválida' on this page,
 * every other refusal as the catalogue words it, and a silent failure not at all.
 */
import { describe, expect, it } from 'vitest';
import type { CallError } from '../../../machines/kernel/call-error';
import { copyPasteErrorText } from '../../../src/features/pix/copy-paste-error';
import { i18n } from '../../../src/i18n/i18n';

const refusal = (code: number, extra: Partial<CallError> = {}): CallError => ({
  status: 422,
  code,
  group: 'PIXSEND',
  messageKey: `ERRORS.PIXSEND.${code}`,
  fieldMessages: [],
  display: 'catalogue',
  silent: false,
  sessionExpired: false,
  ...extra,
});

describe('copy and paste: the words of a refusal', () => {
  const t = (key: string, options?: Record<string, string>) => i18n.t(key, options);

  it("says 'Chave inválida' when the bank cannot find the code's key (PIXSEND 84)", () => {
    expect(copyPasteErrorText(refusal(84), t)).toBe('Chave inválida');
  });

  it('words any other refusal as the catalogue does', () => {
    expect(copyPasteErrorText(refusal(89), t)).toBe(
      'Esta cobrança Pix não foi encontrada, venceu ou já foi paga.',
    );
  });

  it('shows nothing for a failure that is not shown, nor without a failure', () => {
    expect(copyPasteErrorText(refusal(84, { silent: true }), t)).toBeNull();
    expect(copyPasteErrorText(null, t)).toBeNull();
  });
});
