// Form validators of the sign-in screens (sign in, sign up, forgot and reset password):
// each returns { field: message } for the fields in error (an empty object when the form is
// valid). Field names are the form's own (camelCase). The bill and progress forms are in
// ./billForms and those of the profile and the user dialogs in ./settingsForms, so that the
// sign-in bundle carries none of their rules.
import { ACCOUNT_MESSAGES as M } from './accountMessages';
import { emailRule, isBlank, nameRule, passwordRule, type Rule } from './accountRules';
import { collect, type FieldErrors } from './fieldErrors';

export { hasErrors, type FieldErrors } from './fieldErrors';

/** The confirmation field: present and equal to the password. */
export const confirmRule =
  (password: unknown): Rule =>
  (v) =>
    isBlank(v) ? M.CONFIRM_PASSWORD_REQUIRED : v === password ? true : M.PASSWORDS_DO_NOT_MATCH;

export interface SignInForm {
  email: string;
  password: string;
}
export function validateSignIn(form: SignInForm): FieldErrors<keyof SignInForm> {
  return collect<keyof SignInForm>([
    ['email', form.email, emailRule],
    ['password', form.password, passwordRule(6)],
  ]);
}

export interface SignUpForm {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}
export function validateSignUp(form: SignUpForm): FieldErrors<keyof SignUpForm> {
  return collect<keyof SignUpForm>([
    ['name', form.name, nameRule],
    ['email', form.email, emailRule],
    ['password', form.password, passwordRule(6)],
    ['confirmPassword', form.confirmPassword, confirmRule(form.password)],
  ]);
}

export interface ForgotPasswordForm {
  email: string;
}
export function validateForgotPassword(
  form: ForgotPasswordForm,
): FieldErrors<keyof ForgotPasswordForm> {
  return collect<keyof ForgotPasswordForm>([['email', form.email, emailRule]]);
}

/** The page a reset link opens: a new password (at least 8, as for a change) twice. */
export interface ResetPasswordForm {
  password: string;
  confirmPassword: string;
}
export function validateResetPassword(
  form: ResetPasswordForm,
): FieldErrors<keyof ResetPasswordForm> {
  return collect<keyof ResetPasswordForm>([
    ['password', form.password, passwordRule(8)],
    ['confirmPassword', form.confirmPassword, confirmRule(form.password)],
  ]);
}
