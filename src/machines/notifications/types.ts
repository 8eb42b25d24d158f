// Types of the notification stack (docs/product.md#data "Notification", #messages durations, #limits limits).

export type NotificationType = 'success' | 'error' | 'warning' | 'info';
export type NotificationSeverity = 'low' | 'medium' | 'high' | 'critical';

export interface Notification {
  id: string;
  type: NotificationType;
  title?: string;
  message: string;
  /** Milliseconds before it hides; null when persistent. */
  duration: number | null;
  persistent: boolean;
  canRetry?: boolean;
  errorId?: string;
  /** Stable key: a second notice with the same key replaces the first (e.g. 'connectivity.offline'). */
  key?: string;
}

/** What a caller asks for; the machine fills in id and duration. */
export interface NotifyRequest {
  type: NotificationType;
  title?: string;
  message: string;
  /** Explicit duration in ms; wins over severity and type defaults. null = persistent. */
  duration?: number | null;
  persistent?: boolean;
  severity?: NotificationSeverity;
  canRetry?: boolean;
  errorId?: string;
  key?: string;
}

export interface NotificationsContext {
  /** Visible notifications, newest first, at most MAX_VISIBLE. */
  items: Notification[];
  /** Counter for ids, so ids are stable in tests. */
  seq: number;
}

export type NotificationsEvent =
  | { type: 'notifications.show'; notification: NotifyRequest }
  | { type: 'notifications.dismiss'; id: string }
  | { type: 'notifications.dismissKey'; key: string }
  | { type: 'notifications.expire'; id: string }
  | { type: 'notifications.clear' };
