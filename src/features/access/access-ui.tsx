/**
 * Small pieces shared by the access screens: the centred card of the public pages, an inline
 * message box, and the password checklist.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Card } from '../../ui/card';
import { CoreIcon } from '../../ui/core-icons';
import { VisuallyHidden } from '../../ui/visually-hidden';

/** The card of the public access pages (login, password pages). */
export const AccessCard = styled(Card)`
  max-width: 480px;
  margin: ${({ theme }) => theme.space(12)} auto;
`;

/** The card of the protected password pages, inside the shell. */
export const FormCard = styled(Card)`
  max-width: 560px;
`;

export const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(2)};
`;

const Box = styled.div<{ $kind: MessageKind }>`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: flex-start;
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  border-left: 6px solid
    ${({ theme, $kind }) => ({ error: theme.color.danger, warning: theme.color.warning, info: theme.color.info })[$kind]};
  background: ${({ theme, $kind }) =>
    ({ error: theme.color.dangerSoft, warning: theme.color.warningSoft, info: theme.color.infoSoft })[$kind]};
  color: ${({ theme }) => theme.color.text};
  & > div {
    flex: 1;
  }
  & p {
    margin: 0;
  }
`;

export type MessageKind = 'error' | 'warning' | 'info';

/**
 * An inline message. Errors and warnings are alerts (announced when they appear); info is a
 * polite status.
 */
export function Message({ kind, children }: { kind: MessageKind; children: ReactNode }) {
  return (
    <Box $kind={kind} role={kind === 'info' ? 'status' : 'alert'}>
      <CoreIcon name={kind === 'info' ? 'info' : 'error'} size={20} />
      <div>{children}</div>
    </Box>
  );
}

const List = styled.ul`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.font.size.sm};
  & > li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(1)};
  }
  & > li[data-met='true'] {
    color: ${({ theme }) => theme.color.success};
  }
  & > li[data-met='false'] {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Title = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

/** One rule of a checklist: its label key and whether the typed password meets it. */
export interface ChecklistItem {
  key: string;
  labelKey: string;
  met: boolean;
}

/**
 * The live password checklist. Each item says in words whether it is met (not by colour alone);
 * it is not a live region, so typing is not read out letter by letter.
 */
export function PasswordChecklist({
  id,
  titleKey,
  items,
  metKey,
  notMetKey,
}: {
  id: string;
  titleKey: string;
  items: ChecklistItem[];
  metKey: string;
  notMetKey: string;
}) {
  const { t } = useTranslation();
  return (
    <div id={id}>
      <Title>{t(titleKey)}</Title>
      <List>
        {items.map((item) => (
          <li key={item.key} data-met={item.met} data-testid={`rule-${item.key}`}>
            <CoreIcon name={item.met ? 'check' : 'close'} size={16} />
            <span>{t(item.labelKey)}</span>
            <VisuallyHidden>({t(item.met ? metKey : notMetKey)})</VisuallyHidden>
          </li>
        ))}
      </List>
    </div>
  );
}

/**
 * Announces what a busy form is doing ('Entrando...') without renaming its button: a polite status
 * that is always in the page, so screen readers hear the change.
 */
export function BusyStatus({ text }: { text: string | null }) {
  return <VisuallyHidden role="status">{text ?? ''}</VisuallyHidden>;
}
