/**
 * The bill code in blocks (2-money-movement.md §2 Bill payment, §5 Barcode, §9): one real,
 * labelled <input> per block, in a fieldset. A first digit 8 shows the 4 blocks of a utility,
 * anything else the 5 of a bank slip (the printed line's dots shown in the first three). Typing
 * a block full moves to the next; Backspace in an empty block goes back; a paste (with or without
 * spaces, dots, hyphens) is spread over the blocks from the one it was pasted in. The blocks wrap
 * on narrow screens. A refusal marks only the blocks at fault (issue 32). The rules are
 * machines/validators/bill.ts, the ones the machine uses.
 */
import { useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  BLOCK_DIGITS,
  billDigits,
  blockMaxLength,
  formatBlock,
  layoutOf,
  splitBillBlocks,
} from '../../../machines/validators/bill';

const Fieldset = styled.fieldset`
  border: 0;
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: 0;
  min-width: 0;
  & legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space(2)};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

const Blocks = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Block = styled.input<{ $chars: number; $invalid: boolean }>`
  /* Wide enough for its characters in a monospaced font, never wider than the screen. */
  width: calc(${({ $chars }) => $chars}ch + 26px);
  max-width: 100%;
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(2)};
  font: inherit;
  font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
  font-size: 1rem;
  letter-spacing: 0.02em;
  color: ${({ theme }) => theme.color.text};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.color.danger : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
  }
  &:read-only {
    background: ${({ theme }) => theme.color.background};
  }
`;

const Hint = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.875rem;
`;

const ErrorText = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  color: ${({ theme }) => theme.color.danger};
`;

export interface BillCodeInputProps {
  /** The blocks' digits, one entry per block of the layout. */
  blocks: readonly string[];
  onChange: (blocks: string[]) => void;
  /** The error text (translated), announced and tied to every block. */
  error?: string | null;
  /**
   * The blocks at fault (0-based), marked invalid alone; empty or absent with an error: every
   * block (a refusal no block explains, like the due-date window).
   */
  invalidBlocks?: readonly number[];
  readOnly?: boolean;
}

/** Re-splits digits when the layout changes (a first digit typed or removed). */
function normalised(blocks: readonly string[]): string[] {
  const joined = blocks.join('');
  const { layout, blocks: split } = splitBillBlocks(joined);
  return blocks.length === BLOCK_DIGITS[layout].length ? [...blocks] : split;
}

export function BillCodeInput({ blocks, onChange, error, invalidBlocks, readOnly }: BillCodeInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const layout = layoutOf(blocks.join(''));
  const sizes = BLOCK_DIGITS[layout];
  const total = sizes.length;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  /** Focus on block `i` now (a keystroke that follows must land there), or once drawn (a new layout). */
  const focusBlock = (i: number, sameLayout: boolean) => {
    const at = (count: number) => refs.current[Math.max(0, Math.min(i, count - 1))];
    if (sameLayout) at(total)?.focus();
    else requestAnimationFrame(() => at(refs.current.filter(Boolean).length)?.focus());
  };

  const change = (i: number, value: string) => {
    const digits = billDigits(value).slice(0, sizes[i]);
    const next = [...blocks];
    next[i] = digits;
    const fixed = normalised(next);
    onChange(fixed);
    if (digits.length === sizes[i] && digits.length > (blocks[i] ?? '').length && i < total - 1)
      focusBlock(i + 1, fixed.length === total);
  };

  const paste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    const pasted = billDigits(e.clipboardData.getData('text'));
    if (pasted.length <= 1) return; // one digit: an ordinary keystroke
    e.preventDefault();
    const before = blocks.slice(0, i).join('');
    const { blocks: split } = splitBillBlocks(before + pasted);
    onChange(split);
    const filled = split.findIndex((b, k) => b.length < (BLOCK_DIGITS[layoutOf(split.join(''))][k] ?? 0));
    focusBlock(filled === -1 ? split.length - 1 : filled, split.length === total);
  };

  const keyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && (blocks[i] ?? '') === '' && i > 0) {
      e.preventDefault();
      focusBlock(i - 1, true);
    }
  };

  const described = [hintId, error ? errorId : ''].filter(Boolean).join(' ');
  const faulty = (i: number) =>
    !!error && (!invalidBlocks || invalidBlocks.length === 0 || invalidBlocks.includes(i));
  return (
    <Fieldset aria-describedby={described}>
      <legend>{t('PAYMENT.PAYMENT_BILL.CODEINPUT.LEGEND')}</legend>
      <Blocks>
        {sizes.map((_, i) => {
          const shown = formatBlock(layout, i, blocks[i] ?? '');
          const max = blockMaxLength(layout, i);
          return (
            <Block
              // Keyed by position: the block being typed in keeps its focus when the layout changes.
              key={i}
              ref={(el) => {
                refs.current[i] = el;
              }}
              id={`${id}-block-${i}`}
              aria-label={t('PAYMENT.PAYMENT_BILL.CODEINPUT.BLOCK', { n: i + 1, total })}
              aria-describedby={described}
              aria-invalid={faulty(i) || undefined}
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              maxLength={max}
              $chars={max}
              $invalid={faulty(i)}
              value={shown}
              readOnly={readOnly}
              onChange={(e) => change(i, e.target.value)}
              onPaste={(e) => paste(i, e)}
              onKeyDown={(e) => keyDown(i, e)}
            />
          );
        })}
      </Blocks>
      <Hint id={hintId}>
        {t(
          layout === 'utility'
            ? 'PAYMENT.PAYMENT_BILL.CODEINPUT.KIND_UTILITY'
            : 'PAYMENT.PAYMENT_BILL.CODEINPUT.KIND_SLIP',
        )}
      </Hint>
      {error && (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      )}
    </Fieldset>
  );
}
