import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Notification } from '../api/queries';
import { queryKeys, useMarkNotificationsRead, useNotifications } from '../api/queries';
import { media } from '../ui/breakpoints';
import { Button, IconButton } from '../ui/button';
import { Checkbox } from '../ui/checkbox';
import { Icon } from '../ui/icons';
import { Tabs } from '../ui/tabs';
import { useToast } from '../ui/toasts';
import { markedRead, splitNotifications } from './notifications';

/**
 * The popup's list, with DOMPurify: a chunk of its own, asked for when the bell is pointed at or
 * focused (so it has usually arrived by the click) or, at the latest, when the popup opens.
 */
const loadList = () => import('./notification-list');
const NotificationList = lazy(loadList);

/** §9: the popup is 650 wide. */
export const NOTIFICATION_POPUP_WIDTH = 650;

const Wrap = styled.div`
  position: relative;
`;

const Badge = styled.span`
  position: absolute;
  top: 4px;
  right: 2px;
  min-width: 20px;
  height: 20px;
  padding: 0 5px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.danger};
  color: ${({ theme }) => theme.color.onPrimary};
  font-size: 0.75rem;
  font-weight: ${({ theme }) => theme.font.weight.bold};
  line-height: 20px;
  text-align: center;
`;

const Popup = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 4px);
  z-index: ${({ theme }) => theme.z.popup};
  width: min(${NOTIFICATION_POPUP_WIDTH}px, calc(100vw - 16px));
  max-height: min(560px, calc(100vh - 96px));
  overflow: auto;
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.popup};
  outline: none;
  & > .popup-head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  }
  & > .popup-head > h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
  /* The bell is not at the right edge on a phone: the popup spans the screen under the top bar. */
  ${media.phone} {
    position: fixed;
    top: ${({ theme }) => theme.layout.topBarHeight};
    left: ${({ theme }) => theme.space(2)};
    right: ${({ theme }) => theme.space(2)};
    width: auto;
    max-height: calc(100dvh - ${({ theme }) => theme.layout.topBarHeight} - 16px);
  }
`;

const Note = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.textMuted};
`;

/**
 * The bell with the unread badge and its popup (§2, §4): tabs Novas and Lidas; clicking a new
 * notification marks it read (PUT markAllAsRead with its id) and lowers the badge at once; the
 * checkbox marks every new one.
 */
export function NotificationBell({ accountId }: { accountId: string | undefined }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const notifications = useNotifications(accountId);
  const mark = useMarkNotificationsRead(accountId);
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState('new');
  const popupId = useId();
  const titleId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const bellRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);

  // Ids being marked read: laid over the server's list until the call and the refetch after it
  // settle, so a refetch already in flight cannot bring them back as new (optimistic, not cached).
  const [marking, setMarking] = useState<readonly number[]>([]);
  const { fresh, read } = splitNotifications(markedRead(notifications.data ?? [], marking));
  const count = fresh.length;

  useEffect(() => {
    if (!open) return undefined;
    popupRef.current?.focus();
    const onPointer = (event: MouseEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const markRead = (ids: number[]) => {
    if (!accountId || ids.length === 0) return;
    const key = queryKeys.notifications(accountId);
    setMarking((now) => [...now, ...ids]);
    popupRef.current?.focus();
    // The hook's onSuccess awaits the refetch, so onSettled runs once the server's list says read.
    mark.mutate(ids, {
      onError: () => {
        void queryClient.invalidateQueries({ queryKey: key });
        toast.error(t('NOTIFICATIONS.MARK_ERROR'));
      },
      onSettled: () => setMarking((now) => now.filter((id) => !ids.includes(id))),
    });
  };

  const onPopupKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    setOpen(false);
    bellRef.current?.focus();
  };

  const list = (items: Notification[], unread: boolean) => {
    if (notifications.isPending && accountId) return <Note role="status">{t('NOTIFICATIONS.LOADING')}</Note>;
    if (notifications.isError)
      return (
        <Note role="alert">
          {t('NOTIFICATIONS.LOAD_ERROR')}{' '}
          <Button variant="text" onClick={() => void notifications.refetch()}>
            {t('NOTIFICATIONS.RETRY')}
          </Button>
        </Note>
      );
    if (items.length === 0)
      return <Note>{t(unread ? 'NOTIFICATIONS.EMPTY_NEW' : 'NOTIFICATIONS.EMPTY_READ')}</Note>;
    return (
      <Suspense fallback={<Note role="status">{t('NOTIFICATIONS.LOADING')}</Note>}>
        <NotificationList items={items} onRead={unread ? (id) => markRead([id]) : undefined} />
      </Suspense>
    );
  };

  return (
    <Wrap ref={wrapRef}>
      <IconButton
        ref={bellRef}
        aria-label={t('NOTIFICATIONS.BELL', { count })}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        onPointerEnter={() => void loadList()}
        onFocus={() => void loadList()}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="bell" />
        {count > 0 && <Badge aria-hidden="true">{count > 99 ? '99+' : count}</Badge>}
      </IconButton>
      {open && (
        <Popup
          id={popupId}
          ref={popupRef}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          onKeyDown={onPopupKeyDown}
        >
          <div className="popup-head">
            <h2 id={titleId}>{t('NOTIFICATIONS.TITLE')}</h2>
            <Checkbox
              label={t('NOTIFICATIONS.MARK_ALL')}
              checked={count === 0}
              disabled={count === 0}
              onChange={(event) => {
                if (event.currentTarget.checked) markRead(fresh.map((n) => n.idNotification));
              }}
            />
          </div>
          <Tabs
            aria-label={t('NOTIFICATIONS.TABS')}
            selected={tab}
            onSelect={setTab}
            tabs={[
              {
                id: 'new',
                label: `${t('NOTIFICATIONS.TAB_NEW')} (${fresh.length})`,
                panel: list(fresh, true),
              },
              {
                id: 'read',
                label: `${t('NOTIFICATIONS.TAB_READ')} (${read.length})`,
                panel: list(read, false),
              },
            ]}
          />
        </Popup>
      )}
    </Wrap>
  );
}
