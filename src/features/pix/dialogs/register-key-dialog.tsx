/**
 * The key register dialog (3-pix-part-one.md §2 Key register dialog, §4, §5, §8): a projection of
 * the `pix-key-register` machine that /ManageKeys invokes. Each step is one screen of the same
 * dialog: the four choices, the phone or e-mail and its confirmation, the holder's own tax id, the
 * checks and calls, and the 'Código de Chave'. The fields are on the project's form idiom
 * (react-final-form, issue 9): each text step is its own form whose field validator is the rule the
 * machine's guards use (machines/validators/pix-key.ts, totp-code.ts), shown once the user tries to
 * go on; the machine receives the value on submit. Each step mounts its own form (key={step}), so
 * the confirmation starts empty; what was typed survives every failure and every step back (the
 * machine keeps the entered key and hands it back as the step's initial value).
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Field, Form as FinalForm } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { pixKeyRegisterMachine } from '../../../../machines/pix/pix-key-register.machine';
import {
  KEY_CHOICES,
  validateEmailConfirm,
  validateEmailKeyField,
  validatePhoneConfirm,
  validatePhoneKeyField,
} from '../../../../machines/validators/pix-key';
import { normalizeTotpCode, validateTotpCode } from '../../../../machines/validators/totp-code';
import { describeApiError, isShownError } from '../../../api/errors';
import { maskPhone } from '../../../format/masks';
import { formatPixKey } from '../../../format/pix-key';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { ErrorAlert } from '../../../ui/error-alert';
import { focusableIn } from '../../../ui/focus';
import { TextField } from '../../../ui/text-field';

export type RegisterKeyActor = ActorRefFrom<typeof pixKeyRegisterMachine>;

const Choices = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space(3)};
  @media (max-width: 420px) {
    grid-template-columns: 1fr;
  }
`;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  justify-content: flex-end;
`;

const KeyText = styled.p`
  font-weight: ${({ theme }) => theme.font.weight.bold};
  overflow-wrap: anywhere;
`;

/**
 * Whether the user has tried to go on: final-form keeps `submitFailed` or `submitSucceeded` set
 * from the first try until the form is reset, so an error, once shown, follows the typing.
 */
const tried = (meta: { submitFailed?: boolean; submitSucceeded?: boolean }): boolean =>
  meta.submitFailed === true || meta.submitSucceeded === true;

/** The validator of a field, on what final-form holds ('' for a field it left undefined). */
const onText =
  (rule: (v: string) => string | undefined) =>
  (v: string | undefined): string | undefined =>
    rule(v ?? '');

const keepAsTyped = (v: string | undefined): string => v ?? '';

interface TextValues {
  value: string;
}

/**
 * One text step on the project's form idiom (react-final-form, the validators of
 * machines/validators): a field, its validator (the machine guard's own rule, shown after a try),
 * Back and the submit button. The submit button stays enabled: a try with an error shows it (the
 * field's role=alert) and sends nothing, as before the form idiom.
 */
function TextStep(props: {
  label: string;
  initial: string;
  validate: (v: string) => string | undefined;
  submitLabel: string;
  inputMode?: 'tel' | 'email';
  mask?: (v: string) => string;
  onSubmit: (value: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  // Fixed for this step: the dialog remounts the step each time it opens (key={step}), and a
  // later render must not reset what was typed.
  const [initialValues] = useState<TextValues>(() => ({ value: props.initial }));
  const { mask } = props;
  return (
    <FinalForm<TextValues>
      initialValues={initialValues}
      onSubmit={(values) => props.onSubmit(values.value ?? '')}
      subscription={{}}
      render={({ handleSubmit }) => (
        <Form onSubmit={handleSubmit} noValidate>
          <Field<string>
            name="value"
            validate={onText(props.validate)}
            parse={mask ? (v) => mask(v ?? '') : keepAsTyped}
          >
            {({ input, meta }) => (
              <TextField
                {...input}
                value={input.value ?? ''}
                label={props.label}
                inputMode={props.inputMode}
                type={props.inputMode === 'email' ? 'email' : 'text'}
                autoComplete="off"
                maxLength={props.inputMode === 'tel' ? 15 : 77}
                error={tried(meta) && typeof meta.error === 'string' ? t(meta.error) : undefined}
              />
            )}
          </Field>
          <Actions>
            <Button type="button" variant="secondary" onClick={props.onBack}>
              {t('PIX_KEYS.REGISTER.BACK')}
            </Button>
            <Button type="submit">{props.submitLabel}</Button>
          </Actions>
        </Form>
      )}
    />
  );
}

interface CodeValues {
  code: string;
}

const codeParse = (v: string | undefined): string => normalizeTotpCode(v ?? '');

/**
 * The 'Código de Chave' step (§2, §8): the code on the form idiom, its rule the machine's
 * (machines/validators/totp-code.ts). Mounted once for the otp, validatingOtp and resendingCode
 * states (key="otp"), so the code survives a failed validation, a resend and a retry.
 */
function OtpStep(props: {
  text: string;
  busy: boolean;
  validating: boolean;
  status: string;
  failure: ReactNode;
  onSubmit: (code: string) => void;
  onResend: () => void;
}) {
  const { t } = useTranslation();
  const [initialValues] = useState<CodeValues>(() => ({ code: '' }));
  return (
    <FinalForm<CodeValues>
      initialValues={initialValues}
      onSubmit={(values) => props.onSubmit(values.code ?? '')}
      subscription={{}}
      render={({ handleSubmit }) => (
        <Form onSubmit={handleSubmit} noValidate>
          <p>{props.text}</p>
          <Field<string> name="code" validate={onText(validateTotpCode)} parse={codeParse}>
            {({ input, meta }) => (
              <TextField
                {...input}
                value={input.value ?? ''}
                label={t('PIX_KEYS.OTP.LABEL')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                error={tried(meta) && typeof meta.error === 'string' ? t(meta.error) : undefined}
              />
            )}
          </Field>
          {props.failure}
          <p role="status">{props.status}</p>
          <Actions>
            <Button type="button" variant="secondary" disabled={props.busy} onClick={props.onResend}>
              {t('PIX_KEYS.OTP.RESEND')}
            </Button>
            <Button type="submit" loading={props.validating}>
              {t('PIX_KEYS.OTP.SUBMIT')}
            </Button>
          </Actions>
        </Form>
      )}
    />
  );
}

function Failure({ text, action }: { text: ReactNode; action: ReactNode }) {
  return (
    <ErrorAlert action={action}>
      <p>{text}</p>
    </ErrorAlert>
  );
}

export function RegisterKeyDialog({ actor }: { actor: RegisterKeyActor }) {
  const { t } = useTranslation();
  const s = useSelector(actor, (x) => x);
  const send = actor.send;
  const { context } = s;
  const busy = s.hasTag('busy');
  // Each step replaces the dialog's content: the focus moves to its first control, so keyboard and
  // screen-reader users stay in the dialog (a removed button would drop the focus to the page).
  const bodyRef = useRef<HTMLDivElement>(null);
  const step = JSON.stringify(s.value);
  useEffect(() => {
    const body = bodyRef.current;
    if (body && !body.contains(document.activeElement)) focusableIn(body)[0]?.focus();
  }, [step]);
  const reason = isShownError(context.error) ? describeApiError(context.error, t) : '';
  const retry = (
    <Button variant="secondary" onClick={() => send({ type: 'retry' })}>
      {t('PIX_KEYS.RETRY')}
    </Button>
  );
  const back = () => send({ type: 'step.back' });

  let title = t('PIX_KEYS.REGISTER.TITLE');
  let body: ReactNode = null;
  if (s.matches('choosing')) {
    body = (
      <>
        <p>{t('PIX_KEYS.REGISTER.CHOOSE')}</p>
        <Choices>
          {KEY_CHOICES.map((kind) => (
            <Button key={kind} variant="secondary" onClick={() => send({ type: 'key.choose', kind })}>
              {t(`PIX_KEYS.REGISTER.KINDS.${kind}`)}
            </Button>
          ))}
        </Choices>
      </>
    );
  } else if (s.matches({ phone: 'entering' })) {
    body = (
      <TextStep
        key={step}
        label={t('PIX_KEYS.REGISTER.PHONE_LABEL')}
        initial={context.entered}
        validate={validatePhoneKeyField}
        inputMode="tel"
        mask={maskPhone}
        submitLabel={t('PIX_KEYS.REGISTER.NEXT')}
        onSubmit={(value) => send({ type: 'key.enter', value })}
        onBack={back}
      />
    );
  } else if (s.matches({ phone: 'confirming' })) {
    body = (
      <TextStep
        key={step}
        label={t('PIX_KEYS.REGISTER.PHONE_CONFIRM_LABEL')}
        initial=""
        validate={(v) => validatePhoneConfirm(context.entered, v)}
        inputMode="tel"
        mask={maskPhone}
        submitLabel={t('PIX_KEYS.REGISTER.CONFIRM')}
        onSubmit={(value) => send({ type: 'key.confirm', value })}
        onBack={back}
      />
    );
  } else if (s.matches({ email: 'entering' })) {
    body = (
      <TextStep
        key={step}
        label={t('PIX_KEYS.REGISTER.EMAIL_LABEL')}
        initial={context.entered}
        validate={validateEmailKeyField}
        inputMode="email"
        submitLabel={t('PIX_KEYS.REGISTER.NEXT')}
        onSubmit={(value) => send({ type: 'key.enter', value })}
        onBack={back}
      />
    );
  } else if (s.matches({ email: 'confirming' })) {
    body = (
      <TextStep
        key={step}
        label={t('PIX_KEYS.REGISTER.EMAIL_CONFIRM_LABEL')}
        initial=""
        validate={(v) => validateEmailConfirm(context.entered, v)}
        inputMode="email"
        submitLabel={t('PIX_KEYS.REGISTER.CONFIRM')}
        onSubmit={(value) => send({ type: 'key.confirm', value })}
        onBack={back}
      />
    );
  } else if (s.matches('taxIdConfirm')) {
    body = (
      <>
        <p>{t('PIX_KEYS.REGISTER.TAX_ID_TEXT')}</p>
        <KeyText>{formatPixKey(context.key)}</KeyText>
        <Actions>
          <Button variant="secondary" onClick={back}>
            {t('PIX_KEYS.REGISTER.BACK')}
          </Button>
          <Button onClick={() => send({ type: 'taxId.confirm' })}>{t('PIX_KEYS.REGISTER.CONFIRM')}</Button>
        </Actions>
      </>
    );
  } else if (s.matches('checking')) {
    body = <p>{t('PIX_KEYS.REGISTER.CHECKING')}</p>;
  } else if (s.matches('creating') || s.matches('registeringAlias')) {
    body = <p>{t('PIX_KEYS.REGISTER.CREATING')}</p>;
  } else if (s.matches('checkFailed') || s.matches('createFailed') || s.matches('registerFailed')) {
    body = <Failure text={`${t('PIX_KEYS.REGISTER.SAVE_ERROR')} ${reason}`} action={retry} />;
  } else if (s.matches('invalidKey')) {
    body = (
      <Failure
        text={t('PIX_KEYS.INVALID_PARAMETER')}
        action={
          <Button variant="secondary" onClick={back}>
            {t('PIX_KEYS.REGISTER.BACK')}
          </Button>
        }
      />
    );
  } else if (s.matches('limitReached')) {
    body = <Failure text={t('PIX_KEYS.KEYS_LIMITS')} action={null} />;
  } else if (s.matches('otp') || s.matches('validatingOtp') || s.matches('resendingCode')) {
    title = t('PIX_KEYS.OTP.TITLE');
    const shownKey = formatPixKey(context.key);
    body = (
      <OtpStep
        key="otp"
        text={t(context.kind === 'PHONE' ? 'PIX_KEYS.OTP.TEXT_PHONE' : 'PIX_KEYS.OTP.TEXT_EMAIL', {
          key: shownKey,
        })}
        busy={busy}
        validating={s.matches('validatingOtp')}
        status={
          s.matches('validatingOtp')
            ? t('PIX_KEYS.OTP.VALIDATING')
            : s.matches('resendingCode')
              ? t('PIX_KEYS.OTP.SENDING')
              : ''
        }
        failure={
          s.matches({ otp: 'failed' }) ? (
            <Failure text={`${t('PIX_KEYS.OTP.ERROR')} ${reason}`} action={retry} />
          ) : s.matches({ otp: 'resendFailed' }) ? (
            <Failure text={`${t('PIX_KEYS.OTP.RESEND_ERROR')} ${reason}`} action={retry} />
          ) : null
        }
        onSubmit={(code) => send({ type: 'otp.submit', code })}
        onResend={() => send({ type: 'otp.resend' })}
      />
    );
  }

  return (
    <Dialog open title={title} onClose={() => send({ type: 'dialog.close' })} dismissible={!busy}>
      <div ref={bodyRef} aria-busy={busy} aria-live="polite">
        {body}
      </div>
    </Dialog>
  );
}
