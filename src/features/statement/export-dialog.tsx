/**
 * The export dialog (1-access-shell-statement.md §2 Export dialog, §4, §5, §8, §9): radio choices
 * the period the statement shows (first and chosen, issue 32) / last day / 7 / 15 days / custom period (two dates, the same rules as the screen), and three
 * buttons, Excel, PDF and OFX. A projection of machines/statement/export.machine.ts: progress
 * while the rows are fetched and the file generated; failures and empty periods as toasts with
 * the catalogue texts; the file is saved as Export_ + dates.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import {
  exportMachine,
  type ExportFormat,
  type ExportPeriodType,
  type WriteFileInput,
  type WriteFileOutput,
} from '../../../machines/statement/export.machine';
import { useFlow } from '../../runtime/use-flow';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FieldError } from '../../ui/field';
import { RadioGroup } from '../../ui/radio-group';
import { Spinner } from '../../ui/spinner';
import { DateField } from '../../ui/date-field';
import { useToast } from '../../ui/toasts';
import { errorTextToShow } from '../../api/errors';
import { formatDate } from '../../format/dates';
import type { ExportAccount } from '../../export/types';
import { writeStatementFile } from './export-file';

/** The three format buttons, in the order of §2. */
export const EXPORT_FORMATS: ReadonlyArray<{ format: ExportFormat; labelKey: string }> = [
  { format: 'xlsx', labelKey: 'STATEMENT_EXPORT.EXCEL' },
  { format: 'pdf', labelKey: 'STATEMENT_EXPORT.PDF' },
  { format: 'ofx', labelKey: 'STATEMENT_EXPORT.OFX' },
];

const PERIODS: ReadonlyArray<{ value: ExportPeriodType; labelKey: string }> = [
  { value: 1, labelKey: 'STATEMENT_EXPORT.LAST_DAY' },
  { value: 2, labelKey: 'STATEMENT_EXPORT.LAST_7_DAYS' },
  { value: 3, labelKey: 'STATEMENT_EXPORT.LAST_15_DAYS' },
  { value: 'custom', labelKey: 'STATEMENT_EXPORT.CUSTOM' },
];

const Dates = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `0 ${theme.space(4)}`};
  & > div {
    flex: 1 1 180px;
  }
`;

const Formats = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  & > legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space(2)};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  & > div {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(2)};
  }
`;

const Progress = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.primary};
  & > p {
    margin: 0;
    color: ${({ theme }) => theme.color.text};
  }
  & > progress {
    flex: 1;
  }
`;

export interface ExportDialogProps {
  today: string;
  accountId: string;
  /** The period the statement shows: offered first and chosen by default (issue 32). */
  shown?: { start: string; end: string };
  /** Account number, holder name and tax id printed in the files. */
  account: Omit<ExportAccount, 'branch'>;
  onClose: () => void;
}

export function ExportDialog({ today, accountId, shown, account, onClose }: ExportDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const accountRef = useRef(account);
  accountRef.current = account;

  const actor = useFlow(
    'statement-export',
    exportMachine,
    { today, accountId, shown },
    {
      // The file is written here: the writers and their texts load on demand.
      actors: {
        writeFile: fromPromise<WriteFileOutput, WriteFileInput>(({ input, signal }) =>
          writeStatementFile(input, accountRef.current, signal),
        ),
      },
    },
  );
  const view = useSelector(
    actor,
    (s) => ({
      periodType: s.context.periodType,
      start: s.context.start,
      end: s.context.end,
      periodError: s.context.periodError,
      format: s.context.format,
      invalid: s.matches({ editing: 'invalid' }),
      noData: s.matches({ editing: 'noData' }),
      failed: s.matches({ editing: 'failed' }),
      fetching: s.matches('fetching'),
      generating: s.matches('generating'),
      error: s.context.error,
      output: s.status === 'done' ? s.output : undefined,
    }),
    (a, b) =>
      a.periodType === b.periodType &&
      a.start === b.start &&
      a.end === b.end &&
      a.periodError === b.periodError &&
      a.format === b.format &&
      a.invalid === b.invalid &&
      a.noData === b.noData &&
      a.failed === b.failed &&
      a.fetching === b.fetching &&
      a.generating === b.generating &&
      a.error === b.error &&
      a.output === b.output,
  );
  const busy = view.fetching || view.generating;

  useEffect(() => {
    if (!view.output) return;
    if (view.output.kind === 'saved')
      toast.success(t('STATEMENT_EXPORT.SUCCESS', { fileName: view.output.fileName }));
    onClose();
  }, [view.output, onClose, toast, t]);
  useEffect(() => {
    if (!view.failed) return;
    const text = errorTextToShow(view.error, t);
    if (text) toast.error(text);
  }, [view.failed, view.error, toast, t]);
  useEffect(() => {
    if (view.noData) toast.warning(t('STATEMENT_EXPORT.NO_RESULT_DATA'));
  }, [view.noData, toast, t]);

  const formatLabel = t(
    EXPORT_FORMATS.find((f) => f.format === view.format)?.labelKey ?? 'STATEMENT_EXPORT.EXCEL',
  );

  return (
    <Dialog open onClose={() => actor.send({ type: 'export.cancel' })} title={t('STATEMENT_EXPORT.TITLE')}>
      <RadioGroup
        legend={t('STATEMENT_EXPORT.PERIOD')}
        name="statement-export-period"
        value={String(view.periodType)}
        disabled={busy}
        options={[
          ...(shown
            ? [
                {
                  value: 'shown',
                  label: t('STATEMENT_EXPORT.SHOWN', {
                    start: formatDate(shown.start),
                    end: formatDate(shown.end),
                  }),
                },
              ]
            : []),
          ...PERIODS.map((p) => ({ value: String(p.value), label: t(p.labelKey) })),
        ]}
        onChange={(v) =>
          actor.send({
            type: 'export.period',
            periodType: v === 'custom' || v === 'shown' ? v : (Number(v) as ExportPeriodType),
          })
        }
      />
      {view.periodType === 'custom' && (
        <Dates>
          <DateField
            label={t('STATEMENT_EXPORT.START')}
            value={view.start}
            disabled={busy}
            aria-invalid={view.invalid || undefined}
            onChange={(value) => actor.send({ type: 'export.dates', start: value, end: view.end })}
          />
          <DateField
            label={t('STATEMENT_EXPORT.END')}
            value={view.end}
            disabled={busy}
            aria-invalid={view.invalid || undefined}
            onChange={(value) => actor.send({ type: 'export.dates', start: view.start, end: value })}
          />
        </Dates>
      )}
      {view.invalid && view.periodError && (
        <FieldError id="statement-export-period-error">{t(view.periodError)}</FieldError>
      )}
      <Formats disabled={busy}>
        <legend>{t('STATEMENT_EXPORT.FORMAT')}</legend>
        <div>
          {EXPORT_FORMATS.map((f) => (
            <Button
              key={f.format}
              variant={view.format === f.format && busy ? 'primary' : 'secondary'}
              loading={busy && view.format === f.format}
              onClick={() => actor.send({ type: 'export.format', format: f.format })}
            >
              {t(f.labelKey)}
            </Button>
          ))}
        </div>
      </Formats>
      {busy && (
        <Progress role="status">
          <Spinner $size={24} />
          <p>
            {view.fetching
              ? t('STATEMENT_EXPORT.FETCHING')
              : t('STATEMENT_EXPORT.GENERATING', { format: formatLabel })}
          </p>
          <progress
            aria-label={
              view.fetching
                ? t('STATEMENT_EXPORT.FETCHING')
                : t('STATEMENT_EXPORT.GENERATING', { format: formatLabel })
            }
          />
        </Progress>
      )}
    </Dialog>
  );
}
