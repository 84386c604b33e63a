/**
 * /password/change and /ProfileChangePassword (1-access-shell-statement.md §2 Protected routes, §4,
 * §5 New password, §8): current, new and confirmation with the live checklist; a projection of
 * machines/access/change-password.machine.ts. The button is enabled only when every rule passes.
 * Links to the change by e-mailed code (4-pix-part-two.md §2) for a forgotten current password.
 */
import { useSelector } from '@xstate/react';

import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Link, useLocation } from 'wouter';
import { changePasswordMachine } from '../../../machines/access/change-password.machine';
import { useFlow } from '../../runtime/use-flow';
import { session } from '../../runtime/session';
import { Button } from '../../ui/button';
import { PageTitle } from '../../ui/page-title';
import { useToast } from '../../ui/toasts';
import { Actions, BusyStatus, FormCard } from './access-ui';
import {
  NewPasswordFields,
  newPasswordValuesPass,
  validateNewPasswordValues,
  type NewPasswordValues,
} from './new-password-fields';
import { changePasswordFailureText } from './change-password-failure';
import { useOnEnter } from './use-on-enter';

const ByCodeLink = styled(Link)`
  align-self: flex-start;
  color: ${({ theme }) => theme.color.primary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const validate = (values: Partial<NewPasswordValues>) => validateNewPasswordValues(values);

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const toast = useToast();
  // Protected route: the guard let us in with a session, whose username carries its prefix.
  const actor = useFlow('change-password', changePasswordMachine, {
    username: session.getSnapshot()?.username ?? '',
  });
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
      toast.success(t('CHANGEPASS.SUCCESS'));
      // §4: not a first login, so the user goes to /home (which shows the statement).
      navigate('/home');
    },
  );

  return (
    <FormCard>
      <PageTitle>{t('CHANGEPASS.TITLE')}</PageTitle>
      <Form<NewPasswordValues>
        onSubmit={(values) =>
          actor.send({
            type: 'form.submit',
            current: values.current ?? '',
            newPassword: values.newPassword,
            confirm: values.confirm,
          })
        }
        validate={validate}
        subscription={{ values: true }}
        render={({ handleSubmit, values }) => (
          <form noValidate onSubmit={handleSubmit}>
            <NewPasswordFields withCurrent readOnly={busy} />
            <BusyStatus text={busy ? t('CHANGEPASS.SAVING') : null} />
            <Actions>
              <Button type="submit" disabled={!newPasswordValuesPass(values) && !busy} loading={busy}>
                {t('CHANGEPASS.SUBMIT')}
              </Button>
              <ByCodeLink href="/password/change-by-code">{t('CHANGEPASS.BY_CODE_LINK')}</ByCodeLink>
            </Actions>
          </form>
        )}
      />
    </FormCard>
  );
}
