// Leaving a form with unsaved typing (issue 26): a link followed from the sidebar, the top bar or
// the page asks first. The page tells the machine whether its form is dirty; a request to leave
// goes through at once when it is not, and waits for 'leave' or 'stay' when it is.
import { assign, setup } from 'xstate';

export interface LeaveGuardContext {
  /** The form on the page has unsaved changes. */
  dirty: boolean;
  /** Where the user asked to go while being asked. */
  pending: string | null;
}

export type LeaveGuardEvent =
  | { type: 'leave.dirtyChanged'; dirty: boolean }
  | { type: 'leave.request'; to: string }
  | { type: 'leave.confirm' }
  | { type: 'leave.cancel' };

export const leaveGuardMachine = setup({
  types: {
    context: {} as LeaveGuardContext,
    events: {} as LeaveGuardEvent,
  },
  actions: {
    /** Go to the location (the app's router). */
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    dirty: ({ context }) => context.dirty,
  },
}).createMachine({
  id: 'leaveGuard',
  context: { dirty: false, pending: null },
  initial: 'idle',
  on: {
    'leave.dirtyChanged': { actions: assign({ dirty: ({ event }) => event.dirty }) },
  },
  states: {
    idle: {
      on: {
        'leave.request': [
          {
            guard: 'dirty',
            target: 'asking',
            actions: assign({ pending: ({ event }) => event.to }),
          },
          { actions: { type: 'navigate', params: ({ event }) => ({ to: event.to }) } },
        ],
      },
    },
    asking: {
      on: {
        // The typing is given up on purpose: nothing is asked again on the way out.
        'leave.confirm': {
          target: 'idle',
          actions: [
            { type: 'navigate', params: ({ context }) => ({ to: context.pending ?? '/' }) },
            assign({ dirty: false, pending: null }),
          ],
        },
        'leave.cancel': { target: 'idle', actions: assign({ pending: null }) },
        // Another link while asking: the question stays, about the newest destination.
        'leave.request': { actions: assign({ pending: ({ event }) => event.to }) },
      },
    },
  },
});
