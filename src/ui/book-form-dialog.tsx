/**
 * The add/edit form dialog of every book (issue 25), over machines/kernel/book-form-states.ts: the
 * address form (src/features/profile/dialogs/address-form-dialog.tsx) and the recipient form
 * (src/features/transfers/dialogs/recipient-form-dialog.tsx) differ only in their fields.
 * react-final-form keeps the fields; its `validate` is the machine's own rule, so Save, enabled
 * only when every field passes, and the machine's guard never disagree. The values it starts from
 * are fixed for the opening (the dialog mounts each time the form opens; a failed save must not
 * reset what was typed). While a call runs the dialog cannot be dismissed and says it is saving;
 * a failed save keeps the dialog and what was typed and shows the API's error (with 'Tentar
 * novamente' where the book offers `retry`).
 */
import { useId, useState, type ReactNode } from 'react';
import { Field, Form, type FormRenderProps } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { describeApiError, isShownError } from '../api/errors';
import type { CallError } from '../../machines/kernel/call-error';
import { Button } from './button';
import { Dialog } from './dialog';
import { ErrorAlert } from './error-alert';
import { TextField } from './text-field';

const Grid = styled.div<{ $columnMin: number }>`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ $columnMin }) => $columnMin}px, 1fr));
  column-gap: ${({ theme }) => theme.space(4)};
  max-width: 880px;
  margin: 0 auto;
`;

const Status = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.textMuted};
`;

/** A field's error, once it was changed or left (the one rule of the books' forms). */
export function shownError(meta: {
  touched?: boolean;
  modified?: boolean;
  error?: unknown;
}): string | undefined {
  return (meta.touched || meta.modified) && typeof meta.error === 'string' ? meta.error : undefined;
}

const keepAsTyped = (v: string | undefined): string => v ?? '';

export interface BookTextFieldProps {
  name: string;
  label: string;
  helperText?: string;
  maxLength?: number;
  required?: boolean;
  inputMode?: 'numeric' | 'text' | 'email' | 'tel';
  autoComplete?: string;
  parse?: (v: string | undefined) => string;
  readOnly: boolean;
}

/** A text field bound to the book's form; its error shows once it was changed or left. */
export function BookTextField({ parse = keepAsTyped, required = true, ...p }: BookTextFieldProps) {
  return (
    <Field<string> name={p.name} parse={parse}>
      {({ input, meta }) => (
        <TextField
          {...input}
          value={input.value ?? ''}
          label={p.label}
          helperText={p.helperText}
          error={shownError(meta)}
          maxLength={p.maxLength}
          required={required}
          inputMode={p.inputMode}
          autoComplete={p.autoComplete}
          readOnly={p.readOnly}
        />
      )}
    </Field>
  );
}

export interface BookFormDialogProps<V extends object> {
  /** The form's values when it opens (read once). */
  initialValues: V;
  /** Every value a string ('' for what final-form leaves undefined after a field is cleared). */
  complete: (values: Partial<V>) => V;
  /** The machine's rule, translated: a message per failing field. */
  validate: (values: Partial<V>) => Partial<Record<keyof V, string>>;
  title: string;
  fullScreen?: boolean;
  /** The grid's narrowest column, in px. */
  columnMin: number;
  /** The area's texts: Cancel, Save, the saving status and the failed save's first line. */
  texts: { cancel: string; save: string; saving: string; saveError: string };
  busy: boolean;
  /** A save failed (`filling.failed`): `error` is shown. */
  failed: boolean;
  error: CallError | null;
  /** 'Tentar novamente' in the failure's alert, where the book offers `retry`. */
  onRetry?: () => void;
  /** The refusals the book says in its own words (alerts above the fields). */
  notices?: ReactNode;
  onSubmit: (values: V) => void;
  onCancel: () => void;
  /** The fields; `values` only when `watchValues` (a form whose fields follow what is chosen). */
  children: (form: Pick<FormRenderProps<V>, 'values' | 'form'>) => ReactNode;
  watchValues?: boolean;
}

/** The book's add/edit dialog (see the file's comment). */
export function BookFormDialog<V extends object>(p: BookFormDialogProps<V>) {
  const { t } = useTranslation();
  const formId = useId();
  const [initialValues] = useState(p.initialValues);
  const close = () => {
    if (!p.busy) p.onCancel();
  };
  return (
    <Form<V>
      initialValues={initialValues}
      onSubmit={(values) => {
        p.onSubmit(p.complete(values));
      }}
      validate={(values) => p.validate(values) as Record<string, string>}
      subscription={{ hasValidationErrors: true, values: p.watchValues ?? false }}
      render={({ handleSubmit, hasValidationErrors, values, form }) => (
        <Dialog
          open
          fullScreen={p.fullScreen}
          onClose={close}
          dismissible={!p.busy}
          title={p.title}
          actions={
            <>
              <Button variant="secondary" onClick={close} disabled={p.busy}>
                {p.texts.cancel}
              </Button>
              <Button type="submit" form={formId} disabled={hasValidationErrors && !p.busy} loading={p.busy}>
                {p.texts.save}
              </Button>
            </>
          }
        >
          <form id={formId} noValidate onSubmit={handleSubmit} aria-busy={p.busy || undefined}>
            {p.failed && isShownError(p.error) && (
              <ErrorAlert
                action={
                  p.onRetry && (
                    <Button variant="secondary" onClick={p.onRetry}>
                      {t('COMMON.BUTTONS.RETRY')}
                    </Button>
                  )
                }
              >
                <p>{p.texts.saveError}</p>
                <p>{describeApiError(p.error, t)}</p>
              </ErrorAlert>
            )}
            {p.notices}
            <Status role="status">{p.busy ? p.texts.saving : ''}</Status>
            <Grid $columnMin={p.columnMin}>{p.children({ values, form })}</Grid>
          </form>
        </Dialog>
      )}
    />
  );
}
