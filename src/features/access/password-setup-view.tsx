/**
 * /FirstAcess and /ResetPassword (1-access-shell-statement.md §2 Public routes; 4-pix-part-two.md
 * §5 Validation rules, §8 The error catalogue): a projection of
 * machines/access/password-setup.machine.ts. Without a verified link (direct navigation, a reload)
 * the screen explains where to start and links to /login.
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Link, useLocation } from 'wouter';
import {
  passwordSetupMachine,
  type PasswordSetupInput,
  type PasswordSetupMode,
} from '../../../machines/access/password-setup.machine';
import { useFlow } from '../../runtime/use-flow';
import { Button } from '../../ui/button';
import { PageTitle } from '../../ui/page-title';
import { useToast } from '../../ui/toasts';
import { AccessCard, Actions, BusyStatus, Message } from './access-ui';
import { describeApiError } from '../../api/errors';
import { clearLinkHandoff, peekLinkHandoff } from './handoff';
import {
  StrictPasswordFields,
  strictValuesPass,
  validateStrictValues,
  type StrictPasswordValues,
} from './strict-password-fields';
import { useOnEnter } from './use-on-enter';

/** i18n key prefix of each mode. */
const PREFIX: Record<PasswordSetupMode, 'FIRST_ACCESS' | 'RESET'> = {
  firstAccess: 'FIRST_ACCESS',
  reset: 'RESET',
};

/** The catalog's flow of each mode: one machine, two flows (machines/access/password-setup.fixtures.ts). */
const FLOW = { firstAccess: 'first-access', reset: 'reset-password' } as const satisfies Record<
  PasswordSetupMode,
  string
>;

const BackLink = styled(Link)`
  color: ${({ theme }) => theme.color.primary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

/** The screen of one mode: the form with a verified link, the explanation without one. */
export function PasswordSetupView({ mode }: { mode: PasswordSetupMode }) {
  // Read once: the hand-off is what the login page left for this mount.
  const [input] = useState<PasswordSetupInput | null>(() => {
    const link = peekLinkHandoff(mode);
    const accountId = link?.result.accountId;
    return link && accountId ? { mode, accountId, hash: link.hash } : null;
  });
  return input ? <PasswordSetupForm input={input} /> : <MissingLink mode={mode} />;
}

function MissingLink({ mode }: { mode: PasswordSetupMode }) {
  const { t } = useTranslation();
  const prefix = PREFIX[mode];
  return (
    <AccessCard>
      <PageTitle>{t(`${prefix}.TITLE`)}</PageTitle>
      <Message kind="info">
        <p>
          <strong>{t(`${prefix}.NO_LINK_TITLE`)}</strong>
        </p>
        <p>{t(`${prefix}.NO_LINK_TEXT`)}</p>
      </Message>
      <BackLink href="/login">{t('PASSWORD.BACK_TO_LOGIN')}</BackLink>
    </AccessCard>
  );
}

function PasswordSetupForm({ input }: { input: PasswordSetupInput }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const toast = useToast();
  const prefix = PREFIX[input.mode];
  const actor = useFlow(FLOW[input.mode], passwordSetupMachine, input);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.matches({ editing: 'failed' }));
  const error = useSelector(actor, (s) => s.context.error);

  useOnEnter(
    actor,
    (s) => s.status === 'done',
    () => {
      clearLinkHandoff();
      toast.success(t(`${prefix}.SUCCESS`));
      navigate('/login', { replace: true });
    },
  );

  return (
    <AccessCard>
      <PageTitle subtitle={t(`${prefix}.SUBTITLE`)}>{t(`${prefix}.TITLE`)}</PageTitle>
      {failed && error && <Message kind="error">{describeApiError(error, t)}</Message>}
      <Form<StrictPasswordValues>
        onSubmit={(values) =>
          actor.send({ type: 'form.submit', password: values.password, confirm: values.confirm })
        }
        validate={validateStrictValues}
        subscription={{ values: true }}
        render={({ handleSubmit, values }) => (
          <form noValidate onSubmit={handleSubmit}>
            <StrictPasswordFields readOnly={busy} />
            <BusyStatus text={busy ? t('PASSWORD.SAVING') : null} />
            <Actions>
              <Button type="submit" fullWidth disabled={!strictValuesPass(values) && !busy} loading={busy}>
                {t(`${prefix}.SUBMIT`)}
              </Button>
              <BackLink href="/login">{t('PASSWORD.BACK_TO_LOGIN')}</BackLink>
            </Actions>
          </form>
        )}
      />
    </AccessCard>
  );
}
