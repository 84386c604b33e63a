/**
 * /RechargeCell, the mobile top-up (2-money-movement.md §2 Mobile top-up, §5 Phone, §8): a
 * projection of machines/topup/mobile-top-up.machine.ts. Step 1 is a final-form form with the
 * machine's own phone rule; steps 2 and 3 are selects of what the bank listed ('Nenhum valor
 * encontrado' when it listed nothing). The wizard stays mounted under the dialogs, so nothing
 * chosen is lost when a call fails. Each step opens on its heading, which takes the focus.
 */
import { useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { mobileTopUpMachine, rechargeCents } from '../../../machines/topup/mobile-top-up.machine';
import { decimalToCents } from '../../../machines/validators/money';
import { PHONE_MAX_LENGTH } from '../../../machines/validators/phone';
import { validateTopupPhone } from '../../../machines/validators/topup';
import { errorTextToShow } from '../../api/errors';
import { formatBRL, formatBRLFromCents } from '../../format/brl';
import { formatInstant } from '../../format/instant';
import { maskPhone } from '../../format/masks';
import { useFlow, useNewId } from '../../runtime/use-flow';
import { session } from '../../runtime/session';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Dialog } from '../../ui/dialog';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitle } from '../../ui/page-title';
import { ReceiptFileActions } from '../../ui/receipt-file-actions';
import { Select } from '../../ui/select';
import { Stepper } from '../../ui/stepper';
import { useToast } from '../../ui/toasts';
import { useFocusOnChange } from '../../ui/use-focus-on-change';
import { Actions, FormTextField, InfoLines, Narrow, useLeaveWhenDone, type Line } from './parts';

interface PhoneForm {
  phone: string;
}

const phoneParse = (v: string | undefined): string => maskPhone(v ?? '');

export default function MobileTopUpPage() {
  const newId = useNewId();
  const { t } = useTranslation();
  const toast = useToast();
  const [input] = useState(() => {
    const data = session.getSnapshot();
    return {
      accountHolderId: data?.account.accountHolderId ?? '',
      accountId: data?.account.accounts[0]?.accountId ?? '',
      newId,
    };
  });
  const actor = useFlow('mobile-top-up', mobileTopUpMachine, input);
  useLeaveWhenDone(actor);

  const step = useSelector(actor, (s) =>
    s.matches('phone') || s.matches('loadingCarriers')
      ? 0
      : s.matches('carrier') || s.matches('loadingValues')
        ? 1
        : 2,
  );
  const inPhone = useSelector(actor, (s) => s.matches('phone'));
  const inCarrier = useSelector(actor, (s) => s.matches('carrier'));
  const inAmount = useSelector(actor, (s) => s.matches('amount'));
  const loadingCarriers = useSelector(actor, (s) => s.matches('loadingCarriers'));
  const loadingValues = useSelector(actor, (s) => s.matches('loadingValues'));
  const confirming = useSelector(actor, (s) => s.matches('confirming') || s.matches('submitting'));
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const done = useSelector(actor, (s) => s.matches('done'));
  const stepFailed = useSelector(
    actor,
    (s) =>
      s.matches({ phone: 'failed' }) ||
      s.matches({ carrier: 'failed' }) ||
      s.matches({ amount: 'failed' }) ||
      s.matches({ amount: 'insufficientBalance' }),
  );
  const ctx = useSelector(actor, (s) => s.context);

  const [carrierId, setCarrierId] = useState('');
  const [amount, setAmount] = useState('');

  const errorText = stepFailed ? errorTextToShow(ctx.error, t) : null;
  const summary = (): Line[] => [
    { label: t('TOPUP.PHONE'), value: maskPhone(ctx.phone?.phoneNumber ?? '') },
    { label: t('TOPUP.CARRIER'), value: ctx.carrier?.carrierName ?? '—' },
    { label: t('TOPUP.AMOUNT'), value: formatBRLFromCents(rechargeCents(ctx.value)) },
  ];
  const noneFound = t('TOPUP.NONE_FOUND');
  // The time of the top-up, noted once when its receipt opens (issue 32: the receipt had no date).
  const [doneAt, setDoneAt] = useState<Date | null>(null);
  if (done && doneAt === null) setDoneAt(new Date());
  if (!done && doneAt !== null) setDoneAt(null);
  const receipt: Line[] = [
    ...summary(),
    { label: t('TOPUP.DATE'), value: doneAt ? formatInstant(doneAt) : '—' },
    { label: t('TOPUP.TRANSACTION_ID'), value: ctx.result?.transactionId ?? '—' },
  ];
  // Each step (and the result) opens on its heading, where focus goes (issue 32).
  const stepTitles = [t('TOPUP.STEP_PHONE'), t('TOPUP.STEP_CARRIER'), t('TOPUP.STEP_AMOUNT')];
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(done ? 3 : step, heading);

  return (
    <>
      <PageTitle>{t('TOPUP.TITLE')}</PageTitle>
      <Card>
        <Stepper aria-label={t('TOPUP.STEPS')} steps={stepTitles} current={done ? 3 : step} />
        <h2 id="topup-step-title" ref={heading} tabIndex={-1}>
          {done ? t('TOPUP.DONE_TITLE') : stepTitles[step]}
        </h2>
        {errorText && <ErrorAlert>{errorText}</ErrorAlert>}
        {done ? (
          <section aria-labelledby="topup-step-title">
            <p role="status">{t('TOPUP.DONE_TEXT')}</p>
            <InfoLines lines={receipt} />
            <Actions>
              <ReceiptFileActions
                title={t('TOPUP.DONE_TITLE')}
                lines={receipt}
                fileName={`comprovante-recarga-${ctx.result?.transactionId ?? 'celular'}.pdf`}
              />
              <Button
                variant="secondary"
                onClick={() => {
                  setCarrierId('');
                  setAmount('');
                  actor.send({ type: 'restart' });
                }}
              >
                {t('TOPUP.AGAIN')}
              </Button>
              <Button
                onClick={() => {
                  toast.success(t('TOPUP.TOAST'));
                  actor.send({ type: 'finish' });
                }}
              >
                {t('TOPUP.FINISH')}
              </Button>
            </Actions>
          </section>
        ) : step === 0 ? (
          <Form<PhoneForm>
            initialValues={{ phone: ctx.phoneText }}
            onSubmit={(values) => {
              if (inPhone) actor.send({ type: 'phone.submit', phone: values.phone ?? '' });
            }}
            validate={(values) => {
              const e = validateTopupPhone(values.phone ?? '');
              return e ? { phone: e } : {};
            }}
            subscription={{ hasValidationErrors: true }}
            render={({ handleSubmit, hasValidationErrors }) => (
              <Narrow as="form" noValidate onSubmit={handleSubmit} aria-busy={loadingCarriers || undefined}>
                <FormTextField
                  name="phone"
                  label={t('TOPUP.PHONE')}
                  helperText={t('TOPUP.PHONE_HELP')}
                  maxLength={PHONE_MAX_LENGTH}
                  inputMode="tel"
                  autoComplete="tel-national"
                  parse={phoneParse}
                />
                <Actions>
                  <Button
                    type="submit"
                    disabled={(hasValidationErrors || !inPhone) && !loadingCarriers}
                    loading={loadingCarriers}
                  >
                    {t('TOPUP.NEXT')}
                  </Button>
                </Actions>
              </Narrow>
            )}
          />
        ) : step === 1 ? (
          <Narrow
            as="form"
            noValidate
            aria-busy={loadingValues || undefined}
            onSubmit={(e) => {
              e.preventDefault();
              if (inCarrier) actor.send({ type: 'carrier.submit', carrierId });
            }}
          >
            <Select
              label={t('TOPUP.CARRIER')}
              value={carrierId}
              onChange={(e) => setCarrierId(e.target.value)}
              placeholder={ctx.carriers.length === 0 ? noneFound : t('TOPUP.CHOOSE')}
              options={ctx.carriers.map((c) => ({ value: c.carrierId, label: c.carrierName }))}
              helperText={t('TOPUP.CARRIER_FOR', { phone: maskPhone(ctx.phone?.phoneNumber ?? '') })}
            />
            <Actions>
              <Button
                variant="secondary"
                onClick={() => actor.send({ type: 'step.back' })}
                disabled={!inCarrier}
              >
                {t('TOPUP.BACK')}
              </Button>
              <Button
                type="submit"
                disabled={
                  (!ctx.carriers.some((c) => c.carrierId === carrierId) || !inCarrier) && !loadingValues
                }
                loading={loadingValues}
              >
                {t('TOPUP.NEXT')}
              </Button>
            </Actions>
          </Narrow>
        ) : (
          <Narrow
            as="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (inAmount && amount !== '') actor.send({ type: 'amount.submit', amount: Number(amount) });
            }}
          >
            <Select
              label={t('TOPUP.AMOUNT')}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              placeholder={ctx.values.length === 0 ? noneFound : t('TOPUP.CHOOSE')}
              options={ctx.values.map((v) => ({ value: String(v.amount), label: formatBRL(v.amount) }))}
              helperText={ctx.carrier?.carrierName}
            />
            <Actions>
              <Button
                variant="secondary"
                onClick={() => actor.send({ type: 'step.back' })}
                disabled={!inAmount}
              >
                {t('TOPUP.BACK')}
              </Button>
              <Button
                type="submit"
                disabled={
                  !inAmount ||
                  amount === '' ||
                  !ctx.values.some((v) => decimalToCents(v.amount) === decimalToCents(Number(amount)))
                }
              >
                {t('TOPUP.NEXT')}
              </Button>
            </Actions>
          </Narrow>
        )}
      </Card>
      {confirming && (
        <Dialog
          open
          role="alertdialog"
          onClose={() => {
            if (!submitting) actor.send({ type: 'confirm.cancel' });
          }}
          dismissible={!submitting}
          title={t('TOPUP.CONFIRM_TITLE')}
          actions={
            <>
              <Button
                variant="secondary"
                onClick={() => actor.send({ type: 'confirm.cancel' })}
                disabled={submitting}
              >
                {t('TOPUP.CANCEL')}
              </Button>
              <Button
                onClick={() => actor.send({ type: 'confirm.accept' })}
                loading={submitting}
                disabled={submitting}
              >
                {t('TOPUP.CONFIRM')}
              </Button>
            </>
          }
        >
          <p>{t('TOPUP.CONFIRM_TEXT')}</p>
          <InfoLines lines={summary()} />
        </Dialog>
      )}
      {failed && (
        <Dialog
          open
          role="alertdialog"
          onClose={() => undefined}
          dismissible={false}
          title={t('TOPUP.FAILED_TITLE')}
          actions={<Button onClick={() => actor.send({ type: 'retry' })}>{t('TOPUP.RETRY')}</Button>}
        >
          <p>{errorTextToShow(ctx.error, t) ?? t('TOPUP.FAILED_TEXT')}</p>
          <p>{t('TOPUP.FAILED_SAFE')}</p>
        </Dialog>
      )}
    </>
  );
}
