// The add-user and edit-user modals (docs/product.md#input-rules "Add user", "Edit user"; #messages "User management"):
// validation from src/domain, then the injected create/update call. A server error mentioning the
// email goes on the email field, one mentioning the username or name on the username field,
// anything else in the modal's banner (gone after 5 s). On success `saved` tells the list.
import { assign, fromPromise, setup } from 'xstate';
import { TIMING_MS } from '../../domain/constants';
import { isLastVerifiedAdmin } from '../../domain/users/lastAdmin';
import { normaliseRole } from '../../domain/users/user';
import { failureText, isServiceError } from '../../domain/serviceResult';
import { appliedMine, conflictOfError, editConflictGuards, reloaded } from '../shared/editConflict';
import { hasErrors, validateAddUser, validateEditUser } from '../../domain/validation';
import type {
  CreateUserInput,
  SaveUserOutput,
  UpdateUserInput,
  UserFormContext,
  UserFormErrors,
  UserFormEvent,
  UserFormField,
  UserFormValues,
} from './types';
import type { ListedUserRow } from '../userList/types';
import { required } from '../shared/required';

export type * from './types';

// Add User starts Verified (issue 26): an administrator adding someone vouches for them, so
// the account can sign in at once; switching it off leaves the account waiting, as before.
export const EMPTY_USER_FORM: UserFormValues = {
  name: '',
  email: '',
  username: '',
  password: '',
  confirmPassword: '',
  role: 'staff',
  isVerified: true,
};

export const SAVE_SUCCESS = {
  add: 'User created successfully',
  edit: 'User updated successfully',
} as const;
const SAVE_FALLBACK = { add: 'Failed to create user', edit: 'Failed to update user' } as const;

export function formErrors(context: Pick<UserFormContext, 'mode' | 'values'>): UserFormErrors {
  const v = context.values;
  return context.mode === 'add' ? validateAddUser(v) : validateEditUser(v);
}

/** Where a server error goes: the field it names or mentions (docs/product.md#messages), else null (the banner). */
export function serverErrorField(answer: {
  error: string | null;
  field?: string;
}): 'email' | 'username' | null {
  const field = answer.field?.toLowerCase();
  if (field === 'email') return 'email';
  if (field === 'username' || field === 'name') return 'username';
  const text = answer.error ?? '';
  if (/e-?mail/i.test(text)) return 'email';
  if (/\b(user\s*name|username|name)\b/i.test(text)) return 'username';
  return null;
}

function notProvided(name: string): () => Promise<never> {
  return () => Promise.reject(new Error(`${name} is not provided`));
}

const closedContext = {
  values: EMPTY_USER_FORM,
  errors: {},
  formError: null,
  userId: null,
  lastVerifiedAdmin: false,
  version: null,
  conflict: null,
} as const;

/** The edit form's values for a user as listed (or as the server has it now). */
function editValues(user: ListedUserRow): UserFormValues {
  return {
    ...EMPTY_USER_FORM,
    name: user.name ?? '',
    email: user.email ?? '',
    username: user.username ?? '',
    role: normaliseRole(user.role) ?? 'staff',
    isVerified: !!user.isVerified,
  };
}

const editValuesOf = (user: ListedUserRow) => ({ values: editValues(user) });

export const userFormMachine = setup({
  types: {
    context: {} as UserFormContext,
    events: {} as UserFormEvent,
  },
  actors: {
    createUser: fromPromise<SaveUserOutput, CreateUserInput>(notProvided('createUser')),
    updateUser: fromPromise<SaveUserOutput, UpdateUserInput>(notProvided('updateUser')),
  },
  actions: {
    /** The list shows the success banner and reloads. */
    saved: (_, _message: string) => {},
    fieldError: assign(({ context, event }) => {
      const error = (event as unknown as { error: unknown }).error;
      const answer = isServiceError(error) ? error.result : { error: null };
      const field = serverErrorField(answer) ?? 'email';
      return { errors: { ...context.errors, [field]: failureText(error, '') }, formError: null };
    }),
  },
  guards: {
    ...editConflictGuards,
    isValid: ({ context }) => !hasErrors(formErrors(context)),
    isValidAdd: ({ context }) => context.mode === 'add' && !hasErrors(formErrors(context)),
    /** The server named (or mentioned) a field: the message goes under it. */
    blamesField: ({ event }) => {
      const error = (event as unknown as { error: unknown }).error;
      return isServiceError(error) && serverErrorField(error.result) !== null;
    },
  },
  delays: {
    messageTimeout: TIMING_MS.messageDisplay,
  },
}).createMachine({
  id: 'userForm',
  context: { mode: 'add', ...closedContext },
  initial: 'closed',
  states: {
    closed: {
      entry: assign(closedContext),
      on: {
        'form.openAdd': {
          target: 'open',
          actions: assign({ mode: 'add', values: EMPTY_USER_FORM }),
        },
        'form.openEdit': {
          target: 'open',
          actions: assign(({ event }) => ({
            mode: 'edit' as const,
            userId: event.user.id,
            lastVerifiedAdmin: isLastVerifiedAdmin(event.user),
            version: event.user.version ?? null,
            values: editValues(event.user),
          })),
        },
      },
    },
    open: {
      initial: 'editing',
      on: { 'form.close': '.closing' },
      states: {
        editing: {
          initial: 'noError',
          on: {
            'form.change': {
              actions: assign(({ context, event }) => {
                const field: UserFormField = event.field;
                const values = { ...context.values, [field]: event.value } as UserFormValues;
                // A field's message goes once it is edited; the others stay until the next submit.
                const { [field]: _gone, ...errors } = context.errors;
                return { values, errors };
              }),
            },
            'form.submit': [
              {
                guard: 'isValidAdd',
                target: 'creating',
                actions: assign({ errors: {}, formError: null }),
              },
              {
                guard: 'isValid',
                target: 'updating',
                actions: assign({ errors: {}, formError: null, conflict: null }),
              },
              { actions: assign({ errors: ({ context }) => formErrors(context) }) },
            ],
            'form.conflictReload': {
              guard: 'canReload',
              actions: assign(({ context }) => ({
                ...reloaded(context, editValuesOf),
                errors: {},
              })),
            },
            'form.conflictApplyMine': {
              guard: 'hasConflict',
              target: 'updating',
              actions: assign(({ context }) => ({ ...appliedMine(context), formError: null })),
            },
          },
          states: {
            noError: {},
            error: {
              on: { 'form.dismissError': 'noError' },
              after: {
                messageTimeout: { target: 'noError', actions: assign({ formError: null }) },
              },
            },
          },
        },
        creating: {
          on: { 'form.close': {} },
          invoke: {
            src: 'createUser',
            input: ({ context }) => ({
              name: context.values.name.trim(),
              email: context.values.email.trim(),
              username: context.values.username.trim(),
              password: context.values.password,
              confirmPassword: context.values.confirmPassword,
              role: context.values.role,
              isVerified: context.values.isVerified,
            }),
            onDone: {
              target: 'closing',
              actions: {
                type: 'saved',
                params: ({ event }) => event.output.message || SAVE_SUCCESS.add,
              },
            },
            onError: [
              { guard: 'blamesField', target: 'editing', actions: 'fieldError' },
              {
                target: 'editing.error',
                actions: assign({
                  formError: ({ event }) => failureText(event.error, SAVE_FALLBACK.add),
                }),
              },
            ],
          },
        },
        updating: {
          on: { 'form.close': {} },
          invoke: {
            src: 'updateUser',
            input: ({ context }) => ({
              id: required(context.userId, 'The user edited'),
              name: context.values.name.trim(),
              email: context.values.email.trim(),
              username: context.values.username.trim(),
              role: context.values.role,
              isVerified: context.values.isVerified,
              version: context.version,
            }),
            onDone: {
              target: 'closing',
              actions: {
                type: 'saved',
                params: ({ event }) => event.output.message || SAVE_SUCCESS.edit,
              },
            },
            onError: [
              {
                // Someone saved the user meanwhile: keep the typed values, show what changed.
                guard: 'savedMeanwhile',
                target: 'editing',
                actions: assign({
                  conflict: ({ event }) => conflictOfError<ListedUserRow>(event.error),
                }),
              },
              { guard: 'blamesField', target: 'editing', actions: 'fieldError' },
              {
                target: 'editing.error',
                actions: assign({
                  formError: ({ event }) => failureText(event.error, SAVE_FALLBACK.edit),
                }),
              },
            ],
          },
        },
        closing: { always: '#userForm.closed' },
      },
    },
  },
});
