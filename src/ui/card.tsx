import styled from 'styled-components';
import { media } from './breakpoints';

/** A white surface grouping related content. */
export const Card = styled.section`
  background: ${({ theme }) => theme.color.surface};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.card};
  padding: ${({ theme }) => theme.space(6)};
  margin-bottom: ${({ theme }) => theme.space(6)};
  ${media.phone} {
    padding: ${({ theme }) => theme.space(4)};
    margin-bottom: ${({ theme }) => theme.space(4)};
  }
`;
