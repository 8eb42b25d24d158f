import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor, type ActorRefFrom } from 'xstate';
import { ServiceError } from '../../../src/domain/serviceResult';
import type { Menu } from '../../../src/domain/users/menu';
import {
  authMachine,
  PASSWORD_RESET_DONE,
  SESSION_EXPIRED_NOTICE,
  type AuthNotice,
  type CurrentUser,
} from '../../../src/machines/auth/machine';
import { menusMachine } from '../../../src/machines/menus/machine';

const admin: CurrentUser = {
  id: 1,
  name: 'Admin',
  username: 'admin',
  email: 'admin@example.com',
  role: 'admin',
  isVerified: true,
  createdAt: '2026-01-01T00:00:00Z',
};
const dashboard: Menu = {
  id: 1,
  name: 'Dashboard',
  path: '/dashboard',
  icon: 'fa-circle',
  order: 1,
  parentId: null,
  active: true,
};

interface Options {
  user?: CurrentUser | null;
  signIn?: (input: { email: string; password: string }) => Promise<{ user: CurrentUser }>;
  logout?: () => Promise<void>;
  register?: () => Promise<{ message?: string }>;
  requestPasswordReset?: () => Promise<{ message?: string }>;
  resetPassword?: (input: { token: string; password: string }) => Promise<{ message?: string }>;
}

function start(options: Options = {}) {
  const clock = new SimulatedClock();
  const log: string[] = [];
  const notices: AuthNotice[] = [];
  const machine = authMachine.provide({
    actors: {
      menus: menusMachine.provide({
        actors: {
          fetchUserMenus: fromPromise(async () => {
            log.push('fetch user menus');
            return [dashboard];
          }),
          fetchAllMenus: fromPromise(async () => {
            log.push('fetch all menus');
            return [dashboard];
          }),
        },
      }),
      signIn: fromPromise(async ({ input }) =>
        (options.signIn ?? (async () => ({ user: admin })))(input),
      ),
      register: fromPromise(async () =>
        (
          options.register ??
          (async () => ({
            message: 'Registration successful. Please wait for admin verification.',
          }))
        )(),
      ),
      requestPasswordReset: fromPromise(async () =>
        (options.requestPasswordReset ?? (async () => ({})))(),
      ),
      resetPassword: fromPromise(async ({ input }) =>
        (options.resetPassword ?? (async () => ({})))(input),
      ),
      logout: fromPromise(async () => {
        log.push('logout call');
        await (options.logout ?? (async () => {}))();
      }),
      fetchCurrentUser: fromPromise<CurrentUser | null>(async () => ({
        ...admin,
        name: 'Renamed',
      })),
      fetchAvatar: fromPromise<string | null>(async () => 'data:image/png;base64,AAAA'),
    },
    actions: {
      notify: (_, notice) => notices.push(notice),
      navigate: (_, { to }) => log.push(`navigate ${to}`),
      redirectAfterSignIn: () => log.push('redirect after sign-in'),
      clearSession: () => log.push('clear session'),
      persistUser: (_, user) => log.push(`persist ${user.name}`),
    },
  });
  const actor = createActor(machine, { clock, input: { user: options.user ?? null } }).start();
  return { actor, clock, log, notices };
}

type AuthActor = ActorRefFrom<typeof authMachine>;
const settle = (
  actor: AuthActor,
  state: Parameters<ReturnType<AuthActor['getSnapshot']>['matches']>[0],
) => waitFor(actor, (s) => s.matches(state), { timeout: 1000 });
const menusOf = (actor: AuthActor) => actor.getSnapshot().children.menus;

describe('auth machine', () => {
  it('starts signed in when the session storage holds a user, and loads the menus', async () => {
    const { actor, log } = start({ user: admin });
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    await waitFor(menusOf(actor)!, (s) => s.matches('loaded'), { timeout: 1000 });
    expect(log).toContain('fetch user menus');
  });

  it('refuses an invalid sign-in form without calling the server', () => {
    const { actor, log } = start();
    actor.send({ type: 'auth.signIn', email: 'not-an-email', password: '123' });
    expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
    expect(log).toEqual([]);
  });

  it('signs in, goes to the intended route and loads the menus', async () => {
    const seen: unknown[] = [];
    const { actor, log } = start({ signIn: async (input) => (seen.push(input), { user: admin }) });
    actor.send({ type: 'auth.signIn', email: ' admin@example.com ', password: 'Admin12345' });
    expect(actor.getSnapshot().matches({ signedOut: 'signingIn' })).toBe(true);
    await settle(actor, 'authenticated');
    expect(seen).toEqual([{ email: 'admin@example.com', password: 'Admin12345' }]);
    expect(actor.getSnapshot().context.user).toEqual(admin);
    expect(log[0]).toBe('redirect after sign-in');
    await waitFor(menusOf(actor)!, (s) => s.matches('loaded'), { timeout: 1000 });
    expect(actor.getSnapshot().context.avatar).toBe('data:image/png;base64,AAAA');
  });

  it('shows the server answer of a refused sign-in on the sign-in page', async () => {
    const message = 'Your account is pending verification. Please contact an administrator.';
    const { actor } = start({ signIn: async () => Promise.reject(ServiceError.of(message, 403)) });
    actor.send({ type: 'auth.signIn', email: 'new@example.com', password: 'secret1' });
    await settle(actor, { signedOut: 'idle' });
    expect(actor.getSnapshot().context.alert).toEqual({ form: 'signIn', type: 'error', message });
    actor.send({ type: 'auth.formOpened', form: 'signUp' });
    expect(actor.getSnapshot().context.alert).toBeNull();
  });

  it('registers, shows the success message and goes to /signin 3 s later', async () => {
    const { actor, clock, log } = start();
    actor.send({
      type: 'auth.register',
      name: 'N',
      email: 'x',
      password: '1',
      confirmPassword: '2',
    });
    expect(Object.keys(actor.getSnapshot().context.fieldErrors)).toEqual([
      'name',
      'email',
      'password',
      'confirmPassword',
    ]);
    actor.send({
      type: 'auth.register',
      name: 'New User',
      email: 'new@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    await settle(actor, { signedOut: 'registered' });
    expect(actor.getSnapshot().context.alert).toEqual({
      form: 'signUp',
      type: 'success',
      message: 'Registration successful. Please wait for admin verification.',
    });
    clock.increment(2999);
    expect(log).toEqual([]);
    clock.increment(1);
    expect(log).toEqual(['navigate /signin']);
    expect(actor.getSnapshot().context.alert?.form).toBe('signIn');
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
  });

  it('going to sign in before the 3 s are up keeps the message and cancels the redirect', async () => {
    const { actor, clock, log } = start();
    actor.send({
      type: 'auth.register',
      name: 'New User',
      email: 'new@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    await settle(actor, { signedOut: 'registered' });
    actor.send({ type: 'auth.formOpened', form: 'signIn' });
    expect(actor.getSnapshot().context.alert).toEqual({
      form: 'signIn',
      type: 'success',
      message: 'Registration successful. Please wait for admin verification.',
    });
    clock.increment(5000);
    expect(log).toEqual([]);
  });

  it('a refused registration shows its message', async () => {
    const { actor } = start({
      register: async () =>
        Promise.reject(ServiceError.of('An account with this email already exists.', 409)),
    });
    actor.send({
      type: 'auth.register',
      name: 'New User',
      email: 'new@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    await settle(actor, { signedOut: 'idle' });
    expect(actor.getSnapshot().context.alert).toEqual({
      form: 'signUp',
      type: 'error',
      message: 'An account with this email already exists.',
    });
  });

  it('requests a reset email and goes to /signin 5 s later', async () => {
    const { actor, clock, log } = start({
      requestPasswordReset: async () => ({ message: 'Check your inbox' }),
    });
    actor.send({ type: 'auth.forgotPassword', email: '' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'Email is required' });
    actor.send({ type: 'auth.forgotPassword', email: 'a@example.com' });
    await settle(actor, { signedOut: 'resetRequested' });
    expect(actor.getSnapshot().context.alert).toEqual({
      form: 'forgotPassword',
      type: 'success',
      message: 'Check your inbox',
    });
    clock.increment(4999);
    expect(log).toEqual([]);
    clock.increment(1);
    expect(log).toEqual(['navigate /signin']);
  });

  it('sets a new password from the mailed token and sends the user to sign in', async () => {
    const seen: unknown[] = [];
    const { actor, log } = start({ resetPassword: async (input) => (seen.push(input), {}) });
    actor.send({
      type: 'auth.resetPassword',
      token: 'tok',
      password: 'short',
      confirmPassword: 'short',
    });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      password: 'Password must be at least 8 characters',
    });
    actor.send({
      type: 'auth.resetPassword',
      token: 'tok',
      password: 'NewPass123',
      confirmPassword: 'NewPass123',
    });
    await waitFor(actor, () => log.length > 0, { timeout: 1000 });
    expect(seen).toEqual([{ token: 'tok', password: 'NewPass123' }]);
    expect(log).toEqual(['navigate /signin']);
    expect(actor.getSnapshot().context.alert).toEqual({
      form: 'signIn',
      type: 'success',
      message: PASSWORD_RESET_DONE,
    });
  });

  it('logout clears the local session even when the call fails', async () => {
    const { actor, log } = start({
      user: admin,
      logout: async () => Promise.reject(new Error('offline')),
    });
    actor.send({ type: 'auth.logout' });
    await settle(actor, 'signedOut');
    expect(log).toEqual(
      expect.arrayContaining(['logout call', 'clear session', 'navigate /signin']),
    );
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(actor.getSnapshot().children.menus).toBeUndefined();
  });

  it('logout does not wait more than 3 s for a server that does not answer', () => {
    const { actor, clock, log } = start({ user: admin, logout: () => new Promise(() => {}) });
    actor.send({ type: 'auth.logout' });
    clock.increment(2999);
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(log.slice(-2)).toEqual(['clear session', 'navigate /signin']);
  });

  it('an expired session warns, logs out 0.5 s later, and repeats are ignored for 5 s', () => {
    const { actor, clock, log, notices } = start({ user: admin });
    actor.send({ type: 'auth.sessionExpired', path: '/dashboard' });
    actor.send({ type: 'auth.sessionExpired', path: '/dashboard' });
    expect(notices).toEqual([SESSION_EXPIRED_NOTICE]);
    expect(actor.getSnapshot().context.authErrorHandled).toBe(true);
    clock.increment(499);
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(log.slice(-2)).toEqual(['clear session', 'navigate /signin']);
    clock.increment(4499);
    expect(actor.getSnapshot().context.authErrorHandled).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().context.authErrorHandled).toBe(false);
  });

  it('a 401 on an auth page is not an expired session', () => {
    const { actor, notices } = start({ user: admin });
    actor.send({ type: 'auth.sessionExpired', path: '/signin' });
    expect(notices).toEqual([]);
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
  });

  it('a refresh clears the menu cache and loads both lists', async () => {
    const { actor, log } = start({ user: admin });
    await waitFor(menusOf(actor)!, (s) => s.matches('loaded'), { timeout: 1000 });
    actor.send({ type: 'auth.refreshMenus' });
    await waitFor(menusOf(actor)!, (s) => s.matches('loaded'), { timeout: 1000 });
    expect(log.filter((l) => l.startsWith('fetch'))).toEqual([
      'fetch user menus',
      'fetch all menus',
      'fetch user menus',
    ]);
  });

  it('refreshUser reloads and stores the current user', async () => {
    const { actor, log } = start({ user: admin });
    actor.send({ type: 'auth.refreshUser' });
    await waitFor(actor, (s) => s.context.user?.name === 'Renamed', { timeout: 1000 });
    expect(log).toContain('persist Renamed');
  });

  it('follows a sign-out in another tab', () => {
    const { actor, log } = start({ user: admin });
    actor.send({ type: 'auth.sessionChanged', user: null });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(log).toEqual(expect.arrayContaining(['clear session', 'navigate /signin']));
    actor.send({ type: 'auth.sessionChanged', user: admin });
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
  });

  it('starts over as the other user when another tab signs in someone else', async () => {
    const { actor, log } = start({ user: admin });
    await waitFor(menusOf(actor)!, (s) => s.matches('loaded'), { timeout: 1000 });
    actor.send({ type: 'auth.sessionChanged', user: admin });
    expect(log.filter((l) => l === 'fetch user menus')).toHaveLength(1);
    const staff: CurrentUser = { ...admin, id: 2, name: 'Staff', role: 'staff' };
    actor.send({ type: 'auth.sessionChanged', user: staff });
    expect(actor.getSnapshot().context.user).toEqual(staff);
    expect(log).toContain('navigate /dashboard');
    await waitFor(menusOf(actor)!, (s) => s.matches('loaded'), { timeout: 1000 });
    expect(log.filter((l) => l === 'fetch user menus')).toHaveLength(2);
  });
});
