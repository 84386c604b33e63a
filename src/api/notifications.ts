/** Tag `notifications` of the contract: the bell and its popup. */
import type { components } from '../../openapi/portal';
import { api, call, deviceHeader, type CallOptions } from './client';

type Schemas = components['schemas'];
export type Notification = Schemas['Notification'];
export type NotificationId = Schemas['NotificationId'];
export type HasGeneralResult = Schemas['HasGeneralResult'];
export type Ack = Schemas['Ack'];

/** GET /notification/{accountId}: general and addressed notifications, newest first. */
export function listNotifications(accountId: string, opts: CallOptions = {}): Promise<Notification[]> {
  return call('listNotifications', () =>
    api.GET('/notification/{accountId}', {
      params: { header: deviceHeader(), path: { accountId } },
      signal: opts.signal,
    }),
  );
}

/** PUT /notification/markAllAsRead: marks the given notifications as read. */
export function markNotificationsRead(ids: NotificationId[], opts: CallOptions = {}): Promise<Ack> {
  return call('markNotificationsRead', () =>
    api.PUT('/notification/markAllAsRead', {
      params: { header: deviceHeader() },
      body: ids,
      signal: opts.signal,
    }),
  );
}

/** GET /notification/HasGeneral: whether a general notification is in force. */
export function hasGeneralNotification(opts: CallOptions = {}): Promise<HasGeneralResult> {
  return call('hasGeneralNotification', () =>
    api.GET('/notification/HasGeneral', { params: { header: deviceHeader() }, signal: opts.signal }),
  );
}
