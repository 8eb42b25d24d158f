// The user dropdown of the top bar: avatar, name, role, Profile, the right-to-left switch, Logout.
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { displayName, roleLabel } from '../../domain/users/user';
import { useAuthActions, useCurrentUser, useShell } from '../shell/hooks';
import { SHELL_TEXTS } from '../../domain/i18n/en/shell';
import { fill } from '../../domain/i18n';
import { useTexts, useTranslate } from './i18n';
import { LanguageSelect } from './LanguageSelect';
import { useDirection } from './useDirection';

export const DEFAULT_AVATAR = '/img/profile.png';

export function UserMenu() {
  const user = useCurrentUser();
  const { auth } = useShell();
  const avatar = useSelector(auth, (s) => s.context.avatar);
  const loggingOut = useSelector(auth, (s) =>
    s.matches({ authenticated: { session: 'loggingOut' } }),
  );
  const { logout } = useAuthActions();
  const [dir, setDir] = useDirection();
  const t = useTexts('shell', SHELL_TEXTS);
  const tr = useTranslate();
  const details = useRef<HTMLDetailsElement>(null);
  const close = () => details.current?.removeAttribute('open');

  // A click or Escape outside the open dropdown closes it.
  useEffect(() => {
    const onPointer = (e: PointerEvent) => {
      if (details.current?.open && !details.current.contains(e.target as Node)) close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && details.current?.open) {
        close();
        details.current.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  if (!user) return null;
  const name = displayName(user);
  const role = tr(roleLabel(user.role));

  return (
    <details className="dropdown app-user-menu" ref={details}>
      <summary role="button" aria-label={fill(t.userMenuFor, { name })}>
        <img className="app-avatar" src={avatar || DEFAULT_AVATAR} alt="" width={32} height={32} />
        <span className="app-user-name">{name}</span>
      </summary>
      <ul dir={dir}>
        <li className="app-user-card">
          <img
            className="app-avatar app-avatar-large"
            src={avatar || DEFAULT_AVATAR}
            alt={fill(t.avatarOf, { name })}
            width={48}
            height={48}
          />
          <span>
            <strong>{name}</strong>
            <small className="app-muted">{user.email}</small>
            <span className="app-badge" data-variant={user.role === 'admin' ? 'danger' : 'primary'}>
              {role}
            </span>
          </span>
        </li>
        <li>
          <Link href="/profile" onClick={close}>
            {t.profile}
          </Link>
        </li>
        <li>
          <label>
            <input
              type="checkbox"
              role="switch"
              checked={dir === 'rtl'}
              onChange={(e) => setDir(e.currentTarget.checked ? 'rtl' : 'ltr')}
            />
            {t.rightToLeft}
          </label>
        </li>
        <li>
          <LanguageSelect />
        </li>
        <li>
          <button
            type="button"
            className="app-logout"
            disabled={loggingOut}
            aria-busy={loggingOut || undefined}
            onClick={() => {
              close();
              logout();
            }}
          >
            {t.logout}
          </button>
        </li>
      </ul>
    </details>
  );
}
