// Global loading (docs/product.md#screens Loading overlay, #limits): any number of named loading keys; the overlay
// shows only when something is still loading after 300 ms (no flash for quick calls) and gives
// up after 30 s so a lost stop() can never block the screen for good.
import { assign, setup } from 'xstate';

export interface GlobalLoadingContext {
  keys: string[];
}

export type GlobalLoadingEvent =
  | { type: 'loading.start'; key: string }
  | { type: 'loading.stop'; key: string }
  | { type: 'loading.reset' };

export const globalLoadingMachine = setup({
  types: {
    context: {} as GlobalLoadingContext,
    events: {} as GlobalLoadingEvent,
  },
  actions: {
    /** Told when the 30 s timeout cleared keys nobody stopped. */
    loadingTimedOut: (_, _params: { keys: string[] }) => {},
  },
  guards: {
    nothingLeft: ({ context, event }) =>
      event.type === 'loading.stop' && context.keys.filter((k) => k !== event.key).length === 0,
  },
  delays: {
    loadingDelay: 300,
    loadingTimeout: 30_000,
  },
}).createMachine({
  id: 'globalLoading',
  context: { keys: [] },
  initial: 'idle',
  on: {
    'loading.reset': { target: '.idle', actions: assign({ keys: [] }) },
  },
  states: {
    idle: {
      on: {
        'loading.start': {
          target: 'active',
          actions: assign({ keys: ({ event }) => [event.key] }),
        },
      },
    },
    active: {
      initial: 'pending',
      after: {
        loadingTimeout: {
          target: 'idle',
          actions: [
            { type: 'loadingTimedOut', params: ({ context }) => ({ keys: context.keys }) },
            assign({ keys: [] }),
          ],
        },
      },
      on: {
        'loading.start': {
          actions: assign({
            keys: ({ context, event }) =>
              context.keys.includes(event.key) ? context.keys : [...context.keys, event.key],
          }),
        },
        'loading.stop': [
          { guard: 'nothingLeft', target: 'idle', actions: assign({ keys: [] }) },
          {
            actions: assign({
              keys: ({ context, event }) => context.keys.filter((k) => k !== event.key),
            }),
          },
        ],
      },
      states: {
        pending: { after: { loadingDelay: 'visible' } },
        visible: {},
      },
    },
  },
});

/** Whether the overlay is on screen for a snapshot of this machine. */
export const isLoadingVisible = (snapshot: {
  matches: (v: { active: 'visible' }) => boolean;
}): boolean => snapshot.matches({ active: 'visible' });
