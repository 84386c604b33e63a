import styled from 'styled-components';
import { visuallyHidden } from './global-style';

/** Text for screen readers only. */
export const VisuallyHidden = styled.span`
  ${visuallyHidden}
`;
