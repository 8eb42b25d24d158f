// Auth pages: no navbar, sidebar or footer; one centred card.
import type { ReactNode } from 'react';
import { preloadShellApi } from '../wiring/shellApiLoader';
import { LanguageSelect } from './LanguageSelect';
import { NetworkPanel } from './NetworkPanel';
import { useNoticeSlot } from './NotificationStack';
import { Reconnecting } from './Reconnecting';

export function AuthLayout({ children }: { children: ReactNode }) {
  const noticeSlot = useNoticeSlot();
  // The API client is not part of the first page; it starts loading once the user turns to the
  // form, so it is there by the time the form is sent.
  return (
    <main
      className="app-auth"
      id="main-content"
      onFocusCapture={preloadShellApi}
      onPointerDownCapture={preloadShellApi}
    >
      <div className="app-notice-slot" ref={noticeSlot} />
      <article>
        <header className="app-auth-brand">
          <span className="app-brand-mark" aria-hidden="true">
            DI
          </span>
          <span>Dashboard Invoice</span>
          <LanguageSelect />
        </header>
        {children}
      </article>
      {/* Said while the API client retries a request (docs/product.md#messages), e.g. a sign-in sent while the server is away. */}
      <Reconnecting />
      {process.env.NODE_ENV !== 'production' && <NetworkPanel />}
    </main>
  );
}
