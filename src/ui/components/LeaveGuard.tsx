// Asks before a link takes the user away from a form with unsaved changes (issue 26): the sidebar,
// the breadcrumb, the user menu or any other link inside the app. Closing or reloading the tab
// gets the browser's own question. The flow is src/machines/leaveGuard; this wires it to the page.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { leaveGuardMachine } from '../../machines/leaveGuard/machine';
import { useInspect } from '../shell/hooks';
import { ConfirmDialog } from './ConfirmDialog';

/** The in-app location a plain click on a link goes to, or null (new tab, download, elsewhere). */
function inAppDestination(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search)
    return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

// The billing forms speak Indonesian in both languages (docs/product.md#languages).
const TEXTS = {
  title: 'Tinggalkan formulir?',
  message: 'Perubahan pada formulir ini belum disimpan dan akan hilang jika Anda pergi sekarang.',
  leave: 'Tinggalkan',
  stay: 'Tetap di sini',
} as const;

export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const [, navigate] = useLocation();
  const guard = useActorRef(
    leaveGuardMachine.provide({ actions: { navigate: (_, { to }) => navigate(to) } }),
    { inspect: useInspect() },
  );
  const asking = useSelector(guard, (s) => s.matches('asking'));

  useEffect(() => {
    guard.send({ type: 'leave.dirtyChanged', dirty });
  }, [guard, dirty]);

  useEffect(() => {
    // Capture on the document runs before the router's own click handler on the link.
    const onClick = (event: MouseEvent) => {
      if (!guard.getSnapshot().context.dirty) return;
      const to = inAppDestination(event);
      if (to === null) return;
      event.preventDefault();
      event.stopPropagation();
      guard.send({ type: 'leave.request', to });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!guard.getSnapshot().context.dirty) return;
      event.preventDefault();
      event.returnValue = '';
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [guard]);

  return (
    <ConfirmDialog
      open={asking}
      title={TEXTS.title}
      message={<p>{TEXTS.message}</p>}
      confirmLabel={TEXTS.leave}
      cancelLabel={TEXTS.stay}
      danger
      onConfirm={() => guard.send({ type: 'leave.confirm' })}
      onCancel={() => guard.send({ type: 'leave.cancel' })}
    />
  );
}
