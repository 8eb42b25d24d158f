// Types of the add-user / edit-user modal machine (docs/product.md#screens "/user-management", #input-rules "Add user",
// "Edit user", docs/product.md#messages "User management").
import type { EditConflict } from '../../domain/history';
import type { ServiceResult } from '../../domain/serviceResult';
import type { ListedUserRow } from '../userList/types';

export type UserFormMode = 'add' | 'edit';

export interface UserFormValues {
  /** Display name; blank on Add means the username stands in. */
  readonly name: string;
  readonly email: string;
  readonly username: string;
  readonly password: string;
  readonly confirmPassword: string;
  /** 'admin' | 'staff' (lowercase, as sent). */
  readonly role: string;
  readonly isVerified: boolean;
}

export type UserFormField = keyof UserFormValues;
export type UserFormErrors = Partial<Record<UserFormField, string>>;

export interface CreateUserInput {
  readonly name: string;
  readonly email: string;
  readonly username: string;
  readonly password: string;
  readonly confirmPassword: string;
  readonly role: string;
  /** The account can sign in at once (Add User's Verified switch, on by default). */
  readonly isVerified: boolean;
}

export interface UpdateUserInput {
  readonly id: string | number;
  /** Sent only when not blank (docs/product.md#api's update body has name). */
  readonly name: string;
  readonly email: string;
  readonly username: string;
  readonly role: string;
  readonly isVerified: boolean;
  /** If-Match: the version the form opened with; null writes regardless. */
  readonly version: number | null;
}

/** The answer of a save that succeeded; a refused one rejects with a ServiceError. */
export type SaveUserOutput = ServiceResult<unknown>;

export interface UserFormContext {
  readonly mode: UserFormMode;
  readonly userId: string | number | null;
  readonly values: UserFormValues;
  readonly errors: UserFormErrors;
  /** A server error that names no field (shown as a banner in the modal). */
  readonly formError: string | null;
  /** Edit: the user is the last verified administrator (role and Verified are fixed). */
  readonly lastVerifiedAdmin: boolean;
  /** Edit: the user's version as opened (issue 25). */
  readonly version: number | null;
  /** Edit: the save was refused because someone changed the user meanwhile (412). */
  readonly conflict: EditConflict<ListedUserRow> | null;
}

export type UserFormEvent =
  | { type: 'form.openAdd' }
  | { type: 'form.openEdit'; user: ListedUserRow }
  | { type: 'form.change'; field: UserFormField; value: string | boolean }
  | { type: 'form.submit' }
  | { type: 'form.close' }
  | { type: 'form.dismissError' }
  /** After a conflict: show the user as it is now (the typed values are dropped). */
  | { type: 'form.conflictReload' }
  /** After a conflict: save the typed values on top of the new version. */
  | { type: 'form.conflictApplyMine' };
