// Auth pages: no navbar, sidebar or footer; one centred card.
import type { ReactNode } from 'react';

export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="app-auth" id="main-content">
      <article>
        <header className="app-auth-brand">
          <span className="app-brand-mark" aria-hidden="true">DI</span>
          <span>Dashboard Invoice</span>
        </header>
        {children}
      </article>
    </main>
  );
}
