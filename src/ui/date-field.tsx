import { useState, type FocusEvent, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { datePlaceholder, formatDate, maskDate, parseDate } from '../format/dates';
import { TextField } from './text-field';

export type DateFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'size' | 'min' | 'max'
> & {
  label: ReactNode;
  /** The day, `YYYY-MM-DD`, or `''` for none. */
  value: string;
  /**
   * Called as the user types: with the day (`YYYY-MM-DD`) once it is complete and a day of the
   * calendar, with `''` while it is incomplete or not a real day.
   */
  onChange: (value: string) => void;
  /** The error text (already translated); it replaces the field's own 'invalid date'. */
  error?: ReactNode;
  /** Shown under the field; default: the format to type, `dd/mm/aaaa` or `mm/dd/yyyy`. */
  helperText?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A date typed in the portal's language, whatever the browser's: `dd/mm/aaaa` in Portuguese,
 * `mm/dd/yyyy` in English. A native `<input type="date">` shows and reads the browser's format (a
 * pt-BR page in an English browser showed `09/01/2026` for 1 September), so this is a text field
 * with a mask (slashes written as the digits come, numeric keyboard on phones) and a strict parse.
 * The value given out is always `YYYY-MM-DD` or `''`, so machines and validators see one form. A
 * complete text that is no day of the calendar (`31/02/2026`) says so when the field is left.
 */
export function DateField({
  value,
  onChange,
  onBlur,
  error,
  helperText,
  label,
  ref,
  ...rest
}: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const pattern = datePlaceholder(lng);
  const [text, setText] = useState(() => (value ? formatDate(value, lng) : ''));
  const [left, setLeft] = useState(false);
  // Props changed (React's "adjust state on a prop change" pattern, no effect and no extra paint).
  const [shown, setShown] = useState({ value, lng });
  if (shown.value !== value || shown.lng !== lng) {
    setShown({ value, lng });
    if (shown.lng !== lng) {
      // The language changed: a complete day is rewritten in the new order; a partial text stays.
      if (value) setText(formatDate(value, lng));
    } else if ((parseDate(text, lng) ?? '') !== value) {
      // The value was set from outside (a reset, a machine's choice): show it.
      setText(value ? formatDate(value, lng) : '');
    }
  }

  const invalid = left && text !== '' && parseDate(text, lng) === undefined;
  return (
    <TextField
      {...rest}
      ref={ref}
      label={label}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={pattern}
      maxLength={10}
      value={text}
      helperText={helperText ?? t('SHELL.UI.DATE_FORMAT', { pattern })}
      error={error || (invalid ? t('SHELL.UI.DATE_INVALID', { pattern }) : undefined)}
      // A caller's aria-invalid (a period refused as a whole) must not hide this field's own.
      aria-invalid={rest['aria-invalid'] || invalid || Boolean(error) || undefined}
      onChange={(e) => {
        const next = maskDate(e.target.value);
        setText(next);
        onChange(parseDate(next, lng) ?? '');
      }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        setLeft(true);
        onBlur?.(e);
      }}
    />
  );
}
