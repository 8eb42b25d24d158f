// Menus name Font Awesome icons (fa-…); we ship no icon font, so the names we know map to small
// inline SVGs and anything else gets a dot. Decorative only.
const PATHS: Record<string, string> = {
  dashboard: 'M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z',
  file: 'M6 3h8l5 5v13H6zM14 3v5h5M9 13h7M9 17h7',
  edit: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
  users:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14c2.2.6 3.5 2.9 3.5 6',
  user: 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4.4 3.6-7 8-7s8 2.6 8 7',
  plus: 'M12 5v14M5 12h14',
  home: 'M3 11l9-8 9 8M5 9.5V21h14V9.5',
  dot: 'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
};

const BY_NAME: Record<string, keyof typeof PATHS> = {
  'fa-tachometer-alt': 'dashboard',
  'fa-gauge': 'dashboard',
  'fa-chart-line': 'dashboard',
  'fa-home': 'home',
  'fa-file-invoice': 'file',
  'fa-file-word': 'file',
  'fa-file': 'file',
  'fa-edit': 'edit',
  'fa-pen': 'edit',
  'fa-pen-to-square': 'edit',
  'fa-users': 'users',
  'fa-user': 'user',
  'fa-plus': 'plus',
  'fa-plus-circle': 'plus',
};

export function MenuIcon({ icon }: { icon: string }) {
  const name = icon.split(/\s+/).find((c) => BY_NAME[c]) ?? '';
  const path = PATHS[BY_NAME[name] ?? 'dot'];
  return (
    <svg
      className="app-menu-icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={path}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
