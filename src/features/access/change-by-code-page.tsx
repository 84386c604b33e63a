/**
 * /password/change-by-code: the password change by e-mailed code of the profile (4-pix-part-two.md
 * §2 'Password change by e-mailed code (profile)', §4, §5, §8), a projection of
 * machines/access/change-by-code.machine.ts. Three steps: the e-mail, a 6-digit code dialog, the
 * new password (strict rule); then the session ends at /Logout.
 */
import { useSelector } from '@xstate/react';

import { Field, Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Link, useLocation } from 'wouter';
import {
  changeByCodeMachine,
  CHANGE_BY_CODE_KEYS,
  type ChangeByCodeInput,
} from '../../../machines/access/change-by-code.machine';
import { isValidEmail } from '../../../machines/validators/email';
import { REQUIRED } from '../../../machines/validators/input-keys';
import { isValidTotpCode, normalizeTotpCode } from '../../../machines/validators/totp-code';
import { useFlow } from '../../runtime/use-flow';
import { session } from '../../runtime/session';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { PageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { Stepper } from '../../ui/stepper';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toasts';
import { Actions, BusyStatus, FormCard, Message } from './access-ui';
import { describeApiError } from '../../api/errors';
import {
  StrictPasswordFields,
  strictValuesPass,
  validateStrictValues,
  type StrictPasswordValues,
} from './strict-password-fields';
import { useOnEnter } from './use-on-enter';

const BackLink = styled(Link)`
  align-self: flex-start;
  color: ${({ theme }) => theme.color.primary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Status = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.primary};
  & > p {
    margin: 0;
    color: ${({ theme }) => theme.color.text};
  }
`;

const CODE_KEYS = {
  ...CHANGE_BY_CODE_KEYS,
  EMAIL_INVALID: 'PASSWORD.CODE.ERRORS.EMAIL_INVALID',
  CODE_LENGTH: 'PASSWORD.CODE.ERRORS.CODE_LENGTH',
} as const;

const validateEmailField = (v: string | undefined): string | undefined => {
  const value = (v ?? '').trim();
  if (value === '') return REQUIRED;
  return isValidEmail(value) ? undefined : CODE_KEYS.EMAIL_INVALID;
};

const validateCodeField = (v: string | undefined): string | undefined => {
  const value = v ?? '';
  if (value === '') return REQUIRED;
  return isValidTotpCode(value) ? undefined : CODE_KEYS.CODE_LENGTH;
};

export default function ChangeByCodePage() {
  const { t } = useTranslation();
  const taxId = session.getSnapshot()?.client?.taxIdentifier.taxId;
  return (
    <FormCard>
      <PageTitle subtitle={t('PASSWORD.CODE.SUBTITLE')}>{t('PASSWORD.CODE.TITLE')}</PageTitle>
      {taxId ? (
        <ChangeByCode input={{ taxId }} />
      ) : (
        <Message kind="error">{t('PASSWORD.CODE.NO_TAX_ID')}</Message>
      )}
    </FormCard>
  );
}

function ChangeByCode({ input }: { input: ChangeByCodeInput }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const toast = useToast();
  const actor = useFlow('change-by-code', changeByCodeMachine, input);

  const checking = useSelector(actor, (s) => s.matches('checking'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const dialogOpen = useSelector(actor, (s) => s.hasTag('dialog'));
  const onPasswordStep = useSelector(actor, (s) => s.matches('newPassword') || s.matches('saving'));
  const emailIncorrect = useSelector(actor, (s) => s.matches({ email: 'incorrect' }));
  const emailFailed = useSelector(actor, (s) => s.matches({ email: 'failed' }));
  const sending = useSelector(actor, (s) => s.matches('sendingCode'));
  const codeInvalid = useSelector(actor, (s) => s.matches({ code: 'invalid' }));
  const codeFailed = useSelector(actor, (s) => s.matches({ code: 'failed' }));
  const verifyingCode = useSelector(actor, (s) => s.matches('verifyingCode'));
  const passwordFailed = useSelector(actor, (s) => s.matches({ newPassword: 'failed' }));
  const knownEmail = useSelector(actor, (s) => s.context.email);
  const error = useSelector(actor, (s) => s.context.error);

  useOnEnter(
    actor,
    (s) => s.status === 'done',
    () => {
      toast.success(t('PASSWORD.CODE.SUCCESS'));
      // §4: the new password is saved, then the session ends.
      navigate('/Logout', { replace: true });
    },
  );

  if (checking) {
    return (
      <Status role="status">
        <Spinner />
        <p>{t('PASSWORD.CODE.CHECKING')}</p>
      </Status>
    );
  }

  const step = onPasswordStep ? 2 : dialogOpen ? 1 : 0;

  return (
    <>
      <Stepper
        aria-label={t('PASSWORD.CODE.TITLE')}
        current={step}
        steps={[
          t('PASSWORD.CODE.STEP_EMAIL'),
          t('PASSWORD.CODE.STEP_CODE'),
          t('PASSWORD.CODE.STEP_PASSWORD'),
        ]}
      />
      {onPasswordStep ? (
        <>
          {passwordFailed && error && <Message kind="error">{describeApiError(error, t)}</Message>}
          <Form<StrictPasswordValues>
            onSubmit={(values) =>
              actor.send({ type: 'password.submit', newPassword: values.password, confirm: values.confirm })
            }
            validate={validateStrictValues}
            subscription={{ values: true }}
            render={({ handleSubmit, values }) => (
              <form noValidate onSubmit={handleSubmit}>
                <StrictPasswordFields readOnly={busy} />
                <BusyStatus text={busy ? t('PASSWORD.SAVING') : null} />
                <Actions>
                  <Button type="submit" disabled={!strictValuesPass(values) && !busy} loading={busy}>
                    {t('PASSWORD.CODE.SUBMIT')}
                  </Button>
                </Actions>
              </form>
            )}
          />
        </>
      ) : (
        <>
          {emailIncorrect && <Message kind="error">{t(CODE_KEYS.EMAIL_INCORRECT)}</Message>}
          {emailFailed && <Message kind="error">{t(CODE_KEYS.GENERIC)}</Message>}
          <Form<{ email: string }>
            onSubmit={(values) => actor.send({ type: 'email.submit', email: values.email })}
            initialValues={{ email: knownEmail }}
            subscription={{}}
            render={({ handleSubmit }) => (
              <form noValidate onSubmit={handleSubmit}>
                <Field<string>
                  name="email"
                  validate={validateEmailField}
                  subscription={{ value: true, error: true, touched: true }}
                >
                  {({ input: field, meta }) => (
                    <TextField
                      {...field}
                      type="email"
                      label={t('PASSWORD.CODE.EMAIL_LABEL')}
                      helperText={t('PASSWORD.CODE.EMAIL_HELPER')}
                      autoComplete="email"
                      required
                      readOnly={busy}
                      error={meta.touched && meta.error ? t(meta.error) : undefined}
                    />
                  )}
                </Field>
                <BusyStatus
                  text={
                    busy && !dialogOpen
                      ? t(sending ? 'PASSWORD.CODE.SENDING' : 'PASSWORD.CODE.VERIFYING_EMAIL')
                      : null
                  }
                />
                <Actions>
                  <Button type="submit" loading={busy && !dialogOpen}>
                    {t('PASSWORD.CODE.SEND')}
                  </Button>
                  <BackLink href="/password/change">{t('PASSWORD.CODE.BACK')}</BackLink>
                </Actions>
              </form>
            )}
          />
        </>
      )}
      <Dialog
        open={dialogOpen}
        onClose={() => actor.send({ type: 'code.cancel' })}
        dismissible={!verifyingCode}
        title={t('PASSWORD.CODE.DIALOG_TITLE')}
      >
        <Form<{ code: string }>
          onSubmit={(values) => actor.send({ type: 'code.submit', code: values.code })}
          subscription={{}}
          render={({ handleSubmit }) => (
            <form noValidate onSubmit={handleSubmit}>
              <p>{t(knownEmail ? 'PASSWORD.CODE.DIALOG_TEXT' : 'PASSWORD.CODE.EXISTING_CODE_TEXT')}</p>
              {codeInvalid && <Message kind="error">{t(CODE_KEYS.INVALID_CODE)}</Message>}
              {codeFailed && <Message kind="error">{t(CODE_KEYS.GENERIC)}</Message>}
              <Field<string>
                name="code"
                validate={validateCodeField}
                parse={(v) => normalizeTotpCode(v ?? '')}
                subscription={{ value: true, error: true, touched: true }}
              >
                {({ input: field, meta }) => (
                  <TextField
                    {...field}
                    label={t('PASSWORD.CODE.CODE_LABEL')}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    required
                    readOnly={verifyingCode}
                    error={meta.touched && meta.error ? t(meta.error) : undefined}
                  />
                )}
              </Field>
              <BusyStatus text={verifyingCode ? t('PASSWORD.CODE.VERIFYING') : null} />
              <Actions>
                <Button type="submit" loading={verifyingCode}>
                  {t('PASSWORD.CODE.VERIFY')}
                </Button>
                <Button
                  variant="text"
                  disabled={verifyingCode}
                  onClick={() => actor.send({ type: 'code.resend' })}
                >
                  {t('PASSWORD.CODE.RESEND')}
                </Button>
              </Actions>
            </form>
          )}
        />
      </Dialog>
    </>
  );
}
