// Connectivity (docs/product.md#flows "Connectivity", #messages Offline): the browser's offline/online events move
// between online and offline; going offline shows the persistent 'Connection Lost' warning and
// coming back hides it. While online, an API call that could not reach the server marks the
// server unreachable; the machine then probes it every few seconds and reports when it is back.
import { fromCallback, fromPromise, setup } from 'xstate';

export const OFFLINE_NOTICE = {
  type: 'warning',
  title: 'Connection Lost',
  message: 'You are currently offline. Some features may not work properly.',
  persistent: true,
  key: 'connectivity.offline',
} as const;

export interface ConnectivityInput {
  online: boolean;
}

export type ConnectivityEvent =
  | { type: 'connectivity.offline' }
  | { type: 'connectivity.online' }
  | { type: 'connectivity.serverUnreachable' }
  | { type: 'connectivity.serverReachable' };

export const connectivityMachine = setup({
  types: {
    context: {} as ConnectivityInput,
    input: {} as ConnectivityInput,
    events: {} as ConnectivityEvent,
  },
  actors: {
    /** Browser offline/online events → 'connectivity.offline' / 'connectivity.online'. */
    networkEvents: fromCallback<ConnectivityEvent>(() => () => {}),
    /** Resolves when the server answers again; rejects while it does not. */
    probeServer: fromPromise<void>(async () => {}),
  },
  actions: {
    showOfflineWarning: () => {},
    hideOfflineWarning: () => {},
    /** The server answers again: hide connection notices, reload what failed. */
    serverBack: () => {},
  },
  delays: {
    probeInterval: 5000,
  },
}).createMachine({
  id: 'connectivity',
  invoke: { src: 'networkEvents' },
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: ({ context }) => context.online, target: 'online' }, { target: 'offline' }],
    },
    online: {
      initial: 'reachable',
      on: { 'connectivity.offline': 'offline' },
      states: {
        reachable: {
          on: { 'connectivity.serverUnreachable': 'unreachable' },
        },
        unreachable: {
          initial: 'waiting',
          on: {
            'connectivity.serverReachable': { target: 'reachable', actions: 'serverBack' },
          },
          states: {
            waiting: { after: { probeInterval: 'probing' } },
            probing: {
              invoke: {
                src: 'probeServer',
                onDone: { target: '#connectivity.online.reachable', actions: 'serverBack' },
                onError: 'waiting',
              },
            },
          },
        },
      },
    },
    offline: {
      entry: 'showOfflineWarning',
      exit: 'hideOfflineWarning',
      on: { 'connectivity.online': 'online' },
    },
  },
  context: ({ input }) => ({ online: input.online }),
});
