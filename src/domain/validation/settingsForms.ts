// Form validators of the profile (details, password change) and of the Add / Edit user dialogs,
// in the shape of ./forms: { field: message } for the fields in error. Apart from the sign-in
// screens' validators so the first page does not carry them.
import { ACCOUNT_MESSAGES } from './accountMessages';
import { SETTINGS_MESSAGES } from './settingsMessages';

const M = { ...ACCOUNT_MESSAGES, ...SETTINGS_MESSAGES };
import {
  emailRule,
  isBlank,
  nameRule,
  passwordPresentRule,
  passwordRule,
  roleRule,
  usernameRule,
  type Rule,
} from './accountRules';
import { collect, type FieldErrors } from './fieldErrors';
import { confirmRule } from './forms';

export interface ProfileForm {
  name: string;
  email: string;
}
export function validateProfile(form: ProfileForm): FieldErrors<keyof ProfileForm> {
  return collect<keyof ProfileForm>([
    ['name', form.name, nameRule],
    ['email', form.email, emailRule],
  ]);
}

/** True when the trimmed name and email equal the loaded profile ('No changes detected…'). */
export function profileUnchanged(form: ProfileForm, original: Partial<ProfileForm>): boolean {
  return (
    (form.name ?? '').trim() === (original.name ?? '').trim() &&
    (form.email ?? '').trim() === (original.email ?? '').trim()
  );
}

export interface ChangePasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
export function validateChangePassword(
  form: ChangePasswordForm,
): FieldErrors<keyof ChangePasswordForm> {
  const differs: Rule = (v) => (v === form.currentPassword ? M.NEW_PASSWORD_SAME : true);
  return collect<keyof ChangePasswordForm>([
    [
      'currentPassword',
      form.currentPassword,
      (v) => (passwordPresentRule(v) === true ? true : M.CURRENT_PASSWORD_REQUIRED),
    ],
    [
      'newPassword',
      form.newPassword,
      passwordRule(8, { required: M.NEW_PASSWORD_REQUIRED, min: M.NEW_PASSWORD_MIN }),
    ],
    ['newPassword', form.newPassword, differs],
    ['confirmPassword', form.confirmPassword, confirmRule(form.newPassword)],
  ]);
}

export interface AddUserForm {
  name?: string;
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
  role: string;
}
export function validateAddUser(form: AddUserForm): FieldErrors<keyof AddUserForm> {
  return collect<keyof AddUserForm>([
    ...(isBlank(form.name) ? [] : [['name', form.name, nameRule] as const]),
    ['email', form.email, emailRule],
    ['username', form.username, usernameRule],
    ['password', form.password, passwordRule(6)],
    ['confirmPassword', form.confirmPassword, confirmRule(form.password)],
    ['role', form.role, roleRule],
  ]);
}

export interface EditUserForm {
  name?: string;
  email: string;
  username: string;
  role: string;
}
export function validateEditUser(form: EditUserForm): FieldErrors<keyof EditUserForm> {
  return collect<keyof EditUserForm>([
    ...(isBlank(form.name) ? [] : [['name', form.name, nameRule] as const]),
    ['email', form.email, emailRule],
    ['username', form.username, usernameRule],
    ['role', form.role, roleRule],
  ]);
}
