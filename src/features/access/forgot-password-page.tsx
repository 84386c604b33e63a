/**
 * /password/forgot (1-access-shell-statement.md §2 Public routes): only a notice to contact support
 * by e-mail for a new password, and a way back to the login. No machine: nothing happens here.
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Link } from 'wouter';
import { config } from '../../runtime/config';
import { PageTitle } from '../../ui/page-title';
import { AccessCard } from './access-ui';

const Email = styled.a`
  color: ${({ theme }) => theme.color.primary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  /* The address moves to its own line whole; it breaks only if it is wider than the line. */
  display: inline-block;
  max-width: 100%;
  overflow-wrap: anywhere;
`;

const Back = styled(Link)`
  display: inline-block;
  margin-top: ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.primary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const email = config.helpCenter.email;
  return (
    <AccessCard>
      <PageTitle>{t('FORGOT.TITLE')}</PageTitle>
      {email ? (
        <p>
          {t('FORGOT.TEXT')} <Email href={`mailto:${email}`}>{email}</Email>
        </p>
      ) : (
        <p>{t('FORGOT.TEXT_NO_EMAIL')}</p>
      )}
      <Back href="/login">{t('FORGOT.BACK')}</Back>
    </AccessCard>
  );
}
