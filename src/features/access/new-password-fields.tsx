/**
 * The fields of the change-password rule (1-access-shell-statement.md §5 New password): the current
 * password when the screen asks for it, the new one with its live checklist (letter, number,
 * 6 characters, no spaces), and the confirmation.
 */
import { useId } from 'react';
import { Field, useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { passwordChecklist, validateNewPassword } from '../../../machines/validators/password';
import { TextField } from '../../ui/text-field';
import { PasswordChecklist } from './access-ui';

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
  const { t } = useTranslation();
  const checklistId = useId();
  const next = useField<string>('newPassword', { subscription: { value: true } }).input.value ?? '';
  const rules = passwordChecklist(next);
  return (
    <>
      {withCurrent && (
        <Field<string> name="current" subscription={{ value: true, error: true, touched: true }}>
          {({ input, meta }) => (
            <TextField
              {...input}
              type="password"
              label={t('CHANGEPASS.CURRENT_LABEL')}
              helperText={t('CHANGEPASS.CURRENT_HELPER')}
              autoComplete="current-password"
              required
              readOnly={readOnly}
              error={meta.touched && meta.error ? t(meta.error) : undefined}
            />
          )}
        </Field>
      )}
      <Field<string> name="newPassword" subscription={{ value: true, error: true, touched: true }}>
        {({ input, meta }) => (
          <TextField
            {...input}
            type="password"
            label={t('CHANGEPASS.NEW_LABEL')}
            helperText={t('CHANGEPASS.NEW_HELPER')}
            autoComplete="new-password"
            required
            readOnly={readOnly}
            error={meta.touched && meta.error ? t(meta.error) : undefined}
          />
        )}
      </Field>
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
      <Field<string> name="confirm" subscription={{ value: true, error: true, touched: true }}>
        {({ input, meta }) => (
          <TextField
            {...input}
            type="password"
            label={t('CHANGEPASS.CONFIRM_LABEL')}
            helperText={t('CHANGEPASS.CONFIRM_HELPER')}
            autoComplete="new-password"
            required
            readOnly={readOnly}
            error={meta.touched && meta.error ? t(meta.error) : undefined}
          />
        )}
      </Field>
    </>
  );
}
