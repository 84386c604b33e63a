import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { ChoiceLabel } from './choice-label';

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A native checkbox wrapped by its label. */
export function Checkbox({ label, ...rest }: CheckboxProps) {
  return (
    <ChoiceLabel>
      <input type="checkbox" {...rest} />
      <span>{label}</span>
    </ChoiceLabel>
  );
}
