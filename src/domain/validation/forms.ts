// Form validators for the browser: each returns { field: message } for the fields in error
// (an empty object when the form is valid). Field names are the form's own (camelCase).
import { parseRupiah } from '../rupiah';
import { INVOICE_SUMMARY_FIELDS, type SummaryFieldKey } from '../invoiceSummary';
import { pipelineStep, type PipelineStepKey } from '../pipeline';
import { MESSAGES as M } from './messages';
import {
  emailRule, isBlank, nameRule, optionalUrlRule, passwordPresentRule, passwordRule, roleRule, usernameRule, type Rule,
} from './rules';
import { progressCountsOverTotal, REQUIRED_ON_CREATE, summaryFieldRule, URL_INVALID_MESSAGES, type SummaryMode } from './summaryRules';

export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

function collect<F extends string>(checks: ReadonlyArray<readonly [F, unknown, Rule]>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const [field, value, rule] of checks) {
    const result = rule(value);
    if (result !== true && errors[field] === undefined) errors[field] = result;
  }
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

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

/** A number typed in a form: '' → missing, '1.500.000' → 1500000, unreadable text → NaN. */
function formNumber(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : (parseRupiah(value) ?? Number.NaN);
  return value;
}

/** Summary numbers are sent rounded (toApi), so the form judges the rounded value: '1.500,50' is fine. */
function billNumber(value: unknown): unknown {
  const n = formNumber(value);
  return typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : n;
}

export type BillForm = Partial<Record<SummaryFieldKey, unknown>>;

function validateBill(form: BillForm, mode: SummaryMode): FieldErrors<SummaryFieldKey> {
  const values: Record<string, unknown> = {};
  const checks: Array<readonly [SummaryFieldKey, unknown, Rule]> = [];
  for (const f of INVOICE_SUMMARY_FIELDS) {
    const raw = form[f.key];
    const value = f.kind === 'count' || f.kind === 'amount' ? billNumber(raw) : typeof raw === 'string' ? raw.trim() : raw;
    values[f.key] = value;
    const required = mode === 'create' ? REQUIRED_ON_CREATE.includes(f.key) : f.key === 'activeCustomerCount' || f.key === 'totalTransactionCount';
    if (value === undefined && !required) continue;
    checks.push([f.key, value, summaryFieldRule(f.key, mode)]);
  }
  const errors = collect(checks);
  for (const key of progressCountsOverTotal(values)) {
    errors[key] ??= M.SUMMARY_PROGRESS_EXCEEDS_TOTAL;
  }
  return errors;
}

/** 'Buat Progres Tagihan' (spec §5 "Create bill"); values by front-end name, numbers or text. */
export function validateCreateBill(form: BillForm): FieldErrors<SummaryFieldKey> {
  return validateBill(form, 'create');
}

/** The edit form of /update-progress-bill (spec §5 "Update bill"). */
export function validateUpdateBill(form: BillForm): FieldErrors<SummaryFieldKey> {
  return validateBill(form, 'update');
}

export interface ProgressForm {
  invoiceId: string | number | null | undefined;
  count: number | string;
  total: number;
  url?: string;
}

/** The progress edit dialog (spec §5): not negative, not above the total, an invoice id. */
export function validateProgressUpdate(form: ProgressForm, step?: PipelineStepKey): FieldErrors<keyof ProgressForm> {
  const errors: FieldErrors<keyof ProgressForm> = {};
  const count = formNumber(form.count);
  if (typeof count !== 'number' || Number.isNaN(count)) errors.count = M.PROGRESS_NOT_INTEGER;
  else if (count < 0) errors.count = M.PROGRESS_NEGATIVE;
  else if (!Number.isInteger(count)) errors.count = M.PROGRESS_NOT_INTEGER;
  else if (count > form.total) errors.count = M.PROGRESS_EXCEEDS_TOTAL;
  const urlKey = step ? pipelineStep(step).urlKey : null;
  // A step without a document (delivery) ignores the URL field.
  if (form.url !== undefined && form.url.trim() !== '' && (step === undefined || urlKey !== null)) {
    const result = optionalUrlRule(urlKey ? URL_INVALID_MESSAGES[urlKey] : M.DOCUMENT_URL_INVALID)(form.url.trim());
    if (result !== true) errors.url = result;
  }
  if (form.invoiceId === undefined || form.invoiceId === null || form.invoiceId === '') errors.invoiceId = M.INVOICE_ID_NOT_FOUND;
  return errors;
}
