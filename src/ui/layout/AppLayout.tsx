// The signed-in layout: sidebar, top bar, content, footer. Below 1200 px the sidebar collapses
// after a menu click so the content gets the room back. Below DRAWER_WIDTH (phones) the sidebar
// is a drawer: it starts closed, opens over a backdrop and closes on a tap outside, on Escape
// and after navigating.
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useLocation } from 'wouter';
import { GUARD_NOTICES } from '../../machines/navigationGuard/machine';
import { SHELL_TEXTS } from '../../domain/i18n/en/shell';
import { useShell } from '../shell/hooks';
import { useTexts } from './i18n';
import { Footer } from './Footer';
import { NetworkPanel } from './NetworkPanel';
import { useNoticeSlot } from './NotificationStack';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

export const AUTO_COLLAPSE_WIDTH = 1200;
/** At this width and below the sidebar is a drawer over the content (app.css uses the same value). */
export const DRAWER_WIDTH = 768;
const DRAWER_QUERY = `(max-width: ${DRAWER_WIDTH}px)`;

function subscribeDrawer(onChange: () => void) {
  const query = window.matchMedia(DRAWER_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const isDrawerWidth = () => window.matchMedia(DRAWER_QUERY).matches;

export function AppLayout({ children }: { children: ReactNode }) {
  const drawer = useSyncExternalStore(subscribeDrawer, isDrawerWidth, () => false);
  const [collapsed, setCollapsed] = useState(isDrawerWidth);
  const toggle = useRef<HTMLButtonElement>(null);
  const [location] = useLocation();
  const drawerOpen = drawer && !collapsed;
  const { notifications } = useShell();
  const t = useTexts('shell', SHELL_TEXTS);
  const noticeSlot = useNoticeSlot();

  // Signed in and on a page: 'Sign In Required' no longer applies.
  useEffect(() => {
    notifications.send({ type: 'notifications.dismissKey', key: GUARD_NOTICES.signInRequired.key });
  }, [notifications]);

  // Turning a window narrow closes the drawer; the wide layout keeps what the user chose.
  useEffect(() => {
    if (drawer) setCollapsed(true);
  }, [drawer]);
  // After navigating (a link, the brand, back/forward) the drawer gets out of the way.
  useEffect(() => {
    if (isDrawerWidth()) setCollapsed(true);
  }, [location]);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setCollapsed(true);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  const onNavigate = useCallback(() => {
    if (window.innerWidth < AUTO_COLLAPSE_WIDTH) setCollapsed(true);
  }, []);
  return (
    <div
      className="app-layout"
      data-sidebar={collapsed ? 'collapsed' : 'expanded'}
      data-drawer={drawer ? 'true' : undefined}
    >
      <a className="app-skip-link" href="#main-content">
        {t.skipToContent}
      </a>
      <Sidebar onNavigate={onNavigate} />
      {drawerOpen && (
        <div
          className="app-drawer-backdrop"
          data-testid="drawer-backdrop"
          aria-hidden="true"
          onClick={() => setCollapsed(true)}
        />
      )}
      <TopBar
        collapsed={collapsed}
        toggleRef={toggle}
        onToggleSidebar={() => setCollapsed((c) => !c)}
      />
      <div className="app-notice-slot" ref={noticeSlot} />
      <main className="app-main" id="main-content" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      {process.env.NODE_ENV !== 'production' && <NetworkPanel />}
    </div>
  );
}
