/**
 * /PixKey, send by key (3-pix-part-one.md §2 Send by key, §4, §5, §8; issue 16): a projection of
 * machines/pix/pix-send-key.machine.ts. The wizard's three steps (key type, key value, balance with
 * amount and description) on the form idiom (react-final-form with the machine's validators), the
 * full-screen confirmation, the security code, the sending step and the shared result dialog
 * (src/features/pix/send). `?recipient={idRecipient}` (written by the Pix recipient book) starts
 * from a saved recipient; `&schedule=1` asks for the schedule date to be offered open.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Field, Form as FinalForm } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation, useSearch } from 'wouter';
import { saoPauloToday } from '../../../clock/sao-paulo';
import type { components } from '../../../openapi/portal';
import {
  SEND_KEY_TYPES,
  validatePixAmount,
  validatePixDescription,
  validateSaveNickname,
  validateScheduleDate,
  validateSendKey,
} from '../../../machines/pix/pix-send-key-rules';
import { pixSendKeyMachine } from '../../../machines/pix/pix-send-key.machine';
import { PIX_AMOUNT_MAX_LENGTH, PIX_DESCRIPTION_MAX_LENGTH } from '../../../machines/pix/pix-send-rules';
import { errorTextToShow } from '../../api/errors';
import { useBalance, usePixParticipants } from '../../api/queries';
import { formatBRL } from '../../format/brl';
import { config } from '../../runtime/config';
import { useFlow, useNewId } from '../../runtime/use-flow';
import { session } from '../../runtime/session';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Checkbox } from '../../ui/checkbox';
import { DateField } from '../../ui/date-field';
import { Dialog } from '../../ui/dialog';
import { SendingMovementDialog } from '../../ui/movement-dialogs';
import { PageTitle } from '../../ui/page-title';
import { RadioGroup } from '../../ui/radio-group';
import { SecurityCodeDialog, type SecurityCodeActor } from '../../ui/security-code-dialog';
import { Stepper } from '../../ui/stepper';
import { SummaryLines } from '../../ui/summary-lines';
import { AmountField } from '../../ui/amount-field';
import { TextField } from '../../ui/text-field';
import { useValidatorText } from '../../ui/validator-text';
import { FormActions } from '../../ui/form-actions';
import { PaymentHeadline, type PaymentHeadlineProps } from '../../ui/payment-headline';
import { PixResultDialog, pixResultViewOf } from './send/pix-result-dialog';
import { institutionNameOf, pixSummaryLines, type PixSendSummary } from './send/pix-send-summary';
import { useBankByIspb } from './send/use-bank-by-ispb';

type Schemas = components['schemas'];
type DictKeyType = Schemas['DictKeyType'];

const Alert = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dangerSoft};
  color: ${({ theme }) => theme.color.danger};
`;

const keepAsTyped = (v: string | undefined): string => v ?? '';
/** A field's error once the user tried to go on (final-form's submitFailed). */
const shownError = (meta: {
  error?: unknown;
  submitFailed?: boolean;
  touched?: boolean;
}): string | undefined =>
  (meta.submitFailed || meta.touched) && typeof meta.error === 'string' ? meta.error : undefined;

/** The key field's input mode and length by type (§9: phone 15, CPF/CNPJ 21 with the mask). */
const KEY_FIELD: Record<DictKeyType, { inputMode: 'tel' | 'email' | 'numeric' | 'text'; maxLength: number }> =
  {
    PHONE: { inputMode: 'tel', maxLength: 15 },
    CPF: { inputMode: 'numeric', maxLength: 21 },
    CNPJ: { inputMode: 'text', maxLength: 21 },
    EMAIL: { inputMode: 'email', maxLength: 77 },
    EVP: { inputMode: 'text', maxLength: 36 },
  };

export default function PixKeyPage() {
  const newId = useNewId();
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const search = useSearch();
  const data = session.getSnapshot();
  const accountId = data?.account.accounts[0]?.accountId ?? '';
  const [input] = useState(() => ({
    accountId,
    payer: {
      name: data?.client?.name ?? '',
      taxId: data?.client?.taxIdentifier.taxId ?? '',
      branch: data?.accountInfo?.branch ?? '',
      accountNumber: data?.accountInfo?.account ?? '',
      accountType: 'CACC' as const,
    },
    ispb: config.serviceProviderId,
    // São Paulo's date (the spec's today), not the browser's: at 23:30 there Tokyo is on the next day.
    today: saoPauloToday(),
    now: () => new Date(),
    newId,
    scheduleEnabled: config.flags.pixSchedule,
    ...(data?.client?.mobilePhone?.phoneNumber ? { phoneNumber: data.client.mobilePhone.phoneNumber } : {}),
  }));
  const actor = useFlow('pix-send-key', pixSendKeyMachine, input);
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const params = new URLSearchParams(search);
  const recipientParam = params.get('recipient');
  const openSchedule = params.get('schedule') === '1';

  useEffect(() => {
    const sub = actor.subscribe((s) => {
      if (s.status === 'done' && s.output) navigate(s.output.to);
    });
    return () => sub.unsubscribe();
  }, [actor, navigate]);

  // /PixKey?recipient={id}: the saved recipient, once, on arrival.
  useEffect(() => {
    const id = Number(recipientParam);
    if (recipientParam && Number.isInteger(id) && id > 0)
      actor.send({ type: 'recipient.open', idRecipient: id });
  }, [actor, recipientParam]);

  const step =
    snapshot.matches('keyType') || snapshot.matches('recipient') ? 0 : snapshot.matches('keyValue') ? 1 : 2;
  const wantsBalance = snapshot.matches('amount') || snapshot.matches('confirming');
  const balance = useBalance(wantsBalance ? accountId : undefined);
  const real = balance.data?.balances.find((b) => b.balanceType === 'REAL');
  const [balanceAt] = useState(() => new Date().toISOString());

  const entry = context.entry;
  const internal = entry !== null && entry.account.participant === config.serviceProviderId;
  const participants = usePixParticipants(entry !== null && !internal);
  const bankByIspb = useBankByIspb(entry !== null && !internal);
  const summary: PixSendSummary | null =
    entry && context.payment
      ? {
          ...(real ? { balance: { amount: real.amount, at: balanceAt } } : {}),
          key: entry.key,
          keyType: entry.key_type,
          name: entry.owner.name,
          taxId: entry.owner.tax_id_number,
          institution: internal
            ? config.productName
            : institutionNameOf(t, entry.account.participant, participants.data?.psps, bankByIspb),
          accountType: entry.account.account_type,
          accountNumber: entry.account.account_number,
          amount: context.payment.amount,
          ...(context.payment.description ? { description: context.payment.description } : {}),
        }
      : null;
  const offerFavourites = context.recipientId !== null && context.scheduleEnabled;
  const resultView = pixResultViewOf(snapshot);
  const child = snapshot.children['securityCode'] as SecurityCodeActor | undefined;
  const sending =
    snapshot.hasTag('busy') &&
    (snapshot.matches('sending') ||
      snapshot.matches('sendingInternal') ||
      snapshot.matches('sendingInterbank'));
  const lng = i18n.language;

  return (
    <>
      <PageTitle subtitle={t('PIX.PIX_KEY.SUBTITLE')}>{t('PIX.PIX_KEY.TITLE')}</PageTitle>
      <Card>
        <Stepper
          aria-label={t('PIX.PIX_KEY.STEPS_LABEL')}
          steps={[t('PIX.PIX_KEY.STEP_TYPE'), t('PIX.PIX_KEY.STEP_KEY'), t('PIX.PIX_KEY.STEP_AMOUNT')]}
          current={step}
        />
        {snapshot.matches('recipient') && <p role="status">{t('PIX.PIX_KEY.LOADING_RECIPIENT')}</p>}
        {snapshot.matches('keyType') && (
          <KeyTypeStep
            initial={context.keyType}
            recipientFailed={snapshot.matches({ keyType: 'recipientFailed' })}
            onNext={(keyType) => actor.send({ type: 'keyType.select', keyType })}
          />
        )}
        {(snapshot.matches('keyValue') || snapshot.matches('lookingUp')) && context.keyType && (
          <KeyValueStep
            keyType={context.keyType}
            initial={context.key ?? ''}
            busy={snapshot.matches('lookingUp')}
            error={
              snapshot.matches({ keyValue: 'notFound' })
                ? t('PIX.PIX_KEY.NOT_FOUND')
                : snapshot.matches({ keyValue: 'lookupFailed' })
                  ? t('PIX.PIX_KEY.LOOKUP_ERROR')
                  : null
            }
            onPrevious={() => actor.send({ type: 'wizard.previous' })}
            onNext={(value) => actor.send({ type: 'key.submit', value })}
          />
        )}
        {snapshot.matches('lookingUp') && !context.keyType && (
          <p role="status">{t('PIX.PIX_KEY.LOOKING_UP')}</p>
        )}
        {(snapshot.matches('amount') ||
          snapshot.matches('confirming') ||
          snapshot.matches('securityCode') ||
          sending ||
          snapshot.matches('failed')) &&
          entry && (
            <AmountStep
              balanceText={
                real
                  ? t('PIX.SEND.BALANCE_AT', {
                      amount: new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(
                        real.amount,
                      ),
                      at: new Date(balanceAt).toLocaleString(lng === 'en' ? 'en-US' : 'pt-BR', {
                        timeZone: 'America/Sao_Paulo',
                      }),
                    })
                  : balance.isError
                    ? t('PIX.PIX_KEY.BALANCE_ERROR')
                    : t('PIX.PIX_KEY.BALANCE_LOADING')
              }
              recipient={`${entry.owner.name} · ${entry.key}`}
              initial={context.payment}
              error={snapshot.matches({ amount: 'refused' }) ? errorTextToShow(context.error, t) : null}
              onPrevious={() => actor.send({ type: 'wizard.previous' })}
              onNext={(amount, description) => actor.send({ type: 'payment.submit', amount, description })}
            />
          )}
      </Card>
      {snapshot.matches('confirming') && summary && (
        <ConfirmDialog
          headline={{
            amount: formatBRL(summary.amount),
            recipient: summary.name,
            institution: summary.institution,
          }}
          lines={pixSummaryLines(t, summary, lng)}
          offerFavourites={offerFavourites}
          offerSchedule={offerFavourites && !internal}
          scheduleOpen={openSchedule}
          today={context.today}
          onCancel={() => actor.send({ type: 'confirm.cancel' })}
          onConfirm={(save, nickname, scheduleDate) =>
            actor.send({ type: 'confirm.accept', save, nickname, scheduleDate })
          }
        />
      )}
      {snapshot.matches('securityCode') && child && (
        <SecurityCodeDialog actor={child} onCancel={() => actor.send({ type: 'totp.cancel' })} />
      )}
      {(sending || snapshot.matches('failed')) && (
        <SendingMovementDialog
          texts="PIX.PIX_KEY"
          busy={sending}
          error={sending ? null : errorTextToShow(context.error, t)}
          onRetry={() => actor.send({ type: 'retry' })}
        />
      )}
      {resultView && (
        <PixResultDialog
          view={resultView}
          settlement={context.settlement}
          receipt={
            summary
              ? pixSummaryLines(
                  t,
                  {
                    ...summary,
                    balance: undefined,
                    ...(context.endToEndId && !internal ? { endToEndId: context.endToEndId } : {}),
                    ...(context.settlement?.transactionId
                      ? { transactionId: context.settlement.transactionId }
                      : {}),
                    at: new Date().toISOString(),
                  } as PixSendSummary,
                  lng,
                )
              : []
          }
          onClose={() => actor.send({ type: 'result.close' })}
        />
      )}
      {snapshot.matches('scheduled') && (
        <Dialog open onClose={() => undefined} dismissible={false} title={t('PIX.PIX_KEY.SCHEDULED_TITLE')}>
          <p role="status">{t('PIX.PIX_KEY.SCHEDULING')}</p>
        </Dialog>
      )}
    </>
  );
}

function KeyTypeStep({
  initial,
  recipientFailed,
  onNext,
}: {
  initial: DictKeyType | null;
  recipientFailed: boolean;
  onNext: (t: DictKeyType) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<DictKeyType | undefined>(initial ?? undefined);
  return (
    <>
      {recipientFailed && <Alert role="alert">{t('PIX.PIX_KEY.RECIPIENT_ERROR')}</Alert>}
      <RadioGroup
        legend={t('PIX.PIX_KEY.KEY_TYPE')}
        name="keyType"
        options={SEND_KEY_TYPES.map((k) => ({ value: k, label: t(`PIX.SEND.KEY_TYPES.${k}`) }))}
        value={value}
        onChange={(v) => setValue(v as DictKeyType)}
      />
      <FormActions>
        <Button disabled={value === undefined} onClick={() => value && onNext(value)}>
          {t('PIX.PIX_KEY.NEXT')}
        </Button>
      </FormActions>
    </>
  );
}

function KeyValueStep({
  keyType,
  initial,
  busy,
  error,
  onPrevious,
  onNext,
}: {
  keyType: DictKeyType;
  initial: string;
  busy: boolean;
  error: string | null;
  onPrevious: () => void;
  onNext: (value: string) => void;
}) {
  const { t } = useTranslation();
  const fieldText = useValidatorText();
  const field = KEY_FIELD[keyType];
  return (
    <FinalForm<{ key: string }>
      initialValues={{ key: initial }}
      onSubmit={(v) => onNext(v.key ?? '')}
      render={({ handleSubmit }) => (
        <form onSubmit={handleSubmit} noValidate>
          {error && <Alert role="alert">{error}</Alert>}
          <Field<string> name="key" validate={(v) => validateSendKey(keyType, v ?? '')} parse={keepAsTyped}>
            {({ input, meta }) => {
              const e = shownError(meta);
              return (
                <TextField
                  {...input}
                  value={input.value ?? ''}
                  label={t(`PIX.PIX_KEY.KEY_LABEL.${keyType}`)}
                  inputMode={field.inputMode}
                  maxLength={field.maxLength}
                  autoComplete="off"
                  error={e ? fieldText(e) : undefined}
                />
              );
            }}
          </Field>
          {busy && <p role="status">{t('PIX.PIX_KEY.LOOKING_UP')}</p>}
          <FormActions>
            <Button type="button" variant="secondary" onClick={onPrevious} disabled={busy}>
              {t('PIX.PIX_KEY.PREVIOUS')}
            </Button>
            <Button type="submit" loading={busy} disabled={busy}>
              {t('PIX.PIX_KEY.NEXT')}
            </Button>
          </FormActions>
        </form>
      )}
    />
  );
}

function AmountStep({
  balanceText,
  recipient,
  initial,
  error,
  onPrevious,
  onNext,
}: {
  balanceText: string;
  recipient: string;
  initial: { amount: number; description: string } | null;
  error: string | null;
  onPrevious: () => void;
  onNext: (amount: string, description: string) => void;
}) {
  const { t } = useTranslation();
  const fieldText = useValidatorText();
  const [initialValues] = useState(() => ({
    amount: initial
      ? new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(initial.amount)
      : '',
    description: initial?.description ?? '',
  }));
  return (
    <FinalForm<{ amount: string; description: string }>
      initialValues={initialValues}
      onSubmit={(v) => onNext(v.amount ?? '', v.description ?? '')}
      render={({ handleSubmit, hasValidationErrors }) => (
        <form onSubmit={handleSubmit} noValidate>
          <SummaryLines
            lines={[
              { label: t('PIX.SEND.LINES.BALANCE'), value: <span role="status">{balanceText}</span> },
              { label: t('PIX.PIX_KEY.RECIPIENT'), value: recipient },
            ]}
          />
          {error && <Alert role="alert">{error}</Alert>}
          <Field<string> name="amount" validate={(v) => validatePixAmount(v ?? '')} parse={keepAsTyped}>
            {({ input, meta }) => {
              const e = shownError(meta);
              return (
                <AmountField
                  {...input}
                  value={input.value ?? ''}
                  label={t('PIX.PIX_KEY.AMOUNT')}
                  maxLength={PIX_AMOUNT_MAX_LENGTH}
                  autoComplete="off"
                  error={e ? fieldText(e) : undefined}
                />
              );
            }}
          </Field>
          <Field<string>
            name="description"
            validate={(v) => validatePixDescription(v ?? '')}
            parse={keepAsTyped}
          >
            {({ input, meta }) => {
              const e = shownError(meta);
              return (
                <TextField
                  {...input}
                  value={input.value ?? ''}
                  label={t('PIX.PIX_KEY.DESCRIPTION')}
                  maxLength={PIX_DESCRIPTION_MAX_LENGTH}
                  autoComplete="off"
                  error={e ? fieldText(e) : undefined}
                />
              );
            }}
          </Field>
          <FormActions>
            <Button type="button" variant="secondary" onClick={onPrevious}>
              {t('PIX.PIX_KEY.PREVIOUS')}
            </Button>
            {/* §5: Next is disabled while the amount field has errors. */}
            <Button type="submit" disabled={hasValidationErrors}>
              {t('PIX.PIX_KEY.NEXT')}
            </Button>
          </FormActions>
        </form>
      )}
    />
  );
}

function ConfirmDialog({
  headline,
  lines,
  offerFavourites,
  offerSchedule,
  scheduleOpen,
  today,
  onCancel,
  onConfirm,
}: {
  headline: PaymentHeadlineProps;
  lines: ReturnType<typeof pixSummaryLines>;
  offerFavourites: boolean;
  offerSchedule: boolean;
  scheduleOpen: boolean;
  today: string;
  onCancel: () => void;
  onConfirm: (save: boolean, nickname: string, scheduleDate: string) => void;
}) {
  const { t } = useTranslation();
  const [save, setSave] = useState(false);
  const [nickname, setNickname] = useState('');
  const [schedule, setSchedule] = useState(scheduleOpen);
  const [date, setDate] = useState('');
  const [tried, setTried] = useState(false);
  const nicknameError = validateSaveNickname(save, nickname);
  const dateError = schedule
    ? date === ''
      ? 'ERRORS.INPUTS.EMPTY'
      : validateScheduleDate(date, today)
    : undefined;
  const [confirmed, setConfirmed] = useState(false);
  const confirm = () => {
    setTried(true);
    if (nicknameError || dateError || confirmed) return;
    // One click sends once: the dialog ignores a second click while the machine moves on.
    setConfirmed(true);
    onConfirm(save, nickname, schedule ? date : '');
  };
  return (
    <Dialog
      open
      fullScreen
      role="alertdialog"
      onClose={onCancel}
      title={t('PIX.PIX_KEY.CONFIRM.TITLE')}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('PIX.PIX_KEY.CONFIRM.CANCEL')}
          </Button>
          <Button onClick={confirm} disabled={confirmed}>
            {t('PIX.PIX_KEY.CONFIRM.ACCEPT')}
          </Button>
        </>
      }
    >
      <PaymentHeadline {...headline} />
      <SummaryLines lines={lines} />
      {offerFavourites && (
        <>
          <Checkbox
            label={t('PIX.PIX_KEY.SAVE_FAVOURITE')}
            checked={save}
            onChange={(e) => setSave(e.currentTarget.checked)}
          />
          {save && (
            <TextField
              label={t('PIX.PIX_KEY.NICKNAME')}
              value={nickname}
              maxLength={50}
              onChange={(e) => setNickname(e.currentTarget.value)}
              error={tried && nicknameError ? t(nicknameError) : undefined}
            />
          )}
        </>
      )}
      {offerSchedule && (
        <>
          <Checkbox
            label={t('PIX.PIX_KEY.SCHEDULE')}
            checked={schedule}
            onChange={(e) => setSchedule(e.currentTarget.checked)}
          />
          {schedule && (
            <DateField
              label={t('PIX.PIX_KEY.SCHEDULE_DATE')}
              value={date}
              onChange={setDate}
              error={tried && dateError ? t(dateError) : undefined}
            />
          )}
        </>
      )}
      <p>{t('PIX.PIX_KEY.CONFIRM.TEXT')}</p>
    </Dialog>
  );
}
