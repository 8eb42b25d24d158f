// An inline message box. Errors and warnings are announced at once (role="alert"), the rest politely.
import type { ReactNode } from 'react';

export type AlertType = 'success' | 'error' | 'warning' | 'info';

export interface AlertProps {
  type: AlertType;
  children: ReactNode;
  title?: string;
  onClose?: () => void;
}

export function Alert({ type, children, title, onClose }: AlertProps) {
  const urgent = type === 'error' || type === 'warning';
  return (
    <div className="app-alert" data-type={type} role={urgent ? 'alert' : 'status'}>
      <div className="app-alert-body">
        {title && <strong>{title}</strong>}
        <div>{children}</div>
      </div>
      {onClose && (
        <button type="button" className="app-close" aria-label="Dismiss message" onClick={onClose}>
          ×
        </button>
      )}
    </div>
  );
}

export default Alert;
