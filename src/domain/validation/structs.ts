// superstruct structs for the server's request bodies (snake_case keys; the server converts
// camelCase bodies with keysToSnakeCase first). Every field runs the same rule as the forms.
import { coerce, define, object, optional, refine, string, type Struct } from 'superstruct';
import { INVOICE_SUMMARY_FIELDS, type InvoiceSummaryApiBody } from '../billing/invoiceSummary';
import { PIPELINE_STEPS, pipelineStep, type PipelineStepKey } from '../billing/pipeline';
import { VALIDATION_MESSAGES as M } from './messages';
import {
  booleanRule,
  emailRule,
  isBlank,
  nameRule,
  nonNegativeIntegerRule,
  notesRule,
  optionalUrlRule,
  passwordPresentRule,
  passwordRule,
  roleRule,
  usernameRule,
  type Rule,
} from './rules';
import {
  REQUIRED_ON_CREATE,
  summaryFieldRule,
  URL_INVALID_MESSAGES,
  type SummaryMode,
} from './summaryRules';

/** A struct whose failure message is the rule's message. */
export function ruled<T>(name: string, rule: Rule): Struct<T, null> {
  return define<T>(name, (value) => rule(value));
}

const trimmed = <T>(struct: Struct<T, null>) => coerce(struct, string(), (s) => s.trim());
const lowerTrimmed = <T>(struct: Struct<T, null>) =>
  coerce(struct, string(), (s) => s.trim().toLowerCase());

/** Email: trimmed and lower-cased before the check, so uniqueness is case-insensitive. */
export const emailStruct = lowerTrimmed(ruled<string>('email', emailRule));
export const nameStruct = trimmed(ruled<string>('name', nameRule));
export const usernameStruct = trimmed(ruled<string>('username', usernameRule));
/** 'Admin' and ' staff ' are accepted and stored as 'admin' / 'staff'. */
export const roleStruct = lowerTrimmed(ruled<'admin' | 'staff'>('role', roleRule));
const isVerifiedStruct = ruled<boolean>('is_verified', booleanRule);
const anyText = ruled<string>('text', (v) =>
  typeof v === 'string' ? true : M.PASSWORDS_DO_NOT_MATCH,
);

function confirmMatches(passwordKey: string, confirmKey: string, required: boolean) {
  return (value: Record<string, unknown>, ctx: { path: unknown[] }) => {
    const confirm = value[confirmKey];
    if (confirm === undefined && !required) return true;
    if (isBlank(confirm))
      return {
        message: M.CONFIRM_PASSWORD_REQUIRED,
        path: [...ctx.path, confirmKey],
        key: confirmKey,
      };
    return confirm === value[passwordKey]
      ? true
      : { message: M.PASSWORDS_DO_NOT_MATCH, path: [...ctx.path, confirmKey], key: confirmKey };
  };
}

export const loginStruct = object({
  email: emailStruct,
  password: ruled<string>('password', passwordPresentRule),
});

/**
 * POST /auth/register. Role, username and is_verified are for an administrator adding a user
 * (docs/product.md#roles-and-menus); the server must ignore them for anyone else.
 */
export const registerStruct = refine(
  object({
    name: nameStruct,
    email: emailStruct,
    password: ruled<string>('password', passwordRule(6)),
    confirm_password: optional(anyText),
    username: optional(usernameStruct),
    role: optional(roleStruct),
    is_verified: optional(isVerifiedStruct),
  }),
  'confirmPassword',
  confirmMatches('password', 'confirm_password', false),
);

export const forgotPasswordStruct = object({ email: emailStruct });

export const resetPasswordStruct = refine(
  object({
    token: ruled<string>('token', (v) =>
      typeof v === 'string' && v.trim() !== '' && v.length <= 512 ? true : M.RESET_TOKEN_REQUIRED,
    ),
    password: ruled<string>('password', passwordRule(8)),
    confirm_password: optional(anyText),
  }),
  'confirmPassword',
  confirmMatches('password', 'confirm_password', false),
);

export const refreshStruct = object({
  refresh_token: ruled<string>('refresh_token', (v) =>
    typeof v === 'string' && v !== '' && v.length <= 512 ? true : 'refresh_token is required',
  ),
});

/** PUT /account. */
export const accountUpdateStruct = object({ name: nameStruct, email: emailStruct });

/** PUT /account/password. */
export const passwordChangeStruct = refine(
  object({
    current_password: ruled<string>('current_password', (v) =>
      passwordPresentRule(v) === true ? true : M.CURRENT_PASSWORD_REQUIRED,
    ),
    new_password: ruled<string>(
      'new_password',
      passwordRule(8, { required: M.NEW_PASSWORD_REQUIRED, min: M.NEW_PASSWORD_MIN }),
    ),
    confirm_password: ruled<string>('confirm_password', (v) =>
      isBlank(v) ? M.CONFIRM_PASSWORD_REQUIRED : true,
    ),
  }),
  'passwordChange',
  (value, ctx) => {
    if (value.new_password === value.current_password) {
      return {
        message: M.NEW_PASSWORD_SAME,
        path: [...ctx.path, 'new_password'],
        key: 'new_password',
      };
    }
    return confirmMatches('new_password', 'confirm_password', true)(value, ctx);
  },
);

/** POST /users. */
export const userCreateStruct = refine(
  object({
    name: optional(nameStruct),
    username: usernameStruct,
    email: emailStruct,
    password: ruled<string>('password', passwordRule(6)),
    confirm_password: optional(anyText),
    role: roleStruct,
    is_verified: optional(isVerifiedStruct),
  }),
  'confirmPassword',
  confirmMatches('password', 'confirm_password', false),
);

/** PUT /users/{id}: every field optional, each checked when present. */
export const userUpdateStruct = object({
  name: optional(nameStruct),
  username: optional(usernameStruct),
  email: optional(emailStruct),
  role: optional(roleStruct),
  is_verified: optional(isVerifiedStruct),
});

/** POST /users/{id}/verify. */
export const verifyUserStruct = object({ notes: optional(ruled<string>('notes', notesRule)) });

/** API names of the progress counts above the total transactions (both must be numbers). */
export function progressFieldsOverTotal(body: Record<string, unknown>): string[] {
  const total = body.number_of_total_transaction;
  if (typeof total !== 'number') return [];
  return PIPELINE_STEPS.filter(
    (s) => typeof body[s.countField] === 'number' && (body[s.countField] as number) > total,
  ).map((s) => s.countField);
}

function summaryStruct(mode: SummaryMode): Struct<InvoiceSummaryApiBody, null> {
  const shape: Record<string, Struct<unknown, null>> = {};
  for (const f of INVOICE_SUMMARY_FIELDS) {
    const field = ruled<unknown>(f.api, summaryFieldRule(f.key, mode));
    shape[f.api] =
      mode === 'create' && REQUIRED_ON_CREATE.includes(f.key)
        ? field
        : (optional(field) as Struct<unknown, null>);
  }
  return refine(object(shape), 'progressWithinTotal', (value, ctx) =>
    progressFieldsOverTotal(value).map((api) => ({
      message: M.SUMMARY_PROGRESS_EXCEEDS_TOTAL,
      path: [...ctx.path, api],
      key: api,
    })),
  ) as unknown as Struct<InvoiceSummaryApiBody, null>;
}

/**
 * POST /invoice-summaries: period, active customers and total transactions (> 0) and the draft
 * URL are required; other counts/amounts default to 0 in storage, other URLs to ''.
 */
export const invoiceSummaryCreateStruct = summaryStruct('create');

/**
 * PUT /invoice-summaries/{id}: any subset. Progress ≤ total is checked here only when both are in
 * the body; the server must also run progressFieldsOverTotal on the merged row.
 */
export const invoiceSummaryUpdateStruct = summaryStruct('update');

export type ProgressUpdateBody = Record<string, number | string>;

/** PUT /invoice-summaries/progress-…/{id}: the step's count and, for steps with a document, its URL. */
export function progressUpdateStruct(step: PipelineStepKey): Struct<ProgressUpdateBody, null> {
  const s = pipelineStep(step);
  const shape: Record<string, Struct<unknown, null>> = {
    [s.countField]: ruled<unknown>(s.countField, (v) => {
      if (typeof v === 'number' && v < 0) return M.PROGRESS_NEGATIVE;
      return nonNegativeIntegerRule('Jumlah progress', M.PROGRESS_NEGATIVE)(v) === true
        ? true
        : M.PROGRESS_NOT_INTEGER;
    }),
  };
  if (s.urlField && s.urlKey) {
    shape[s.urlField] = optional(
      ruled<string>(s.urlField, optionalUrlRule(URL_INVALID_MESSAGES[s.urlKey])),
    ) as Struct<unknown, null>;
  }
  return object(shape) as unknown as Struct<ProgressUpdateBody, null>;
}
