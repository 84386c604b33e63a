/**
 * The statement's period filter and search (1-access-shell-statement.md §2 Statement screen, §5
 * Statement period and export): last day, 7 or 15 days, a month (its picker enabled only for that
 * type, from January 2020), or a custom period of two dates. The machine decides: the view sends
 * what the user chose and shows the machine's refusal (START_END_DATE, WRONG_PERIOD,
 * INVALID_DATE_START, MIN_DATE).
 */
import { useState, type ChangeEvent } from 'react';
import { Field, Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { MIN_STATEMENT_MONTH } from '../../../machines/validators/period';
import type { StatementEvent, StatementPeriodType } from '../../../machines/statement/statement.machine';
import { Button } from '../../ui/button';
import { DateField } from '../../ui/date-field';
import { FieldError } from '../../ui/field';
import { MonthSelect } from '../../ui/month-select';
import { Select } from '../../ui/select';
import { TextField } from '../../ui/text-field';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => `0 ${theme.space(4)}`};
  & > * {
    flex: 1 1 200px;
    max-width: 320px;
  }
`;

const CustomForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => `0 ${theme.space(4)}`};
  & > div {
    flex: 1 1 180px;
    max-width: 240px;
  }
  & > button {
    margin-bottom: ${({ theme }) => theme.space(4)};
  }
`;

const ErrorBox = styled.div`
  margin: -${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(4)};
`;

/** The options of the period select, in the order of §5. */
export const PERIOD_OPTIONS: ReadonlyArray<{ value: StatementPeriodType; labelKey: string }> = [
  { value: 1, labelKey: 'STATEMENT_SCREEN.PERIOD.LAST_DAY' },
  { value: 2, labelKey: 'STATEMENT_SCREEN.PERIOD.LAST_7_DAYS' },
  { value: 3, labelKey: 'STATEMENT_SCREEN.PERIOD.LAST_15_DAYS' },
  { value: 4, labelKey: 'STATEMENT_SCREEN.PERIOD.MONTH' },
  { value: 'custom', labelKey: 'STATEMENT_SCREEN.PERIOD.CUSTOM' },
];

const toPeriodType = (v: string): StatementPeriodType =>
  v === 'custom' ? 'custom' : (Number(v) as StatementPeriodType);

export interface PeriodFilterProps {
  today: string;
  periodType: StatementPeriodType;
  month: string;
  customStart: string;
  customEnd: string;
  /** Message key of the machine's refusal. */
  periodError: string | null;
  search: string;
  send: (event: StatementEvent) => void;
  /** i18n key of the search box's example text (the Pix statement has its own). */
  searchPlaceholderKey?: string;
}

interface CustomValues {
  start?: string;
  end?: string;
}

export function PeriodFilter({
  today,
  periodType,
  month,
  customStart,
  customEnd,
  periodError,
  search,
  send,
  searchPlaceholderKey = 'STATEMENT_SCREEN.SEARCH.PLACEHOLDER',
}: PeriodFilterProps) {
  const { t } = useTranslation();
  // The month as typed: a refused month keeps showing what the user picked, next to its error.
  const [monthDraft, setMonthDraft] = useState(month);
  const isMonth = periodType === 4;
  const isCustom = periodType === 'custom';

  const onPeriod = (e: ChangeEvent<HTMLSelectElement>) => {
    const next = toPeriodType(e.target.value);
    if (next === 4) setMonthDraft(today.slice(0, 7));
    send({ type: 'period.select', periodType: next });
  };
  const onMonth = (next: string) => {
    setMonthDraft(next);
    send({ type: 'period.month', month: next });
  };

  return (
    <div data-print-hide="">
      <Row>
        <Select
          label={t('STATEMENT_SCREEN.PERIOD.LABEL')}
          value={String(periodType)}
          onChange={onPeriod}
          options={PERIOD_OPTIONS.map((o) => ({ value: String(o.value), label: t(o.labelKey) }))}
        />
        <MonthSelect
          label={t('STATEMENT_SCREEN.PERIOD.MONTH_PICKER')}
          value={isMonth ? monthDraft : month}
          min={MIN_STATEMENT_MONTH}
          max={today.slice(0, 7)}
          disabled={!isMonth}
          onChange={onMonth}
          error={isMonth && periodError ? t(periodError) : undefined}
        />
        <TextField
          type="search"
          label={t('STATEMENT_SCREEN.SEARCH.LABEL')}
          placeholder={t(searchPlaceholderKey)}
          value={search}
          onChange={(e) => send({ type: 'search.change', text: e.target.value })}
          autoComplete="off"
        />
      </Row>
      {isCustom && (
        <Form<CustomValues>
          initialValues={{ start: customStart, end: customEnd }}
          onSubmit={(values) =>
            send({ type: 'period.apply', start: values.start ?? '', end: values.end ?? '' })
          }
          render={({ handleSubmit }) => (
            <CustomForm onSubmit={handleSubmit} noValidate aria-label={t('STATEMENT_SCREEN.PERIOD.CUSTOM')}>
              <Field<string> name="start">
                {({ input }) => (
                  <DateField
                    name={input.name}
                    value={input.value}
                    onChange={input.onChange}
                    onBlur={input.onBlur}
                    onFocus={input.onFocus}
                    label={t('STATEMENT_SCREEN.PERIOD.START')}
                    aria-invalid={periodError ? true : undefined}
                  />
                )}
              </Field>
              <Field<string> name="end">
                {({ input }) => (
                  <DateField
                    name={input.name}
                    value={input.value}
                    onChange={input.onChange}
                    onBlur={input.onBlur}
                    onFocus={input.onFocus}
                    label={t('STATEMENT_SCREEN.PERIOD.END')}
                    aria-invalid={periodError ? true : undefined}
                  />
                )}
              </Field>
              <Button type="submit" variant="secondary">
                {t('STATEMENT_SCREEN.PERIOD.APPLY')}
              </Button>
            </CustomForm>
          )}
        />
      )}
      {isCustom && periodError && (
        <ErrorBox>
          <FieldError id="statement-period-error">{t(periodError)}</FieldError>
        </ErrorBox>
      )}
    </div>
  );
}
