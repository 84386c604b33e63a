import { useId, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing } from './global-style';

/** One tab of {@link Tabs}. */
export interface TabItem {
  id: string;
  label: ReactNode;
  panel: ReactNode;
}

export interface TabsProps {
  tabs: readonly TabItem[];
  selected: string;
  onSelect: (id: string) => void;
  'aria-label': string;
}

const List = styled.div`
  display: flex;
  border-bottom: 1px solid ${({ theme }) => theme.color.divider};
`;

const Tab = styled.button`
  flex: 1;
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(4)};
  border: none;
  border-bottom: 3px solid transparent;
  background: none;
  font: inherit;
  color: ${({ theme }) => theme.color.textMuted};
  cursor: pointer;
  &[aria-selected='true'] {
    color: ${({ theme }) => theme.color.primary};
    border-bottom-color: ${({ theme }) => theme.color.primary};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
  ${focusRing}
`;

/** WAI-ARIA tabs with automatic activation: arrows, Home and End move between tabs. */
export function Tabs({ tabs, selected, onSelect, ...aria }: TabsProps) {
  const base = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const last = tabs.length - 1;
    const next = {
      ArrowRight: index + 1 > last ? 0 : index + 1,
      ArrowLeft: index - 1 < 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.id);
    document.getElementById(`${base}-tab-${tab.id}`)?.focus();
  };
  const current = tabs.find((tab) => tab.id === selected);
  return (
    <div>
      <List role="tablist" aria-label={aria['aria-label']} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <Tab
            key={tab.id}
            id={`${base}-tab-${tab.id}`}
            role="tab"
            aria-selected={tab.id === selected}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </Tab>
        ))}
      </List>
      {current && (
        <div
          role="tabpanel"
          id={`${base}-panel-${current.id}`}
          aria-labelledby={`${base}-tab-${current.id}`}
          tabIndex={0}
        >
          {current.panel}
        </div>
      )}
    </div>
  );
}
