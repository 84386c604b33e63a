import styled from 'styled-components';
import { media } from './breakpoints';

/**
 * A form's row of buttons: on the right, wrapping when they do not fit; on a phone one a line,
 * each a full-width target. `$wide` leaves more room above it (after a summary).
 */
export const FormActions = styled.div<{ $wide?: boolean }>`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme, $wide }) => theme.space($wide ? 4 : 2)};
  ${media.phone} {
    & > * {
      flex: 1 1 100%;
    }
  }
`;
