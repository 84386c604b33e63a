import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Icon } from './icons';

export interface EmptyStateProps {
  /** The message ('Nenhum registro encontrado!'). */
  title: ReactNode;
  description?: ReactNode;
  /** A button that helps the user out (change the period, add an address...). */
  action?: ReactNode;
}

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(4)};
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
  & > p {
    margin: 0;
  }
  & > p:first-of-type {
    font-weight: ${({ theme }) => theme.font.weight.medium};
    color: ${({ theme }) => theme.color.text};
  }
`;

/** Nothing to list: a decorative picture, the message and an optional way forward. */
export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <Box>
      <Icon name="empty" size={64} />
      <p>{title}</p>
      {description != null && <p>{description}</p>}
      {action}
    </Box>
  );
}
