/**
 * /password/first-login (1-access-shell-statement.md §2 Public routes, §4, §5 New password, §8): the
 * forced change of a first access, a projection of machines/access/change-password.machine.ts
 * started with `firstLogin`. There is no current-password field: the current password is the one typed at sign-in, handed over in
 * memory by the login page. Already signed in, or without that hand-off, the route goes to /login.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Link, Redirect, useLocation } from 'wouter';
import {
  changePasswordMachine,
  type ChangePasswordInput,
} from '../../../machines/access/change-password.machine';
import { useFlow } from '../../runtime/use-flow';
import { session } from '../../runtime/session';
import { Button } from '../../ui/button';
import { PageTitle } from '../../ui/page-title';
import { useToast } from '../../ui/toasts';
import { AccessCard, Actions, BusyStatus } from './access-ui';
import { clearFirstLoginHandoff, peekFirstLoginHandoff } from './handoff';
import {
  NewPasswordFields,
  newPasswordValuesPass,
  validateNewPasswordValues,
  type NewPasswordValues,
} from './new-password-fields';
import { changePasswordFailureText } from './change-password-failure';
import { useOnEnter } from './use-on-enter';

const BackLink = styled(Link)`
  align-self: center;
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  color: ${({ theme }) => theme.color.primary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

export default function FirstLoginPage() {
  const [input] = useState<FirstLoginFormInput | null>(() => {
    const handoff = peekFirstLoginHandoff();
    return handoff ? { username: handoff.username, firstLogin: { currentPassword: handoff.password } } : null;
  });
  // The password typed at sign-in is forgotten when the user leaves this screen.
  useEffect(() => () => clearFirstLoginHandoff(), []);
  // §2: redirects to /login when already logged in (and without credentials to change).
  if (session.getToken() || !input) return <Redirect to="/login" replace />;
  return <FirstLoginForm input={input} />;
}

/** The machine's input on a first login: the password typed at sign-in is the current one. */
type FirstLoginFormInput = ChangePasswordInput & Required<Pick<ChangePasswordInput, 'firstLogin'>>;

function FirstLoginForm({ input }: { input: FirstLoginFormInput }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const toast = useToast();
  const actor = useFlow('first-login', changePasswordMachine, input);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));

  // §8: a failure shows the CHANGEPASS.ERROR toast (with the bank's cause when it names one);
  // the form stays for another try.
  useOnEnter(
    actor,
    (s) => s.matches({ editing: 'failed' }),
    () => toast.error(changePasswordFailureText(actor.getSnapshot().context.error, t)),
  );
  useOnEnter(
    actor,
    (s) => s.status === 'done',
    () => {
      clearFirstLoginHandoff();
      toast.success(t('CHANGEPASS.SUCCESS'));
      // §4: after a first login's change the user signs in again.
      navigate('/login', { replace: true });
    },
  );

  const validate = (values: Partial<NewPasswordValues>) =>
    validateNewPasswordValues(values, input.firstLogin.currentPassword);

  return (
    <AccessCard>
      <PageTitle subtitle={t('CHANGEPASS.FIRST_LOGIN_SUBTITLE')}>
        {t('CHANGEPASS.FIRST_LOGIN_TITLE')}
      </PageTitle>
      <Form<NewPasswordValues>
        onSubmit={(values) =>
          actor.send({ type: 'form.submit', newPassword: values.newPassword, confirm: values.confirm })
        }
        validate={validate}
        subscription={{ values: true }}
        render={({ handleSubmit, values }) => (
          <form noValidate onSubmit={handleSubmit}>
            <NewPasswordFields withCurrent={false} readOnly={busy} />
            <BusyStatus text={busy ? t('CHANGEPASS.SAVING') : null} />
            <Actions>
              <Button
                type="submit"
                fullWidth
                disabled={!newPasswordValuesPass(values, input.firstLogin.currentPassword) && !busy}
                loading={busy}
              >
                {t('CHANGEPASS.SUBMIT')}
              </Button>
              {/* A way out: another user, or not now (the login page forgets the hand-off). */}
              <BackLink href="/login">{t('PASSWORD.BACK_TO_LOGIN')}</BackLink>
            </Actions>
          </form>
        )}
      />
    </AccessCard>
  );
}
