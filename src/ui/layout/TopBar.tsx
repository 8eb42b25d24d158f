// Top bar: sidebar toggle, breadcrumb, user dropdown.
import type { RefObject } from 'react';
import { Link, useLocation } from 'wouter';
import { breadcrumbFor } from './breadcrumb';
import { Reconnecting } from './Reconnecting';
import { UserMenu } from './UserMenu';

export interface TopBarProps {
  collapsed: boolean;
  onToggleSidebar: () => void;
  toggleRef?: RefObject<HTMLButtonElement | null>;
}

export function TopBar({ collapsed, onToggleSidebar, toggleRef }: TopBarProps) {
  const [location] = useLocation();
  const { current } = breadcrumbFor(location);
  return (
    <header className="app-topbar">
      <div className="app-topbar-start">
        <button
          ref={toggleRef}
          type="button"
          className="app-sidebar-toggle secondary outline"
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-controls="app-sidebar"
          aria-expanded={!collapsed}
          onClick={onToggleSidebar}
        >
          <span aria-hidden="true">☰</span>
        </button>
        <nav aria-label="Breadcrumb" className="app-breadcrumb">
          <ul>
            <li>
              <Link href="/">Home</Link>
            </li>
            {current && <li aria-current="page">{current}</li>}
          </ul>
        </nav>
      </div>
      <Reconnecting />
      <UserMenu />
    </header>
  );
}
