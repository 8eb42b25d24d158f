// Sidebar of docs/product.md#screens Layout: brand link to /, the server's menus grouped (dashboard without a
// heading, BILLING MANAGEMENT, SYSTEM MANAGEMENT) and the loading / error / empty states.
import { Link, useLocation } from 'wouter';
import { groupMenus, visibleMenus } from '../../domain/users/menuGroups';
import { SHELL_TEXTS } from '../../domain/i18n/en/shell';
import { useMenus } from '../shell/hooks';
import { useTexts, useTranslate } from './i18n';
import { MenuIcon } from './MenuIcon';

export interface SidebarProps {
  /** Called after a menu link was followed (the layout auto-collapses on narrow screens). */
  onNavigate: () => void;
}

export function Sidebar({ onNavigate }: SidebarProps) {
  const { status, menus, retry } = useMenus();
  const [location] = useLocation();
  const groups = groupMenus(visibleMenus(menus));
  const t = useTexts('shell', SHELL_TEXTS);
  const tr = useTranslate();

  return (
    <aside className="app-sidebar" id="app-sidebar" aria-label={t.sidebar}>
      <Link href="/" className="app-brand">
        <span className="app-brand-mark" aria-hidden="true">
          DI
        </span>
        <span className="app-label">Dashboard Invoice</span>
      </Link>
      <nav aria-label={t.mainNavigation}>
        {status === 'loading' && (
          <p className="app-sidebar-state" role="status" aria-busy="true">
            <span className="app-label">{t.loadingNavigation}</span>
          </p>
        )}
        {status === 'failed' && (
          <div className="app-sidebar-state" role="alert">
            <p className="app-label">{t.navigationFailed}</p>
            <button type="button" className="outline" onClick={retry}>
              {t.retry}
            </button>
          </div>
        )}
        {status === 'loaded' && groups.length === 0 && (
          <p className="app-sidebar-state">
            <span className="app-label">{t.noNavigation}</span>
          </p>
        )}
        {status === 'loaded' &&
          groups.map((group) => (
            <div key={group.id} className="app-sidebar-group">
              {group.heading && (
                <h2 className="app-sidebar-heading" id={`nav-${group.id}`}>
                  {tr(group.heading)}
                </h2>
              )}
              <ul aria-labelledby={group.heading ? `nav-${group.id}` : undefined}>
                {group.items.map((menu) => {
                  const current = location === menu.path;
                  return (
                    <li key={String(menu.id)}>
                      <Link
                        href={menu.path}
                        className="app-nav-link"
                        aria-current={current ? 'page' : undefined}
                        title={menu.name}
                        onClick={onNavigate}
                      >
                        <MenuIcon icon={menu.icon} />
                        <span className="app-label">{menu.name}</span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
      </nav>
    </aside>
  );
}
