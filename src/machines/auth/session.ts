// Signed in (docs/product.md#flows, #messages): the per-user menus machine runs; the user and avatar can be refreshed;
// logout, an expired session and a sign-out in another tab all end in signedOut with local state
// cleared, even when the server cannot be told.
import { assign, enqueueActions, raise } from 'xstate';
import { authSetup, SESSION_EXPIRED_NOTICE } from './setup';

const EXPIRY_GUARD_ID = 'auth-expiry-guard';

const toSignIn = ['clearSession', { type: 'navigate', params: { to: '/signin' } }] as const;

export const authenticatedState = authSetup.createStateConfig({
  type: 'parallel',
  invoke: {
    id: 'menus',
    systemId: 'menus',
    src: 'menus',
    input: ({ context }) => ({ cached: context.menuCache }),
  },
  on: {
    'auth.logout': '.session.loggingOut',
    'auth.refreshMenus': {
      actions: enqueueActions(({ enqueue }) => enqueue.sendTo('menus', { type: 'menus.refresh' })),
    },
    'auth.sessionExpired': {
      guard: 'expiryToHandle',
      target: '.session.expiring',
      actions: [
        assign({ authErrorHandled: true }),
        { type: 'notify', params: SESSION_EXPIRED_NOTICE },
        raise(
          { type: 'auth.expiryGuardReset' },
          { id: EXPIRY_GUARD_ID, delay: 'sessionExpiredGuard' },
        ),
      ],
    },
    'auth.sessionChanged': [
      { guard: 'signedOutElsewhere', target: 'signedOut', actions: [...toSignIn] },
      {
        // Another account signed in in another tab: start over as that user (fresh menus).
        guard: 'otherUserElsewhere',
        target: 'authenticated',
        reenter: true,
        actions: [
          assign({ user: ({ event }) => event.user, menuCache: null }),
          { type: 'navigate', params: { to: '/dashboard' } },
        ],
      },
    ],
  },
  states: {
    session: {
      initial: 'active',
      states: {
        active: {
          on: { 'auth.refreshUser': 'refreshingUser' },
        },
        refreshingUser: {
          invoke: {
            src: 'fetchCurrentUser',
            onDone: {
              target: 'active',
              actions: enqueueActions(({ event, enqueue }) => {
                if (!event.output) return;
                enqueue.assign({ user: event.output });
                enqueue({ type: 'persistUser', params: event.output });
              }),
            },
            onError: 'active',
          },
        },
        loggingOut: {
          invoke: {
            src: 'logout',
            onDone: { target: '#auth.signedOut', actions: [...toSignIn] },
            onError: { target: '#auth.signedOut', actions: [...toSignIn] },
          },
          after: {
            logoutTimeout: { target: '#auth.signedOut', actions: [...toSignIn] },
          },
        },
        expiring: {
          after: {
            sessionExpiredLogout: { target: '#auth.signedOut', actions: [...toSignIn] },
          },
        },
      },
    },
    avatar: {
      initial: 'loading',
      // The avatar may have changed with the profile.
      on: { 'auth.refreshUser': '.loading' },
      states: {
        loading: {
          invoke: {
            src: 'fetchAvatar',
            onDone: { target: 'shown', actions: assign({ avatar: ({ event }) => event.output }) },
            // No image (404) or none readable: the default picture.
            onError: { target: 'shown', actions: assign({ avatar: null }) },
          },
        },
        shown: {},
      },
    },
  },
});
