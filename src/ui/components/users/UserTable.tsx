// The user rows (docs/product.md#screens "/user-management", #data): display name, username, email, role badge,
// verification status, created date (Indonesian, short month) and the row actions.
import { isLastVerifiedAdmin } from '../../../domain/users/lastAdmin';
import { displayName, roleBadge, roleLabel } from '../../../domain/users/user';
import { formatDateId, userCreatedDate } from '../../../domain/users/userDates';
import type { ListedUserRow } from '../../../machines/userList/machine';
import { USERS_TEXTS } from '../../../domain/i18n/en/users';
import { fill } from '../../../domain/i18n';
import { dayId } from '../../../domain/values/dateId';
import { useShownLanguage, useTexts, useTranslate } from '../../layout/i18n';

/** An email that may break after the '@' rather than push the row actions out of view. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

export interface UserTableProps {
  users: readonly ListedUserRow[];
  onEdit: (user: ListedUserRow) => void;
  onDelete: (user: ListedUserRow) => void;
  onVerify: (user: ListedUserRow) => void;
  onInvalidate: (user: ListedUserRow) => void;
  /** Opens the user's history (issue 25). */
  onHistory: (user: ListedUserRow) => void;
  busy?: boolean;
}

export function UserTable({
  users,
  onEdit,
  onDelete,
  onVerify,
  onInvalidate,
  onHistory,
  busy = false,
}: UserTableProps) {
  const t = useTexts('users', USERS_TEXTS);
  const tr = useTranslate();
  const language = useShownLanguage();
  return (
    <div className="app-table-scroll" tabIndex={0} role="region" aria-label={t.usersTable}>
      <table className="users-table striped app-stack-table">
        <thead>
          <tr>
            <th scope="col">{t.name}</th>
            <th scope="col">{t.username}</th>
            <th scope="col">{t.email}</th>
            <th scope="col">{t.role}</th>
            <th scope="col">{t.status}</th>
            <th scope="col">{t.created}</th>
            <th scope="col" className="app-sticky-end">
              <span className="app-visually-hidden">{t.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const who = user.email || displayName(user);
            // The last verified admin: Invalidate and Delete would be refused, so they are off, with the reason.
            const lastAdmin = isLastVerifiedAdmin(user);
            const noteId = lastAdmin ? `users-last-admin-${user.id}` : undefined;
            return (
              <tr key={user.id}>
                <td data-label={t.name}>{displayName(user)}</td>
                <td data-label={t.username}>
                  <bdi>{user.username || '—'}</bdi>
                </td>
                <td className="users-email" data-label={t.email}>
                  <bdi>
                    <EmailText email={user.email} />
                  </bdi>
                </td>
                <td data-label={t.role}>
                  <span className="app-badge" data-variant={roleBadge(user.role)}>
                    {tr(roleLabel(user.role)) || t.unknownRole}
                  </span>
                </td>
                <td data-label={t.status}>
                  <span className="users-status" data-verified={user.isVerified ? 'true' : 'false'}>
                    {user.isVerified ? t.verified : t.unverified}
                  </span>
                </td>
                <td data-label={t.created}>
                  <bdi>{(language === 'id' ? dayId : formatDateId)(userCreatedDate(user))}</bdi>
                </td>
                <td className="app-sticky-end app-row-actions">
                  <div className="users-actions">
                    <button
                      type="button"
                      className="secondary outline"
                      aria-label={fill(t.editWho, { who })}
                      disabled={busy}
                      onClick={() => onEdit(user)}
                    >
                      {t.edit}
                    </button>
                    {user.isVerified ? (
                      <button
                        type="button"
                        className="secondary outline"
                        aria-label={fill(t.invalidateWho, { who })}
                        aria-describedby={noteId}
                        disabled={busy || lastAdmin}
                        onClick={() => onInvalidate(user)}
                      >
                        {t.invalidate}
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="outline"
                        aria-label={fill(t.verifyWho, { who })}
                        disabled={busy}
                        onClick={() => onVerify(user)}
                      >
                        {t.verify}
                      </button>
                    )}
                    <button
                      type="button"
                      className="secondary outline"
                      aria-label={fill(t.historyWho, { who })}
                      onClick={() => onHistory(user)}
                    >
                      {t.history}
                    </button>
                    <button
                      type="button"
                      className="outline app-danger-outline"
                      aria-label={fill(t.deleteWho, { who })}
                      aria-describedby={noteId}
                      disabled={busy || lastAdmin}
                      onClick={() => onDelete(user)}
                    >
                      {t.delete}
                    </button>
                  </div>
                  {noteId && (
                    <small id={noteId} className="users-row-note">
                      {t.lastAdminNote}
                    </small>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
