// Top bar: sidebar toggle, breadcrumb, user dropdown.
import type { RefObject } from 'react';
import { Link, useLocation } from 'wouter';
import { SHELL_TEXTS } from '../../domain/i18n/en/shell';
import { breadcrumbFor } from './breadcrumb';
import { findRoute } from '../../domain/users/menu';
import { useShownLanguage, useTexts, useTranslate } from './i18n';
import { Reconnecting } from './Reconnecting';
import { UserMenu } from './UserMenu';

export interface TopBarProps {
  collapsed: boolean;
  onToggleSidebar: () => void;
  toggleRef?: RefObject<HTMLButtonElement | null>;
}

export function TopBar({ collapsed, onToggleSidebar, toggleRef }: TopBarProps) {
  const [location] = useLocation();
  const { current, pageName } = breadcrumbFor(location);
  const t = useTexts('shell', SHELL_TEXTS);
  const tr = useTranslate();
  // An unknown path's words are English ('Does Not Exist'): Indonesian names the page instead.
  const crumb =
    useShownLanguage() === 'id' && !findRoute(location.split(/[?#]/)[0]) ? pageName : current;
  return (
    <header className="app-topbar">
      <div className="app-topbar-start">
        <button
          ref={toggleRef}
          type="button"
          className="app-sidebar-toggle secondary outline"
          aria-label={collapsed ? t.expandSidebar : t.collapseSidebar}
          aria-controls="app-sidebar"
          aria-expanded={!collapsed}
          onClick={onToggleSidebar}
        >
          <span aria-hidden="true">☰</span>
        </button>
        <nav aria-label={t.breadcrumb} className="app-breadcrumb">
          <ul>
            <li>
              <Link href="/">{t.home}</Link>
            </li>
            {current && <li aria-current="page">{tr(crumb)}</li>}
          </ul>
        </nav>
      </div>
      <Reconnecting />
      <UserMenu />
    </header>
  );
}
