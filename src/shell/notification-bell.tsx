import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Notification } from '../api/notifications';
import { queryKeys, useMarkNotificationsRead, useNotifications } from '../api/queries';
import { media } from '../ui/breakpoints';
import { Button, IconButton } from '../ui/button';
import { Checkbox } from '../ui/checkbox';
import { focusRing } from '../ui/global-style';
import { Icon } from '../ui/icons';
import { Tabs } from '../ui/tabs';
import { useToast } from '../ui/toasts';
import { VisuallyHidden } from '../ui/visually-hidden';
import { markedRead, splitNotifications } from './notifications';
import { sanitizeHtml } from './sanitize';

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

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  & > li {
    border-bottom: 1px solid ${({ theme }) => theme.color.divider};
  }
`;

const Item = styled.article<{ $unread: boolean }>`
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  cursor: ${({ $unread }) => ($unread ? 'pointer' : 'default')};
  background: ${({ theme, $unread }) => ($unread ? theme.color.infoSoft : 'transparent')};
  & > h3 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    font-size: ${({ theme }) => theme.font.size.md};
  }
  & > div {
    overflow-wrap: anywhere;
  }
  & > div > p {
    margin: ${({ theme }) => theme.space(1)} 0;
  }
  & > div img {
    max-width: 100%;
    height: auto;
  }
`;

const TitleButton = styled.button`
  padding: 0;
  border: none;
  background: none;
  color: ${({ theme }) => theme.color.primary};
  font: inherit;
  font-weight: ${({ theme }) => theme.font.weight.bold};
  text-align: left;
  text-decoration: underline;
  cursor: pointer;
  ${focusRing}
`;

const Note = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.textMuted};
`;

/**
 * Hides the images of a body that fail to load: the bank's HTML may point at a missing file, and a
 * broken image would leave an empty line (or a broken-image icon) in the middle of the text. Image
 * errors do not bubble, but they do reach an ancestor's capturing listener.
 */
function useHideBrokenImages(html: string) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = ref.current;
    if (!host) return undefined;
    const hide = (img: HTMLImageElement) => {
      img.hidden = true;
    };
    host.querySelectorAll('img').forEach((img) => {
      if (img.complete && img.naturalWidth === 0) hide(img);
    });
    const onError = (event: Event) => {
      if (event.target instanceof HTMLImageElement) hide(event.target);
    };
    host.addEventListener('error', onError, true);
    return () => host.removeEventListener('error', onError, true);
  }, [html]);
  return ref;
}

function NotificationItem({ n, onRead }: { n: Notification; onRead?: (id: number) => void }) {
  const { t } = useTranslation();
  const html = useMemo(() => sanitizeHtml(n.body), [n.body]);
  const bodyRef = useHideBrokenImages(html);
  const unread = onRead !== undefined;
  return (
    <Item $unread={unread} onClick={unread ? () => onRead(n.idNotification) : undefined}>
      <h3>
        {unread ? (
          <TitleButton
            type="button"
            onClick={(event) => {
              event.stopPropagation();
              onRead(n.idNotification);
            }}
          >
            {n.title}
            <VisuallyHidden> ({t('NOTIFICATIONS.UNREAD')})</VisuallyHidden>
          </TitleButton>
        ) : (
          n.title
        )}
      </h3>
      {/* Sanitised with DOMPurify (sanitize.ts): no script, handler or frame survives. */}
      <div ref={bodyRef} dangerouslySetInnerHTML={{ __html: html }} />
    </Item>
  );
}

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
      <List>
        {items.map((n) => (
          <li key={n.idNotification}>
            <NotificationItem n={n} onRead={unread ? (id) => markRead([id]) : undefined} />
          </li>
        ))}
      </List>
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
