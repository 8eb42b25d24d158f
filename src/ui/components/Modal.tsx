// A modal built on <dialog>: the browser gives focus trapping, Escape and the backdrop.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { SHELL_TEXTS } from '../../domain/i18n/en/shell';
import { useTexts } from '../layout/i18n';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Wider dialog for tables and forms with many fields. */
  wide?: boolean;
}

export function Modal({ open, title, onClose, children, footer, wide = false }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const t = useTexts('shell', SHELL_TEXTS);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape: let the owner decide (it may be busy) instead of the browser closing it.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => dialog.removeEventListener('cancel', onCancel);
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={wide ? 'app-modal app-modal-wide' : 'app-modal'}
    >
      <article>
        <header>
          <button
            type="button"
            aria-label={t.close}
            rel="prev"
            onClick={() => onCloseRef.current()}
          />
          <h2 id={titleId}>{title}</h2>
        </header>
        <div className="app-modal-body">{open && children}</div>
        {footer && <footer>{footer}</footer>}
      </article>
    </dialog>
  );
}
