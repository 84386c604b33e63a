/**
 * 1-access-shell-statement.md §4 Notifications: 'new' means unread and addressed to the user;
 * 'read' means general or already read. The bell counts the new ones.
 */
import type { Notification } from '../api/queries';

/** Unread and addressed to this user (a general notification is never 'new'). */
export function isNewNotification(n: Notification): boolean {
  return !n.readNotification && !n.isGeneralNotification;
}

/** Splits the list into the two tabs of the popup, keeping the server's order. */
export function splitNotifications(list: readonly Notification[]): {
  fresh: Notification[];
  read: Notification[];
} {
  const fresh: Notification[] = [];
  const read: Notification[] = [];
  for (const n of list) (isNewNotification(n) ? fresh : read).push(n);
  return { fresh, read };
}

/** The list with the given ids marked read (the optimistic update after a click). */
export function markedRead(list: readonly Notification[], ids: readonly number[]): Notification[] {
  const set = new Set(ids);
  return list.map((n) =>
    set.has(n.idNotification) && !n.readNotification ? { ...n, readNotification: true } : n,
  );
}
