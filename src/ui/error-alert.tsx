/**
 * An inline error of a screen or dialog, announced when it appears (role=alert), with an optional
 * way out (retry). Shared by the areas that show a failed call in place.
 */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { CoreIcon } from './core-icons';

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
      <CoreIcon name="error" size={20} />
      <div>{children}</div>
      {action}
    </AlertBox>
  );
}
