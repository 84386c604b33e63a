import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { focusRing } from '../ui/global-style';
import { Icon } from '../ui/icons';

/** One item of the user menu. */
export interface UserMenuItem {
  id: string;
  label: string;
  path: string;
}

const Wrap = styled.div`
  position: relative;
`;

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(2)};
  border: none;
  border-radius: ${({ theme }) => theme.radius.md};
  background: none;
  color: inherit;
  font: inherit;
  cursor: pointer;
  &:hover {
    background: rgba(255, 255, 255, 0.12);
  }
  ${focusRing}
`;

const List = styled.ul`
  position: absolute;
  right: 0;
  top: calc(100% + 4px);
  z-index: ${({ theme }) => theme.z.popup};
  min-width: 200px;
  margin: 0;
  padding: ${({ theme }) => theme.space(1)} 0;
  list-style: none;
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.popup};
  & > li > a {
    display: block;
    padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
    color: inherit;
    text-decoration: none;
  }
  & > li > a:hover,
  & > li > a:focus {
    background: ${({ theme }) => theme.color.primarySoft};
    outline: none;
  }
  & > li > a:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: -3px;
  }
`;

/**
 * The user menu of the top bar (WAI-ARIA menu button): Enter/Space/ArrowDown open it on the first
 * item, arrows move, Escape closes it and returns focus to the button.
 */
export function UserMenu({ items }: { items: readonly UserMenuItem[] }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);

  const itemsEls = () =>
    Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number) => {
    const els = itemsEls();
    if (els.length === 0) return;
    els[(index + els.length) % els.length]?.focus();
  };

  useEffect(() => {
    if (!open) return undefined;
    listRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: PointerEvent | MouseEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const els = itemsEls();
    const index = els.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') focusItem(index + 1);
    else if (event.key === 'ArrowUp') focusItem(index - 1);
    else if (event.key === 'Home') focusItem(0);
    else if (event.key === 'End') focusItem(els.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') {
      close(false);
      return;
    } else return;
    event.preventDefault();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  return (
    <Wrap ref={wrapRef}>
      <Trigger
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('SHELL.USER_MENU')}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKeyDown}
      >
        <Icon name="person" />
        <Icon name="expandMore" />
      </Trigger>
      {open && (
        <List
          id={menuId}
          ref={listRef}
          role="menu"
          aria-label={t('SHELL.USER_MENU')}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item) => (
            <li key={item.id} role="none">
              <a
                role="menuitem"
                href={item.path}
                tabIndex={-1}
                onClick={(event) => {
                  event.preventDefault();
                  close(false);
                  navigate(item.path);
                }}
              >
                {item.label}
              </a>
            </li>
          ))}
        </List>
      )}
    </Wrap>
  );
}
