import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { MENU_NAMES, MENU_USER_MANAGEMENT } from '../../../src/domain/users/menu';
import {
  buildNavigationMenu,
  decideNavigation,
  GUARD_NOTICES,
  guardAllows,
  navigationGuardMachine,
  type GuardDecision,
  type GuardNotice,
  type GuardSession,
} from '../../../src/machines/navigationGuard/machine';

const menus = (names: readonly string[]) => names.map((name, i) => ({ id: i + 1, name }));
const SESSIONS: Record<string, GuardSession> = {
  guest: { authenticated: false, menusStatus: 'loading', menus: [], authErrorHandled: false },
  staff: {
    authenticated: true,
    menusStatus: 'loaded',
    menus: menus(MENU_NAMES.filter((n) => n !== MENU_USER_MANAGEMENT)),
    authErrorHandled: false,
  },
  admin: {
    authenticated: true,
    menusStatus: 'loaded',
    menus: menus(MENU_NAMES),
    authErrorHandled: false,
  },
  failingCheck: { authenticated: true, menusStatus: 'failed', menus: [], authErrorHandled: false },
};

const allow: GuardDecision = { kind: 'allow' };
const toSignIn = (route: string): GuardDecision => ({
  kind: 'redirect',
  to: '/signin',
  rememberRoute: route,
  notice: GUARD_NOTICES.signInRequired,
});
const alreadySignedIn: GuardDecision = {
  kind: 'redirect',
  to: '/dashboard',
  notice: GUARD_NOTICES.alreadySignedIn,
};
const denied: GuardDecision = { kind: 'redirect', to: '/403', notice: GUARD_NOTICES.accessDenied };
const unverified: GuardDecision = { kind: 'allow', notice: GUARD_NOTICES.permissionCheckFailed };

// route × { guest, staff, admin, failing permission check }
const TABLE: Array<[string, GuardDecision, GuardDecision, GuardDecision, GuardDecision]> = [
  [
    '/',
    { kind: 'redirect', to: '/signin' },
    { kind: 'redirect', to: '/dashboard' },
    { kind: 'redirect', to: '/dashboard' },
    { kind: 'redirect', to: '/dashboard' },
  ],
  ['/dashboard', toSignIn('/dashboard'), allow, allow, unverified],
  ['/create-progress-bill', toSignIn('/create-progress-bill'), allow, allow, unverified],
  ['/update-progress-bill', toSignIn('/update-progress-bill'), allow, allow, unverified],
  ['/user-management', toSignIn('/user-management'), denied, allow, unverified],
  [
    '/invoice-document-generator',
    toSignIn('/invoice-document-generator'),
    allow,
    allow,
    unverified,
  ],
  ['/profile', toSignIn('/profile'), allow, allow, allow],
  ['/signin', allow, alreadySignedIn, alreadySignedIn, alreadySignedIn],
  ['/signup', allow, alreadySignedIn, alreadySignedIn, alreadySignedIn],
  ['/forgot-password', allow, alreadySignedIn, alreadySignedIn, alreadySignedIn],
  ['/reset-password', allow, alreadySignedIn, alreadySignedIn, alreadySignedIn],
  ['/403', allow, allow, allow, allow],
  ['/no-such-page', allow, allow, allow, allow],
];

const CASES = TABLE.flatMap(([route, guest, staff, admin, failingCheck]) =>
  (Object.entries({ guest, staff, admin, failingCheck }) as Array<[string, GuardDecision]>).map(
    ([who, expected]) => [route, who, expected] as const,
  ),
);

describe('decideNavigation', () => {
  it.each(CASES)('%s as %s', (route, who, expected) => {
    expect(decideNavigation({ path: route, search: '' }, SESSIONS[who])).toEqual(expected);
  });

  it('remembers the query string of the intended route', () => {
    expect(
      decideNavigation(
        { path: '/update-progress-bill', search: '?period=2024-01' },
        SESSIONS.guest,
      ),
    ).toEqual(toSignIn('/update-progress-bill?period=2024-01'));
  });

  it('skips the Sign In Required notice when an authentication error was just handled', () => {
    expect(
      decideNavigation(
        { path: '/dashboard', search: '' },
        { ...SESSIONS.guest, authErrorHandled: true },
      ),
    ).toEqual({
      kind: 'redirect',
      to: '/signin',
      rememberRoute: '/dashboard',
    });
  });

  it('waits for the menus before deciding a menu permission, but not for Profile', () => {
    const loading: GuardSession = { ...SESSIONS.staff, menusStatus: 'loading', menus: [] };
    expect(decideNavigation({ path: '/dashboard', search: '' }, loading)).toEqual({ kind: 'wait' });
    expect(decideNavigation({ path: '/profile', search: '' }, loading)).toEqual(allow);
  });

  it('ignores a trailing slash and matches menu names case-insensitively', () => {
    const session: GuardSession = { ...SESSIONS.staff, menus: [{ id: 9, name: 'dashboard' }] };
    expect(decideNavigation({ path: '/dashboard/', search: '' }, session)).toEqual(allow);
  });
});

describe('buildNavigationMenu', () => {
  it('keeps the routes the user may open, and Profile always', () => {
    const entries = buildNavigationMenu((name) => name === 'Dashboard');
    expect(entries.map((e) => e.path)).toEqual(['/dashboard', '/profile']);
    expect(entries[0]).toEqual({
      path: '/dashboard',
      name: 'Dashboard',
      title: 'Dashboard',
      description: expect.any(String),
      icon: expect.stringMatching(/^fa-/),
      menuName: 'Dashboard',
    });
    expect(entries[1].menuName).toBeNull();
  });

  it('never lists guest or public pages', () => {
    const paths = buildNavigationMenu(() => true).map((e) => e.path);
    expect(paths).toEqual([
      '/dashboard',
      '/create-progress-bill',
      '/update-progress-bill',
      '/user-management',
      '/invoice-document-generator',
      '/profile',
    ]);
  });
});

describe('navigation guard machine', () => {
  function start() {
    const log: Array<string> = [];
    const notices: GuardNotice[] = [];
    const machine = navigationGuardMachine.provide({
      actions: {
        notify: (_, notice) => notices.push(notice),
        redirect: (_, { to }) => log.push(`redirect ${to}`),
        rememberIntendedRoute: (_, { route }) => log.push(`remember ${route}`),
      },
    });
    const actor = createActor(machine).start();
    return { actor, log, notices };
  }

  it('sends a guest to /signin once, remembering where they wanted to go', () => {
    const { actor, log, notices } = start();
    const event = {
      type: 'guard.check',
      location: { path: '/profile', search: '' },
      session: SESSIONS.guest,
    } as const;
    actor.send(event);
    actor.send(event); // React may check the same location twice
    expect(log).toEqual(['remember /profile', 'redirect /signin']);
    expect(notices).toEqual([GUARD_NOTICES.signInRequired]);
    expect(guardAllows(actor.getSnapshot(), { path: '/profile' })).toBe(false);
  });

  it('lets the page render only for the path it allowed', () => {
    const { actor } = start();
    actor.send({
      type: 'guard.check',
      location: { path: '/dashboard', search: '' },
      session: SESSIONS.admin,
    });
    expect(guardAllows(actor.getSnapshot(), { path: '/dashboard' })).toBe(true);
    expect(guardAllows(actor.getSnapshot(), { path: '/profile' })).toBe(false);
  });

  it('does not check again when only the query string changes (pages keep filters in the URL)', () => {
    const { actor, log, notices } = start();
    const session = SESSIONS.failingCheck;
    actor.send({
      type: 'guard.check',
      location: { path: '/user-management', search: '' },
      session,
    });
    actor.send({
      type: 'guard.check',
      location: { path: '/user-management', search: '?role=admin' },
      session,
    });
    expect(notices).toEqual([GUARD_NOTICES.permissionCheckFailed]);
    expect(log).toEqual([]);
    expect(guardAllows(actor.getSnapshot(), { path: '/user-management' })).toBe(true);
  });

  it('waits while the menus load and decides when they arrive', () => {
    const { actor, log, notices } = start();
    const location = { path: '/user-management', search: '' };
    actor.send({
      type: 'guard.check',
      location,
      session: { ...SESSIONS.staff, menusStatus: 'loading' },
    });
    expect(actor.getSnapshot().value).toBe('waiting');
    actor.send({ type: 'guard.check', location, session: SESSIONS.staff });
    expect(log).toEqual(['redirect /403']);
    expect(notices).toEqual([GUARD_NOTICES.accessDenied]);
  });

  it('proceeds with a warning when the permission check fails', () => {
    const { actor, log, notices } = start();
    const location = { path: '/dashboard', search: '' };
    actor.send({ type: 'guard.check', location, session: SESSIONS.failingCheck });
    expect(guardAllows(actor.getSnapshot(), location)).toBe(true);
    expect(log).toEqual([]);
    expect(notices).toEqual([GUARD_NOTICES.permissionCheckFailed]);
  });

  it('treats a permission check that throws as a failed check and proceeds', () => {
    const { actor, log, notices } = start();
    const broken = { ...SESSIONS.staff, menus: null } as unknown as GuardSession;
    const location = { path: '/user-management', search: '' };
    actor.send({ type: 'guard.check', location, session: broken });
    expect(guardAllows(actor.getSnapshot(), location)).toBe(true);
    expect(log).toEqual([]);
    expect(notices).toEqual([GUARD_NOTICES.permissionCheckFailed]);
  });

  it.each([
    [SESSIONS.staff, 'redirect /dashboard'],
    [SESSIONS.guest, 'redirect /signin'],
  ])(
    'turns any other guard error into a high-severity navigation error and a safe place',
    (session, redirect) => {
      const { actor, log, notices } = start();
      const location = { path: undefined, search: '' } as unknown as {
        path: string;
        search: string;
      };
      actor.send({ type: 'guard.check', location, session });
      expect(log).toEqual([redirect]);
      expect(notices).toEqual([
        { type: 'error', title: 'Navigation Error', message: expect.any(String), severity: 'high' },
      ]);
    },
  );
});
