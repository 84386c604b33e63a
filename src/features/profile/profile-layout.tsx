/**
 * Layout pieces of the profile screens: a description list for read-only data and
 * a card heading. Kept apart from profile-ui.ts (error and address helpers) so the help-centre page loads only these.
 */
import styled from 'styled-components';
import { media } from '../../ui/breakpoints';

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
