/**
 * A validator's message key (machines/validators/message-keys.ts) in the user's language: the
 * catalogue's text when it has one, else the validators' own pt-BR text, never the bare key. Every
 * form that shows a validator's message under a field reads it through here.
 */
import { useTranslation } from 'react-i18next';
import { VALIDATOR_MESSAGES } from '../../machines/validators/message-keys';

export function useValidatorText(): (key: string, values?: Record<string, unknown>) => string {
  const { t } = useTranslation();
  return (key, values) =>
    t(key, { ...values, defaultValue: (VALIDATOR_MESSAGES as Record<string, string>)[key] ?? key });
}
