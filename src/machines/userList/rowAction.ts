// The row-action region of the user list machine: delete, verify or invalidate a user behind a
// confirmation, then show the outcome in the banner and read the list again.
import { assign } from 'xstate';
import { failureText, isServiceError } from '../../domain/serviceResult';
import { conflictOfError } from '../shared/editConflict';
import { userListSetup } from './setup';
import type { ListedUserRow, RowAction, RowActionKind } from './types';
import { required } from '../shared/required';

export const ACTION_SUCCESS: Readonly<Record<RowActionKind, string>> = {
  delete: 'User deleted successfully',
  verify: 'User verified successfully',
  invalidate: 'User invalidated successfully',
};
const ACTION_FALLBACK: Readonly<Record<RowActionKind, string>> = {
  delete: 'Failed to delete user',
  verify: 'Failed to verify user',
  invalidate: 'Failed to invalidate user',
};

/** The action confirmed: the only ways into confirming and running assign it. */
const actionOf = (context: { readonly action: RowAction | null }) =>
  required(context.action, 'The row action');

export const rowActionRegion = userListSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ action: null }),
      on: {
        'users.delete': {
          target: 'confirming',
          actions: assign({
            action: ({ event }) => ({ kind: 'delete', user: event.user, notes: '' }),
          }),
        },
        'users.verify': {
          target: 'confirming',
          actions: assign({
            action: ({ event }) => ({ kind: 'verify', user: event.user, notes: '' }),
          }),
        },
        'users.invalidate': {
          target: 'confirming',
          actions: assign({
            action: ({ event }) => ({ kind: 'invalidate', user: event.user, notes: '' }),
          }),
        },
      },
    },
    confirming: {
      on: {
        'action.notes': {
          actions: assign({
            action: ({ context, event }) =>
              context.action && { ...context.action, notes: event.notes },
          }),
        },
        'action.confirm': 'running',
        'action.cancel': 'idle',
      },
    },
    running: {
      invoke: {
        src: 'runAction',
        input: ({ context }) => {
          const action = actionOf(context);
          return {
            kind: action.kind,
            id: action.user.id,
            notes: action.notes.trim(),
            // After a conflict the admin confirmed again: on top of the version the server named.
            version: action.conflict?.currentVersion ?? action.user.version,
          };
        },
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'showBanner',
              params: ({ context, event }) => ({
                type: 'success',
                text: event.output.message || ACTION_SUCCESS[actionOf(context).kind],
              }),
            },
            'reload',
          ],
        },
        onError: [
          {
            // Someone changed the user since the list was read: say who and what, ask again.
            guard: 'savedMeanwhile',
            target: 'confirming',
            actions: [
              assign({
                action: ({ context, event }) =>
                  context.action && {
                    ...context.action,
                    conflict: conflictOfError<ListedUserRow>(event.error),
                  },
              }),
              'reload',
            ],
          },
          {
            // e.g. 409 'Cannot remove the last verified administrator': the admin reads the server's
            // reason, and the list is read again since the server may have changed it.
            guard: ({ event }) => isServiceError(event.error),
            target: 'idle',
            actions: [
              {
                type: 'showBanner',
                params: ({ context, event }) => ({
                  type: 'error',
                  text: failureText(event.error, ACTION_FALLBACK[actionOf(context).kind]),
                }),
              },
              'reload',
            ],
          },
          {
            target: 'idle',
            actions: {
              type: 'showBanner',
              params: ({ context }) => ({
                type: 'error',
                text: ACTION_FALLBACK[actionOf(context).kind],
              }),
            },
          },
        ],
      },
    },
  },
});
