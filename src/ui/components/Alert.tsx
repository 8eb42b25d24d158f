// An inline message box. Errors and warnings are announced at once (role="alert"), the rest politely.
// With `reveal`, the box is scrolled into view and takes the focus when it appears or its text
// changes, so the outcome of a form is seen where the user is, not 1,300 px above the button.
import { useEffect, useRef, type ReactNode } from 'react';
import { useCommonTexts } from '../layout/i18n';

export type AlertType = 'success' | 'error' | 'warning' | 'info';

export interface AlertProps {
  type: AlertType;
  children: ReactNode;
  title?: string;
  onClose?: () => void;
  /** Scroll into view and move the focus here when shown (the outcome of what the user just did). */
  reveal?: boolean;
}

export function Alert({ type, children, title, onClose, reveal = false }: AlertProps) {
  const urgent = type === 'error' || type === 'warning';
  const box = useRef<HTMLDivElement>(null);
  const t = useCommonTexts();
  const text = typeof children === 'string' ? children : undefined;
  useEffect(() => {
    if (!reveal || !box.current) return;
    box.current.scrollIntoView({ block: 'nearest' });
    box.current.focus({ preventScroll: true });
  }, [reveal, text, title]);
  return (
    <div
      className="app-alert"
      data-type={type}
      role={urgent ? 'alert' : 'status'}
      ref={box}
      tabIndex={reveal ? -1 : undefined}
    >
      <div className="app-alert-body">
        {title && <strong>{title}</strong>}
        <div>{children}</div>
      </div>
      {onClose && (
        <button type="button" className="app-close" aria-label={t.dismissMessage} onClick={onClose}>
          ×
        </button>
      )}
    </div>
  );
}
