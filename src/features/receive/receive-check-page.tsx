/**
 * /Receive, receiving a digital check by pasting its QR code (2-money-movement.md §2 Receive by QR
 * code, §4, §5 QR field): a projection of machines/receive/receive-check.machine.ts. The field's
 * `validate` is the machine's rule (machines/validators/digital-check.ts), so Next is enabled
 * exactly when the machine would accept the QR; the value beside it is read-only, with two
 * decimals. The form stays mounted under the dialogs, so the pasted QR is never lost when a step
 * fails or is cancelled.
 */
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { Field, Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { receiveCheckMachine } from '../../../machines/receive/receive-check.machine';
import {
  QR_TEXT_MAX,
  readDigitalCheckQr,
  validateDigitalCheckQr,
} from '../../../machines/validators/digital-check';
import { VALIDATOR_MESSAGES } from '../../../machines/validators/message-keys';
import { errorTextToShow } from '../../api/errors';
import { formatAmountPlain, formatBRLFromCents } from '../../format/brl';
import { formatDateTime } from '../../format/dates';
import { maskPhone, maskTaxId } from '../../format/masks';
import { useFlow, useNewId } from '../../runtime/use-flow';
import { session } from '../../runtime/session';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitle } from '../../ui/page-title';
import { TextField } from '../../ui/text-field';
import { QrReader } from '../../ui/qr-reader';
import { useToast } from '../../ui/toasts';
import { TextAreaField } from '../../ui/text-area-field';
import { FormActions } from '../../ui/form-actions';
import {
  ConfirmReceiveDialog,
  ReceivedDialog,
  ReceivingDialog,
  TutorialDialog,
  type ReceiveLine,
} from './receive-dialogs';

interface QrForm {
  qr: string;
}

const Narrow = styled.div`
  max-width: 720px;
`;

const keepAsTyped = (v: string | undefined): string => v ?? '';

export default function ReceiveCheckPage() {
  const newId = useNewId();
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const formId = useId();
  const data = session.getSnapshot();
  const [input] = useState(() => ({ accountId: data?.account.accounts[0]?.accountId ?? '', newId }));
  // The machine never navigates: its final output says where the flow ends (/Statement).
  const actor = useFlow('receive-check', receiveCheckMachine, input, {
    onDone: (output) => navigate(output.to),
  });
  const editing = useSelector(actor, (s) => s.matches('editing'));
  const refused = useSelector(actor, (s) => s.matches({ editing: 'refused' }));
  const tutorial = useSelector(actor, (s) => s.matches('tutorial'));
  const confirming = useSelector(actor, (s) => s.matches('confirming'));
  const lookingUp = useSelector(actor, (s) => s.matches('lookingUp'));
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const done = useSelector(actor, (s) => s.matches('done'));
  const check = useSelector(actor, (s) => s.context.check);
  const issuer = useSelector(actor, (s) => s.context.issuer);
  const result = useSelector(actor, (s) => s.context.result);
  const receivedAt = useSelector(actor, (s) => s.context.receivedAt);
  const error = useSelector(actor, (s) => s.context.error);

  const fieldError = (key: string): string =>
    t(key, { defaultValue: (VALIDATOR_MESSAGES as Record<string, string>)[key] ?? key });

  const client = data?.client;
  const contact = client?.mobilePhone?.phoneNumber
    ? maskPhone(client.mobilePhone.phoneNumber)
    : (client?.email ?? '—');
  const amount = formatBRLFromCents(check?.cents ?? 0);

  // Who issued the check, as the bank answered (issue 32 item 7): a CPF comes masked by the bank.
  const issuerLines = (): ReceiveLine[] =>
    issuer
      ? [
          { label: t('RECEIVE.CONFIRM.ISSUER'), value: issuer.issuerName },
          {
            label: t('RECEIVE.CONFIRM.ISSUER_DOCUMENT'),
            value: issuer.issuerDocument.includes('*')
              ? issuer.issuerDocument
              : maskTaxId(issuer.issuerDocument),
          },
        ]
      : [];
  const confirmLines = (): ReceiveLine[] => [
    ...issuerLines(),
    { label: t('RECEIVE.CONFIRM.AMOUNT'), value: amount },
    { label: t('RECEIVE.CONFIRM.METHOD'), value: t('RECEIVE.CONFIRM.WALLET') },
    { label: t('RECEIVE.CONFIRM.NAME'), value: client?.name ?? '—' },
    { label: t('RECEIVE.CONFIRM.CONTACT'), value: contact },
  ];
  const receiptLines = (): ReceiveLine[] => [
    { label: t('RECEIVE.DONE.DATE'), value: receivedAt ? formatDateTime(receivedAt) : '—' },
    { label: t('RECEIVE.DONE.AMOUNT'), value: amount },
    ...issuerLines(),
    { label: t('RECEIVE.CONFIRM.METHOD'), value: t('RECEIVE.CONFIRM.WALLET') },
    { label: t('RECEIVE.CONFIRM.NAME'), value: client?.name ?? '—' },
    { label: t('RECEIVE.DONE.TRANSACTION'), value: result?.transactionId ?? '—' },
  ];

  const downloadPdf = async (): Promise<void> => {
    const [{ writeReceiptPdf }, { downloadBlob }] = await Promise.all([
      import('../../export/receipt-pdf'),
      import('../../export/download'),
    ]);
    const lines = receiptLines().map((l) => ({
      label: l.label,
      value: String(l.value),
      emphasis: l.label === t('RECEIVE.DONE.AMOUNT'),
    }));
    const blob = await writeReceiptPdf({
      title: t('RECEIVE.DONE.PDF_TITLE'),
      sections: [{ lines }],
      issuedAt: t('RECEIVE.DONE.ISSUED_AT', { date: formatDateTime(new Date()) }),
    });
    downloadBlob(blob, `comprovante-cheque-${result?.transactionId ?? 'digital'}.pdf`);
  };

  return (
    <>
      <PageTitle
        subtitle={t('RECEIVE.SUBTITLE')}
        actions={
          <Button
            variant="secondary"
            onClick={() => actor.send({ type: 'tutorial.open' })}
            disabled={!editing}
          >
            {t('RECEIVE.HOW')}
          </Button>
        }
      >
        {t('RECEIVE.TITLE')}
      </PageTitle>
      <Card>
        <Narrow>
          <Form<QrForm>
            initialValues={{ qr: '' }}
            onSubmit={(values) => {
              if (editing) actor.send({ type: 'form.submit', qr: values.qr ?? '' });
            }}
            validate={(values) => {
              const e = validateDigitalCheckQr(values.qr ?? '');
              return e ? { qr: e } : {};
            }}
            subscription={{ hasValidationErrors: true, values: true }}
            render={({ form, handleSubmit, hasValidationErrors, values }) => {
              const read = readDigitalCheckQr(values.qr ?? '');
              return (
                <form id={formId} noValidate onSubmit={handleSubmit} aria-label={t('RECEIVE.TITLE')}>
                  {refused && (
                    <ErrorAlert>
                      <p>{errorTextToShow(error, t)}</p>
                      <p>{t('RECEIVE.REFUSED')}</p>
                    </ErrorAlert>
                  )}
                  <QrReader disabled={!editing} onRead={(text) => form.change('qr', text.trim())} />
                  <Field<string> name="qr" parse={keepAsTyped}>
                    {({ input: field, meta }) => (
                      <TextAreaField
                        {...field}
                        value={field.value ?? ''}
                        label={t('RECEIVE.QR.LABEL')}
                        helperText={t('RECEIVE.QR.HELP')}
                        maxLength={QR_TEXT_MAX}
                        rows={6}
                        required
                        error={
                          (meta.touched || meta.modified) && typeof meta.error === 'string'
                            ? fieldError(meta.error)
                            : undefined
                        }
                      />
                    )}
                  </Field>
                  <TextField
                    label={t('RECEIVE.QR.VALUE')}
                    helperText={t('RECEIVE.QR.VALUE_HELP')}
                    value={read.ok ? formatAmountPlain(read.check.cents / 100) : ''}
                    readOnly
                    inputMode="decimal"
                  />
                  <FormActions>
                    <Button
                      type="submit"
                      loading={lookingUp}
                      disabled={hasValidationErrors || (!editing && !lookingUp)}
                    >
                      {t('RECEIVE.NEXT')}
                    </Button>
                  </FormActions>
                </form>
              );
            }}
          />
        </Narrow>
      </Card>
      {tutorial && <TutorialDialog onClose={() => actor.send({ type: 'tutorial.close' })} />}
      {confirming && (
        <ConfirmReceiveDialog
          lines={confirmLines()}
          onConfirm={() => actor.send({ type: 'confirm.accept' })}
          onCancel={() => actor.send({ type: 'confirm.cancel' })}
        />
      )}
      {(submitting || failed) && (
        <ReceivingDialog
          busy={submitting}
          error={submitting ? null : errorTextToShow(error, t)}
          onRetry={() => actor.send({ type: 'retry' })}
        />
      )}
      {done && (
        <ReceivedDialog
          lines={receiptLines()}
          onPdf={downloadPdf}
          onFinish={() => {
            toast.success(t('RECEIVE.DONE.TOAST'));
            actor.send({ type: 'finish' });
          }}
        />
      )}
    </>
  );
}
