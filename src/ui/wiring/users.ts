// The real services behind the user list and user form machines (src/api, docs/product.md#api "Users").
import { fromPromise } from 'xstate';
import { auditEvents, exportFiles, FALLBACK, users } from '../../api';
import { isVerifiedAdmin, markLastVerifiedAdmin } from '../../domain/users/lastAdmin';
import { ServiceError, succeeded } from '../../domain/serviceResult';
import { ACCOUNT_MESSAGES } from '../../domain/validation/accountMessages';
import type {
  CreateUserInput,
  SaveUserOutput,
  UpdateUserInput,
} from '../../machines/userForm/machine';
import type {
  FetchUsersInput,
  FetchUsersOutput,
  RunActionInput,
  RunActionOutput,
  UserFilters,
} from '../../machines/userList/machine';
import { fetchInput } from '../../machines/userList/filters';
import type { ExportFileInput, ExportFileOutput } from '../../machines/exportFile/machine';
import type { HistoryPage, LoadHistoryInput } from '../../machines/history/machine';
import type { Locale } from '../../domain/i18n';
import { downloadBlob } from '../shell/download';

/** users.create reads every 409 as the sign-up screen's email text; a clash the server puts on the username says so. */
export const USERNAME_TAKEN = ACCOUNT_MESSAGES.USERNAME_TAKEN;

export const userListActors = {
  fetchUsers: fromPromise<FetchUsersOutput, FetchUsersInput>(async ({ input }) => {
    const result = succeeded(await users.list(input));
    const rows = result.data?.users ?? [];
    if (!result.data || !rows.some(isVerifiedAdmin)) return result;
    // A verified admin is on the page: is it the only one (on any page)? Then its Invalidate and
    // Delete would be refused, and the table says so. Unknown (the count failed): nothing marked.
    const admins = await users.list({ role: 'admin', isVerified: true, limit: 1 });
    const total = admins.success ? admins.data?.pagination?.total : undefined;
    if (typeof total !== 'number') return result;
    return { ...result, data: { ...result.data, users: markLastVerifiedAdmin(rows, total) } };
  }),
  runAction: fromPromise<RunActionOutput, RunActionInput>(async ({ input }) => {
    const write = { version: input.version };
    if (input.kind === 'delete') return succeeded(await users.remove(input.id, write));
    if (input.kind === 'verify') return succeeded(await users.verify(input.id, input.notes, write));
    return succeeded(await users.invalidate(input.id, write));
  }),
};

export const userFormActors = {
  createUser: fromPromise<SaveUserOutput, CreateUserInput>(async ({ input }) => {
    // The register call needs a name: a blank Name field lets the username stand in.
    // Verified as the admin chose in the form (on by default, issue 26), so no second click.
    const body = {
      name: input.name || input.username,
      email: input.email,
      username: input.username,
      password: input.password,
      role: input.role,
      isVerified: input.isVerified,
    };
    const result = await users.create(body);
    if (!result.success && result.status === 409 && result.field === 'username')
      throw new ServiceError({ ...result, error: USERNAME_TAKEN });
    return succeeded(result);
  }),
  updateUser: fromPromise<SaveUserOutput, UpdateUserInput>(async ({ input }) =>
    succeeded(
      await users.update(
        input.id,
        {
          ...(input.name ? { name: input.name } : {}),
          email: input.email,
          username: input.username,
          role: input.role,
          isVerified: input.isVerified,
        },
        { version: input.version },
      ),
    ),
  ),
};

/** A user's history (administrators): one page of its audit events, newest first. */
export const loadUserHistory = fromPromise<HistoryPage, LoadHistoryInput>(async ({ input }) => {
  const result = await auditEvents.forUser(input.id, { page: input.page, limit: input.limit });
  const { data } = succeeded(result, result.error ?? FALLBACK.auditEvents);
  return { events: data?.events ?? [], total: data?.pagination?.total ?? null };
});

/**
 * Export of the user list as it is filtered now (`current` is read at the click): every matching
 * user across all pages, headed in the page's language.
 */
export function exportUsers(current: () => { filters: UserFilters; language: Locale }) {
  return fromPromise<ExportFileOutput, ExportFileInput>(async ({ input }) => {
    const { filters, language } = current();
    const { page: _page, limit: _limit, ...query } = fetchInput(filters);
    const result = await exportFiles.users({ ...query, lang: language }, input.format);
    const { data } = succeeded(result, result.error ?? FALLBACK.exportUsers);
    if (!data) throw ServiceError.of(FALLBACK.exportUsers, result.status);
    downloadBlob(data.blob, data.fileName);
    return { fileName: data.fileName };
  });
}
