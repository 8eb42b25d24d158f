// Search (debounced by the machine), role and verification filters of the user list.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { RoleFilter, userListMachine, VerifiedFilter } from '../../../machines/userList.machine';

export function UserFilters({ list }: { list: ActorRefFrom<typeof userListMachine> }) {
  const searchInput = useSelector(list, (s) => s.context.searchInput);
  const role = useSelector(list, (s) => s.context.filters.role);
  const verified = useSelector(list, (s) => s.context.filters.verified);
  return (
    <form className="users-filters" aria-label="Filter users" onSubmit={(e) => e.preventDefault()}>
      <label>
        Search users
        <input
          type="search"
          placeholder="Name, username or email"
          value={searchInput}
          maxLength={100}
          onChange={(e) => list.send({ type: 'users.searchTyped', text: e.currentTarget.value })}
        />
      </label>
      <label>
        Filter by role
        <select value={role} onChange={(e) => list.send({ type: 'users.roleFilter', role: e.currentTarget.value as RoleFilter })}>
          <option value="">All roles</option>
          <option value="admin">Admin</option>
          <option value="staff">Staff</option>
        </select>
      </label>
      <label>
        Filter by verification
        <select
          value={verified}
          onChange={(e) => list.send({ type: 'users.verifiedFilter', verified: e.currentTarget.value as VerifiedFilter })}
        >
          <option value="">All statuses</option>
          <option value="true">Verified</option>
          <option value="false">Unverified</option>
        </select>
      </label>
    </form>
  );
}

export default UserFilters;
