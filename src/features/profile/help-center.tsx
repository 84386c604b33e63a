/**
 * The optional help-centre block (1-access-shell-statement.md §2 Profile screen: a FAQ link, a
 * contact e-mail and a phone, all taken from configuration). A value left out of the
 * configuration hides its line; with none, the block is not drawn at all.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { config, type HelpCenter } from '../../runtime/config';
import { Card } from '../../ui/card';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { DataList, SectionTitle } from './profile-layout';

const Link = styled.a`
  color: ${({ theme }) => theme.color.primary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

/** Whether the configuration has any help-centre channel. */
export function hasHelpCenter(help: HelpCenter): boolean {
  return Boolean(help.faqUrl || help.email || help.phone);
}

/** The phone for a tel: link: its digits, with a leading + kept. */
export function telHref(phone: string): string {
  const plus = phone.trim().startsWith('+') ? '+' : '';
  return `tel:${plus}${phone.replace(/\D/g, '')}`;
}

export interface HelpCenterBlockProps {
  /** The channels; default the portal's configuration. */
  helpCenter?: HelpCenter;
  /** Show the title as a heading of this level (2 in the profile, where the page has an h1). */
  title?: boolean;
}

/** The help-centre card, or nothing when the configuration has no channel. */
export function HelpCenterBlock({ helpCenter = config.helpCenter, title = true }: HelpCenterBlockProps) {
  const { t } = useTranslation();
  const headingId = useId();
  if (!hasHelpCenter(helpCenter)) return null;
  const { faqUrl, email, phone } = helpCenter;
  return (
    <Card
      aria-labelledby={title ? headingId : undefined}
      aria-label={title ? undefined : t('HELP_CENTER.TITLE')}
    >
      {title && <SectionTitle id={headingId}>{t('HELP_CENTER.TITLE')}</SectionTitle>}
      <p>{t('HELP_CENTER.DESCRIPTION')}</p>
      <DataList>
        {faqUrl && (
          <>
            <dt>{t('HELP_CENTER.FAQ')}</dt>
            <dd>
              <Link href={faqUrl} target="_blank" rel="noopener noreferrer">
                {t('HELP_CENTER.FAQ')}
                <VisuallyHidden> {t('HELP_CENTER.NEW_TAB')}</VisuallyHidden>
              </Link>
            </dd>
          </>
        )}
        {email && (
          <>
            <dt>{t('HELP_CENTER.EMAIL')}</dt>
            <dd>
              <Link href={`mailto:${email}`}>{email}</Link>
            </dd>
          </>
        )}
        {phone && (
          <>
            <dt>{t('HELP_CENTER.PHONE')}</dt>
            <dd>
              <Link href={telHref(phone)}>{phone}</Link>
            </dd>
          </>
        )}
      </DataList>
    </Card>
  );
}
