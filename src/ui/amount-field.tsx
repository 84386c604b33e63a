/**
 * The amount field of every movement (issue 32: '1234,56' stayed as typed): a TextField for a
 * decimal keyboard that, when the customer leaves it, writes the amount the pt-BR way
 * ('1234,56' → '1.234,56', '50' → '50,00'; src/format/brl.ts `maskAmountInput`). The new text
 * goes through the input's own value and an input event, so whatever holds the field (a form
 * library or a state) hears it as a change, before the field's own blur (validation) runs.
 * Text that is not an amount is left as typed for the field's rule to speak about.
 */
import type { FocusEvent } from 'react';
import { maskAmountInput } from '../format/brl';
import { TextField, type TextFieldProps } from './text-field';

/** Writes `value` into the element as if typed, so React's onChange hears it. */
function typeInto(el: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

export function AmountField({ onBlur, maxLength, readOnly, ...rest }: TextFieldProps) {
  const blur = (e: FocusEvent<HTMLInputElement>) => {
    const el = e.currentTarget;
    const masked = maskAmountInput(el.value, maxLength);
    if (!readOnly && masked !== el.value) typeInto(el, masked);
    onBlur?.(e);
  };
  return (
    <TextField
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      maxLength={maxLength}
      readOnly={readOnly}
      onBlur={blur}
    />
  );
}
