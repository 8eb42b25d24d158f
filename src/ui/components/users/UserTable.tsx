// The user rows (spec §2 "/user-management", §3): display name, username, email, role badge,
// verification status, created date (Indonesian, short month) and the row actions.
import { displayName, formatDateId, roleBadge, roleLabel, userCreatedDate } from '../../../domain/user';
import type { ListedUserRow } from '../../../machines/userList.machine';

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
  busy?: boolean;
}

export function UserTable({ users, onEdit, onDelete, onVerify, onInvalidate, busy = false }: UserTableProps) {
  return (
    <div className="app-table-scroll" tabIndex={0} role="region" aria-label="Users table">
      <table className="users-table striped app-stack-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Username</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
            <th scope="col" className="app-sticky-end">
              <span className="app-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const who = user.email || displayName(user);
            return (
              <tr key={user.id}>
                <td data-label="Name">{displayName(user)}</td>
                <td data-label="Username">
                  <bdi>{user.username || '—'}</bdi>
                </td>
                <td className="users-email" data-label="Email">
                  <bdi>
                    <EmailText email={user.email} />
                  </bdi>
                </td>
                <td data-label="Role">
                  <span className="app-badge" data-variant={roleBadge(user.role)}>
                    {roleLabel(user.role) || 'Unknown'}
                  </span>
                </td>
                <td data-label="Status">
                  <span className="users-status" data-verified={user.isVerified ? 'true' : 'false'}>
                    {user.isVerified ? 'Verified' : 'Unverified'}
                  </span>
                </td>
                <td data-label="Created">
                  <bdi>{formatDateId(userCreatedDate(user))}</bdi>
                </td>
                <td className="app-sticky-end app-row-actions">
                  <div className="users-actions">
                    <button type="button" className="secondary outline" aria-label={`Edit ${who}`} disabled={busy} onClick={() => onEdit(user)}>
                      Edit
                    </button>
                    {user.isVerified ? (
                      <button
                        type="button"
                        className="secondary outline"
                        aria-label={`Invalidate ${who}`}
                        disabled={busy}
                        onClick={() => onInvalidate(user)}
                      >
                        Invalidate
                      </button>
                    ) : (
                      <button type="button" className="outline" aria-label={`Verify ${who}`} disabled={busy} onClick={() => onVerify(user)}>
                        Verify
                      </button>
                    )}
                    <button
                      type="button"
                      className="outline app-danger-outline"
                      aria-label={`Delete ${who}`}
                      disabled={busy}
                      onClick={() => onDelete(user)}
                    >
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export default UserTable;
