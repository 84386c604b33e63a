/**
 * /autentica/{token_email}, the device's second factor reached from the e-mailed link
 * (4-pix-part-two.md §2 Public routes, §5, §8, §9; issue 30): a projection of
 * machines/devices/device-validation.machine.ts. The holder types the device's alias, the user, the
 * password and the 6-digit code of the same e-mail; the bank answers the permanent device cookie
 * (1825 days), kept here. A link with no token (/autentica), or a spent or expired one, returns to
 * /login with the message.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Link, useLocation, useRoute } from 'wouter';
import { deviceValidationMachine } from '../../../machines/devices/device-validation.machine';
import { errorTextToShow } from '../../api/errors';
import { useFlow } from '../../runtime/use-flow';
import { session, setDeviceCookie } from '../../runtime/session';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitle } from '../../ui/page-title';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toasts';

const Page = styled.main`
  max-width: 480px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(4)};
`;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

/** §8: a link without its token does not start the flow; back to /login with the message. */
function MissingToken() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const toast = useToast();
  useEffect(() => {
    toast.warning(t('DEVICES.LINK_MISSING'));
    navigate('/login', { replace: true });
  }, [navigate, t, toast]);
  return null;
}

export default function DeviceValidationPage() {
  const [, params] = useRoute<{ token: string }>('/autentica/:token');
  const token = params?.token?.trim() ?? '';
  return token === '' ? <MissingToken /> : <Validation token={token} />;
}

function Validation({ token }: { token: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const toast = useToast();
  const actor = useFlow(
    'device-validation',
    deviceValidationMachine,
    { token },
    {
      onDone: (out) => {
        if (out.result === 'validated') {
          // §9: a validated device's cookie lives 1825 days.
          setDeviceCookie(out.cookieDevice, true);
          return;
        }
        toast.warning(t('DEVICES.LINK_SPENT'));
        navigate('/login', { replace: true });
      },
    },
  );
  const s = useSelector(actor, (x) => x);
  const [alias, setAlias] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const busy = s.hasTag('busy');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'submit', alias, username, password, code });
  };
  const problem = s.context.formError ? t(s.context.formError) : errorTextToShow(s.context.error, t);
  const signedIn = session.getSnapshot() !== null;

  return (
    <Page>
      <PageTitle>{t('DEVICES.VALIDATE_TITLE')}</PageTitle>
      <Card>
        {s.matches('validated') ? (
          <div role="status">
            <p>{t('DEVICES.VALIDATED_TEXT')}</p>
            <Link href={signedIn ? '/DeviceList' : '/login'}>
              {t(signedIn ? 'DEVICES.GO_TO_LIST' : 'DEVICES.GO_TO_LOGIN')}
            </Link>
          </div>
        ) : (
          <Form onSubmit={submit} noValidate>
            <p>{t('DEVICES.VALIDATE_TEXT')}</p>
            <TextField label={t('DEVICES.ALIAS')} value={alias} onChange={(e) => setAlias(e.target.value)} />
            <TextField
              label={t('DEVICES.USER')}
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
            <TextField
              label={t('DEVICES.PASSWORD')}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <TextField
              label={t('DEVICES.CODE')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
            {problem && <ErrorAlert>{problem}</ErrorAlert>}
            {s.matches('confirmFailed') && (
              <Button type="button" variant="secondary" onClick={() => actor.send({ type: 'retry' })}>
                {t('DEVICES.RETRY')}
              </Button>
            )}
            <p role="status">{busy ? t('DEVICES.VALIDATING') : ''}</p>
            <Button type="submit" loading={busy} disabled={s.matches('confirmFailed')}>
              {t('DEVICES.VALIDATE')}
            </Button>
          </Form>
        )}
      </Card>
    </Page>
  );
}
