// The notification stack at the top right (top left in RTL): at most 5, newest first.
// A layout may offer a slot in its own flow (useNoticeSlot): the stack then renders there, above
// the page and beside nothing, so a notice pushes the content down instead of covering the
// page's own controls (the dashboard's period title, a form's first field). Without a slot
// (error pages) it floats at the top right.
import { useSelector } from '@xstate/react';
import { useCallback, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useShell } from '../shell/hooks';
import { useCommonTexts, useTranslate } from './i18n';

let slot: HTMLElement | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const currentSlot = () => slot;

/** A ref callback for the element the stack renders into while it is mounted. */
export function useNoticeSlot(): (element: HTMLElement | null) => void {
  return useCallback((element: HTMLElement | null) => {
    if (element) slot = element;
    else if (slot && !slot.isConnected) slot = null;
    for (const listener of listeners) listener();
  }, []);
}

export function NotificationStack() {
  const { notifications } = useShell();
  const items = useSelector(notifications, (s) => s.context.items);
  const target = useSyncExternalStore(subscribe, currentSlot, () => null);
  const t = useCommonTexts();
  const tr = useTranslate();
  const stack = (
    <section className="app-notifications" aria-label={t.notifications}>
      {items.map((n) => {
        const urgent = n.type === 'error' || n.type === 'warning';
        return (
          <div
            key={n.id}
            className="app-notification"
            data-type={n.type}
            role={urgent ? 'alert' : 'status'}
          >
            <div className="app-notification-text">
              {n.title && <strong>{tr(n.title)}</strong>}
              <p>{tr(n.message)}</p>
            </div>
            <button
              type="button"
              className="app-close"
              aria-label={t.dismissNotification}
              onClick={() => notifications.send({ type: 'notifications.dismiss', id: n.id })}
            >
              ×
            </button>
          </div>
        );
      })}
    </section>
  );
  return target ? createPortal(stack, target) : stack;
}
