import type { ReactNode } from 'react';
import styled from 'styled-components';

export interface PageTitleProps {
  children: ReactNode;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** Buttons on the right of the title. */
  actions?: ReactNode;
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(6)};
  & h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.xl};
    color: ${({ theme }) => theme.color.text};
  }
  & p {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

/**
 * The one h1 of a page. It is focusable (tabIndex -1) because the shell moves focus to it after
 * each navigation, so screen readers announce the new page.
 */
export function PageTitle({ children, subtitle, actions }: PageTitleProps) {
  return (
    <Row>
      <div>
        <h1 tabIndex={-1}>{children}</h1>
        {subtitle != null && <p>{subtitle}</p>}
      </div>
      {actions != null && <div>{actions}</div>}
    </Row>
  );
}
