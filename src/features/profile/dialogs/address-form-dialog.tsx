/**
 * The address form (1-access-shell-statement.md §2 Address book: a full-screen dialog titled edit
 * or add; §5 Address form; §9 maximum lengths). react-final-form keeps the fields; its `validate`
 * is the machine's own rule (`addressFormErrors`), so the save button, enabled only when every
 * field passes, and the machine's guard never disagree. A failed save keeps the dialog and what
 * was typed, and shows the API's error.
 */
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { Field, Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  ADDRESS_DESCRIPTION_MAX_LENGTH,
  ADDRESS_FORM_MAX_LENGTHS,
  addressFormErrors,
  emptyAddressForm,
  type AddressFormField,
  type AddressFormValues,
} from '../../../../machines/profile/address-mapping';
import { BRAZILIAN_STATES } from '../../../../machines/validators/address';
import { maskCep } from '../../../format/masks';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { Select, type SelectOption } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';
import type { AddressBookActor } from '../address-book';
import { ErrorAlert } from '../../../ui/error-alert';
import { describeApiError, isShownError } from '../../../api/errors';

/** §5: the 27 states, shown as 'SP - São Paulo'. */
const STATE_OPTIONS: readonly SelectOption[] = BRAZILIAN_STATES.map((s) => ({
  value: s.code,
  label: `${s.code} - ${s.name}`,
}));

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  column-gap: ${({ theme }) => theme.space(4)};
  max-width: 880px;
  margin: 0 auto;
`;

const Status = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.textMuted};
`;

/** Every value a string ('' for what final-form leaves undefined after a field is cleared). */
function complete(values: Partial<AddressFormValues>): AddressFormValues {
  const out = emptyAddressForm();
  for (const key of Object.keys(out) as (keyof AddressFormValues)[]) out[key] = values[key] ?? '';
  return out;
}

const keepAsTyped = (v: string | undefined): string => v ?? '';
const cepParse = (v: string | undefined): string => maskCep(v ?? '');

interface TextInputProps {
  name: keyof AddressFormValues;
  labelKey: string;
  maxLength?: number;
  required?: boolean;
  helperKey?: string;
  inputMode?: 'numeric' | 'text';
  autoComplete?: string;
  parse?: (v: string | undefined) => string;
  readOnly: boolean;
}

/** A text field bound to final-form; its error shows once the field was changed or left. */
function AddressTextField({
  name,
  labelKey,
  maxLength,
  required = true,
  helperKey,
  inputMode,
  autoComplete,
  parse = keepAsTyped,
  readOnly,
}: TextInputProps) {
  const { t } = useTranslation();
  return (
    <Field<string> name={name} parse={parse}>
      {({ input, meta }) => {
        const shown = (meta.touched || meta.modified) && typeof meta.error === 'string';
        return (
          <TextField
            {...input}
            value={input.value ?? ''}
            label={t(labelKey)}
            helperText={helperKey ? t(helperKey) : undefined}
            error={shown ? (meta.error as string) : undefined}
            maxLength={maxLength}
            required={required}
            inputMode={inputMode}
            autoComplete={autoComplete}
            readOnly={readOnly}
          />
        );
      }}
    </Field>
  );
}

export function AddressFormDialog({ actor }: { actor: AddressBookActor }) {
  const { t } = useTranslation();
  const formId = useId();
  const form = useSelector(actor, (s) => s.context.form);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.matches({ form: { filling: 'failed' } }));
  const error = useSelector(actor, (s) => s.context.error);

  // The values the form starts from, fixed for this opening: the dialog mounts each time the form
  // opens, and a later render (a failed save) must not reset what was typed.
  const [initialValues] = useState(() => form?.initial ?? emptyAddressForm());

  /** The rule of the machine's guard, translated; MAX_LENGTH says the field's maximum. */
  const validate = (values: Partial<AddressFormValues>) => {
    const keys = addressFormErrors(values);
    const out: Partial<Record<AddressFormField, string>> = {};
    for (const [field, key] of Object.entries(keys) as [AddressFormField, string][]) {
      const max = field === 'estado' ? undefined : ADDRESS_FORM_MAX_LENGTHS[field];
      // The validator's own ADDRESS.ERRORS.* keys, when no catalogue holds them, read ours.
      out[field] = t([key, key.replace(/^ADDRESS\./, 'ADDRESS_BOOK.')], { max });
    }
    return out;
  };

  const editing = form?.mode === 'edit';
  const close = () => {
    if (!busy) actor.send({ type: 'form.cancel' });
  };

  return (
    <Form<AddressFormValues>
      initialValues={initialValues}
      onSubmit={(values) => {
        actor.send({ type: 'form.submit', values: complete(values) });
      }}
      validate={validate}
      subscription={{ hasValidationErrors: true }}
      render={({ handleSubmit, hasValidationErrors }) => (
        <Dialog
          open
          fullScreen
          onClose={close}
          dismissible={!busy}
          title={t(editing ? 'ADDRESS_BOOK.EDIT_TITLE' : 'ADDRESS_BOOK.ADD_TITLE')}
          actions={
            <>
              <Button variant="secondary" onClick={close} disabled={busy}>
                {t('ADDRESS_BOOK.CANCEL')}
              </Button>
              <Button type="submit" form={formId} disabled={hasValidationErrors && !busy} loading={busy}>
                {t('ADDRESS_BOOK.SAVE')}
              </Button>
            </>
          }
        >
          <form id={formId} noValidate onSubmit={handleSubmit} aria-busy={busy || undefined}>
            {failed && isShownError(error) && (
              <ErrorAlert>
                <p>{t('ADDRESS_BOOK.SAVE_ERROR')}</p>
                <p>{describeApiError(error, t)}</p>
              </ErrorAlert>
            )}
            <Status role="status">{busy ? t('ADDRESS_BOOK.SAVING') : ''}</Status>
            <Grid>
              <AddressTextField
                name="logradouro"
                labelKey="ADDRESS_BOOK.FIELDS.STREET"
                maxLength={ADDRESS_FORM_MAX_LENGTHS.logradouro}
                autoComplete="address-line1"
                readOnly={busy}
              />
              <AddressTextField
                name="numero"
                labelKey="ADDRESS_BOOK.FIELDS.NUMBER"
                maxLength={ADDRESS_FORM_MAX_LENGTHS.numero}
                readOnly={busy}
              />
              <AddressTextField
                name="complemento"
                labelKey="ADDRESS_BOOK.FIELDS.COMPLEMENT"
                required={false}
                maxLength={ADDRESS_FORM_MAX_LENGTHS.logradouro}
                autoComplete="address-line2"
                readOnly={busy}
              />
              <AddressTextField
                name="bairro"
                labelKey="ADDRESS_BOOK.FIELDS.NEIGHBORHOOD"
                maxLength={ADDRESS_FORM_MAX_LENGTHS.bairro}
                readOnly={busy}
              />
              <AddressTextField
                name="cep"
                labelKey="ADDRESS_BOOK.FIELDS.POSTAL_CODE"
                helperKey="ADDRESS_BOOK.HELPERS.POSTAL_CODE"
                maxLength={ADDRESS_FORM_MAX_LENGTHS.cep}
                inputMode="numeric"
                autoComplete="postal-code"
                parse={cepParse}
                readOnly={busy}
              />
              <AddressTextField
                name="cidade"
                labelKey="ADDRESS_BOOK.FIELDS.CITY"
                maxLength={ADDRESS_FORM_MAX_LENGTHS.cidade}
                autoComplete="address-level2"
                readOnly={busy}
              />
              <Field<string> name="estado" parse={keepAsTyped}>
                {({ input, meta }) => (
                  <Select
                    {...input}
                    value={input.value ?? ''}
                    label={t('ADDRESS_BOOK.FIELDS.STATE')}
                    placeholder={t('ADDRESS_BOOK.FIELDS.STATE_PLACEHOLDER')}
                    options={STATE_OPTIONS}
                    required
                    disabled={busy}
                    error={
                      (meta.touched || meta.modified) && typeof meta.error === 'string'
                        ? meta.error
                        : undefined
                    }
                  />
                )}
              </Field>
              {/* Last, so the form still opens on the street; the book shows it as the title. */}
              <AddressTextField
                name="descricao"
                labelKey="ADDRESS_BOOK.FIELDS.DESCRIPTION"
                helperKey="ADDRESS_BOOK.HELPERS.DESCRIPTION"
                required={false}
                maxLength={ADDRESS_DESCRIPTION_MAX_LENGTH}
                readOnly={busy}
              />
            </Grid>
          </form>
        </Dialog>
      )}
    />
  );
}
