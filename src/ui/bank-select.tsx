/**
 * The searchable bank picker of the TED and recipient forms (2-money-movement.md §2 Bank transfer:
 * "searchable list of ... Brazilian banks, each with a 3-digit code and a name"; §8 'Nenhum valor
 * encontrado' in dropdowns). An ARIA 1.2 combobox with a listbox popup (WAI-ARIA APG "editable
 * combobox with list autocomplete"): typing filters by code, ISPB or name (brand names too), accent- and case-insensitive;
 * Down/Up move, Enter picks, Escape closes (a second Escape clears the search), Home/End move in
 * the text. Its value is the bank's 3-digit code ('' when none), so react-final-form's
 * `input` props fit as they are.
 */
import {
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Bank } from '../../machines/data/banks';
import { useBankList } from './bank-list';
import { TOUCH_TARGET } from './breakpoints';
import { FieldError, FieldLabel, FieldRoot, HelperText, controlBox, useFieldIds } from './field';
import { Icon } from './icons';
import { Spinner } from './spinner';
import { VisuallyHidden } from './visually-hidden';

const NO_BANKS: readonly Bank[] = [];

export interface BankSelectProps {
  label: ReactNode;
  /** The chosen bank's 3-digit code; '' when none. */
  value: string;
  /** Called with the picked bank's code, or '' when the field is emptied and left. */
  onChange: (code: string) => void;
  onBlur?: (event?: FocusEvent<HTMLElement>) => void;
  onFocus?: (event?: FocusEvent<HTMLElement>) => void;
  name?: string;
  id?: string;
  helperText?: ReactNode;
  /** The error text (already translated); falsy means valid. */
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
}

const Wrap = styled.div`
  position: relative;
`;

const Input = styled.input<{ $invalid?: boolean }>`
  ${controlBox}
  padding-right: 44px;
  text-overflow: ellipsis;
`;

const Chevron = styled.span`
  position: absolute;
  right: 10px;
  top: 50%;
  transform: translateY(-50%);
  pointer-events: none;
  display: flex;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Popup = styled.div`
  position: absolute;
  z-index: 20;
  left: 0;
  right: 0;
  top: calc(100% + 2px);
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  box-shadow: 0 4px 16px rgb(0 0 0 / 0.16);
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  max-height: min(320px, 45vh);
  overflow-y: auto;
  overscroll-behavior: contain;
`;

const Option = styled.li<{ $active: boolean; $selected: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: ${TOUCH_TARGET}px;
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  cursor: pointer;
  overflow-wrap: anywhere;
  background: ${({ theme, $active }) => ($active ? theme.color.background : 'transparent')};
  outline: ${({ theme, $active }) => ($active ? `2px solid ${theme.color.focus}` : 'none')};
  outline-offset: -2px;
  font-weight: ${({ theme, $selected }) => ($selected ? theme.font.weight.medium : 'inherit')};
`;

const Code = styled.span`
  flex: none;
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Empty = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.textMuted};
`;

/** The searchable bank combobox (see the module comment). */
export function BankSelect({
  label,
  value,
  onChange,
  onBlur,
  onFocus,
  name,
  id,
  helperText,
  error,
  disabled,
  required,
}: BankSelectProps) {
  const { t } = useTranslation();
  const hasError = Boolean(error);
  const ids = useFieldIds(id, helperText != null, hasError);
  const listId = `${ids.inputId}-list`;
  const optionPrefix = `${ids.inputId}-opt-`;
  const statusId = useId();
  // The list loads after the page has painted (./bank-list.ts): until then the field shows the
  // chosen code as it is and the popup says it is loading.
  const { list, failed } = useBankList();
  const selected = value && list ? list.bankByCode(value) : undefined;
  const selectedText = selected && list ? list.bankLabel(selected) : value;

  const [open, setOpen] = useState(false);
  // null: the field shows the chosen bank; a string: what the person is typing.
  const [typed, setTyped] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const query = useDeferredValue(typed ?? '');
  const matches = useMemo(() => (list ? list.searchBanks(query) : NO_BANKS), [list, query]);
  const listRef = useRef<HTMLUListElement | null>(null);

  useEffect(() => {
    if (!open || active < 0) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    el?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  const openList = (from: number) => {
    setOpen(true);
    setActive(from);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (bank: Bank) => {
    onChange(bank.code);
    setTyped(null);
    close();
  };
  const startIndex = () => Math.max(0, selected ? matches.findIndex((b) => b.code === selected.code) : 0);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList(startIndex());
        else setActive((i) => Math.min(matches.length - 1, i + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList(startIndex());
        else setActive((i) => Math.max(0, i - 1));
        break;
      case 'PageDown':
        if (open) {
          event.preventDefault();
          setActive((i) => Math.min(matches.length - 1, i + 10));
        }
        break;
      case 'PageUp':
        if (open) {
          event.preventDefault();
          setActive((i) => Math.max(0, i - 10));
        }
        break;
      case 'Enter': {
        const bank = open ? matches[active] : undefined;
        if (bank) {
          // The pick, not a submission of the form around the field.
          event.preventDefault();
          pick(bank);
        }
        break;
      }
      case 'Escape':
        if (open) {
          // Closes the list, not the dialog around the field.
          event.preventDefault();
          event.stopPropagation();
          close();
        } else if (typed !== null) {
          event.preventDefault();
          event.stopPropagation();
          setTyped(null);
        }
        break;
      default:
        break;
    }
  };

  const onInputBlur = (event: FocusEvent<HTMLInputElement>) => {
    close();
    // Leaving an emptied field clears the choice; leaving a half-typed search keeps the last pick.
    if (typed !== null && typed.trim() === '' && value !== '') onChange('');
    setTyped(null);
    onBlur?.(event);
  };

  const expanded = open && matches.length > 0;
  const activeBank = expanded ? matches[active] : undefined;
  return (
    <FieldRoot>
      <FieldLabel htmlFor={ids.inputId}>{label}</FieldLabel>
      <Wrap>
        <Input
          id={ids.inputId}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeBank ? `${optionPrefix}${activeBank.code}` : undefined}
          aria-invalid={hasError || undefined}
          aria-required={required || undefined}
          aria-describedby={ids.describedBy}
          $invalid={hasError}
          disabled={disabled}
          value={typed ?? selectedText}
          placeholder={t('COMMON.BANK_SELECT.PLACEHOLDER')}
          onChange={(event) => {
            setTyped(event.target.value);
            openList(0);
          }}
          onClick={() => {
            if (!open) openList(startIndex());
          }}
          onFocus={onFocus}
          onBlur={onInputBlur}
          onKeyDown={onKeyDown}
        />
        <Chevron aria-hidden="true">
          <Icon name={expanded ? 'expandLess' : 'expandMore'} size={20} />
        </Chevron>
        <Popup hidden={!open}>
          {open && !list && (
            <Empty role={failed ? 'alert' : undefined} aria-busy={!failed || undefined}>
              {failed ? (
                t('ERRORS.NETWORK')
              ) : (
                <>
                  <Spinner $size={16} /> {t('COMMON.LOADING')}
                </>
              )}
            </Empty>
          )}
          {open && list && matches.length === 0 && <Empty>{t('COMMON.NO_VALUES')}</Empty>}
          <List
            ref={listRef}
            id={listId}
            role="listbox"
            aria-label={typeof label === 'string' ? label : undefined}
            hidden={!expanded}
          >
            {expanded &&
              matches.map((bank, index) => (
                <Option
                  key={bank.code}
                  id={`${optionPrefix}${bank.code}`}
                  data-index={index}
                  role="option"
                  aria-selected={bank.code === value}
                  $active={index === active}
                  $selected={bank.code === value}
                  // Keeps the focus in the field, so the pick does not blur it first.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(bank)}
                >
                  <Code>{bank.code}</Code>
                  <span>{bank.name}</span>
                </Option>
              ))}
          </List>
        </Popup>
      </Wrap>
      <VisuallyHidden id={statusId} role="status">
        {open &&
          list &&
          (matches.length === 0
            ? t('COMMON.NO_VALUES')
            : t('COMMON.BANK_SELECT.RESULTS', { count: matches.length }))}
      </VisuallyHidden>
      {helperText != null && <HelperText id={ids.helperId}>{helperText}</HelperText>}
      {hasError && <FieldError id={ids.errorId}>{error}</FieldError>}
    </FieldRoot>
  );
}
