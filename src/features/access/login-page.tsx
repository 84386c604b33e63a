/**
 * /login and / (1-access-shell-statement.md §2 Public routes, §4, §5 Login, §8).
 *
 * A projection of machines/access/login.machine.ts: the fields are react-final-form fields whose
 * changes are sent to the machine, which detects the user name, decides when the form may be sent
 * and signs in. With `action` and `hash` in the query, the page checks the e-mailed link instead
 * (machines/access/verify-link.machine.ts) and moves on to /FirstAcess or /ResetPassword.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Field, Form, useForm } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation, useSearch } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { loginMachine } from '../../../machines/access/login.machine';
import { verifyLinkMachine } from '../../../machines/access/verify-link.machine';
import { REQUIRED } from '../../../machines/validators/input-keys';
import { validateUsername } from '../../../machines/validators/username';
import { useFlow } from '../../runtime/use-flow';
import { config } from '../../runtime/config';
import { getDeviceCookie, newDeviceCookieValue, session, setDeviceCookie } from '../../runtime/session';
import { takeReturn } from '../../runtime/resume';
import { Button } from '../../ui/button';
import { PageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toasts';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { AccessCard, Actions, BusyStatus, Message } from './access-ui';
import { describeApiError } from '../../api/errors';
import { clearFirstLoginHandoff, setFirstLoginHandoff, setLinkHandoff } from './handoff';
import { useOnEnter } from './use-on-enter';

/** Where a verified link leads. */
const LINK_ROUTES = { firstAccess: '/FirstAcess', reset: '/ResetPassword' } as const;

const Hint = styled.p`
  margin: -${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(4)};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
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

const ExternalLink = styled.a`
  align-self: center;
  color: ${({ theme }) => theme.color.primary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

export default function LoginPage() {
  const search = useSearch();
  const link = useMemo(() => {
    const params = new URLSearchParams(search);
    const action = params.get('action');
    const hash = params.get('hash');
    return action && hash ? { action, hash } : null;
  }, [search]);
  if (link) return <VerifyLink key={`${link.action}|${link.hash}`} action={link.action} hash={link.hash} />;
  return <LoginForm />;
}

/** The e-mailed link: verify, then go on, or warn and clear the query string (§8). */
function VerifyLink({ action, hash }: { action: string; hash: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const toast = useToast();
  const actor = useFlow('verify-link', verifyLinkMachine, { action, hash });
  useOnEnter(
    actor,
    (s) => s.status === 'done',
    (s) => {
      const out = s.output;
      if (!out) return;
      if (out.kind === 'verified') {
        setLinkHandoff(out);
        navigate(LINK_ROUTES[out.destination], { replace: true });
      } else {
        toast.warning(`${t('LOGIN.LINK_FAILED')} ${describeApiError(out.error, t)}`);
        navigate('/login', { replace: true });
      }
    },
  );
  return (
    <AccessCard>
      <PageTitle>{t('LOGIN.TITLE')}</PageTitle>
      <Status role="status">
        <Spinner />
        <p>{t('LOGIN.VERIFYING_LINK')}</p>
      </Status>
    </AccessCard>
  );
}

interface LoginValues {
  user: string;
  password: string;
}

const validate = (values: Partial<LoginValues>) => ({
  user: validateUsername(values.user ?? ''),
  password: values.password ? undefined : REQUIRED,
});

/**
 * 'Credenciais inválidas!': the machine forgot the wrong password; the field is emptied to match
 * and focused, so the user types the password again instead of resending the wrong one.
 */
function ForgetPasswordOnReject({
  actor,
  field,
}: {
  actor: ActorRefFrom<typeof loginMachine>;
  field: RefObject<HTMLInputElement | null>;
}) {
  const form = useForm<LoginValues>();
  useOnEnter(
    actor,
    (s) => s.matches({ editing: 'rejected' }),
    () => {
      form.batch(() => {
        form.change('password', '');
        form.resetFieldState('password');
      });
      field.current?.focus();
    },
  );
  return null;
}

function LoginForm() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [cookie] = useState(() => getDeviceCookie());
  const actor = useFlow('login', loginMachine, cookie ? { cookie } : {});
  const userRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const loadingClient = useSelector(actor, (s) => s.matches('loadingClient'));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'form.submit' }));
  const invalidUser = useSelector(actor, (s) => s.matches({ editing: 'invalidUser' }));
  const rejected = useSelector(actor, (s) => s.matches({ editing: 'rejected' }));
  const failed = useSelector(actor, (s) => s.matches({ editing: 'failed' }));
  const unreachable = useSelector(actor, (s) => s.matches({ editing: 'unreachable' }));
  const error = useSelector(actor, (s) => s.context.error);
  const ambiguous = useSelector(actor, (s) => s.context.ambiguous);

  // A first-access password from an earlier attempt is not kept once the user is back here.
  useEffect(() => clearFirstLoginHandoff(), []);

  useOnEnter(
    actor,
    (s) => s.matches({ editing: 'invalidUser' }),
    () => userRef.current?.focus(),
  );

  useOnEnter(
    actor,
    (s) => s.status === 'done',
    (s) => {
      const out = s.output;
      if (!out) return;
      if (out.kind === 'signedIn') {
        session.set({
          token: out.token,
          account: out.account,
          username: out.username,
          client: out.client.client,
          accountInfo: out.client.account,
          functionalities: [],
          ...(out.expiresInSeconds === undefined
            ? {}
            : { expiresAt: Date.now() + out.expiresInSeconds * 1000 }),
        });
        // §4 Device trust: permanent (1825 days) once validated, otherwise temporary (7 days).
        setDeviceCookie(cookie ?? newDeviceCookieValue(), out.isValidateDevice);
        // §4 says /Statement; after an expired session (issue 32) the page the customer was on.
        navigate(takeReturn(out.account.accountHolderId) ?? '/Statement', { replace: true });
      } else {
        setFirstLoginHandoff({ username: out.username, password: out.password });
        navigate('/password/first-login');
      }
    },
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  };

  return (
    <AccessCard>
      <PageTitle subtitle={t('LOGIN.SUBTITLE')}>{t('LOGIN.TITLE')}</PageTitle>
      {rejected && <Message kind="warning">{t('ERRORS.API.20')}</Message>}
      {failed && error && <Message kind="error">{describeApiError(error, t)}</Message>}
      {unreachable && error && (
        <Message kind="error">
          <p>{describeApiError(error, t)}</p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'retry' })} style={{ marginTop: 8 }}>
            {t('LOGIN.RETRY')}
          </Button>
        </Message>
      )}
      {/* react-final-form keeps the fields; the machine decides whether and when to sign in. */}
      <Form<LoginValues>
        onSubmit={() => undefined}
        validate={validate}
        subscription={{}}
        render={() => (
          <form noValidate aria-label={t('LOGIN.FORM_LABEL')} onSubmit={onSubmit}>
            <ForgetPasswordOnReject actor={actor} field={passwordRef} />
            <Field<string> name="user" subscription={{ value: true, error: true, touched: true }}>
              {({ input, meta }) => (
                <TextField
                  {...input}
                  ref={userRef}
                  label={t('LOGIN.USER_LABEL')}
                  helperText={t('LOGIN.USER_HELPER')}
                  autoComplete="username"
                  required
                  // Read-only, not disabled, while signing in: the focused field keeps the focus.
                  readOnly={busy}
                  error={(meta.touched || invalidUser) && meta.error ? t(meta.error) : undefined}
                  onChange={(e) => {
                    input.onChange(e);
                    actor.send({ type: 'form.change', field: 'user', value: e.target.value });
                  }}
                />
              )}
            </Field>
            {ambiguous && <Hint role="status">{t('LOGIN.AMBIGUOUS_HINT')}</Hint>}
            <Field<string> name="password" subscription={{ value: true, error: true, touched: true }}>
              {({ input, meta }) => (
                <TextField
                  {...input}
                  ref={passwordRef}
                  type="password"
                  label={t('LOGIN.PASSWORD_LABEL')}
                  helperText={t('LOGIN.PASSWORD_HELPER')}
                  autoComplete="current-password"
                  required
                  readOnly={busy}
                  error={meta.touched && meta.error ? t(meta.error) : undefined}
                  onChange={(e) => {
                    input.onChange(e);
                    actor.send({ type: 'form.change', field: 'password', value: e.target.value });
                  }}
                />
              )}
            </Field>
            <BusyStatus text={busy ? t(loadingClient ? 'LOGIN.LOADING_CLIENT' : 'LOGIN.SIGNING_IN') : null} />
            <Actions>
              <Button type="submit" fullWidth disabled={!canSubmit && !busy} loading={busy}>
                {t('LOGIN.SUBMIT')}
              </Button>
              <Button variant="text" onClick={() => navigate('/password/forgot')}>
                {t('LOGIN.FORGOT')}
              </Button>
              {config.signUpUrl && (
                <ExternalLink href={config.signUpUrl} target="_blank" rel="noopener noreferrer">
                  {t('LOGIN.SIGN_UP')} <VisuallyHidden>{t('LOGIN.NEW_TAB')}</VisuallyHidden>
                </ExternalLink>
              )}
            </Actions>
          </form>
        )}
      />
    </AccessCard>
  );
}
