/**
 * The address form (1-access-shell-statement.md §2 Address book: a full-screen dialog titled edit
 * or add; §5 Address form; §9 maximum lengths). react-final-form keeps the fields; its `validate`
 * is the machine's own rule (`addressFormErrors`), so the save button, enabled only when every
 * field passes, and the machine's guard never disagree. A failed save keeps the dialog and what
 * was typed, and shows the API's error. The dialog is every book's (src/ui/book-form-dialog.tsx);
 * the fields are the address's.
 */
import { useSelector } from '@xstate/react';
import { Field } from 'react-final-form';
import { useTranslation } from 'react-i18next';
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
import {
  BookFormDialog,
  BookTextField,
  shownError,
  type BookTextFieldProps,
} from '../../../ui/book-form-dialog';
import { Select, type SelectOption } from '../../../ui/select';
import type { AddressBookActor } from '../address-book';

/** §5: the 27 states, shown as 'SP - São Paulo'. */
const STATE_OPTIONS: readonly SelectOption[] = BRAZILIAN_STATES.map((s) => ({
  value: s.code,
  label: `${s.code} - ${s.name}`,
}));

/** Every value a string ('' for what final-form leaves undefined after a field is cleared). */
function complete(values: Partial<AddressFormValues>): AddressFormValues {
  const out = emptyAddressForm();
  for (const key of Object.keys(out) as (keyof AddressFormValues)[]) out[key] = values[key] ?? '';
  return out;
}

const keepAsTyped = (v: string | undefined): string => v ?? '';
const cepParse = (v: string | undefined): string => maskCep(v ?? '');

export function AddressFormDialog({ actor }: { actor: AddressBookActor }) {
  const { t } = useTranslation();
  const form = useSelector(actor, (s) => s.context.form);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.matches({ form: { filling: 'failed' } }));
  const error = useSelector(actor, (s) => s.context.error);

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

  const text = (name: keyof AddressFormValues, labelKey: string, more: Partial<BookTextFieldProps> = {}) => (
    <BookTextField
      name={name}
      label={t(labelKey)}
      maxLength={(ADDRESS_FORM_MAX_LENGTHS as Partial<Record<keyof AddressFormValues, number>>)[name]}
      readOnly={busy}
      {...more}
    />
  );

  return (
    <BookFormDialog<AddressFormValues>
      initialValues={form?.initial ?? emptyAddressForm()}
      complete={complete}
      validate={validate}
      title={t(form?.mode === 'edit' ? 'ADDRESS_BOOK.EDIT_TITLE' : 'ADDRESS_BOOK.ADD_TITLE')}
      fullScreen
      columnMin={240}
      texts={{
        cancel: t('ADDRESS_BOOK.CANCEL'),
        save: t('ADDRESS_BOOK.SAVE'),
        saving: t('ADDRESS_BOOK.SAVING'),
        saveError: t('ADDRESS_BOOK.SAVE_ERROR'),
      }}
      busy={busy}
      failed={failed}
      error={error}
      onSubmit={(values) => actor.send({ type: 'form.submit', values })}
      onCancel={() => actor.send({ type: 'form.cancel' })}
    >
      {() => (
        <>
          {text('logradouro', 'ADDRESS_BOOK.FIELDS.STREET', { autoComplete: 'address-line1' })}
          {text('numero', 'ADDRESS_BOOK.FIELDS.NUMBER')}
          {text('complemento', 'ADDRESS_BOOK.FIELDS.COMPLEMENT', {
            required: false,
            maxLength: ADDRESS_FORM_MAX_LENGTHS.logradouro,
            autoComplete: 'address-line2',
          })}
          {text('bairro', 'ADDRESS_BOOK.FIELDS.NEIGHBORHOOD')}
          {text('cep', 'ADDRESS_BOOK.FIELDS.POSTAL_CODE', {
            helperText: t('ADDRESS_BOOK.HELPERS.POSTAL_CODE'),
            inputMode: 'numeric',
            autoComplete: 'postal-code',
            parse: cepParse,
          })}
          {text('cidade', 'ADDRESS_BOOK.FIELDS.CITY', { autoComplete: 'address-level2' })}
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
                error={shownError(meta)}
              />
            )}
          </Field>
          {/* Last, so the form still opens on the street; the book shows it as the title. */}
          {text('descricao', 'ADDRESS_BOOK.FIELDS.DESCRIPTION', {
            helperText: t('ADDRESS_BOOK.HELPERS.DESCRIPTION'),
            required: false,
            maxLength: ADDRESS_DESCRIPTION_MAX_LENGTH,
          })}
        </>
      )}
    </BookFormDialog>
  );
}
