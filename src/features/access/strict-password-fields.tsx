/**
 * The new-password and confirmation fields of the strict flows (first access, reset, change by
 * e-mailed code; 4-pix-part-two.md §5): 8 characters with upper case, lower case, digit and
 * special character, shown as a live checklist, and a matching confirmation.
 */
import { useId } from 'react';
import { Field, useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { strictPasswordChecklist, validateStrictPassword } from '../../../machines/validators/password';
import { TextField } from '../../ui/text-field';
import { PasswordChecklist } from './access-ui';

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
  const { t } = useTranslation();
  const checklistId = useId();
  const password = useField<string>('password', { subscription: { value: true } }).input.value ?? '';
  const rules = strictPasswordChecklist(password);
  return (
    <>
      <Field<string> name="password" subscription={{ value: true, error: true, touched: true }}>
        {({ input, meta }) => (
          <TextField
            {...input}
            type="password"
            label={t('PASSWORD.NEW_LABEL')}
            helperText={t('PASSWORD.NEW_HELPER')}
            autoComplete="new-password"
            required
            readOnly={readOnly}
            error={meta.touched && meta.error ? t(meta.error) : undefined}
          />
        )}
      </Field>
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
      <Field<string> name="confirm" subscription={{ value: true, error: true, touched: true }}>
        {({ input, meta }) => (
          <TextField
            {...input}
            type="password"
            label={t('PASSWORD.CONFIRM_LABEL')}
            helperText={t('PASSWORD.CONFIRM_HELPER')}
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
