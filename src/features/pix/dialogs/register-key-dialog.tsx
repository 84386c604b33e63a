/**
 * The key register dialog (3-pix-part-one.md §2 Key register dialog, §4, §5, §8): a projection of
 * the `pix-key-register` machine that /ManageKeys invokes. Each step is one screen of the same
 * dialog: the four choices, the phone or e-mail and its confirmation, the holder's own tax id, the
 * checks and calls, and the 'Código de Chave'. Field errors come from the validators the machine's
 * guards use (machines/validators/pix-key.ts), shown once the user tries to go on; what was typed
 * survives every failure and every step back.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
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
import { maskPhone, maskTaxId } from '../../../format/masks';
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

/** One text step: a field, its validator (shown after a try), Back and the submit button. */
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
  const [value, setValue] = useState(props.initial);
  const [tried, setTried] = useState(false);
  const error = props.validate(value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (error === undefined) props.onSubmit(value);
  };
  return (
    <Form onSubmit={submit} noValidate>
      <TextField
        label={props.label}
        value={value}
        inputMode={props.inputMode}
        type={props.inputMode === 'email' ? 'email' : 'text'}
        autoComplete="off"
        maxLength={props.inputMode === 'tel' ? 15 : 77}
        onChange={(e) => setValue(props.mask ? props.mask(e.target.value) : e.target.value)}
        error={tried && error ? t(error) : undefined}
      />
      <Actions>
        <Button type="button" variant="secondary" onClick={props.onBack}>
          {t('PIX_KEYS.REGISTER.BACK')}
        </Button>
        <Button type="submit">{props.submitLabel}</Button>
      </Actions>
    </Form>
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
  const [code, setCode] = useState('');
  const [codeTried, setCodeTried] = useState(false);
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
        <KeyText>{maskTaxId(context.key)}</KeyText>
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
    const codeError = validateTotpCode(code);
    const submit = (e: FormEvent) => {
      e.preventDefault();
      setCodeTried(true);
      if (codeError === undefined) send({ type: 'otp.submit', code });
    };
    const shownKey = context.kind === 'PHONE' ? maskPhone(context.key.slice(3)) : context.key;
    body = (
      <Form onSubmit={submit} noValidate>
        <p>
          {t(context.kind === 'PHONE' ? 'PIX_KEYS.OTP.TEXT_PHONE' : 'PIX_KEYS.OTP.TEXT_EMAIL', {
            key: shownKey,
          })}
        </p>
        <TextField
          label={t('PIX_KEYS.OTP.LABEL')}
          value={code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          onChange={(e) => setCode(normalizeTotpCode(e.target.value))}
          error={codeTried && codeError ? t(codeError) : undefined}
        />
        {s.matches({ otp: 'failed' }) && (
          <Failure text={`${t('PIX_KEYS.OTP.ERROR')} ${reason}`} action={retry} />
        )}
        {s.matches({ otp: 'resendFailed' }) && (
          <Failure text={`${t('PIX_KEYS.OTP.RESEND_ERROR')} ${reason}`} action={retry} />
        )}
        <p role="status">
          {s.matches('validatingOtp')
            ? t('PIX_KEYS.OTP.VALIDATING')
            : s.matches('resendingCode')
              ? t('PIX_KEYS.OTP.SENDING')
              : ''}
        </p>
        <Actions>
          <Button
            type="button"
            variant="secondary"
            disabled={busy}
            onClick={() => send({ type: 'otp.resend' })}
          >
            {t('PIX_KEYS.OTP.RESEND')}
          </Button>
          <Button type="submit" loading={s.matches('validatingOtp')}>
            {t('PIX_KEYS.OTP.SUBMIT')}
          </Button>
        </Actions>
      </Form>
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
