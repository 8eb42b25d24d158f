// The signed-in layout: sidebar, top bar, content, footer. Below 1200 px the sidebar collapses
// after a menu click so the content gets the room back.
import { useCallback, useState, type ReactNode } from 'react';
import { Footer } from './Footer';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

export const AUTO_COLLAPSE_WIDTH = 1200;

export function AppLayout({ children }: { children: ReactNode }) {
  const [collapsed, setCollapsed] = useState(false);
  const onNavigate = useCallback(() => {
    if (window.innerWidth < AUTO_COLLAPSE_WIDTH) setCollapsed(true);
  }, []);
  return (
    <div className="app-layout" data-sidebar={collapsed ? 'collapsed' : 'expanded'}>
      <a className="app-skip-link" href="#main-content">
        Skip to content
      </a>
      <Sidebar onNavigate={onNavigate} />
      <TopBar collapsed={collapsed} onToggleSidebar={() => setCollapsed((c) => !c)} />
      <main className="app-main" id="main-content" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
