/**
 * /PixLimits (4-pix-part-two.md §2 Pix limits, §4 Limit request, §5 Limit fields, §8 Limits; the
 * 2026 rules of the domain notes §c; issue 28): a projection of machines/pix/pix-limits.machine.ts.
 * The day and night totals with their periods and what is pending; 'Solicitar ajuste dos limites
 * disponíveis' (disabled with 'Última solicitação pendente de aprovação.' while a request waits)
 * opens the adjust dialog; 'Alterar horário noturno' the 20h/22h choice.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  hasPending,
  pixLimitsMachine,
  type NightStartHour,
  type PixLimitsOutput,
} from '../../../machines/pix/pix-limits.machine';
import { LIMIT_FIELD_MAX_LENGTH, limitFieldCents } from '../../../machines/validators/pix-limits';
import { decimalToCents } from '../../../machines/validators/money';
import { errorTextToShow } from '../../api/errors';
import { formatBRL } from '../../format/brl';
import { useFlow } from '../../runtime/use-flow';
import { useSession } from '../../shell/use-session';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Dialog } from '../../ui/dialog';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitle } from '../../ui/page-title';
import { RadioGroup } from '../../ui/radio-group';
import { SummaryLines } from '../../ui/summary-lines';
import { AmountField } from '../../ui/amount-field';
import { useToast } from '../../ui/toasts';

const ADJUST_FORM = 'pix-limits-adjust';
const WINDOW_FORM = 'pix-limits-window';

const Note = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(4)};
`;

const Alert = styled.div`
  margin-bottom: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.danger};
`;

/**
 * When a pending change takes effect, on the bank's São Paulo clock. Intl with the zone's name, not
 * clock/sao-paulo.ts: importing it here re-split a shared chunk and put /PixCopyPaste 0.3 KB over
 * its first-load ceiling (scripts/bundle-budget.ts); Intl reads the same time-zone database.
 */
const whenText = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  }).format(new Date(iso));

/** '5.000,00': a total as the fields take it. */
const fieldValue = (reais: number) =>
  new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(reais);

function Totals({ limits }: { limits: PixLimitsOutput }) {
  const { t } = useTranslation();
  const start = limits.nightWindow.startHour;
  const lines = limits.limits.map((l) => {
    const period =
      l.typeLimit === 'DAY' ? t('PIX_LIMITS.DAY_PERIOD', { start }) : t('PIX_LIMITS.NIGHT_PERIOD', { start });
    const pending =
      l.status === 'PENDENT' && l.requestedValue != null
        ? t('PIX_LIMITS.REQUESTED', {
            value: formatBRL(l.requestedValue),
            at: l.effectiveAt ? whenText(l.effectiveAt) : '',
          })
        : null;
    return {
      label: `${t(`PIX_LIMITS.${l.typeLimit}`)} (${period})`,
      value: (
        <>
          <strong>{formatBRL(l.maximumValue)}</strong> · {t(`PIX_LIMITS.STATUS.${l.status}`)}
          {pending && <Note>{pending}</Note>}
        </>
      ),
    };
  });
  const w = limits.nightWindow;
  lines.push({
    label: t('PIX_LIMITS.WINDOW'),
    value: (
      <>
        {t('PIX_LIMITS.WINDOW_VALUE', { start: w.startHour })} · {t(`PIX_LIMITS.STATUS.${w.status}`)}
        {w.status === 'PENDENT' && w.requestedStartHour != null && (
          <Note>
            {t('PIX_LIMITS.WINDOW_REQUESTED', {
              start: w.requestedStartHour,
              at: w.effectiveAt ? whenText(w.effectiveAt) : '',
            })}
          </Note>
        )}
      </>
    ),
  });
  return <SummaryLines lines={lines} />;
}

interface AdjustValues {
  day: string;
  night: string;
}

function Limits({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const pendingNoteId = useId();
  const actor = useFlow('pix-limits', pixLimitsMachine, { accountId });
  const s = useSelector(actor, (x) => x);
  const send = actor.send;
  useEffect(() => {
    const sub = actor.on('limits.saved', ({ pending }) =>
      pending ? toast.info(t('PIX_LIMITS.PENDING_SAVED')) : toast.success(t('PIX_LIMITS.SAVED')),
    );
    return () => sub.unsubscribe();
  }, [actor, toast, t]);

  const limits = s.context.limits;
  const pending = hasPending(limits);
  const ceiling = limits ? decimalToCents(limits.maximumAllowed) : 0;
  const failure = errorTextToShow(s.context.error, t);
  const initial: AdjustValues = {
    day: limits ? fieldValue(limits.limits.find((l) => l.typeLimit === 'DAY')?.maximumValue ?? 0) : '',
    night: limits ? fieldValue(limits.limits.find((l) => l.typeLimit === 'NIGHT')?.maximumValue ?? 0) : '',
  };

  return (
    <>
      <Card>
        <p role="status">{s.matches('loading') ? t('PIX_LIMITS.LOADING') : ''}</p>
        {s.matches('loadError') && (
          <ErrorAlert
            action={
              <Button variant="secondary" onClick={() => send({ type: 'retry' })}>
                {t('PIX_LIMITS.RETRY')}
              </Button>
            }
          >
            <p>{t('PIX_LIMITS.ERROR')}</p>
            {failure && <p>{failure}</p>}
          </ErrorAlert>
        )}
        {limits && (
          <>
            <Totals limits={limits} />
            <Actions>
              <Button
                onClick={() => send({ type: 'adjust.open' })}
                disabled={pending || !s.matches('viewing')}
                aria-describedby={pending ? pendingNoteId : undefined}
              >
                {t('PIX_LIMITS.REQUEST')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => send({ type: 'window.open' })}
                disabled={pending || !s.matches('viewing')}
                aria-describedby={pending ? pendingNoteId : undefined}
              >
                {t('PIX_LIMITS.WINDOW_CHANGE')}
              </Button>
            </Actions>
            {pending && <Note id={pendingNoteId}>{t('PIX_LIMITS.PENDING_NOTE')}</Note>}
            <Note>{t('PIX_LIMITS.RULES', { max: formatBRL(limits.maximumAllowed) })}</Note>
          </>
        )}
      </Card>
      {s.matches('adjusting') && (
        <AdjustDialog
          initial={initial}
          ceiling={ceiling}
          maximum={limits?.maximumAllowed ?? 0}
          saving={s.matches({ adjusting: 'saving' })}
          failed={s.matches({ adjusting: 'failed' }) ? (failure ?? '') : null}
          formError={s.context.formError}
          invalidFields={s.context.invalidFields}
          onCancel={() => send({ type: 'adjust.cancel' })}
          onRetry={() => send({ type: 'retry' })}
          onSubmit={(v) => send({ type: 'adjust.submit', ...v })}
        />
      )}
      {s.matches('choosingWindow') && limits && (
        <WindowDialog
          current={limits.nightWindow.startHour}
          saving={s.matches({ choosingWindow: 'saving' })}
          failed={s.matches({ choosingWindow: 'failed' }) ? (failure ?? '') : null}
          onCancel={() => send({ type: 'window.cancel' })}
          onRetry={() => send({ type: 'retry' })}
          onSubmit={(startHour) => send({ type: 'window.submit', startHour })}
        />
      )}
    </>
  );
}

/**
 * The adjust dialog: the day and night fields (§5: required, at most 13 characters), marked invalid
 * as typed with the machine's rule; the machine decides on Solicitar and keeps §5's message.
 */
function AdjustDialog(props: {
  initial: AdjustValues;
  ceiling: number;
  maximum: number;
  saving: boolean;
  failed: string | null;
  formError: string | null;
  invalidFields: readonly ('day' | 'night')[];
  onCancel: () => void;
  onRetry: () => void;
  onSubmit: (values: AdjustValues) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<AdjustValues>(props.initial);
  const [typed, setTyped] = useState<Record<keyof AdjustValues, boolean>>({ day: false, night: false });
  return (
    <Dialog
      open
      onClose={props.onCancel}
      dismissible={!props.saving}
      title={t('PIX_LIMITS.REQUEST')}
      actions={
        <>
          <Button type="button" variant="secondary" onClick={props.onCancel}>
            {t('PIX_LIMITS.CANCEL')}
          </Button>
          {props.failed !== null ? (
            <Button type="button" onClick={props.onRetry}>
              {t('PIX_LIMITS.RETRY')}
            </Button>
          ) : (
            <Button type="submit" form={ADJUST_FORM} disabled={props.saving}>
              {props.saving ? t('PIX_LIMITS.SAVING') : t('PIX_LIMITS.CONFIRM')}
            </Button>
          )}
        </>
      }
    >
      <form
        id={ADJUST_FORM}
        noValidate
        aria-label={t('PIX_LIMITS.REQUEST')}
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit(values);
        }}
      >
        <p role="status">{props.saving ? t('PIX_LIMITS.SAVING') : ''}</p>
        {props.formError && (
          <Alert role="alert">
            <p>{t(props.formError)}</p>
          </Alert>
        )}
        {props.failed !== null && (
          <Alert role="alert">
            <p>{t('PIX_LIMITS.ERROR')}</p>
            {props.failed && <p>{props.failed}</p>}
          </Alert>
        )}
        {(['day', 'night'] as const).map((name) => {
          const bad =
            (typed[name] && limitFieldCents(values[name], props.ceiling) === undefined) ||
            props.invalidFields.includes(name);
          return (
            <AmountField
              key={name}
              name={name}
              value={values[name]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setValues((v) => ({ ...v, [name]: value }));
                setTyped((x) => ({ ...x, [name]: true }));
              }}
              label={t(name === 'day' ? 'PIX_LIMITS.DAY_FIELD' : 'PIX_LIMITS.NIGHT_FIELD')}
              autoComplete="off"
              maxLength={LIMIT_FIELD_MAX_LENGTH}
              required
              aria-invalid={bad || undefined}
              readOnly={props.saving || props.failed !== null}
            />
          );
        })}
        <Note>{t('PIX_LIMITS.DIALOG_HELP', { max: formatBRL(props.maximum) })}</Note>
      </form>
    </Dialog>
  );
}

function WindowDialog(props: {
  current: NightStartHour;
  saving: boolean;
  failed: string | null;
  onCancel: () => void;
  onRetry: () => void;
  onSubmit: (startHour: NightStartHour) => void;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<NightStartHour>(props.current);
  return (
    <Dialog
      open
      onClose={props.onCancel}
      dismissible={!props.saving}
      title={t('PIX_LIMITS.WINDOW_TITLE')}
      actions={
        <>
          <Button type="button" variant="secondary" onClick={props.onCancel}>
            {t('PIX_LIMITS.CANCEL')}
          </Button>
          {props.failed !== null ? (
            <Button type="button" onClick={props.onRetry}>
              {t('PIX_LIMITS.RETRY')}
            </Button>
          ) : (
            <Button type="submit" form={WINDOW_FORM} disabled={props.saving}>
              {props.saving ? t('PIX_LIMITS.SAVING') : t('PIX_LIMITS.CONFIRM')}
            </Button>
          )}
        </>
      }
    >
      <form
        id={WINDOW_FORM}
        noValidate
        aria-label={t('PIX_LIMITS.WINDOW_TITLE')}
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit(choice);
        }}
      >
        <p role="status">{props.saving ? t('PIX_LIMITS.SAVING') : ''}</p>
        {props.failed !== null && (
          <Alert role="alert">
            <p>{t('PIX_LIMITS.ERROR')}</p>
            {props.failed && <p>{props.failed}</p>}
          </Alert>
        )}
        <RadioGroup
          legend={t('PIX_LIMITS.WINDOW')}
          name="night-start"
          value={String(choice)}
          disabled={props.saving || props.failed !== null}
          onChange={(v) => setChoice(v === '22' ? 22 : 20)}
          options={[
            { value: '20', label: t('PIX_LIMITS.WINDOW_VALUE', { start: 20 }) },
            { value: '22', label: t('PIX_LIMITS.WINDOW_VALUE', { start: 22 }) },
          ]}
          helperText={t('PIX_LIMITS.WINDOW_HELP')}
        />
      </form>
    </Dialog>
  );
}

export default function PixLimitsPage() {
  const { t } = useTranslation();
  const accountId = useSession()?.account.accounts[0]?.accountId ?? '';
  return (
    <>
      <PageTitle subtitle={t('PIX_LIMITS.SUBTITLE')}>{t('PIX_LIMITS.TITLE')}</PageTitle>
      {accountId !== '' && <Limits accountId={accountId} />}
    </>
  );
}
