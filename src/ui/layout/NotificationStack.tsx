// The notification stack at the top right (top left in RTL): at most 5, newest first.
import { useSelector } from '@xstate/react';
import { useShell } from '../shell/hooks';

export function NotificationStack() {
  const { notifications } = useShell();
  const items = useSelector(notifications, (s) => s.context.items);
  return (
    <section className="app-notifications" aria-label="Notifications">
      {items.map((n) => {
        const urgent = n.type === 'error' || n.type === 'warning';
        return (
          <div key={n.id} className="app-notification" data-type={n.type} role={urgent ? 'alert' : 'status'}>
            <div className="app-notification-text">
              {n.title && <strong>{n.title}</strong>}
              <p>{n.message}</p>
            </div>
            <button
              type="button"
              className="app-close"
              aria-label="Dismiss notification"
              onClick={() => notifications.send({ type: 'notifications.dismiss', id: n.id })}
            >
              ×
            </button>
          </div>
        );
      })}
    </section>
  );
}
