/**
 * The notifications of the bell's popup (1-access-shell-statement.md §2, §4), each with its body
 * sanitised (sanitize.ts). Its own chunk with DOMPurify (11 KB gz): the bell loads it when the popup
 * is about to open, so no page's first load carries it (issue 26, scripts/bundle-budget.ts).
 */
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Notification } from '../api/queries';
import { focusRing } from '../ui/global-style';
import { VisuallyHidden } from '../ui/visually-hidden';
import { sanitizeHtml } from './sanitize';

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

/** The list of one tab: clicking an item of the new ones (`onRead`) marks it read. */
export default function NotificationList({
  items,
  onRead,
}: {
  items: Notification[];
  onRead?: (id: number) => void;
}) {
  return (
    <List>
      {items.map((n) => (
        <li key={n.idNotification}>
          <NotificationItem n={n} onRead={onRead} />
        </li>
      ))}
    </List>
  );
}
