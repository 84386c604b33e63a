import styled from 'styled-components';

/** The label that wraps a native checkbox or radio and its text (44px target). */
export const ChoiceLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 44px;
  cursor: pointer;
  & > input {
    width: 20px;
    height: 20px;
    margin: 0;
    accent-color: ${({ theme }) => theme.color.primary};
  }
  & > input:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  & > input:disabled {
    cursor: not-allowed;
  }
`;
