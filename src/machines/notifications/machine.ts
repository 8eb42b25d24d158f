// The notification stack at the top right (docs/product.md#screens Layout, #data Notification, #messages, #limits):
// at most 5 shown (the oldest goes when a sixth arrives), each hidden after its duration
// (explicit, else by severity, else by type), persistent ones stay until dismissed.
import { assign, enqueueActions, setup } from 'xstate';
import type {
  Notification,
  NotificationSeverity,
  NotificationType,
  NotificationsContext,
  NotificationsEvent,
  NotifyRequest,
} from './types';

export type * from './types';

export const MAX_VISIBLE_NOTIFICATIONS = 5;
export const DEFAULT_NOTIFICATION_DURATION = 4000;

/** docs/product.md#messages: low 3 s, medium 5 s, high 7 s, critical never auto-dismissed. */
export const SEVERITY_DURATIONS: Readonly<Record<NotificationSeverity, number | null>> = {
  low: 3000,
  medium: 5000,
  high: 7000,
  critical: null,
};

/** docs/product.md#limits: default 4000 ms for every type unless the caller or the severity says otherwise. */
export const TYPE_DURATIONS: Readonly<Record<NotificationType, number>> = {
  success: DEFAULT_NOTIFICATION_DURATION,
  info: DEFAULT_NOTIFICATION_DURATION,
  warning: DEFAULT_NOTIFICATION_DURATION,
  error: DEFAULT_NOTIFICATION_DURATION,
};

/** The duration a request ends up with: null = persistent. */
export function notificationDuration(request: NotifyRequest): number | null {
  if (request.persistent) return null;
  if (request.duration !== undefined) return request.duration;
  if (request.severity) return SEVERITY_DURATIONS[request.severity];
  return TYPE_DURATIONS[request.type] ?? DEFAULT_NOTIFICATION_DURATION;
}

const timerId = (id: string) => `notification-expiry-${id}`;

function sameNotice(a: Notification, b: Notification): boolean {
  if (a.key || b.key) return a.key === b.key;
  return a.type === b.type && a.title === b.title && a.message === b.message;
}

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
}).createMachine({
  id: 'notifications',
  context: { items: [], seq: 0 },
  initial: 'active',
  states: {
    active: {
      on: {
        'notifications.show': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const request = event.notification;
            const seq = context.seq + 1;
            const duration = notificationDuration(request);
            const notification: Notification = {
              id: `n${seq}`,
              type: request.type,
              ...(request.title !== undefined ? { title: request.title } : {}),
              message: request.message,
              duration,
              persistent: duration === null,
              ...(request.canRetry !== undefined ? { canRetry: request.canRetry } : {}),
              ...(request.errorId !== undefined ? { errorId: request.errorId } : {}),
              ...(request.key !== undefined ? { key: request.key } : {}),
            };
            // A repeat of a visible notice replaces it rather than stacking duplicates.
            const replaced = context.items.filter((n) => sameNotice(n, notification));
            let items = [
              notification,
              ...context.items.filter((n) => !sameNotice(n, notification)),
            ];
            const dropped = items.slice(MAX_VISIBLE_NOTIFICATIONS);
            items = items.slice(0, MAX_VISIBLE_NOTIFICATIONS);
            for (const gone of [...replaced, ...dropped]) enqueue.cancel(timerId(gone.id));
            enqueue.assign({ items, seq });
            if (duration !== null) {
              enqueue.raise(
                { type: 'notifications.expire', id: notification.id },
                { id: timerId(notification.id), delay: duration },
              );
            }
          }),
        },
        'notifications.dismiss': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            enqueue.cancel(timerId(event.id));
            enqueue.assign({ items: context.items.filter((n) => n.id !== event.id) });
          }),
        },
        'notifications.dismissKey': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const gone = context.items.filter((n) => n.key === event.key);
            for (const n of gone) enqueue.cancel(timerId(n.id));
            enqueue.assign({ items: context.items.filter((n) => n.key !== event.key) });
          }),
        },
        'notifications.expire': {
          actions: assign({
            items: ({ context, event }) => context.items.filter((n) => n.id !== event.id),
          }),
        },
        'notifications.clear': {
          actions: enqueueActions(({ context, enqueue }) => {
            for (const n of context.items) enqueue.cancel(timerId(n.id));
            enqueue.assign({ items: [] });
          }),
        },
      },
    },
  },
});
