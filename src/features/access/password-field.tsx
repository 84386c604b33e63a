/**
 * One password input of a react-final-form form on the access screens: labelled, required, with
 * the show/hide toggle of `TextField`, and its validation message once the field was touched.
 */
import { Field } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/text-field';

export interface PasswordFieldProps {
  name: string;
  labelKey: string;
  helperKey: string;
  autoComplete: 'current-password' | 'new-password';
  readOnly: boolean;
}

export function PasswordField({ name, labelKey, helperKey, autoComplete, readOnly }: PasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <Field<string> name={name} subscription={{ value: true, error: true, touched: true }}>
      {({ input, meta }) => (
        <TextField
          {...input}
          type="password"
          label={t(labelKey)}
          helperText={t(helperKey)}
          autoComplete={autoComplete}
          required
          readOnly={readOnly}
          error={meta.touched && meta.error ? t(meta.error) : undefined}
        />
      )}
    </Field>
  );
}
