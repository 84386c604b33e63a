/**
 * The fields of the change-password rule (1-access-shell-statement.md §5 New password): the current
 * password when the screen asks for it, the new one with its live checklist (letter, number,
 * 6 characters, no spaces), and the confirmation.
 */
import { useId } from 'react';
import { useField } from 'react-final-form';
import { passwordChecklist, validateNewPassword } from '../../../machines/validators/password';
import { PasswordChecklist } from './access-ui';
import { PasswordField } from './password-field';

/** Values of the change-password form; `current` is absent on the first-login screen. */
export interface NewPasswordValues {
  current?: string;
  newPassword: string;
  confirm: string;
}

/**
 * Form-level validation with the validator the machines' guards use. `knownCurrent` is the current
 * password when it is not a field (first login: the one typed at sign-in).
 */
export function validateNewPasswordValues(
  values: Partial<NewPasswordValues>,
  knownCurrent?: string,
): Record<string, string | undefined> {
  const errors = validateNewPassword({
    current: knownCurrent ?? values.current ?? '',
    next: values.newPassword ?? '',
    confirm: values.confirm ?? '',
  });
  return {
    current: knownCurrent === undefined ? errors.current : undefined,
    newPassword: errors.next,
    confirm: errors.confirm,
  };
}

/** §4: the button is enabled only when every rule passes. */
export function newPasswordValuesPass(values: Partial<NewPasswordValues>, knownCurrent?: string): boolean {
  return Object.values(validateNewPasswordValues(values, knownCurrent)).every((e) => e === undefined);
}

export function NewPasswordFields({ withCurrent, readOnly }: { withCurrent: boolean; readOnly: boolean }) {
  const checklistId = useId();
  const next = useField<string>('newPassword', { subscription: { value: true } }).input.value ?? '';
  const rules = passwordChecklist(next);
  return (
    <>
      {withCurrent && (
        <PasswordField
          name="current"
          labelKey="CHANGEPASS.CURRENT_LABEL"
          helperKey="CHANGEPASS.CURRENT_HELPER"
          autoComplete="current-password"
          readOnly={readOnly}
        />
      )}
      <PasswordField
        name="newPassword"
        labelKey="CHANGEPASS.NEW_LABEL"
        helperKey="CHANGEPASS.NEW_HELPER"
        autoComplete="new-password"
        readOnly={readOnly}
      />
      <PasswordChecklist
        id={checklistId}
        titleKey="CHANGEPASS.CHECKLIST.TITLE"
        metKey="CHANGEPASS.CHECKLIST.MET"
        notMetKey="CHANGEPASS.CHECKLIST.NOT_MET"
        items={[
          { key: 'letter', labelKey: 'CHANGEPASS.CHECKLIST.LETTER', met: rules.letter },
          { key: 'number', labelKey: 'CHANGEPASS.CHECKLIST.NUMBER', met: rules.number },
          { key: 'minLength', labelKey: 'CHANGEPASS.CHECKLIST.MIN_LENGTH', met: rules.minLength },
          { key: 'noSpaces', labelKey: 'CHANGEPASS.CHECKLIST.NO_SPACES', met: rules.noSpaces },
        ]}
      />
      <PasswordField
        name="confirm"
        labelKey="CHANGEPASS.CONFIRM_LABEL"
        helperKey="CHANGEPASS.CONFIRM_HELPER"
        autoComplete="new-password"
        readOnly={readOnly}
      />
    </>
  );
}
