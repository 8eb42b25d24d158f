// Form validators of the account screens (sign in, sign up, password reset, profile, users):
// each returns { field: message } for the fields in error (an empty object when the form is
// valid). Field names are the form's own (camelCase). The bill and progress forms are in
// ./billForms, so that the sign-in bundle carries none of the billing rules.
import { ACCOUNT_MESSAGES as M } from './accountMessages';
import {
  emailRule, isBlank, nameRule, passwordPresentRule, passwordRule, roleRule, usernameRule, type Rule,
} from './accountRules';
import { collect, type FieldErrors } from './fieldErrors';

export { hasErrors, type FieldErrors } from './fieldErrors';

const confirmRule = (password: unknown): Rule => (v) =>
  isBlank(v) ? M.CONFIRM_PASSWORD_REQUIRED : v === password ? true : M.PASSWORDS_DO_NOT_MATCH;

export interface SignInForm { email: string; password: string }
export function validateSignIn(form: SignInForm): FieldErrors<keyof SignInForm> {
  return collect<keyof SignInForm>([
    ['email', form.email, emailRule],
    ['password', form.password, passwordRule(6)],
  ]);
}

export interface SignUpForm { name: string; email: string; password: string; confirmPassword: string }
export function validateSignUp(form: SignUpForm): FieldErrors<keyof SignUpForm> {
  return collect<keyof SignUpForm>([
    ['name', form.name, nameRule],
    ['email', form.email, emailRule],
    ['password', form.password, passwordRule(6)],
    ['confirmPassword', form.confirmPassword, confirmRule(form.password)],
  ]);
}

export interface ForgotPasswordForm { email: string }
export function validateForgotPassword(form: ForgotPasswordForm): FieldErrors<keyof ForgotPasswordForm> {
  return collect<keyof ForgotPasswordForm>([['email', form.email, emailRule]]);
}

/** The page a reset link opens: a new password (at least 8, as for a change) twice. */
export interface ResetPasswordForm { password: string; confirmPassword: string }
export function validateResetPassword(form: ResetPasswordForm): FieldErrors<keyof ResetPasswordForm> {
  return collect<keyof ResetPasswordForm>([
    ['password', form.password, passwordRule(8)],
    ['confirmPassword', form.confirmPassword, confirmRule(form.password)],
  ]);
}

export interface ProfileForm { name: string; email: string }
export function validateProfile(form: ProfileForm): FieldErrors<keyof ProfileForm> {
  return collect<keyof ProfileForm>([
    ['name', form.name, nameRule],
    ['email', form.email, emailRule],
  ]);
}

/** True when the trimmed name and email equal the loaded profile ('No changes detected…'). */
export function profileUnchanged(form: ProfileForm, original: Partial<ProfileForm>): boolean {
  return (form.name ?? '').trim() === (original.name ?? '').trim() && (form.email ?? '').trim() === (original.email ?? '').trim();
}

export interface ChangePasswordForm { currentPassword: string; newPassword: string; confirmPassword: string }
export function validateChangePassword(form: ChangePasswordForm): FieldErrors<keyof ChangePasswordForm> {
  const differs: Rule = (v) => (v === form.currentPassword ? M.NEW_PASSWORD_SAME : true);
  return collect<keyof ChangePasswordForm>([
    ['currentPassword', form.currentPassword, (v) => (passwordPresentRule(v) === true ? true : M.CURRENT_PASSWORD_REQUIRED)],
    ['newPassword', form.newPassword, passwordRule(8, { required: M.NEW_PASSWORD_REQUIRED, min: M.NEW_PASSWORD_MIN })],
    ['newPassword', form.newPassword, differs],
    ['confirmPassword', form.confirmPassword, confirmRule(form.newPassword)],
  ]);
}

export interface AddUserForm { name?: string; email: string; username: string; password: string; confirmPassword: string; role: string }
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

export interface EditUserForm { name?: string; email: string; username: string; role: string }
export function validateEditUser(form: EditUserForm): FieldErrors<keyof EditUserForm> {
  return collect<keyof EditUserForm>([
    ...(isBlank(form.name) ? [] : [['name', form.name, nameRule] as const]),
    ['email', form.email, emailRule],
    ['username', form.username, usernameRule],
    ['role', form.role, roleRule],
  ]);
}
