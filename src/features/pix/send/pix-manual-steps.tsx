/**
 * The steps of /PixManual (src/features/pix/pix-manual-page.tsx; 3-pix-part-one.md §2 Send by
 * manual data, §5 Manual): one wizard step as a small react-final-form form with Back and Next, a
 * radio choice, the institution step (the participants searched by name, code or ISPB), the
 * balance line of step 8, and the confirmation's lines. Split from pix-manual-page.tsx (issue 25's
 * file size).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Field, Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  institutionName,
  type PixInstitution,
  type PixManualData,
} from '../../../../machines/pix/pix-send-manual.machine';
import { parseBrlToCents } from '../../../../machines/validators/money';
import { useBalance } from '../../../api/queries';
import { formatBRL, formatBRLFromCents } from '../../../format/brl';
import { formatDateTime } from '../../../format/dates';
import { hideTaxId } from '../../../format/masks';
import { useBankList } from '../../../ui/bank-list';
import { Button } from '../../../ui/button';
import { type SummaryLine } from '../../../ui/movement-dialogs';
import { FormActions } from '../../../ui/form-actions';
import { RadioGroup } from '../../../ui/radio-group';
import { TextField } from '../../../ui/text-field';
import { useValidatorText } from '../../../ui/validator-text';

/** The texts of /PixManual (pix.json). */
export const TEXTS = 'PIX.PIX_MANUAL';

const Fields = styled.div`
  max-width: 560px;
`;

const InstitutionList = styled.div`
  max-height: 320px;
  overflow-y: auto;
  margin-bottom: ${({ theme }) => theme.space(2)};
`;

const Balance = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

type StepValues = Record<string, string>;

/** One wizard step: a final-form form with Back (when allowed) and Next. */
export function Step<V extends StepValues>({
  title,
  initialValues,
  validate,
  onNext,
  onBack,
  children,
}: {
  title: string;
  initialValues: V;
  validate: (v: V) => Partial<Record<keyof V, string>>;
  onNext: (v: V) => void;
  onBack?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form<V>
      initialValues={initialValues}
      validate={(v) => validate({ ...initialValues, ...v })}
      onSubmit={(v) => onNext({ ...initialValues, ...v })}
      render={({ handleSubmit }) => (
        <form noValidate onSubmit={handleSubmit}>
          <h2>{title}</h2>
          <Fields>{children}</Fields>
          <FormActions $wide>
            {onBack && (
              <Button variant="secondary" onClick={onBack}>
                {t('PIX.PIX_MANUAL.BACK')}
              </Button>
            )}
            <Button type="submit">{t('PIX.PIX_MANUAL.NEXT')}</Button>
          </FormActions>
        </form>
      )}
    />
  );
}

/** A radio choice bound to the step's form. */
export function StepRadio({
  name,
  legend,
  options,
}: {
  name: string;
  legend: string;
  options: { value: string; label: string }[];
}) {
  const errorText = useValidatorText();
  return (
    <Field<string> name={name}>
      {({ input, meta }) => (
        <RadioGroup
          legend={legend}
          name={name}
          options={options}
          value={input.value}
          onChange={(v) => input.onChange(v)}
          error={meta.touched && typeof meta.error === 'string' ? errorText(meta.error) : undefined}
        />
      )}
    </Field>
  );
}

export const digitsOnly = (max: number) => (v: string | undefined) =>
  (v ?? '').replace(/\D/g, '').slice(0, max);
export const only = <T,>(key: string, error: T | undefined) => (error === undefined ? {} : { [key]: error });

/**
 * Step 4: the participants, searchable as the TED bank field is (machines/data/institution-search.ts):
 * by brand, full or short name, COMPE code or ISPB, accents and case ignored. Each is listed with its
 * COMPE code when it has one ('260 - NU PAGAMENTOS ...').
 */
export function InstitutionStep({
  institutions,
  chosen,
  onChoose,
  onBack,
}: {
  institutions: readonly PixInstitution[];
  chosen: string;
  onChoose: (ispb: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  // The search and the COMPE codes come with the bank list, loaded after the page painted
  // (src/ui/bank-list.ts); until then the participants are listed as the bank gives them.
  const { list: banks, failed } = useBankList();
  const indexed = useMemo(
    () => banks && institutions.map((p) => ({ p, entry: banks.indexInstitution(p.id, p.name) })),
    [banks, institutions],
  );
  const found = useMemo(
    () =>
      banks && indexed
        ? banks.searchInstitutions(query, indexed, (i) => i.entry).map((i) => i.p)
        : institutions,
    [banks, indexed, institutions, query],
  );
  return (
    <Step<{ ispb: string }>
      title={t('PIX.PIX_MANUAL.STEPS.INSTITUTION')}
      initialValues={{ ispb: chosen }}
      validate={(v) => only('ispb', v.ispb === '' ? 'ERRORS.INPUTS.EMPTY' : undefined)}
      onNext={(v) => onChoose(v.ispb)}
      onBack={onBack}
    >
      <TextField
        label={t('PIX.PIX_MANUAL.FIELDS.SEARCH')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoComplete="off"
        type="search"
        disabled={!banks}
        helperText={banks ? undefined : t(failed ? 'ERRORS.NETWORK' : 'COMMON.LOADING')}
      />
      <p role="status" aria-live="polite">
        {found.length === 0
          ? t('PIX.PIX_MANUAL.NO_INSTITUTION')
          : t('PIX.PIX_MANUAL.FOUND', { count: found.length })}
      </p>
      <InstitutionList>
        {found.length > 0 && (
          <StepRadio
            name="ispb"
            legend={t('PIX.PIX_MANUAL.FIELDS.INSTITUTION')}
            options={found.map((p) => {
              const code = banks?.bankByIspb(p.id)?.code;
              return { value: p.id, label: code ? `${code} - ${p.name}` : p.name };
            })}
          />
        )}
      </InstitutionList>
    </Step>
  );
}

/** The balance of step 8, with its date. */
export function BalanceLine({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const balance = useBalance(accountId);
  const real = balance.data?.balances.find((b) => b.balanceType === 'REAL');
  if (balance.isError) return <Balance>{t('PIX.PIX_MANUAL.BALANCE_UNAVAILABLE')}</Balance>;
  if (!real) return <Balance aria-busy="true">{t('PIX.PIX_MANUAL.BALANCE_LOADING')}</Balance>;
  return (
    <Balance>
      {t('PIX.PIX_MANUAL.BALANCE', {
        amount: formatBRL(real.amount),
        date: formatDateTime(real.date ?? new Date()),
      })}
    </Balance>
  );
}

export function accountTypeLabel(type: string, t: (k: string) => string): string {
  return t(`PIX.PIX_MANUAL.ACCOUNT_TYPES.${type}`);
}

/** The confirmation's lines (§2: recipient, masked document, bank, account type, agency, account, digit, total, description). */
export function confirmationLines(
  data: PixManualData,
  recipient: { name: string; taxId: string },
  institutions: readonly PixInstitution[] | null,
  t: (k: string) => string,
): SummaryLine[] {
  const lines: SummaryLine[] = [
    { label: t('PIX.PIX_MANUAL.FIELDS.RECIPIENT'), value: recipient.name },
    { label: t('PIX.PIX_MANUAL.FIELDS.DOCUMENT'), value: hideTaxId(recipient.taxId) },
    { label: t('PIX.PIX_MANUAL.FIELDS.INSTITUTION'), value: institutionName(institutions, data.ispb) },
    { label: t('PIX.PIX_MANUAL.FIELDS.ACCOUNT_TYPE'), value: accountTypeLabel(data.accountType, t) },
    { label: t('PIX.PIX_MANUAL.FIELDS.AGENCY'), value: data.agency },
    { label: t('PIX.PIX_MANUAL.FIELDS.ACCOUNT'), value: data.account },
    { label: t('PIX.PIX_MANUAL.FIELDS.DIGIT'), value: data.digit },
    { label: t('PIX.PIX_MANUAL.FIELDS.TOTAL'), value: formatBRLFromCents(parseBrlToCents(data.amount) ?? 0) },
  ];
  if (data.description.trim() !== '')
    lines.push({ label: t('PIX.PIX_MANUAL.FIELDS.DESCRIPTION'), value: data.description.trim() });
  return lines;
}
