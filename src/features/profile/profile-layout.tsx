/**
 * Layout pieces of the profile screens: an inline alert, a description list for read-only data and
 * a card heading. Kept apart from profile-ui.ts (error and address helpers) so the help-centre page loads only these.
 */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '../../ui/breakpoints';
import { Icon } from '../../ui/icons';

const AlertBox = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: flex-start;
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  border-left: 6px solid ${({ theme }) => theme.color.danger};
  background: ${({ theme }) => theme.color.dangerSoft};
  color: ${({ theme }) => theme.color.text};
  & > div {
    flex: 1;
  }
  & p {
    margin: 0;
  }
`;

/** An error announced when it appears (role=alert), with an optional way out (retry). */
export function ErrorAlert({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <AlertBox role="alert">
      <Icon name="error" size={20} />
      <div>{children}</div>
      {action}
    </AlertBox>
  );
}

/** Read-only label/value pairs. */
export const DataList = styled.dl`
  display: grid;
  grid-template-columns: minmax(140px, max-content) 1fr;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(6)}`};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  & > dt {
    font-weight: ${({ theme }) => theme.font.weight.medium};
    color: ${({ theme }) => theme.color.textMuted};
  }
  & > dd {
    margin: 0;
    color: ${({ theme }) => theme.color.text};
    overflow-wrap: anywhere;
  }
  /* On a phone each label sits above its value, so the value has the whole width. */
  ${media.phone} {
    grid-template-columns: minmax(0, 1fr);
    row-gap: 0;
    & > dd {
      margin-bottom: ${({ theme }) => theme.space(3)};
    }
  }
`;

/** A heading inside a card. */
export const SectionTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: ${({ theme }) => theme.font.size.lg};
  color: ${({ theme }) => theme.color.text};
`;
