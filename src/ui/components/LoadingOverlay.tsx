// Loading indicator of docs/product.md#screens "Loading overlay": spinner, dots or pulse; small, medium, large;
// 'Loading...' by default; a fixed full-screen overlay (optionally dimmed) unless `inline`.
import { useTranslate } from '../layout/i18n';

export type LoadingVariant = 'spinner' | 'dots' | 'pulse';
export type LoadingSize = 'small' | 'medium' | 'large';

export interface LoadingOverlayProps {
  variant?: LoadingVariant;
  size?: LoadingSize;
  message?: string;
  backdrop?: boolean;
  /** Render in the flow of the page instead of over it. */
  inline?: boolean;
}

function Indicator({ variant }: { variant: LoadingVariant }) {
  if (variant === 'dots') {
    return (
      <span className="app-dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
    );
  }
  return <span className={variant === 'pulse' ? 'app-pulse' : 'app-spinner'} aria-hidden="true" />;
}

export function LoadingOverlay({
  variant = 'spinner',
  size = 'medium',
  message = 'Loading...',
  backdrop = false,
  inline = false,
}: LoadingOverlayProps) {
  const tr = useTranslate();
  const indicator = (
    <div
      className="app-loading"
      data-size={size}
      data-variant={variant}
      role="status"
      aria-live="polite"
    >
      <Indicator variant={variant} />
      {message && <span>{tr(message)}</span>}
    </div>
  );
  if (inline) return <div className="app-loading-inline">{indicator}</div>;
  return (
    <div className="app-loading-overlay" data-backdrop={backdrop ? 'true' : 'false'}>
      {indicator}
    </div>
  );
}
