/**
 * The new-password and confirmation fields of the strict flows (first access, reset, change by
 * e-mailed code; 4-pix-part-two.md §5): 8 characters with upper case, lower case, digit and
 * special character, shown as a live checklist, and a matching confirmation.
 */
import { useId } from 'react';
import { useField } from 'react-final-form';
import { strictPasswordChecklist, validateStrictPassword } from '../../../machines/validators/password';
import { PasswordChecklist } from './access-ui';
import { PasswordField } from './password-field';

/** Values of the strict password fields. */
export interface StrictPasswordValues {
  password: string;
  confirm: string;
}

/** Form-level validation with the validator the machines' guards use. */
export function validateStrictValues(
  values: Partial<StrictPasswordValues>,
): Record<string, string | undefined> {
  const errors = validateStrictPassword({ next: values.password ?? '', confirm: values.confirm ?? '' });
  return { password: errors.next, confirm: errors.confirm };
}

/** True when the strict rule and the confirmation pass. */
export function strictValuesPass(values: Partial<StrictPasswordValues>): boolean {
  const errors = validateStrictValues(values);
  return !errors['password'] && !errors['confirm'];
}

export function StrictPasswordFields({ readOnly }: { readOnly: boolean }) {
  const checklistId = useId();
  const password = useField<string>('password', { subscription: { value: true } }).input.value ?? '';
  const rules = strictPasswordChecklist(password);
  return (
    <>
      <PasswordField
        name="password"
        labelKey="PASSWORD.NEW_LABEL"
        helperKey="PASSWORD.NEW_HELPER"
        autoComplete="new-password"
        readOnly={readOnly}
      />
      <PasswordChecklist
        id={checklistId}
        titleKey="PASSWORD.RULES.TITLE"
        metKey="PASSWORD.RULES.MET"
        notMetKey="PASSWORD.RULES.NOT_MET"
        items={[
          { key: 'minLength', labelKey: 'PASSWORD.RULES.MIN_LENGTH', met: rules.minLength },
          { key: 'upper', labelKey: 'PASSWORD.RULES.UPPER', met: rules.upper },
          { key: 'lower', labelKey: 'PASSWORD.RULES.LOWER', met: rules.lower },
          { key: 'number', labelKey: 'PASSWORD.RULES.NUMBER', met: rules.number },
          { key: 'special', labelKey: 'PASSWORD.RULES.SPECIAL', met: rules.special },
        ]}
      />
      <PasswordField
        name="confirm"
        labelKey="PASSWORD.CONFIRM_LABEL"
        helperKey="PASSWORD.CONFIRM_HELPER"
        autoComplete="new-password"
        readOnly={readOnly}
      />
    </>
  );
}
