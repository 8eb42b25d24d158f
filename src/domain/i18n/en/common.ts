// English texts of the few parts every page has, the sign-in page included (notifications,
// message boxes, 'Reconnecting…', the Language control): kept apart from the layout's texts so
// the first page a guest loads carries only these.

export const COMMON_TEXTS = {
  language: 'Language',
  notifications: 'Notifications',
  dismissNotification: 'Dismiss notification',
  dismissMessage: 'Dismiss message',
  reconnecting: 'Reconnecting…',
} as const;
