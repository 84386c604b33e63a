import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Icon } from './icons';
import { VisuallyHidden } from './visually-hidden';

export interface StepperProps {
  steps: readonly ReactNode[];
  /** Index of the current step (0-based). */
  current: number;
  /** Names the list for screen readers ('Etapas da transferência'). */
  'aria-label'?: string;
}

const List = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  margin: 0 0 ${({ theme }) => theme.space(6)};
  padding: 0;
  list-style: none;
`;

const Step = styled.li<{ $state: 'done' | 'current' | 'todo' }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme, $state }) => ($state === 'todo' ? theme.color.textMuted : theme.color.text)};
  font-weight: ${({ theme, $state }) => ($state === 'current' ? theme.font.weight.bold : theme.font.weight.regular)};
  & > span:first-child {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 28px;
    height: 28px;
    border-radius: 50%;
    font-size: ${({ theme }) => theme.font.size.sm};
    border: 2px solid ${({ theme, $state }) => ($state === 'todo' ? theme.color.border : theme.color.primary)};
    background: ${({ theme, $state }) => ($state === 'todo' ? 'transparent' : theme.color.primary)};
    color: ${({ theme, $state }) => ($state === 'todo' ? theme.color.textMuted : theme.color.onPrimary)};
  }
`;

/** The steps of a flow as an ordered list; the current one carries aria-current="step". */
export function Stepper({ steps, current, ...aria }: StepperProps) {
  const { t } = useTranslation();
  return (
    <List aria-label={aria['aria-label'] ?? t('SHELL.UI.STEPS')}>
      {steps.map((label, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'todo';
        return (
          <Step key={i} $state={state} aria-current={state === 'current' ? 'step' : undefined}>
            <span aria-hidden="true">{state === 'done' ? <Icon name="check" size={16} /> : i + 1}</span>
            <span>{label}</span>
            {state === 'done' && <VisuallyHidden>{t('SHELL.UI.STEP_DONE')}</VisuallyHidden>}
          </Step>
        );
      })}
    </List>
  );
}
